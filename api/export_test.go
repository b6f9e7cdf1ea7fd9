package api

import (
	"bytes"
	"net/http"
	"reflect"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"
)

// TestExportExcelList: the objects of a filter or a selection come as an Excel list in the
// table's order, with the headings and value names the app sends; readers may not export; an
// empty or too large list, and columns the app could not send, are refused with a message.
func TestExportExcelList(t *testing.T) {
	t.Parallel()
	_, w := newTreeWorld(t)
	var ids []string
	for i, v := range []int{2, 0, 2, 1} {
		tree := w.createTree(t, w.editor, map[string]any{"number": i + 1, "vitality": v, "height": 10.5 + float64(i),
			"species": w.species, "symptoms": []string{"cavity", "crack"}[:i%3]})
		ids = append(ids, tree["id"].(string))
	}
	columns := []map[string]any{
		{"id": "number", "label": "Nummer"},
		{"id": "species", "label": "Baumart"},
		{"id": "vitality", "label": "Vitalität", "values": map[string]string{"0": "Vital", "1": "Leicht geschädigt", "2": "Geschädigt"}},
		{"id": "height", "label": "Höhe"},
		{"id": "single_tree", "label": "Art", "values": map[string]string{"true": "Baum", "false": "Gruppe"}},
		{"id": "symptoms", "label": "Symptome"},
		{"id": "number_text", "label": "Nummernschild"},
	}
	sheet := func(r *resp) [][]string {
		t.Helper()
		wantStatus(t, r, http.StatusOK)
		if ct := r.Header.Get("Content-Type"); !strings.Contains(ct, "spreadsheetml") {
			t.Fatalf("content type %q", ct)
		}
		if cd := r.Header.Get("Content-Disposition"); !strings.HasPrefix(cd, `attachment; filename="arbor-`) {
			t.Fatalf("content disposition %q", cd)
		}
		f, err := excelize.OpenReader(bytes.NewReader(r.body))
		if err != nil {
			t.Fatal(err)
		}
		rows, err := f.GetRows("Bäume")
		if err != nil {
			t.Fatal(err)
		}
		return rows
	}
	weak := map[string]any{"conditions": []any{map[string]any{"field": "vitality", "op": "in", "value": []int{1, 2}}}}
	rows := sheet(w.care.do("POST", w.url("/api/content/export"), map[string]any{
		"filter": weak, "sort": []string{"-height"}, "columns": columns, "sheet": "Bäume"}))
	botanical := "Tilia cordata " + t.Name()
	want := [][]string{
		{"Nummer", "Baumart", "Vitalität", "Höhe", "Art", "Symptome", "Nummernschild"},
		{"4", botanical, "Leicht geschädigt", "13.5", "Baum"},
		{"3", botanical, "Geschädigt", "12.5", "Baum", "cavity, crack"},
		{"1", botanical, "Geschädigt", "10.5", "Baum"},
	}
	// The last column links each row to its live record.
	if rows[0][len(rows[0])-1] != "Live record" {
		t.Fatalf("no link column: %q", rows[0])
	}
	for i, row := range rows[1:] {
		link := row[len(row)-1]
		if !strings.HasPrefix(link, "http://arbor.test/projects/"+w.project+"/map?tree=") {
			t.Fatalf("row %d links to %q", i+1, link)
		}
		rows[i+1] = row[:len(row)-1]
		for len(rows[i+1]) > 0 && rows[i+1][len(rows[i+1])-1] == "" {
			rows[i+1] = rows[i+1][:len(rows[i+1])-1]
		}
	}
	rows[0] = rows[0][:len(rows[0])-1]
	if !reflect.DeepEqual(rows, want) {
		t.Fatalf("rows of the filter\n got %q\nwant %q", rows, want)
	}
	// A selection: the filter's ids.
	sel := map[string]any{"ids": []string{ids[1], ids[0]}}
	rows = sheet(w.editor.do("POST", w.url("/api/content/export"), map[string]any{"filter": sel, "columns": columns[:3], "sheet": "Bäume"}))
	if len(rows) != 3 || rows[1][0] != "1" || rows[2][0] != "2" || rows[2][2] != "Vital" {
		t.Fatalf("rows of the selection %q", rows)
	}

	wantStatus(t, w.reader.do("POST", w.url("/api/content/export"), map[string]any{"filter": weak, "columns": columns}), http.StatusForbidden)
	none := map[string]any{"conditions": []any{map[string]any{"field": "vitality", "op": "eq", "value": 4}}}
	wantError(t, w.care.do("POST", w.url("/api/content/export"), map[string]any{"filter": none, "columns": columns}),
		http.StatusBadRequest, "invalid", "There is nothing to export: the selection or the filter shows no objects.")
	for name, cols := range map[string]any{
		"none":     []any{},
		"bad id":   []any{map[string]any{"id": "drop table", "label": "x"}},
		"no label": []any{map[string]any{"id": "number"}},
		"twice":    []any{map[string]any{"id": "number", "label": "a"}, map[string]any{"id": "number", "label": "b"}},
	} {
		r := w.care.do("POST", w.url("/api/content/export"), map[string]any{"filter": weak, "columns": cols})
		if r.StatusCode != http.StatusBadRequest {
			t.Fatalf("%s: status %d, want 400", name, r.StatusCode)
		}
	}
	bad := map[string]any{"conditions": []any{map[string]any{"field": "nope", "op": "eq", "value": 1}}}
	wantFieldNames(t, wantError(t, w.care.do("POST", w.url("/api/content/export"), map[string]any{"filter": bad, "columns": columns}),
		http.StatusBadRequest, "invalid", ""), "conditions.0")
}

// TestExportTooLarge: more objects than an Excel list holds answers 400 with both numbers.
func TestExportTooLarge(t *testing.T) {
	t.Parallel()
	e, w := newTreeWorld(t)
	e.exec(t, `INSERT INTO tree (organisation_id, project_id, number, geom)
		SELECT $1, $2, g, ST_SetSRID(ST_MakePoint(9.4 + g * 0.00001, 54.7), 4326) FROM generate_series(1, 10001) g`, w.org, w.project)
	r := w.manager.do("POST", w.url("/api/content/export"), map[string]any{"filter": map[string]any{}, "columns": []any{map[string]any{"id": "number", "label": "Number"}}})
	wantError(t, r, http.StatusBadRequest, "invalid", "An Excel list holds at most 10,000 objects; this one would have 10,001. Narrow the filter or select fewer objects.")

	// The whole project has no such limit, and every field.
	r = w.care.do("POST", w.url("/api/content/export-all-trees"), map[string]any{"sheet": "Trees"})
	wantStatus(t, r, http.StatusOK)
	f, err := excelize.OpenReader(bytes.NewReader(r.body))
	if err != nil {
		t.Fatal(err)
	}
	rows, err := f.GetRows("Trees")
	if err != nil || len(rows) != 10002 || rows[0][0] != "Number" || rows[1][0] != "1" {
		t.Fatalf("%d rows, %v", len(rows), err)
	}
	if n := e.count(t, `SELECT count(*) FROM export_record WHERE organisation_id = $1 AND kind = 'export-all-trees' AND objects = 10001`, w.org); n != 1 {
		t.Fatalf("%d records of the whole project's export", n)
	}
	wantStatus(t, w.reader.do("POST", w.url("/api/content/export-all-trees"), map[string]any{}), http.StatusForbidden)
	wantError(t, w.care.do("POST", w.url("/api/content/export-all-trees"), map[string]any{"state": "nonsense"}), http.StatusBadRequest, "invalid", "")
}
