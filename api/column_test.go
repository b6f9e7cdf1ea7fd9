package api

import (
	"net/http"
	"reflect"
	"testing"
)

func TestTableColumnsPerPerson(t *testing.T) {
	t.Parallel()
	e, w := newWorld(t)
	reader := e.login(t, w.members[1], testPassword)
	manager := e.login(t, w.members[0], testPassword)
	path := "/api/content/table-columns?project=" + w.project

	// Never arranged: null, so the app shows its default.
	r := reader.do("GET", path, nil)
	wantStatus(t, r, http.StatusOK)
	if got := r.json(t)["columns"]; got != nil {
		t.Fatalf("columns before any were kept: %v", got)
	}

	// A reader may keep columns: they change nothing anybody else sees.
	mine := []any{
		map[string]any{"colId": "species", "hide": false, "width": 300.0, "pinned": "left"},
		map[string]any{"colId": "number", "hide": true, "width": 90.0, "pinned": nil},
		map[string]any{"colId": "general01", "hide": false, "pinned": nil},
	}
	wantStatus(t, reader.do("PUT", path, map[string]any{"columns": mine}), http.StatusOK)
	r = reader.do("GET", path, nil)
	wantStatus(t, r, http.StatusOK)
	if got := r.json(t)["columns"]; !reflect.DeepEqual(got, mine) {
		t.Fatalf("kept columns\n got %v\nwant %v", got, mine)
	}
	// Kept again, replaced.
	mine = mine[:2]
	wantStatus(t, reader.do("PUT", path, map[string]any{"columns": mine}), http.StatusOK)
	if got := reader.do("GET", path, nil).json(t)["columns"]; !reflect.DeepEqual(got, mine) {
		t.Fatalf("replaced columns\n got %v\nwant %v", got, mine)
	}

	// Per person: the manager of the same project has none.
	if got := manager.do("GET", path, nil).json(t)["columns"]; got != nil {
		t.Fatalf("another member sees the reader's columns: %v", got)
	}
	// Per project: the reader is no member of the quiet project.
	wantStatus(t, reader.do("GET", "/api/content/table-columns?project="+w.quiet, nil), http.StatusNotFound)
	wantStatus(t, reader.do("PUT", "/api/content/table-columns?project="+w.quiet, map[string]any{"columns": mine}), http.StatusNotFound)

	// What the app could not have sent is refused, naming the columns, and nothing is written.
	for name, cols := range map[string]any{
		"none":        []any{},
		"missing":     nil,
		"bad name":    []any{map[string]any{"colId": "drop table"}},
		"twice":       []any{map[string]any{"colId": "number"}, map[string]any{"colId": "number"}},
		"narrow":      []any{map[string]any{"colId": "number", "width": 5}},
		"wide":        []any{map[string]any{"colId": "number", "width": 5000}},
		"pinned":      []any{map[string]any{"colId": "number", "pinned": "top"}},
		"width text":  []any{map[string]any{"colId": "number", "width": "wide"}},
		"not a list":  map[string]any{"colId": "number"},
		"hide number": []any{map[string]any{"colId": "number", "hide": 1}},
	} {
		r := reader.do("PUT", path, map[string]any{"columns": cols})
		if r.StatusCode != http.StatusBadRequest {
			t.Fatalf("%s: status %d, want 400", name, r.StatusCode)
		}
	}
	m := wantError(t, reader.do("PUT", path, map[string]any{"columns": []any{map[string]any{"colId": "x y"}}}), http.StatusBadRequest, "invalid", "")
	wantFieldNames(t, m, "columns")
	if got := reader.do("GET", path, nil).json(t)["columns"]; !reflect.DeepEqual(got, mine) {
		t.Fatalf("a refused change was written: %v", got)
	}
}
