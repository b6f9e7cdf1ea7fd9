package api

import (
	"net/http"
	"testing"
)

// TestArchiveFilteredView: management archives everything a filter shows and nothing else, and
// activates it again through the archived view; editors may not; a bad filter names its part.
func TestArchiveFilteredView(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	w := e.buildTreeWorld(t)
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

	r = w.manager.do("PUT", w.url("/api/content/archive-filter"), map[string]any{"filter": weak, "archive": true})
	wantStatus(t, r, http.StatusOK)
	if n := r.json(t)["changed"]; n != 2.0 {
		t.Fatalf("archived %v, want 2", n)
	}
	if n := w.reader.do("GET", w.url("/api/content/trees"), nil).json(t)["total"]; n != 2.0 {
		t.Fatalf("stock after archiving the view: %v, want 2", n)
	}
	if n := w.reader.do("GET", w.url("/api/content/trees?state=archived"), nil).json(t)["total"]; n != 2.0 {
		t.Fatalf("archived: %v, want 2", n)
	}
	// The same filter on the stock finds nothing more to archive.
	r = w.manager.do("PUT", w.url("/api/content/archive-filter"), map[string]any{"filter": weak, "archive": true})
	if n := r.json(t)["changed"]; n != 0.0 {
		t.Fatalf("archived again %v, want 0", n)
	}
	// Activating the archived view brings them back.
	archived := map[string]any{"state": "archived"}
	r = w.manager.do("PUT", w.url("/api/content/archive-filter"), map[string]any{"filter": archived, "archive": false})
	wantStatus(t, r, http.StatusOK)
	if n := r.json(t)["changed"]; n != 2.0 {
		t.Fatalf("activated %v, want 2", n)
	}
	if n := w.reader.do("GET", w.url("/api/content/trees"), nil).json(t)["total"]; n != 4.0 {
		t.Fatalf("stock after activating: %v, want 4", n)
	}
}
