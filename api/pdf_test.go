package api

import (
	"net/http"
	"strings"
	"testing"

	"arbor/export/exporttest"
)

// TestExportTreePDF: a tree's record and a list come as PDFs with the live record's address,
// in the person's language, and are recorded; readers may not export; none, more than 100 and
// another project's tree answer with messages.
func TestExportTreePDF(t *testing.T) {
	t.Parallel()
	e, w := newTreeWorld(t)
	a := w.createTree(t, w.editor, map[string]any{"number": 31, "species": w.species, "height": 21.5})
	b := w.createTree(t, w.editor, map[string]any{"number": 32, "species": w.species})
	w.addWork(t, w.care, a["id"].(string), w.felling, map[string]any{"deadline": "2026-12-01"})

	text := func(r *resp) string {
		t.Helper()
		wantStatus(t, r, http.StatusOK)
		if ct := r.Header.Get("Content-Type"); ct != "application/pdf" {
			t.Fatalf("content type %q", ct)
		}
		return strings.Join(strings.Fields(exporttest.PDFText(t, r.body)), " ")
	}
	got := text(w.care.do("POST", w.url("/api/content/export-tree-pdf"), map[string]any{"tree": a["id"]}, header("Accept-Language", "de")))
	for _, want := range []string{"Baumdatenblatt 31", "Höhe (m) 21,5", "Nicht verkehrssicher", "Felling 01.12.2026", "/map?tree=" + a["id"].(string), "Seite 1 von"} {
		if !strings.Contains(got, want) {
			t.Errorf("the record lacks %q: %s", want, got)
		}
	}
	got = text(w.editor.do("POST", w.url("/api/content/export-tree-list"), map[string]any{"ids": []any{b["id"], a["id"]}}))
	if !strings.Contains(got, "Tree list") || strings.Index(got, "Tree record 31") > strings.Index(got, "Tree record 32") {
		t.Fatalf("the list: %s", got)
	}
	if n := e.count(t, `SELECT count(*) FROM export_record WHERE organisation_id = $1 AND format = 'pdf'`, w.org); n != 2 {
		t.Fatalf("%d PDF exports recorded", n)
	}

	wantStatus(t, w.reader.do("POST", w.url("/api/content/export-tree-pdf"), map[string]any{"tree": a["id"]}), http.StatusForbidden)
	wantStatus(t, w.reader.do("POST", w.url("/api/content/export-tree-list"), map[string]any{"ids": []any{a["id"]}}), http.StatusForbidden)
	wantError(t, w.care.do("POST", w.url("/api/content/export-tree-list"), map[string]any{"ids": []string{}}), http.StatusBadRequest, "invalid",
		"Select at least one tree or group for a PDF list.")
	many := make([]string, 101)
	for i := range many {
		many[i] = a["id"].(string)[:24] + strings.Repeat("0", 9) + string(rune('a'+i/26%26)) + string(rune('a'+i%26)) + "0"
	}
	wantError(t, w.care.do("POST", w.url("/api/content/export-tree-list"), map[string]any{"ids": many}), http.StatusBadRequest, "invalid",
		"A PDF list holds at most 100 objects; you selected 101. Select fewer objects, or export them to Excel.")
	wantError(t, w.care.do("POST", w.url("/api/content/export-tree-pdf"), map[string]any{"tree": "00000000-0000-0000-0000-000000000001"}), http.StatusNotFound, "not_found", "")
	wantError(t, w.care.do("POST", w.url("/api/content/export-tree-pdf"), map[string]any{}), http.StatusBadRequest, "invalid", "")
}
