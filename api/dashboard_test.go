package api

import (
	"net/http"
	"testing"
)

// TestDashboards: the user dashboard sums one's projects and carries news; the job dashboard
// follows a work from open to done; bad input is a 400 or 404, never a 500.
func TestDashboards(t *testing.T) {
	t.Parallel()
	e, w := newTreeWorld(t)
	a := w.createTree(t, w.editor, map[string]any{"number": 1})
	b := w.createTree(t, w.editor, map[string]any{"number": 2})
	w.createTree(t, w.editor, map[string]any{"number": 3})
	work := w.addWork(t, w.care, a["id"].(string), w.felling, map[string]any{"deadline": "2000-01-01"})
	r := w.manager.do("POST", w.url("/api/content/job/add-list-new"), map[string]any{"name": "Round",
		"ids": []string{a["id"].(string), b["id"].(string)}, "actions": []string{work["id"].(string)}})
	wantStatus(t, r, http.StatusOK)
	job := r.json(t)["job"].(map[string]any)["id"].(string)

	d := w.reader.do("GET", "/api/content/dashboard/user", nil).json(t)
	totals := d["totals"].(map[string]any)
	if totals["trees"] != 3.0 || totals["open_works"] != 1.0 || totals["works"].(map[string]any)["overdue"] != 1.0 ||
		totals["jobs"] != 2.0 || totals["projects"] != 1.0 || totals["checks"].(map[string]any)["never"] != 3.0 {
		t.Fatalf("user dashboard totals %v", totals)
	}
	// The reader's one project (not the organisation's quiet one), with its jobs: the world's and ours.
	if p := d["projects"].([]any); len(p) != 1 || p[0].(map[string]any)["id"] != w.project {
		t.Fatalf("user dashboard projects %v", p)
	}
	if news := d["news"].([]any); len(news) == 0 {
		t.Fatal("the user dashboard carries no news")
	}

	progress := func() map[string]any {
		t.Helper()
		r := w.reader.do("GET", w.url("/api/content/dashboard/job?job="+job), nil)
		wantStatus(t, r, http.StatusOK)
		return r.json(t)
	}
	p := progress()
	if p["trees"] != 2.0 || p["works"].(map[string]any)["open"] != 1.0 || p["works"].(map[string]any)["done"] != 0.0 ||
		p["safety"].(map[string]any)["3"] != 1.0 || p["deadlines"].(map[string]any)["0"] != 1.0 {
		t.Fatalf("job progress %v", p)
	}
	w.complete(t, work)
	wantStatus(t, w.editor.do("POST", w.url("/api/content/tree/"+b["id"].(string)+"/checks"), map[string]any{"vitality": 1}), http.StatusCreated)
	p = progress()
	if p["works"].(map[string]any)["done"] != 1.0 || p["works"].(map[string]any)["open"] != 0.0 ||
		p["checks"].(map[string]any)["done"] != 1.0 || p["checks"].(map[string]any)["open"] != 1.0 || p["safety"].(map[string]any)["0"] != 2.0 {
		t.Fatalf("job progress after the work %v", p)
	}

	wantFieldNames(t, wantError(t, w.reader.do("GET", w.url("/api/content/dashboard/job"), nil), http.StatusBadRequest, "invalid", ""), "job")
	wantStatus(t, w.reader.do("GET", w.url("/api/content/dashboard/job?job=nonsense"), nil), http.StatusNotFound)
	wantStatus(t, w.reader.do("GET", w.url("/api/content/dashboard/job?job=00000000-0000-0000-0000-000000000000"), nil), http.StatusNotFound)
	outsider := e.login(t, w.outsider, testPassword)
	wantStatus(t, outsider.do("GET", w.url("/api/content/dashboard/job?job="+job), nil), http.StatusNotFound)
	if p := outsider.do("GET", "/api/content/dashboard/user", nil).json(t)["projects"].([]any); len(p) != 0 {
		// The outsider administers another organisation with no projects of this one.
		for _, x := range p {
			if x.(map[string]any)["id"] == w.project {
				t.Fatalf("the outsider sees the project on their dashboard")
			}
		}
	}
}
