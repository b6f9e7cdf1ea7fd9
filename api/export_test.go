package api

import (
	"bytes"
	"context"
	"net/http"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"arbor/export/exporttest"

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

// TestQueuedExports: a whole-project workbook and a GeoPackage of more objects than the server
// makes at once go to the queue; the answer names a task whose progress only its starter reads,
// and which ends with a download that Excel and GDAL read whole and that is recorded. A small
// view is still answered at once; bad input is refused before anything is queued; an expired
// download is gone with a message, and the sweep removes its file.
func TestQueuedExports(t *testing.T) {
	t.Parallel()
	e := newEnv(t, func(c *Config) { c.ExportAtOnce = 2 })
	w := e.buildTreeWorld(t)
	var ids []string
	for i := range 3 {
		ids = append(ids, w.createTree(t, w.editor, map[string]any{"number": i + 1, "species": w.species})["id"].(string))
	}
	follow := func(r *resp) map[string]any {
		t.Helper()
		wantStatus(t, r, http.StatusAccepted)
		task := r.json(t)["task"].(map[string]any)
		if task["kind"] != "export" || task["total"] != 3.0 || task["state"] != "queued" || task["download"] != nil {
			t.Fatalf("task as queued: %v", task)
		}
		path := w.url("/api/content/task/" + task["id"].(string))
		wantStatus(t, w.care.do("GET", path, nil), http.StatusNotFound) // another's task
		wantStatus(t, w.reader.do("GET", path, nil), http.StatusForbidden)
		task = followTask(t, w.editor, path, 30*time.Second)
		if task["state"] != "done" || task["done"] != 3.0 || task["download"] == nil {
			t.Fatalf("task when done: %v", task)
		}
		return task
	}
	download := func(task map[string]any, wantType string) []byte {
		t.Helper()
		path := w.url("/api/content/task/" + task["id"].(string) + "/download")
		wantStatus(t, w.care.do("GET", path, nil), http.StatusNotFound)
		r := w.editor.do("GET", path, nil)
		wantStatus(t, r, http.StatusOK)
		d := task["download"].(map[string]any)
		if r.Header.Get("Content-Type") != wantType || !strings.Contains(r.Header.Get("Content-Disposition"), d["name"].(string)) ||
			float64(len(r.body)) != d["size"] {
			t.Fatalf("download %q %q, %d bytes; task %v", r.Header.Get("Content-Type"), r.Header.Get("Content-Disposition"), len(r.body), d)
		}
		return r.body
	}

	// The whole project as a workbook.
	xlsxTask := follow(w.editor.do("POST", w.url("/api/content/export-all-trees"), map[string]any{}))
	if !strings.HasSuffix(xlsxTask["download"].(map[string]any)["name"].(string), ".xlsx") {
		t.Fatalf("download %v", xlsxTask["download"])
	}
	book, err := excelize.OpenReader(bytes.NewReader(download(xlsxTask, xlsxType)))
	if err != nil {
		t.Fatal(err)
	}
	rows, err := book.GetRows("Arbor")
	if err != nil || len(rows) != 4 || rows[1][0] != "1" || rows[3][0] != "3" {
		t.Fatalf("workbook rows %v, %v", rows, err)
	}

	// The view as a GeoPackage in UTM 32N.
	gpkgTask := follow(w.editor.do("POST", w.url("/api/content/export-gis"), map[string]any{"filter": map[string]any{}, "format": "gpkg", "srid": 25832}))
	out, err := exporttest.Run(t, download(gpkgTask, "application/geopackage+sqlite3"), "trees.gpkg", "ogrinfo", "-ro", "-al", "-so")
	if err != nil || !strings.Contains(string(out), "Feature Count: 3") || !strings.Contains(string(out), "UTM zone 32N") {
		t.Fatalf("ogrinfo: %v\n%s", err, out)
	}
	if n := e.count(t, `SELECT count(*) FROM export_record WHERE organisation_id = $1 AND objects = 3 AND user_id = $2
		AND ((kind = 'export-all-trees' AND format = 'xlsx') OR (kind = 'export-gis' AND format = 'gpkg'))`, w.org, e.userID(t, w.members[2])); n != 2 {
		t.Fatalf("%d export records of the queued exports", n)
	}

	// Within the limit, the answer is the file.
	r := w.editor.do("POST", w.url("/api/content/export-gis"), map[string]any{"filter": map[string]any{"ids": ids[:2]}, "format": "gpkg"})
	wantStatus(t, r, http.StatusOK)
	if !bytes.HasPrefix(r.body, []byte("SQLite format 3")) || !strings.Contains(r.Header.Get("Content-Disposition"), ".gpkg") {
		t.Fatalf("GeoPackage at once: %q", r.Header.Get("Content-Disposition"))
	}

	// Bad input is refused before anything is queued.
	queued := e.count(t, `SELECT count(*) FROM task WHERE project_id = $1`, w.project)
	wantError(t, w.editor.do("POST", w.url("/api/content/export-gis"), map[string]any{"format": "shp"}), http.StatusBadRequest, "invalid",
		"Choose GeoPackage, GeoJSON or CSV.")
	wantError(t, w.editor.do("POST", w.url("/api/content/export-gis"), map[string]any{"format": "gpkg", "srid": 12}), http.StatusBadRequest, "invalid",
		"This reference system is unknown. Give an EPSG code, such as 4326 or 25832.")
	wantError(t, w.editor.do("POST", w.url("/api/content/export-all-trees"), map[string]any{"state": "archived"}), http.StatusBadRequest, "invalid",
		"There is nothing to export: the selection or the filter shows no objects.")
	wantStatus(t, w.reader.do("POST", w.url("/api/content/export-all-trees"), map[string]any{}), http.StatusForbidden)
	if n := e.count(t, `SELECT count(*) FROM task WHERE project_id = $1`, w.project); n != queued {
		t.Fatalf("%d tasks after bad input, %d before", n, queued)
	}

	// Once its days are over, the download is gone, and the sweep removes its file.
	if _, err := e.db.Pool.Exec(context.Background(), `UPDATE task SET expires_at = now() - interval '1 minute' WHERE id = $1`, xlsxTask["id"]); err != nil {
		t.Fatal(err)
	}
	wantError(t, w.editor.do("GET", w.url("/api/content/task/"+xlsxTask["id"].(string)+"/download"), nil), http.StatusNotFound, "not_found",
		"This export's file is no longer kept (exports stay 7 days). Export again.")
	if task := w.editor.do("GET", w.url("/api/content/task/"+xlsxTask["id"].(string)), nil).json(t); task["download"] != nil {
		t.Fatalf("expired task %v", task)
	}
	n, err := e.srv.files.SweepExports(context.Background(), time.Now(), time.Hour)
	if err != nil || n != 1 {
		t.Fatalf("sweep removed %d, %v", n, err)
	}
	left, _ := filepath.Glob(filepath.Join(e.blobs, "exports", "*", "*"))
	if len(left) != 1 || !strings.HasSuffix(left[0], gpkgTask["id"].(string)+".gpkg") {
		t.Fatalf("blobs left after the sweep: %v", left)
	}
	if k := e.count(t, `SELECT count(*) FROM task WHERE id = $1 AND file_key IS NULL`, xlsxTask["id"]); k != 1 {
		t.Fatal("the expired task still names its file")
	}
	// A file no task names (a try that failed after storing it) goes once older than the grace.
	stray := filepath.Join(e.blobs, "exports", w.org, "00000000-0000-0000-0000-000000000009.xlsx")
	if err := os.WriteFile(stray, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	if n, err := e.srv.files.SweepExports(context.Background(), time.Now(), time.Hour); err != nil || n != 0 {
		t.Fatalf("sweep within the grace removed %d, %v", n, err)
	}
	if n, err := e.srv.files.SweepExports(context.Background(), time.Now().Add(2*time.Hour), time.Hour); err != nil || n != 1 {
		t.Fatalf("sweep after the grace removed %d, %v", n, err)
	}
	if _, err := os.Stat(stray); !os.IsNotExist(err) {
		t.Fatalf("stray export file: %v", err)
	}
}
