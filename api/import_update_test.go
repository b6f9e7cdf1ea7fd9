package api

import (
	"fmt"
	"net/http"
	"testing"
)

// TestImportUpdateQueued: next year's export of the old system, matched by its ids, updates the
// tree it made last year and makes the new one, through the queue; the preview counts both; the
// running import is listed for its starter only; the History tab names the file; management's
// undo puts the old height back and removes the new tree.
func TestImportUpdateQueued(t *testing.T) {
	t.Parallel()
	e, w := newTreeWorld(t)
	mapping := []map[string]string{{"target": "number"}, {"target": "external_id"}, {"target": "height"}, {"target": "x"}, {"target": "y"}}
	base := 7000 + e.count(t, `SELECT count(*) FROM tree`)
	lastYear := fmt.Sprintf("Nr,GUID,Hoehe,lon,lat\n%d,old-1,10,9.43,54.78\n%d,old-2,11,9.431,54.781\n", base, base+1)
	res := importQueued(t, w, w.editor, "2025.csv", []byte(lastYear), map[string]any{"mapping": mapping, "srid": 4326})
	if res["written"] != true || res["trees"] != 2.0 {
		t.Fatalf("last year's import %v", res)
	}
	// The inspection suggests the id column as the external id.
	body, ct := importForm(t, "2026.csv", []byte(lastYear), nil)
	r := w.editor.do("POST", w.url("/api/content/import/inspect"), body, ct)
	wantStatus(t, r, http.StatusOK)
	if s := r.json(t)["suggested"].([]any); s[1].(map[string]any)["target"] != "external_id" {
		t.Errorf("suggested %v", s)
	}

	nextYear := fmt.Sprintf("Nr,GUID,Hoehe,lon,lat\n%d,old-1,10.5,9.43,54.78\n%d,old-2,11,9.431,54.781\n,new-1,4,9.44,54.79\n", base, base+1)
	options := map[string]any{"mapping": mapping, "srid": 4326, "match": "external_id", "dry_run": true}
	body, ct = importForm(t, "2026.csv", []byte(nextYear), options)
	r = w.editor.do("POST", w.url("/api/content/import"), body, ct)
	wantStatus(t, r, http.StatusOK)
	if p := r.json(t); p["trees"] != 1.0 || p["updated"] != 1.0 || p["unchanged"] != 1.0 || p["written"] != false {
		t.Fatalf("preview %s", r.body)
	}
	// A match key the mapping has no column for, or one Arbor does not know, is refused.
	noID := []map[string]string{{"target": "number"}, {"target": ""}, {"target": "height"}, {"target": "x"}, {"target": "y"}}
	body, ct = importForm(t, "2026.csv", []byte(nextYear), map[string]any{"mapping": noID, "srid": 4326, "match": "external_id", "dry_run": true})
	wantFieldNames(t, wantError(t, w.editor.do("POST", w.url("/api/content/import"), body, ct), http.StatusBadRequest, "invalid", ""), "match")
	body, ct = importForm(t, "2026.csv", []byte(nextYear), map[string]any{"mapping": mapping, "srid": 4326, "match": "name"})
	wantFieldNames(t, wantError(t, w.editor.do("POST", w.url("/api/content/import"), body, ct), http.StatusBadRequest, "invalid", ""), "match")
	// So is the import itself, when it is asked for (not by its task in the queue later), in the
	// person's language naming the column the match needs; no task is made.
	tasks := e.count(t, `SELECT count(*) FROM task WHERE project_id = $1`, w.project)
	for lang, want := range map[string]string{
		"en": "To match by external id, map a column to “External id”.",
		"de": "Für den Abgleich nach externer ID eine Spalte der „Externen ID“ zuordnen.",
		"fr": "Pour rapprocher par identifiant externe, associez une colonne à « Identifiant externe ».",
	} {
		body, ct = importForm(t, "2026.csv", []byte(nextYear), map[string]any{"mapping": noID, "srid": 4326, "match": "external_id"})
		m := wantError(t, w.editor.do("POST", w.url("/api/content/import"), body, ct, header("Accept-Language", lang)), http.StatusBadRequest, "invalid", "")
		if got := fieldsOf(t, m)["match"]; got != want {
			t.Errorf("%s: match %q, want %q", lang, got, want)
		}
	}
	noNumber := []map[string]string{{"target": ""}, {"target": "external_id"}, {"target": "height"}, {"target": "x"}, {"target": "y"}}
	body, ct = importForm(t, "2026.csv", []byte(nextYear), map[string]any{"mapping": noNumber, "srid": 4326, "match": "number"})
	wantFieldNames(t, wantError(t, w.editor.do("POST", w.url("/api/content/import"), body, ct), http.StatusBadRequest, "invalid", ""), "match")
	if n := e.count(t, `SELECT count(*) FROM task WHERE project_id = $1`, w.project); n != tasks {
		t.Errorf("%d tasks after refused imports, want %d", n, tasks)
	}

	delete(options, "dry_run")
	res = importQueued(t, w, w.editor, "2026.csv", []byte(nextYear), options)
	if res["written"] != true || res["trees"] != 1.0 || res["updated"] != 1.0 {
		t.Fatalf("re-import %v", res)
	}
	if n := e.count(t, `SELECT count(*) FROM tree WHERE project_id = $1 AND external_id LIKE 'old-%' OR external_id = 'new-1'`, w.project); n != 3 {
		t.Fatalf("%d objects of the old system after the re-import, want 3", n)
	}
	var old1 string
	if err := e.db.Pool.QueryRow(t.Context(), `SELECT id FROM tree WHERE project_id = $1 AND external_id = 'old-1'`, w.project).Scan(&old1); err != nil {
		t.Fatal(err)
	}
	r = w.reader.do("GET", w.url("/api/content/tree-hist?tree="+old1), nil)
	wantStatus(t, r, http.StatusOK)
	items := r.json(t)["items"].([]any)
	if h := items[0].(map[string]any); h["op"] != "update" || h["field"] != "height" || h["import_file"] != "2026.csv" {
		t.Errorf("history %v", items[0])
	}
	// Nothing runs now; another member cannot read the editor's task.
	r = w.editor.do("GET", w.url("/api/content/import/tasks"), nil)
	wantStatus(t, r, http.StatusOK)
	if r.json(t)["total"] != 0.0 {
		t.Errorf("open imports %s", r.body)
	}
	var task string
	if err := e.db.Pool.QueryRow(t.Context(), `SELECT id FROM task WHERE project_id = $1 AND kind = 'import' LIMIT 1`, w.project).Scan(&task); err != nil {
		t.Fatal(err)
	}
	wantStatus(t, w.manager.do("GET", w.url("/api/content/import/task/"+task), nil), http.StatusNotFound)
	wantStatus(t, w.manager.do("GET", w.url("/api/content/task/"+task), nil), http.StatusNotFound)

	undo := w.url(fmt.Sprintf("/api/content/import/%s/undo", res["id"]))
	r = w.manager.do("POST", undo, nil)
	wantStatus(t, r, http.StatusOK)
	if u := r.json(t); u["removed"] != 1.0 || u["restored"] != 1.0 {
		t.Fatalf("undo %v", u)
	}
	if n := e.count(t, `SELECT count(*) FROM tree WHERE project_id = $1 AND external_id = 'old-1' AND height = 10`, w.project); n != 1 {
		t.Error("the old height is not back")
	}
}

// TestImportTaskListed: an import waiting in the queue is listed for its starter, so the wizard
// opened again shows it, and a second one is refused until it has ended.
func TestImportTaskListed(t *testing.T) {
	t.Parallel()
	e, w := newTreeWorld(t)
	mapping := []map[string]string{{"target": "height"}, {"target": "x"}, {"target": "y"}}
	file := []byte("Hoehe,lon,lat\n10,9.43,54.78\n")
	// Held in the queue: a task row as QueueImport writes it, without a job the worker could take.
	var task string
	if err := e.db.Pool.QueryRow(t.Context(), `INSERT INTO task (organisation_id, project_id, user_id, kind, total)
		SELECT organisation_id, id, (SELECT id FROM app_user WHERE email = $2), 'import', 1000 FROM project WHERE id = $1 RETURNING id`,
		w.project, w.members[2]).Scan(&task); err != nil {
		t.Fatal(err)
	}
	r := w.editor.do("GET", w.url("/api/content/import/tasks"), nil)
	wantStatus(t, r, http.StatusOK)
	if l := r.json(t); l["total"] != 1.0 || l["items"].([]any)[0].(map[string]any)["id"] != task {
		t.Fatalf("open imports %s", r.body)
	}
	r = w.manager.do("GET", w.url("/api/content/import/tasks"), nil)
	if l := r.json(t); l["total"] != 0.0 {
		t.Fatalf("another member's open imports %s", r.body)
	}
	body, ct := importForm(t, "k.csv", file, map[string]any{"mapping": mapping, "srid": 4326})
	wantError(t, w.editor.do("POST", w.url("/api/content/import"), body, ct), http.StatusConflict, "conflict", "")
}
