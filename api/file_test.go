package api

import (
	"bytes"
	"encoding/json"
	"image"
	"image/color"
	"image/jpeg"
	"io"
	"mime/multipart"
	"net/http"
	"strings"
	"testing"
	"time"
)

// testJPEG is a JPEG photo of w × h pixels.
func testJPEG(t *testing.T, w, h int) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for x := 0; x < w; x++ {
		for y := 0; y < h; y++ {
			img.Set(x, y, color.RGBA{uint8(x * 3), 140, uint8(y * 5), 255})
		}
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, nil); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// fileForm is a multipart body with one file part named name (sent as it is, path or not).
func fileForm(t *testing.T, name string, data []byte) ([]byte, reqOpt) {
	t.Helper()
	return multipartForm(nil, formFile{strings.ReplaceAll(name, `"`, `\"`), "application/octet-stream", data})
}

// TestPhotosAndDocuments: an editor attaches a photo and a PDF to a tree; the queue makes the
// thumbnails; everyone of the project sees them, with counts; the photo is renamed, its history
// kept; care (who may not change tree data) may not delete it, the editor may; a retry with the
// same client id stores nothing new; the organisation's usage moves.
func TestPhotosAndDocuments(t *testing.T) {
	t.Parallel()
	_, w := newTreeWorld(t)
	tree := w.createTree(t, w.editor, map[string]any{"number": 11})["id"].(string)
	save := w.url("/api/document/save?object_type=tree&object_id=" + tree)

	body, ct := fileForm(t, "Stamm.jpg", testJPEG(t, 600, 300))
	r := w.editor.do("POST", save+"&client_id=cam-1", body, ct)
	wantStatus(t, r, http.StatusCreated)
	photo := r.json(t)
	if photo["kind"] != "photo" || photo["name"] != "Stamm.jpg" || photo["thumbs"] != "pending" {
		t.Fatalf("photo %v", photo)
	}
	id := photo["id"].(string)
	again := w.editor.do("POST", save+"&client_id=cam-1", body, ct)
	wantStatus(t, again, http.StatusOK)
	if again.json(t)["id"] != id {
		t.Fatal("a retry with the same client id stored another file")
	}
	body, ct = fileForm(t, "Gutachten.pdf", []byte("%PDF-1.4\n1 0 obj << >> endobj\n%%EOF\n"))
	wantStatus(t, w.editor.do("POST", save, body, ct), http.StatusCreated)

	// Care attaches to works, not to trees; readers attach nothing.
	wantError(t, w.care.do("POST", save, body, ct), http.StatusForbidden, "forbidden", "You are not authorised to attach files to this object.")
	wantStatus(t, w.reader.do("POST", save, body, ct), http.StatusForbidden)

	// The queue makes the thumbnails.
	list := w.url("/api/document/list?object_type=tree&object_id=" + tree)
	deadline := time.Now().Add(20 * time.Second)
	var got struct {
		Documents []map[string]any
		Photos    int
		Files     int
		MayEdit   bool `json:"may_edit"`
	}
	for {
		json.Unmarshal(w.reader.do("GET", list, nil).body, &got)
		if len(got.Documents) == 2 && got.Documents[1]["thumbs"] == "ready" || time.Now().After(deadline) {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if got.Photos != 1 || got.Files != 1 || got.MayEdit || got.Documents[1]["thumbs"] != "ready" {
		t.Fatalf("list as reader: %+v", got)
	}
	r = w.reader.do("GET", w.url("/api/document/thumbnail/"+id), nil)
	wantStatus(t, r, http.StatusOK)
	cfg, err := jpeg.DecodeConfig(bytes.NewReader(r.body))
	if err != nil || cfg.Width != 256 || cfg.Height != 128 || r.Header.Get("Content-Type") != "image/jpeg" {
		t.Fatalf("thumbnail %dx%d %v %s", cfg.Width, cfg.Height, err, r.Header.Get("Content-Type"))
	}
	// Asked again with its ETag: not sent again.
	r = w.reader.do("GET", w.url("/api/document/thumbnail/"+id), nil, header("If-None-Match", r.Header.Get("ETag")))
	wantStatus(t, r, http.StatusNotModified)
	r = w.reader.do("GET", w.url("/api/document/download/"+id), nil)
	wantStatus(t, r, http.StatusOK)
	if !strings.HasPrefix(r.Header.Get("Content-Disposition"), "attachment") || r.Header.Get("X-Content-Type-Options") != "nosniff" || len(r.body) < 1000 {
		t.Fatalf("download: %v, %d bytes", r.Header, len(r.body))
	}

	// Rename: the extension stays; history records it.
	r = w.editor.do("PUT", w.url("/api/document/edit/"+id), map[string]any{"name": "Stamm Nordseite", "caption": "Riss am Stammfuß"})
	wantStatus(t, r, http.StatusOK)
	if m := r.json(t); m["name"] != "Stamm Nordseite.jpg" || m["caption"] != "Riss am Stammfuß" {
		t.Fatalf("renamed %v", m)
	}
	wantStatus(t, w.editor.do("PUT", w.url("/api/document/edit/"+id), map[string]any{"name": "../x"}), http.StatusBadRequest)

	// Delete: care may not ('not authorised to delete a file'), the editor may.
	wantError(t, w.care.do("DELETE", w.url("/api/document/delete/"+id), nil), http.StatusForbidden, "forbidden", "You are not authorised to delete a file here.")
	wantStatus(t, w.editor.do("DELETE", w.url("/api/document/delete/"+id), nil), http.StatusNoContent)
	wantStatus(t, w.reader.do("GET", w.url("/api/document/download/"+id), nil), http.StatusNotFound)

	var ops []string
	for _, c := range w.reader.do("GET", w.url("/api/content/tree-hist?tree="+tree), nil).json(t)["items"].([]any) {
		if c := c.(map[string]any); c["entity"] == "file" && c["entity_id"] == id {
			field, _ := c["field"].(string)
			ops = append(ops, c["op"].(string)+":"+field)
		}
	}
	if strings.Join(ops, ",") != "delete:,update:name,update:caption,insert:" && strings.Join(ops, ",") != "delete:,update:caption,update:name,insert:" {
		t.Fatalf("history of the file: %v", ops)
	}

	// The organisation's usage counts the PDF that is left.
	r = w.reader.do("GET", "/api/document/size/"+w.org, nil)
	wantStatus(t, r, http.StatusOK)
	if m := r.json(t); m["data_space_mb_max"] != 10240.0 || m["data_space_bytes_used"].(float64) < 30 || m["data_space_bytes_used"].(float64) > 100 {
		t.Fatalf("space %v", m)
	}
	if m := w.manager.do("GET", "/api/management/organisation/"+w.org, nil).json(t); m["data_space_mb_max"] != 10240.0 {
		t.Fatalf("organisation %v", m)
	}
}

// TestBadUploads: a file by a wrong name, HTML, a path for a name, an empty file and one over
// 50 MB are refused with a clear 4xx in the person's language, and nothing is stored.
func TestBadUploads(t *testing.T) {
	t.Parallel()
	e, w := newTreeWorld(t)
	tree := w.createTree(t, w.editor, map[string]any{"number": 12})["id"].(string)
	save := w.url("/api/document/save?object_type=tree&object_id=" + tree)
	cases := []struct {
		name   string
		data   []byte
		status int
	}{
		{"page.html", []byte("<!doctype html><html><script>alert(1)</script></html>"), http.StatusUnsupportedMediaType},
		{"photo.jpg", []byte("MZ\x90\x00 this is a program, not a photo"), http.StatusUnsupportedMediaType},
		{"../../etc/passwd.jpg", testJPEG(t, 16, 16), http.StatusBadRequest},
		{"empty.jpg", nil, http.StatusBadRequest},
		{"cut.jpg", testJPEG(t, 64, 64)[:300], http.StatusBadRequest},
	}
	for _, c := range cases {
		body, ct := fileForm(t, c.name, c.data)
		r := w.editor.do("POST", save, body, ct)
		if r.StatusCode != c.status {
			t.Errorf("%s: status %d, want %d: %s", c.name, r.StatusCode, c.status, r.body)
		}
	}
	body, ct := fileForm(t, "page.html", cases[0].data)
	m := w.editor.do("POST", save, body, ct, header("Accept-Language", "de")).json(t)
	if !strings.HasPrefix(m["message"].(string), "Ungültiges Dateiformat") {
		t.Fatalf("German message %v", m)
	}
	// 60 MB, streamed: 413 before it is all read.
	pr, pw := io.Pipe()
	mw := multipart.NewWriter(pw)
	go func() {
		part, _ := mw.CreateFormFile("file", "big.pdf")
		part.Write([]byte("%PDF-1.4\n"))
		chunk := bytes.Repeat([]byte(" "), 1<<20)
		for i := 0; i < 60; i++ {
			if _, err := part.Write(chunk); err != nil {
				break
			}
		}
		mw.Close()
		pw.Close()
	}()
	req, _ := http.NewRequest("POST", e.ts.URL+save, pr)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	for _, c := range w.editor.jar.Cookies(req.URL) {
		req.AddCookie(c)
		if c.Name == csrfCookie {
			req.Header.Set(csrfHeader, c.Value)
		}
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	pr.Close()
	if res.StatusCode != http.StatusRequestEntityTooLarge {
		t.Fatalf("60 MB: status %d", res.StatusCode)
	}
	if n := e.count(t, `SELECT count(*) FROM document WHERE tree_id = $1`, tree); n != 0 {
		t.Fatalf("refused uploads left %d records", n)
	}
}

// TestFilesWithinTheAccessLimit: a member limited to a district sees no files of trees outside it.
func TestFilesWithinTheAccessLimit(t *testing.T) {
	t.Parallel()
	e, w := newTreeWorld(t)
	outside := w.createTree(t, w.editor, map[string]any{"geom": point(9.5001, 54.8001), "number": 2})["id"].(string)
	body, ct := fileForm(t, "a.jpg", testJPEG(t, 20, 20))
	r := w.editor.do("POST", w.url("/api/document/save?object_type=tree&object_id="+outside), body, ct)
	wantStatus(t, r, http.StatusCreated)
	id := r.json(t)["id"].(string)
	readerID := e.userID(t, w.members[1])
	wantStatus(t, w.manager.do("PUT", "/api/management/project/"+w.project+"/users/"+readerID+"/limit",
		map[string]any{"name": "North", "filter": map[string]any{"geometry": square(9.42, 54.77, 0.02)}}), http.StatusOK)
	wantStatus(t, w.reader.do("GET", w.url("/api/document/list?object_type=tree&object_id="+outside), nil), http.StatusNotFound)
	wantStatus(t, w.reader.do("GET", w.url("/api/document/thumbnail/"+id), nil), http.StatusNotFound)
	wantStatus(t, w.reader.do("GET", w.url("/api/document/download/"+id), nil), http.StatusNotFound)
	wantStatus(t, w.manager.do("GET", w.url("/api/document/download/"+id), nil), http.StatusOK)
}

// TestThumbnailsWithNotices: thumbnails use the caches of a listening server as tiles do (a
// gallery asks for dozens at once), and a revoked access or session still stops them within moments.
func TestThumbnailsWithNotices(t *testing.T) {
	t.Parallel()
	e := newListeningEnv(t)
	w := e.buildTreeWorld(t)
	tree := w.createTree(t, w.editor, map[string]any{"number": 5})["id"].(string)
	body, ct := fileForm(t, "Krone.jpg", testJPEG(t, 300, 200))
	r := w.editor.do("POST", w.url("/api/document/save?object_type=tree&object_id="+tree), body, ct)
	wantStatus(t, r, http.StatusCreated)
	thumb := w.url("/api/document/thumbnail/" + r.json(t)["id"].(string) + "?size=small")
	status := func(b *browser) int { return b.do("GET", thumb, nil).StatusCode }
	for i := 0; i < 3; i++ {
		if s := status(w.reader); s != http.StatusOK {
			t.Fatalf("thumbnail for the reader: %d", s)
		}
	}

	// Access revoked: the reader's thumbnails stop.
	e.exec(t, `DELETE FROM project_member WHERE project_id = $1 AND user_id = $2`, w.project, e.userID(t, w.members[1]))
	waitFor(t, "revoked access", func() bool { return status(w.reader) == http.StatusNotFound })
	// Logged out: the editor's token no longer opens thumbnails.
	script := e.bearerClient(w.editor.cookie(sessionCookie)).in(t)
	if s := status(script); s != http.StatusOK {
		t.Fatalf("token before logout: %d", s)
	}
	wantStatus(t, w.editor.do("POST", "/api/auth/logout", nil), http.StatusNoContent)
	waitFor(t, "revoked session", func() bool { return status(script) == http.StatusUnauthorized })
}
