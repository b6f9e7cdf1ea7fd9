package api

import (
	"net/http"
	"testing"
	"time"
)

// TestArchiveFilteredView: management archives everything a filter shows and nothing else, and
// activates it again through the archived view; editors may not; a bad filter names its part.
func TestArchiveFilteredView(t *testing.T) {
	t.Parallel()
	_, w := newTreeWorld(t)
	for i, v := range []int{2, 2, 0, 1} {
		w.createTree(t, w.editor, map[string]any{"number": i + 1, "vitality": v})
	}
	weak := map[string]any{"conditions": []any{map[string]any{"field": "vitality", "op": "eq", "value": 2}}}

	wantStatus(t, w.editor.do("PUT", w.url("/api/content/archive-filter"), map[string]any{"filter": weak, "archive": true}), http.StatusForbidden)
	r := w.manager.do("PUT", w.url("/api/content/archive-filter"), map[string]any{"filter": map[string]any{
		"conditions": []any{map[string]any{"field": "vitality", "op": "between", "value": 2}}}, "archive": true})
	wantFieldNames(t, wantError(t, r, http.StatusBadRequest, "invalid", ""), "conditions.0")
	wantFieldNames(t, wantError(t, w.manager.do("PUT", w.url("/api/content/archive-filter"), map[string]any{"filter": weak}),
		http.StatusBadRequest, "invalid", ""), "archive")

	// archiveView archives (or activates) what filter shows, wanting changed objects and the
	// stock after.
	archiveView := func(filter map[string]any, archive bool, changed, stock float64) {
		t.Helper()
		r := w.manager.do("PUT", w.url("/api/content/archive-filter"), map[string]any{"filter": filter, "archive": archive})
		wantStatus(t, r, http.StatusOK)
		if n := r.json(t)["changed"]; n != changed {
			t.Fatalf("archive %v: changed %v, want %v", archive, n, changed)
		}
		if n := w.reader.do("GET", w.url("/api/content/trees"), nil).json(t)["total"]; n != stock {
			t.Fatalf("stock after archive %v: %v, want %v", archive, n, stock)
		}
	}
	archiveView(weak, true, 2, 2)
	if n := w.reader.do("GET", w.url("/api/content/trees?state=archived"), nil).json(t)["total"]; n != 2.0 {
		t.Fatalf("archived: %v, want 2", n)
	}
	// The same filter on the stock finds nothing more to archive.
	archiveView(weak, true, 0, 2)
	// Activating the archived view brings them back.
	archiveView(map[string]any{"state": "archived"}, false, 2, 4)
}

// TestArchiveBigViewInBackground: a view of more objects than the server archives at once is
// archived by the queue; the answer names a task whose progress only its starter reads, and
// the task ends with what changed, history and all.
func TestArchiveBigViewInBackground(t *testing.T) {
	t.Parallel()
	e := newEnv(t, func(c *Config) { c.ArchiveAtOnce = 3 })
	w := e.buildTreeWorld(t)
	for i, v := range []int{2, 2, 2, 2, 2, 0} {
		w.createTree(t, w.editor, map[string]any{"number": i + 1, "vitality": v})
	}
	weak := map[string]any{"conditions": []any{map[string]any{"field": "vitality", "op": "eq", "value": 2}}}
	follow := func(r *resp, want int) {
		t.Helper()
		wantStatus(t, r, http.StatusAccepted)
		task := r.json(t)["task"].(map[string]any)
		if task["total"] != float64(want) || task["state"] != "queued" {
			t.Fatalf("task as queued: %v", task)
		}
		path := w.url("/api/content/task/" + task["id"].(string))
		wantStatus(t, w.editor.do("GET", path, nil), http.StatusNotFound) // another's task
		task = followTask(t, w.manager, path, 20*time.Second)
		if task["state"] != "done" || task["changed"] != float64(want) || task["done"] != float64(want) || task["finished_at"] == nil {
			t.Fatalf("task when done: %v", task)
		}
	}

	follow(w.manager.do("PUT", w.url("/api/content/archive-filter"), map[string]any{"filter": weak, "archive": true}), 5)
	if n := w.reader.do("GET", w.url("/api/content/trees"), nil).json(t)["total"]; n != 1.0 {
		t.Fatalf("stock after archiving the view: %v, want 1", n)
	}
	if n := e.count(t, `SELECT count(*) FROM history WHERE project_id = $1 AND field = 'archive'
		AND new_value = 'true' AND user_id = $2`, w.project, e.userID(t, w.members[0])); n != 5 {
		t.Fatalf("%d history entries of the archiving, want 5", n)
	}
	follow(w.manager.do("PUT", w.url("/api/content/archive-filter"), map[string]any{"filter": map[string]any{"state": "archived"}, "archive": false}), 5)
	if n := w.reader.do("GET", w.url("/api/content/trees"), nil).json(t)["total"]; n != 6.0 {
		t.Fatalf("stock after activating: %v, want 6", n)
	}
	// A view within the limit is still changed at once.
	r := w.manager.do("PUT", w.url("/api/content/archive-filter"), map[string]any{"filter": map[string]any{
		"conditions": []any{map[string]any{"field": "vitality", "op": "eq", "value": 0}}}, "archive": true})
	wantStatus(t, r, http.StatusOK)
	if n := r.json(t)["changed"]; n != 1.0 {
		t.Fatalf("archived %v at once, want 1", n)
	}
	// The tasks not yet ended, for the app to show again after a reload: only one's own.
	if l := w.manager.do("GET", w.url("/api/content/tasks"), nil).json(t); l["total"] != 0.0 {
		t.Fatalf("open tasks after both ended: %v", l)
	}
	e.exec(t, `INSERT INTO task (organisation_id, project_id, user_id, kind, state, total, done)
		VALUES ($1, $2, $3, 'archive', 'running', 10, 4), ($1, $2, $3, 'activate', 'done', 3, 3), ($1, $2, $4, 'archive', 'queued', 5, 0)`,
		w.org, w.project, e.userID(t, w.members[0]), e.userID(t, w.members[2]))
	// One whose server died under it hours ago is not shown for ever.
	e.exec(t, `INSERT INTO task (organisation_id, project_id, user_id, kind, state, total, done, created_at)
		VALUES ($1, $2, $3, 'archive', 'running', 10, 2, now() - interval '3 hours')`, w.org, w.project, e.userID(t, w.members[0]))
	open := w.manager.do("GET", w.url("/api/content/tasks"), nil).json(t)["items"].([]any)
	if len(open) != 1 || open[0].(map[string]any)["state"] != "running" || open[0].(map[string]any)["done"] != 4.0 {
		t.Fatalf("open tasks %v", open)
	}
	wantStatus(t, w.manager.do("GET", w.url("/api/content/task/00000000-0000-0000-0000-000000000000"), nil), http.StatusNotFound)
	wantStatus(t, w.manager.do("GET", w.url("/api/content/task/not-a-task"), nil), http.StatusNotFound)
}
