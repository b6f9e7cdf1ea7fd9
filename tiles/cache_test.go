package tiles

import (
	"bytes"
	"compress/gzip"
	"io"
	"testing"
)

func TestCacheKeepsToItsBudget(t *testing.T) {
	c := NewCache[*Tile](1000)
	tile := func(n int) *Tile { return &Tile{Gzip: make([]byte, n), ETag: `"x"`} }
	c.Put("a", tile(300))
	c.Put("b", tile(300))
	if _, ok := c.Get("a"); !ok { // a is now the most recently used
		t.Fatal("a missing")
	}
	c.Put("c", tile(300)) // over budget: b, the least recently used, goes
	if _, ok := c.Get("b"); ok {
		t.Fatal("b should have been dropped")
	}
	if _, ok := c.Get("a"); !ok {
		t.Fatal("a dropped although used recently")
	}
	if c.Used() > 1000 {
		t.Fatalf("used %d of 1000", c.Used())
	}
	c.Put("huge", tile(5000))
	if _, ok := c.Get("huge"); ok {
		t.Fatal("a tile larger than the budget was kept")
	}
	c.Put("a", tile(100)) // replacing an entry counts its new size only
	if c.Used() != (100+3+64)+(300+3+64) {
		t.Fatalf("used %d after replacing", c.Used())
	}
}

func TestCompressKeepsTheTileAndTagsIt(t *testing.T) {
	mvt := bytes.Repeat([]byte("tree"), 1000)
	a, err := compress(mvt, 1)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := compress(append([]byte(nil), mvt...), 2)
	other, _ := compress([]byte("group"), 1)
	if a.ETag != b.ETag || a.ETag == other.ETag || a.Raw != len(mvt) || len(a.Gzip) >= len(mvt) {
		t.Fatalf("etags %s %s %s, raw %d, gzip %d", a.ETag, b.ETag, other.ETag, a.Raw, len(a.Gzip))
	}
	zr, err := gzip.NewReader(bytes.NewReader(a.Gzip))
	if err != nil {
		t.Fatal(err)
	}
	back, _ := io.ReadAll(zr)
	if !bytes.Equal(back, mvt) {
		t.Fatal("the compressed tile does not give back the tile")
	}
	if err := CheckTile(0, 0, 0); err != nil {
		t.Fatal(err)
	}
	for _, bad := range [][3]int{{-1, 0, 0}, {23, 0, 0}, {2, 4, 0}, {2, 0, 4}, {2, -1, 0}} {
		if CheckTile(bad[0], bad[1], bad[2]) == nil {
			t.Errorf("tile %v accepted", bad)
		}
	}
}
