package api

import (
	"bytes"
	"context"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"arbor/export/exporttest"

	"github.com/xuri/excelize/v2"
)

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
