package tiles

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"testing"
	"time"

	"arbor/store"

	"github.com/cespare/xxhash/v2"
)

func TestCacheKeepsToItsBudget(t *testing.T) {
	c := NewCache[*Tile](1000)
	tile := func(n int) *Tile { return &Tile{Body: make([]byte, n), ETag: `"x"`} }
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
	if a.ETag != b.ETag || a.ETag == other.ETag || a.Raw != len(mvt) || !a.Gzip || len(a.Body) >= len(mvt) {
		t.Fatalf("etags %s %s %s, raw %d, gzip %d", a.ETag, b.ETag, other.ETag, a.Raw, len(a.Body))
	}
	// The tag is the content's xxHash and length, as it always was (clients keep them).
	if want := fmt.Sprintf(`"%016x-%x"`, xxhash.Sum64(mvt), len(mvt)); a.ETag != want {
		t.Fatalf("etag %s, want %s", a.ETag, want)
	}
	if e, _ := compress([]byte{1}, 1); e.ETag != fmt.Sprintf(`"%016x-%x"`, xxhash.Sum64([]byte{1}), 1) {
		t.Fatalf("etag %s", e.ETag)
	}
	// A small tile is kept as it is (compressing it would cost more than it saves).
	if other.Gzip || string(other.Body) != "group" {
		t.Fatalf("small tile %+v", other)
	}
	small, _ := compress(bytes.Repeat([]byte("t"), SmallTile), 1)
	big, _ := compress(bytes.Repeat([]byte("t"), SmallTile+1), 1)
	if small.Gzip || !big.Gzip {
		t.Fatalf("gzip at the threshold: %v, above: %v", small.Gzip, big.Gzip)
	}
	zr, err := gzip.NewReader(bytes.NewReader(a.Body))
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

// TestKeys: a tile's cache key tells apart whatever makes two people see different tiles.
func TestKeys(t *testing.T) {
	day := time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)
	s := New(nil, nil, 0, func() time.Time { return day })
	sc := store.Content{OrganisationID: "o", ProjectID: "p"}
	limited := sc
	limited.Limit = &store.Filter{Conditions: []store.Condition{{Field: "vitality", Op: "eq", Value: json.RawMessage("1")}}}
	filter := &store.Filter{State: "felled"}
	key := func(sc store.Content, rev int64, layer string, z, x, y int, f *store.Filter) string {
		k, err := s.key(sc, rev, layer, z, x, y, f)
		if err != nil {
			t.Fatal(err)
		}
		return k
	}
	base := key(sc, 3, "trees", 18, 1, 2, nil)
	if base != "p/3/2026-11-25/stock/trees/18/1/2" || key(sc, 3, "trees", 18, 1, 2, nil) != base {
		t.Fatalf("key %s", base)
	}
	seen := map[string]string{base: "base"}
	for name, k := range map[string]string{
		"revision": key(sc, 4, "trees", 18, 1, 2, nil),
		"layer":    key(sc, 3, "works", 18, 1, 2, nil),
		"tile":     key(sc, 3, "trees", 18, 2, 1, nil),
		"zoom":     key(sc, 3, "trees", 1, 18, 2, nil),
		"filter":   key(sc, 3, "trees", 18, 1, 2, filter),
		"empty":    key(sc, 3, "trees", 18, 1, 2, &store.Filter{}),
		"limit":    key(limited, 3, "trees", 18, 1, 2, nil),
		"both":     key(limited, 3, "trees", 18, 1, 2, filter),
	} {
		if other, ok := seen[k]; ok {
			t.Fatalf("%s and %s share the key %s", name, other, k)
		}
		seen[k] = name
	}
	day = day.Add(24 * time.Hour)
	if key(sc, 3, "trees", 18, 1, 2, nil) == base {
		t.Fatal("the key does not change with the day")
	}
}
