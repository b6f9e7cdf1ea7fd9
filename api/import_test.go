package api

import (
	"bytes"
	"encoding/json"
	"fmt"
	"mime/multipart"
	"net/http"
	"strings"
	"testing"
	"time"

	"golang.org/x/text/encoding/charmap"
)

// importForm is a multipart body with a file and the wizard's options.
func importForm(t *testing.T, name string, file []byte, options any) ([]byte, reqOpt) {
	t.Helper()
	var form bytes.Buffer
	mw := multipart.NewWriter(&form)
	if options != nil {
		raw, _ := json.Marshal(options)
		mw.WriteField("options", string(raw))
	}
	part, _ := mw.CreateFormFile("file", name)
	part.Write(file)
	mw.Close()
	return form.Bytes(), header("Content-Type", mw.FormDataContentType())
}

// importQueued posts an import (not a dry run) and follows it as the wizard does: 202 with a
// task, read until the queue has ended it; answers the task's result.
func importQueued(t *testing.T, w *treeWorld, b *browser, name string, file []byte, options map[string]any) map[string]any {
	t.Helper()
	body, ct := importForm(t, name, file, options)
	r := b.do("POST", w.url("/api/content/import"), body, ct)
	wantStatus(t, r, http.StatusAccepted)
	task := r.json(t)["task"].(map[string]any)
	if task["kind"] != "import" || task["state"] != "queued" {
		t.Fatalf("queued %s", r.body)
	}
	task = followTask(t, b, w.url("/api/content/import/task/"+task["id"].(string)), 2*time.Minute)
	if task["done"] != 1000.0 {
		t.Errorf("an ended import at %v of 1000", task["done"])
	}
	res, _ := task["result"].(map[string]any)
	if task["state"] == "failed" {
		t.Logf("import failed: %v", res)
	}
	return res
}

// TestImportRegister: a German register (Windows-1252, ';', Gauss-Krüger zone 3) is inspected
// with its columns and reference system suggested, previewed with each problem named by line
// and column in the person's language, imported after the fix, listed and undone; readers and
// care may not import, only management undoes.
func TestImportRegister(t *testing.T) {
	t.Parallel()
	e, w := newTreeWorld(t)
	enc := func(s string) []byte {
		b, err := charmap.Windows1252.NewEncoder().Bytes([]byte(s))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	header := "Baumnummer;Baumart;Höhe;Stammumfang;Rechtswert;Hochwert\r\n"
	bad := enc(header +
		"101;Tilia cordata " + t.Name() + ";12,5;157;3527505,2;6073645,2\r\n" +
		"102;Quercus robur " + t.Name() + ";hoch;120;3527515,6;6073649,8\r\n" +
		"103;;8;;;\r\n")

	// Inspect: the columns, the detection and the suggestions.
	body, ct := importForm(t, "Baumkataster.csv", bad, nil)
	r := w.editor.do("POST", w.url("/api/content/import/inspect"), body, ct)
	wantStatus(t, r, http.StatusOK)
	var in struct {
		Format    string
		Columns   []string
		Detected  map[string]any
		Suggested []map[string]string
		CRS       []map[string]any
		Rows      [][]string
	}
	json.Unmarshal(r.body, &in)
	var targets []string
	for _, s := range in.Suggested {
		targets = append(targets, s["target"])
	}
	if in.Format != "csv" || in.Detected["encoding"] != "iso-8859-1" || in.Detected["delimiter"] != ";" ||
		strings.Join(targets, ",") != "number,species,height,scope,x,y" || len(in.Rows) != 3 || in.Columns[2] != "Höhe" {
		t.Fatalf("inspection %s", r.body)
	}
	if len(in.CRS) != 1 || in.CRS[0]["srid"] != 31467.0 {
		t.Fatalf("reference systems %v", in.CRS)
	}

	// Preview: nothing written, each problem named.
	mapping := []map[string]string{{"target": "number"}, {"target": "species"}, {"target": "height"},
		{"target": "scope"}, {"target": "x"}, {"target": "y"}}
	options := map[string]any{"mapping": mapping, "srid": 31467, "dry_run": true}
	body, ct = importForm(t, "Baumkataster.csv", bad, options)
	r = w.editor.do("POST", w.url("/api/content/import"), body, ct, func(r *http.Request) { r.Header.Set("Accept-Language", "de") })
	wantStatus(t, r, http.StatusOK)
	var preview struct {
		Written  bool
		Trees    int
		Problems []struct {
			Line    int
			Column  string
			Message string
		}
	}
	json.Unmarshal(r.body, &preview)
	var problems []string
	for _, p := range preview.Problems {
		problems = append(problems, fmt.Sprintf("%d %s: %s", p.Line, p.Column, p.Message))
	}
	want := "3 Höhe: Keine Zahl.|4 Rechtswert, Hochwert: Keine Koordinaten."
	if preview.Written || strings.Join(problems, "|") != want {
		t.Fatalf("preview\n got %s\nwant %s\n%s", strings.Join(problems, "|"), want, r.body)
	}
	before := e.count(t, `SELECT count(*) FROM tree WHERE project_id = $1`, w.project)

	// Readers and care do not import; a file that is none of the formats is refused.
	good := enc(header +
		"101;Tilia cordata " + t.Name() + ";12,5;157;3527505,2;6073645,2\r\n" +
		"102;Quercus robur " + t.Name() + ";9;120;3527515,6;6073649,8\r\n")
	options["dry_run"] = false
	for _, b := range []*browser{w.reader, w.care} {
		body, ct = importForm(t, "k.csv", good, options)
		wantError(t, b.do("POST", w.url("/api/content/import"), body, ct), http.StatusForbidden, "forbidden", "")
	}
	body, ct = importForm(t, "k.csv", []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\x00"), options)
	wantError(t, w.editor.do("POST", w.url("/api/content/import"), body, ct), http.StatusUnsupportedMediaType, "unsupported_format", "")
	body, ct = importForm(t, "k.csv", good, map[string]any{"mapping": mapping[:2], "srid": 31467})
	wantError(t, w.editor.do("POST", w.url("/api/content/import"), body, ct), http.StatusBadRequest, "invalid", "")
	if n := e.count(t, `SELECT count(*) FROM tree WHERE project_id = $1`, w.project); n != before {
		t.Fatalf("refused imports wrote %d objects", n-before)
	}

	// The import: written whole, listed, undone by management only.
	res := importQueued(t, w, w.editor, "Baumkataster.csv", good, options)
	if p, ok := res["problems"].([]any); res["written"] != true || res["trees"] != 2.0 || !ok || len(p) != 0 {
		t.Fatalf("import %v", res)
	}
	if n := e.count(t, `SELECT count(*) FROM tree WHERE project_id = $1 AND import_id = $2 AND scope IS NOT NULL`, w.project, res["id"]); n != 2 {
		t.Fatalf("%d imported trees with their circumference", n)
	}
	r = w.reader.do("GET", w.url("/api/content/imports"), nil)
	wantStatus(t, r, http.StatusOK)
	if l := r.json(t); l["total"] != 1.0 {
		t.Fatalf("imports %v", l)
	}
	undo := w.url(fmt.Sprintf("/api/content/import/%s/undo", res["id"]))
	wantError(t, w.editor.do("POST", undo, nil), http.StatusForbidden, "forbidden", "")
	r = w.manager.do("POST", undo, nil)
	wantStatus(t, r, http.StatusOK)
	if u := r.json(t); u["removed"] != 2.0 || u["restored"] != 0.0 {
		t.Fatalf("undo %v", u)
	}
	wantError(t, w.manager.do("POST", undo, nil), http.StatusConflict, "conflict", "")
	if n := e.count(t, `SELECT count(*) FROM tree WHERE project_id = $1`, w.project); n != before {
		t.Fatalf("%d objects left after the undo", n-before)
	}
}
