package api

import (
	"net/http"
	"testing"
)

// groupUnits is what a group of geometry g counts against the tree data package (sql/085_packages.sql).
func groupUnits(t *testing.T, e *env, g map[string]any) int {
	t.Helper()
	return e.count(t, `SELECT arbor_tree_units(false, ST_Area(ST_GeomFromGeoJSON($1)::geography))`, mustJSON(t, g))
}

// TestTreePackageGroupRedrawn: a group redrawn bigger counts more and is refused with 'tree
// package full' when the package cannot hold the new count — accepted at exactly the limit,
// refused one past it, nothing changed then; redrawn smaller or to the same size it always
// passes, even in a package that is over its limit.
func TestTreePackageGroupRedrawn(t *testing.T) {
	t.Parallel()
	e, w := newTreeWorld(t)
	small, big, bigger := square(9.431, 54.781, 0.0005), square(9.431, 54.781, 0.001), square(9.431, 54.781, 0.0012)
	uSmall, uBig, uBigger := groupUnits(t, e, small), groupUnits(t, e, big), groupUnits(t, e, bigger)
	if uSmall >= uBig || uBig >= uBigger {
		t.Fatalf("squares count %d, %d, %d", uSmall, uBig, uBigger)
	}
	w.createTree(t, w.editor, map[string]any{"number": 1})
	g := w.createTree(t, w.editor, map[string]any{"geom": small, "number": 2})
	units := func() int { return e.count(t, `SELECT tree_units FROM organisation WHERE id = $1`, w.org) }
	if n := units(); n != 1+uSmall {
		t.Fatalf("a tree and a group of %d count %d", uSmall, n)
	}
	redraw := func(geom map[string]any) *resp {
		t.Helper()
		cur := w.editor.do("GET", w.url("/api/content/tree/"+g["id"].(string)), nil)
		wantStatus(t, cur, http.StatusOK)
		return w.editor.do("PUT", w.url("/api/content/tree/"+g["id"].(string)),
			map[string]any{"version": cur.json(t)["version"], "geom": geom}, header("Accept-Language", "en"))
	}

	// Exactly at the limit: the bigger group fits and is counted.
	e.exec(t, `UPDATE organisation SET max_object = $2 WHERE id = $1`, w.org, 1+uBig)
	wantStatus(t, redraw(big), http.StatusOK)
	if n := units(); n != 1+uBig {
		t.Fatalf("redrawn to %d units the count is %d", uBig, n)
	}
	// One past it: refused, the group and the count stay.
	wantError(t, redraw(bigger), http.StatusConflict, "conflict", treesFull)
	if n := units(); n != 1+uBig {
		t.Fatalf("after the refused redraw the count is %d", n)
	}
	if n := e.count(t, `SELECT arbor_tree_units(false, area) FROM tree WHERE id = $1`, g["id"]); n != uBig {
		t.Fatalf("the refused redraw changed the group to %d units", n)
	}
	// The package made too small (over its limit): the same size moved elsewhere and a smaller
	// group pass, a bigger one does not.
	e.exec(t, `UPDATE organisation SET max_object = 1 WHERE id = $1`, w.org)
	wantStatus(t, redraw(square(9.4312, 54.7812, 0.001)), http.StatusOK)
	wantStatus(t, redraw(small), http.StatusOK)
	if n := units(); n != 1+uSmall {
		t.Fatalf("shrunk, the count is %d", n)
	}
	wantError(t, redraw(big), http.StatusConflict, "conflict", treesFull)
	if n := e.count(t, `SELECT tree_units - (SELECT sum(arbor_tree_units(single_tree, area)) FROM tree WHERE organisation_id = $1)
		FROM organisation WHERE id = $1`, w.org); n != 0 {
		t.Fatalf("the kept count differs from the objects by %d", n)
	}
}

// TestTreePackageConcurrentRedraws: ten groups redrawn bigger at the same moment against a
// package with room for exactly three of them: three pass, seven are refused, the count ends at
// the limit.
func TestTreePackageConcurrentRedraws(t *testing.T) {
	t.Parallel()
	e, w := newTreeWorld(t)
	const size, grown = 0.0005, 0.001
	groups := make([]map[string]any, 10)
	for i := range groups {
		groups[i] = w.createTree(t, w.editor, map[string]any{"geom": square(9.43+float64(i)*0.002, 54.78, size), "number": 10 + i})
	}
	start := e.count(t, `SELECT tree_units FROM organisation WHERE id = $1`, w.org)
	growth := groupUnits(t, e, square(9.43, 54.78, grown)) - groupUnits(t, e, square(9.43, 54.78, size))
	e.exec(t, `UPDATE organisation SET max_object = $2 WHERE id = $1`, w.org, start+3*growth)
	status, counts := concurrently(len(groups), func(i int) *resp {
		return w.editor.do("PUT", w.url("/api/content/tree/"+groups[i]["id"].(string)),
			map[string]any{"version": groups[i]["version"], "geom": square(9.43+float64(i)*0.002, 54.78, grown)})
	})
	if counts[http.StatusOK] != 3 || counts[http.StatusConflict] != 7 {
		t.Fatalf("redrawn %d, refused %d: %v", counts[http.StatusOK], counts[http.StatusConflict], status)
	}
	if n := e.count(t, `SELECT tree_units FROM organisation WHERE id = $1`, w.org); n != start+3*growth {
		t.Fatalf("the count is %d, the limit %d", n, start+3*growth)
	}
}
