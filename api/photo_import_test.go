package api

import (
	"net/http"
	"testing"
)

// photoBatch is a multipart body of photos (name → bytes, in order) and an optional radius.
func photoBatch(t *testing.T, radius string, names []string, data [][]byte) ([]byte, reqOpt) {
	t.Helper()
	photos := make([]formFile, len(names))
	for i, name := range names {
		photos[i] = formFile{name, "image/jpeg", data[i]}
	}
	return multipartForm([]string{"radius", radius}, photos...)
}

// TestMatchPhotosRoute: an editor asks which trees a batch of photos shows (by number in the name);
// readers may not; a batch without photos, a bad radius and a batch too big are refused plainly.
func TestMatchPhotosRoute(t *testing.T) {
	t.Parallel()
	_, w := newTreeWorld(t)
	tree := w.createTree(t, w.editor, map[string]any{"number": 41})["id"].(string)
	url := w.url("/api/document/import")
	jpg := testJPEG(t, 40, 30)

	body, ct := photoBatch(t, "", []string{"41.jpg", "Baum 41 (2).jpg", "IMG_0001.jpg"}, [][]byte{jpg, jpg, jpg})
	r := w.editor.do("POST", url, body, ct)
	wantStatus(t, r, http.StatusOK)
	got := r.json(t)
	matches := got["matches"].([]any)
	if len(matches) != 3 || got["radius"] != 15.0 {
		t.Fatalf("answer %v", got)
	}
	for i, m := range matches[:2] {
		target, _ := m.(map[string]any)["target"].(map[string]any)
		if target == nil || target["id"] != tree || m.(map[string]any)["by"] != "number" {
			t.Errorf("photo %d: %v, want tree 41 by number", i, m)
		}
	}
	if p := matches[2].(map[string]any)["problem"]; p != "files.match_no_place" {
		t.Errorf("camera name without a place: problem %v", p)
	}

	wantStatus(t, w.reader.do("POST", url, body, ct), http.StatusForbidden)
	empty, ect := photoBatch(t, "20", nil, nil)
	wantStatus(t, w.editor.do("POST", url, empty, ect), http.StatusBadRequest)
	bad, bct := photoBatch(t, "far", []string{"41.jpg"}, [][]byte{jpg})
	wantStatus(t, w.editor.do("POST", url, bad, bct), http.StatusBadRequest)
	names, data := make([]string, 201), make([][]byte, 201)
	for i := range names {
		names[i], data[i] = "41.jpg", jpg
	}
	big, gct := photoBatch(t, "", names, data)
	wantStatus(t, w.editor.do("POST", url, big, gct), http.StatusRequestEntityTooLarge)
}
