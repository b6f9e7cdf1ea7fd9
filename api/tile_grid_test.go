package api

import (
	"testing"
)

// Below the detail zoom each cell of the grid carries the gravest class of its trees, theme by
// theme: a cell is never drawn as checked and safe while one of its trees was never inspected.
func TestTileGridGravestClass(t *testing.T) {
	t.Parallel()
	e, w := newTreeWorld(t)
	tree := func(lon float64, vitality int, next string) {
		tr := w.createTree(t, w.editor, map[string]any{"geom": point(lon, 54.78), "vitality": vitality})
		if next != "" {
			e.exec(t, "UPDATE tree SET check_next = current_date + $2::int WHERE id = $1", tr["id"], next)
		}
	}
	// Three cells about 4 km apart, all in one z10 tile. Days until the next inspection: +200 is
	// class 3, +30 class 1, -100 overdue (0), "" never inspected (4).
	tree(9.30, 0, "200")
	tree(9.3001, 3, "")
	tree(9.36, 1, "200")
	tree(9.3601, 0, "-100")
	tree(9.3602, 2, "")
	tree(9.42, 1, "200")
	tree(9.4201, 0, "30")

	x, y := tileOf(9.30, 54.78, 10)
	if x2, y2 := tileOf(9.42, 54.78, 10); x2 != x || y2 != y {
		t.Fatal("the cells are not in one tile")
	}
	_, layers := getTile(t, w.reader, w.project, "trees", 10, x, y)
	cells := layerNamed(layers, "trees")
	if cells == nil || len(cells.Features) != 3 {
		t.Fatalf("grid tile %v", cells)
	}
	// A cell is known by its count and its gravest vitality (the higher class is the graver).
	got := map[[2]float64]float64{}
	for _, f := range cells.Features {
		p := f.Properties
		got[[2]float64{p["count"].(float64), p["vitality"].(float64)}] = p["check_class"].(float64)
	}
	for cell, check := range map[[2]float64]float64{
		{2, 3}: 4, // checked and never inspected: never inspected, not checked
		{3, 2}: 0, // checked, overdue and never inspected: overdue
		{2, 1}: 1, // checked later and due soon: due
	} {
		if g, ok := got[cell]; !ok || g != check {
			t.Fatalf("cell (count, vitality) %v: check class %v, want %v (all %v)", cell, g, check, got)
		}
	}
}
