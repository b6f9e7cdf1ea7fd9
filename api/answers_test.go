package api

import (
	"net/http"
	"net/url"
	"testing"
)

// TestCachedAnswersFollowWrites: the dashboard, filter values and the table's total are cached
// per project revision, so each must show a write the moment it is saved — a new tree, a changed
// value, a tree added to a job (job membership is part of a filter).
func TestCachedAnswersFollowWrites(t *testing.T) {
	t.Parallel()
	_, w := newTreeWorld(t)
	dashboard := func(filter string) map[string]any {
		t.Helper()
		u := w.url("/api/content/dashboard/project")
		if filter != "" {
			u = w.url("/api/content/dashboard/project?filter=" + url.QueryEscape(filter))
		}
		r := w.reader.do("GET", u, nil)
		wantStatus(t, r, http.StatusOK)
		return r.json(t)
	}
	total := func(filter map[string]any) float64 {
		t.Helper()
		r := w.reader.do("POST", w.url("/api/content/data"), map[string]any{"filter": filter, "limit": 10})
		wantStatus(t, r, http.StatusOK)
		return r.json(t)["total"].(float64)
	}
	vitalityValues := func() int {
		t.Helper()
		r := w.reader.do("GET", w.url("/api/content/filter-values?field=vitality"), nil)
		wantStatus(t, r, http.StatusOK)
		return len(r.json(t)["items"].([]any))
	}

	userTrees := func() float64 {
		t.Helper()
		r := w.reader.do("GET", "/api/content/dashboard/user", nil)
		wantStatus(t, r, http.StatusOK)
		return r.json(t)["totals"].(map[string]any)["trees"].(float64)
	}

	first := w.createTree(t, w.editor, map[string]any{"geom": point(9.43, 54.78), "vitality": 1})
	if n := userTrees(); n != 1 {
		t.Fatalf("user dashboard counts %v trees", n)
	}
	if d := dashboard(""); d["trees"] != 1.0 {
		t.Fatalf("dashboard %v", d)
	}
	if n := total(nil); n != 1 {
		t.Fatalf("total %v", n)
	}
	if n := vitalityValues(); n != 1 {
		t.Fatalf("%d vitality values", n)
	}
	// Asked again at once, the same answers (from the cache); then a second tree counts at once.
	if d := dashboard(""); d["trees"] != 1.0 {
		t.Fatalf("dashboard asked again %v", d)
	}
	w.createTree(t, w.editor, map[string]any{"geom": point(9.431, 54.78), "vitality": 3})
	if d := dashboard(""); d["trees"] != 2.0 || d["vitality"].(map[string]any)["3"] != 1.0 {
		t.Fatalf("dashboard after a new tree %v", d)
	}
	if n := total(nil); n != 2 {
		t.Fatalf("total after a new tree %v", n)
	}
	if n := userTrees(); n != 2 {
		t.Fatalf("user dashboard counts %v trees after a new tree", n)
	}
	if n := vitalityValues(); n != 2 {
		t.Fatalf("%d vitality values after a new tree", n)
	}

	// A job filter counts the job's objects: none, then the first tree once it is added.
	r := w.manager.do("POST", w.url("/api/management/job"), map[string]any{"name": "Round"})
	wantStatus(t, r, http.StatusCreated)
	job := r.json(t)["id"].(string)
	inJob := map[string]any{"conditions": []any{map[string]any{"field": "job", "op": "eq", "value": job}}}
	if n := total(inJob); n != 0 {
		t.Fatalf("job total before adding %v", n)
	}
	if d := dashboard(mustJSON(t, inJob)); d["trees"] != 0.0 {
		t.Fatalf("job dashboard before adding %v", d)
	}
	wantStatus(t, w.manager.do("POST", w.url("/api/content/job/add-list"), map[string]any{"job": job, "ids": []string{first["id"].(string)}}), http.StatusOK)
	if n := total(inJob); n != 1 {
		t.Fatalf("job total after adding %v", n)
	}
	if d := dashboard(mustJSON(t, inJob)); d["trees"] != 1.0 {
		t.Fatalf("job dashboard after adding %v", d)
	}
}

// TestPageWithTotalLater: with total_later the page comes at once and the total only when it is
// known already; the count goes on after the answer, and the next question finds it. A write
// makes the total unknown again.
func TestPageWithTotalLater(t *testing.T) {
	t.Parallel()
	_, w := newTreeWorld(t)
	for i := 0; i < 3; i++ {
		w.createTree(t, w.editor, map[string]any{"geom": point(9.43+float64(i)*0.001, 54.78), "vitality": i})
	}
	filter := map[string]any{"conditions": []any{map[string]any{"field": "vitality", "op": "gte", "value": 1}}}
	page := func(later bool) map[string]any {
		t.Helper()
		r := w.reader.do("POST", w.url("/api/content/data"), map[string]any{"filter": filter, "limit": 10, "total_later": later})
		wantStatus(t, r, http.StatusOK)
		return r.json(t)
	}
	first := page(true)
	if first["total"] != nil || len(first["items"].([]any)) != 2 {
		t.Fatalf("first page with total_later: total %v, %d items", first["total"], len(first["items"].([]any)))
	}
	if got := page(false); got["total"] != 2.0 {
		t.Fatalf("total asked for: %v", got["total"])
	}
	if got := page(true); got["total"] != 2.0 {
		t.Fatalf("total_later once counted: %v", got["total"])
	}
	w.createTree(t, w.editor, map[string]any{"geom": point(9.44, 54.78), "vitality": 2})
	if got := page(true); got["total"] != nil || len(got["items"].([]any)) != 3 {
		t.Fatalf("total_later after a write: total %v, %d items", got["total"], len(got["items"].([]any)))
	}
	if got := page(false); got["total"] != 3.0 {
		t.Fatalf("total after a write: %v", got["total"])
	}
}
