package api

import (
	"net/http"
	"net/url"
	"strconv"
	"testing"
)

// districtTrees is a tree world with a tree inside the district square(9.42, 54.77, 0.02), and
// one outside it with a work.
func (e *env) districtTrees(t *testing.T) (w *treeWorld, inside, outside map[string]any) {
	t.Helper()
	w = e.buildTreeWorld(t)
	inside = w.createTree(t, w.editor, map[string]any{"geom": point(9.4301, 54.7801), "number": 1})
	outside = w.createTree(t, w.editor, map[string]any{"geom": point(9.5001, 54.8001), "number": 2})
	w.addWork(t, w.care, outside["id"].(string), w.felling, nil)
	return w, inside, outside
}

// TestAccessLimitedByFilter: a member limited to a district never reads or writes past it — in
// the list, one by one, in history, works, tiles, archive and mass edit — and widening the limit
// gives the whole project back.
func TestAccessLimitedByFilter(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	w, inside, outside := e.districtTrees(t)
	district := map[string]any{"geometry": square(9.42, 54.77, 0.02)}

	// Limits are set by management, by user id; a bad filter is refused.
	editorID := e.userID(t, w.members[2])
	readerID := e.userID(t, w.members[1])
	base := "/api/management/project/" + w.project + "/users/"
	r := w.manager.do("PUT", base+editorID+"/limit", map[string]any{"name": "North", "filter": map[string]any{"conditions": []any{map[string]any{"field": "nope", "op": "eq", "value": 1}}}})
	wantError(t, r, http.StatusBadRequest, "invalid", "")
	wantStatus(t, w.editor.do("PUT", base+readerID+"/limit", map[string]any{"name": "North", "filter": district}), http.StatusForbidden)
	for _, id := range []string{editorID, readerID} {
		r = w.manager.do("PUT", base+id+"/limit", map[string]any{"name": "North", "filter": district})
		wantStatus(t, r, http.StatusOK)
	}
	members := w.manager.do("GET", base[:len(base)-1], nil).json(t)["items"].([]any)
	limited := 0
	for _, m := range members {
		if m.(map[string]any)["limit_name"] == "North" {
			limited++
		}
	}
	if limited != 2 {
		t.Fatalf("members list shows %d limited members, want 2: %v", limited, members)
	}

	out := outside["id"].(string)
	list := w.reader.do("GET", w.url("/api/content/trees"), nil).json(t)
	if list["total"] != 1.0 {
		t.Fatalf("limited reader lists %v trees, want 1", list["total"])
	}
	// The project's own figures, in the project and in the list of projects, count within the limit.
	if n := w.reader.do("GET", "/api/management/project/"+w.project, nil).json(t)["tree_count"]; n != 1.0 {
		t.Fatalf("the limited reader's project counts %v trees, want 1", n)
	}
	for _, p := range w.reader.do("GET", "/api/management/project-list", nil).json(t)["items"].([]any) {
		if p := p.(map[string]any); p["id"] == w.project && p["tree_count"] != 1.0 {
			t.Fatalf("the limited reader's project list counts %v trees, want 1", p["tree_count"])
		}
	}
	if n := w.manager.do("GET", "/api/management/project/"+w.project, nil).json(t)["tree_count"]; n != 2.0 {
		t.Fatalf("the manager's project counts %v trees, want 2", n)
	}
	// Even a filter that names the outside tree's id finds nothing.
	r = w.reader.do("GET", w.url("/api/content/trees?filter="+url.QueryEscape(`{"ids":["`+out+`"],"state":"all"}`)), nil)
	if n := r.json(t)["total"]; n != 0.0 {
		t.Fatalf("filter by id reached past the limit: %v", n)
	}
	for _, path := range []string{"/api/content/tree/" + out, "/api/content/tree/" + out + "/checks", "/api/content/tree/" + out + "/actions",
		"/api/content/tree-hist?tree=" + out, "/api/content/tree/" + fmtNumber(outside["fid"])} {
		wantStatus(t, w.reader.do("GET", w.url(path), nil), http.StatusNotFound)
	}
	x, y := tileOf(9.5001, 54.8001, 16)
	_, layers := getTile(t, w.reader, w.project, "trees", 16, x, y)
	if l := layerNamed(layers, "trees"); l != nil && len(l.Features) > 0 {
		t.Fatalf("the tile shows %d trees outside the limit", len(l.Features))
	}
	_, layers = getTile(t, w.manager, w.project, "trees", 16, x, y)
	if l := layerNamed(layers, "trees"); l == nil || len(l.Features) != 1 {
		t.Fatal("the unlimited manager does not see the outside tree")
	}

	// Writes: not outside, not out of the district, and selections stop at the border.
	wantStatus(t, w.editor.do("PUT", w.url("/api/content/tree/"+out), map[string]any{"version": 1, "height": 3}), http.StatusNotFound)
	r = w.editor.do("POST", w.url("/api/content/tree"), map[string]any{"geom": point(9.6, 54.9)})
	wantError(t, r, http.StatusForbidden, "forbidden", "")
	r = w.editor.do("PUT", w.url("/api/content/tree/"+inside["id"].(string)), map[string]any{"version": 1, "geom": point(9.6, 54.9)})
	wantError(t, r, http.StatusForbidden, "forbidden", "")
	if n := e.count(t, `SELECT count(*) FROM tree WHERE project_id = $1`, w.project); n != 2 {
		t.Fatalf("a refused write left %d trees", n)
	}
	r = w.editor.do("PUT", w.url("/api/content/archive"), map[string]any{"ids": []string{inside["id"].(string), out}, "archive": true})
	wantStatus(t, r, http.StatusOK)
	if n := r.json(t)["changed"]; n != 1.0 {
		t.Fatalf("archive across the border changed %v", n)
	}
	wantStatus(t, w.editor.do("POST", w.url("/api/content/tree/"+out+"/fell"), map[string]any{"version": 1}), http.StatusNotFound)

	// Widened again: the whole project.
	wantStatus(t, w.manager.do("PUT", base+readerID+"/limit", map[string]any{"filter": nil}), http.StatusOK)
	if n := w.reader.do("GET", w.url("/api/content/trees?state=all"), nil).json(t)["total"]; n != 2.0 {
		t.Fatalf("after widening the reader sees %v trees", n)
	}
}

func fmtNumber(v any) string {
	f, _ := v.(float64)
	return strconv.FormatInt(int64(f), 10)
}
