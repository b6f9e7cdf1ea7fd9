package api

import (
	"encoding/json"
	"net/http"
	"net/url"
	"testing"
)

func TestSavedFiltersAndValues(t *testing.T) {
	t.Parallel()
	e, w := newTreeWorld(t)
	for i, v := range []int{1, 2, 2, 3} {
		w.createTree(t, w.editor, map[string]any{"geom": point(9.43+float64(i)*0.001, 54.78), "vitality": v,
			"species": w.species, "symptoms": []string{"cavity"}, "general01": []string{"north", "south", "south", ""}[i]})
	}
	weak := map[string]any{"conditions": []any{map[string]any{"field": "vitality", "op": "gte", "value": 2}}}

	// A reader saves a filter of their own, but neither a project-wide one nor shares.
	r := w.reader.do("POST", w.url("/api/content/filters"), map[string]any{"name": "Weak trees", "filter": weak})
	wantStatus(t, r, http.StatusCreated)
	mine := r.json(t)
	if mine["mine"] != true || mine["project_wide"] != false {
		t.Fatalf("saved %v", mine)
	}
	r = w.reader.do("POST", w.url("/api/content/filters"), map[string]any{"name": "All weak", "filter": weak, "project_wide": true})
	wantFieldNames(t, wantError(t, r, http.StatusBadRequest, "invalid", ""), "project_wide")
	wantStatus(t, w.reader.do("POST", w.url("/api/content/filters/"+mine["id"].(string)+"/share"), map[string]any{"emails": w.members[2]}), http.StatusForbidden)
	// A bad filter is not saved.
	r = w.reader.do("POST", w.url("/api/content/filters"), map[string]any{"name": "Bad", "filter": map[string]any{"state": "lost"}})
	wantError(t, r, http.StatusBadRequest, "invalid", "")

	// An editor shares theirs with a member (and not with a stranger); the member sees it.
	r = w.editor.do("POST", w.url("/api/content/filters"), map[string]any{"name": "South", "filter": map[string]any{
		"conditions": []any{map[string]any{"field": "general01", "op": "eq", "value": "south"}}}})
	wantStatus(t, r, http.StatusCreated)
	south := r.json(t)["id"].(string)
	r = w.editor.do("POST", w.url("/api/content/filters/"+south+"/share"), map[string]any{"emails": w.members[3] + ", " + w.outsider})
	m := wantError(t, r, http.StatusBadRequest, "invalid", "")
	wantFieldNames(t, m, "emails")
	r = w.editor.do("POST", w.url("/api/content/filters/"+south+"/share"), map[string]any{"emails": w.members[3]})
	wantStatus(t, r, http.StatusOK)
	if sw := r.json(t)["shared_with"].([]any); len(sw) != 1 {
		t.Fatalf("shared with %v", sw)
	}
	careList := w.care.do("GET", w.url("/api/content/filters"), nil).json(t)["items"].([]any)
	if len(careList) != 1 || careList[0].(map[string]any)["name"] != "South" {
		t.Fatalf("care sees %v", careList)
	}
	// The shared filter gives the care member the same count as its owner.
	f := careList[0].(map[string]any)["filter"]
	q := w.url("/api/content/trees?filter=" + url.QueryEscape(mustJSON(t, f)))
	if a, b := w.care.do("GET", q, nil).json(t)["total"], w.editor.do("GET", q, nil).json(t)["total"]; a != 2.0 || b != 2.0 {
		t.Fatalf("counts care %v, editor %v; want 2", a, b)
	}
	// Only the owner changes it; a manager saves project-wide ones everybody sees.
	wantStatus(t, w.care.do("DELETE", w.url("/api/content/filters/"+south), nil), http.StatusForbidden)
	r = w.manager.do("POST", w.url("/api/content/filters"), map[string]any{"name": "Weak (all)", "filter": weak, "project_wide": true})
	wantStatus(t, r, http.StatusCreated)
	if l := w.reader.do("GET", w.url("/api/content/filters"), nil).json(t)["items"].([]any); len(l) != 2 {
		t.Fatalf("reader sees %d filters, want own + project-wide", len(l))
	}
	r = w.editor.do("PUT", w.url("/api/content/filters/"+south), map[string]any{"name": "South side", "filter": map[string]any{}, "version": 1})
	wantStatus(t, r, http.StatusOK)
	wantStatus(t, w.editor.do("PUT", w.url("/api/content/filters/"+south), map[string]any{"name": "x", "filter": map[string]any{}, "version": 1}), http.StatusConflict)
	wantStatus(t, w.editor.do("DELETE", w.url("/api/content/filters/"+south), nil), http.StatusNoContent)

	// Values for pickers, most frequent first, with species names.
	r = w.reader.do("GET", w.url("/api/content/filter-values?field=general01"), nil)
	wantStatus(t, r, http.StatusOK)
	items := r.json(t)["items"].([]any)
	if len(items) != 2 || items[0].(map[string]any)["value"] != "south" || items[0].(map[string]any)["count"] != 2.0 {
		t.Fatalf("general01 values %v", items)
	}
	r = w.reader.do("GET", w.url("/api/content/filter-values?field=species"), nil)
	if items := r.json(t)["items"].([]any); len(items) != 1 || items[0].(map[string]any)["label"] != "Tilia cordata "+t.Name() {
		t.Fatalf("species values %v", items)
	}
	r = w.reader.do("GET", w.url("/api/content/filter-values?field=symptoms"), nil)
	if items := r.json(t)["items"].([]any); len(items) != 1 || items[0].(map[string]any)["count"] != 4.0 {
		t.Fatalf("symptom values %v", items)
	}
	wantError(t, w.reader.do("GET", w.url("/api/content/filter-values?field=password"), nil), http.StatusBadRequest, "invalid", "")

	// The data table: the same filter as a POST, sorted by any column.
	r = w.reader.do("POST", w.url("/api/content/data"), map[string]any{"filter": weak, "sort": []string{"-vitality", "general01"}, "limit": 2})
	wantStatus(t, r, http.StatusOK)
	page := r.json(t)
	if page["total"] != 3.0 || len(page["items"].([]any)) != 2 || page["items"].([]any)[0].(map[string]any)["vitality"] != 3.0 {
		t.Fatalf("data page %v", page)
	}
	wantFieldNames(t, wantError(t, w.reader.do("POST", w.url("/api/content/data"), map[string]any{"sort": []string{"symptoms"}}), http.StatusBadRequest, "invalid", ""), "sort")

	// News: the latest changes, newest first, for members with the whole project.
	news := w.reader.do("GET", "/api/content/news?limit=3", nil).json(t)["items"].([]any)
	if len(news) != 3 || news[0].(map[string]any)["projectName"] != "Park" {
		t.Fatalf("news %v", news)
	}
	// Narrowed to one project: this one's, and none of a project one may not read.
	if n := w.reader.do("GET", "/api/content/news?limit=3&project="+w.project, nil).json(t)["items"].([]any); len(n) != 3 {
		t.Fatalf("project news %v", n)
	}
	e.insertID(t, `INSERT INTO tree (organisation_id, project_id, geom, number) VALUES ($1, $2, ST_SetSRID(ST_MakePoint(9, 54), 4326), 1) RETURNING id::text`, w.org, w.quiet)
	if n := w.reader.do("GET", "/api/content/news?project="+w.quiet, nil).json(t)["items"].([]any); len(n) != 0 {
		t.Fatalf("news of a project without access %v", n)
	}
	outsiderNews := e.login(t, w.outsider, testPassword).do("GET", "/api/content/news", nil).json(t)["items"].([]any)
	if len(outsiderNews) != 0 {
		t.Fatalf("an outsider reads %d news of the project", len(outsiderNews))
	}

	// The dashboard counts what the filter shows: all four, or the three weak ones.
	d := w.reader.do("GET", w.url("/api/content/dashboard/project"), nil).json(t)
	if d["trees"] != 4.0 || d["vitality"].(map[string]any)["2"] != 2.0 || d["checks"].(map[string]any)["never"] != 4.0 {
		t.Fatalf("dashboard %v", d)
	}
	d = w.reader.do("GET", w.url("/api/content/dashboard/project?filter="+url.QueryEscape(mustJSON(t, weak))), nil).json(t)
	if d["trees"] != 3.0 || d["vitality"].(map[string]any)["1"] != 0.0 {
		t.Fatalf("filtered dashboard %v", d)
	}
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
