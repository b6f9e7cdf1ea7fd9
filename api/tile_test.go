package api

import (
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"math"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"arbor/tiles"

	"github.com/paulmach/orb/encoding/mvt"
)

// tileOf is the x/y of the tile holding lon/lat at zoom z.
func tileOf(lon, lat float64, z int) (int, int) {
	n := math.Exp2(float64(z))
	x := int((lon + 180) / 360 * n)
	r := lat * math.Pi / 180
	y := int((1 - math.Log(math.Tan(r)+1/math.Cos(r))/math.Pi) / 2 * n)
	return x, y
}

// getTile fetches and decodes a tile; it also answers the raw response for header checks.
func getTile(t *testing.T, b *browser, project, layer string, z, x, y int, opts ...reqOpt) (*resp, mvt.Layers) {
	t.Helper()
	path := "/api/tiles/" + project + "/" + layer + "/" + strconv.Itoa(z) + "/" + strconv.Itoa(x) + "/" + strconv.Itoa(y) + ".mvt"
	opts = append([]reqOpt{header("Accept-Encoding", "gzip")}, opts...)
	r := b.do("GET", path, nil, opts...)
	if r.StatusCode != http.StatusOK {
		return r, nil
	}
	if r.Header.Get("Content-Type") != "application/vnd.mapbox-vector-tile" {
		t.Fatalf("tile headers %v", r.Header)
	}
	// Small tiles come as they are, bigger ones gzip-compressed.
	raw := r.body
	if r.Header.Get("Content-Encoding") == "gzip" {
		zr, err := gzip.NewReader(bytes.NewReader(r.body))
		if err != nil {
			t.Fatal(err)
		}
		if raw, err = io.ReadAll(zr); err != nil {
			t.Fatal(err)
		}
		if len(raw) <= tiles.SmallTile {
			t.Fatalf("a small tile (%d bytes) was compressed", len(raw))
		}
	} else if r.Header.Get("Content-Encoding") != "" || len(raw) > tiles.SmallTile {
		t.Fatalf("a tile of %d bytes sent as %q", len(raw), r.Header.Get("Content-Encoding"))
	}
	layers, err := mvt.Unmarshal(raw)
	if err != nil {
		t.Fatalf("not a vector tile: %v", err)
	}
	return r, layers
}

func layerNamed(layers mvt.Layers, name string) *mvt.Layer {
	for _, l := range layers {
		if l.Name == name {
			return l
		}
	}
	return nil
}

func TestTiles(t *testing.T) {
	t.Parallel()
	e, w := newTreeWorld(t)
	tr := w.createTree(t, w.editor, map[string]any{"geom": point(9.4301, 54.7801), "number": 7, "vitality": 2})
	w.createTree(t, w.editor, map[string]any{"geom": point(9.4302, 54.7802), "number": 8})
	w.createTree(t, w.editor, map[string]any{"geom": square(9.4310, 54.7810, 0.0005), "tree_count": 12})
	w.addWork(t, w.care, tr["id"].(string), w.felling, nil)

	// TileJSON names the tile URL with the current revision and the extent.
	r := w.reader.do("GET", "/api/tiles/"+w.project+"/trees.json", nil)
	wantStatus(t, r, http.StatusOK)
	tj := r.json(t)
	tileURL := tj["tiles"].([]any)[0].(string)
	if !strings.Contains(tileURL, "/api/tiles/"+w.project+"/trees/{z}/{x}/{y}.mvt?rev=") || tj["bounds"] == nil {
		t.Fatalf("tilejson %v", tj)
	}

	// Below the labels' zoom the trees carry what styling needs, not their numbers.
	x, y := tileOf(9.4301, 54.7801, 16)
	r, layers := getTile(t, w.reader, w.project, "trees", 16, x, y)
	wantStatus(t, r, http.StatusOK)
	if trees := layerNamed(layers, "trees"); trees == nil || len(trees.Features) != 2 ||
		trees.Features[0].Properties["number"] != nil || trees.Features[0].Properties["safety"] == nil {
		t.Fatalf("trees below the labels' zoom %v", trees)
	}

	// Detail at the labels' zoom: every tree with its attributes; the feature id is compact.
	x, y = tileOf(9.4301, 54.7801, 17)
	r, layers = getTile(t, w.reader, w.project, "trees", 17, x, y)
	wantStatus(t, r, http.StatusOK)
	trees := layerNamed(layers, "trees")
	if trees == nil || len(trees.Features) != 2 {
		t.Fatalf("trees layer %v", layers)
	}
	var seven map[string]any
	for _, f := range trees.Features {
		if f.Properties["number"] == float64(7) {
			seven = f.Properties
			if f.ID == nil {
				t.Fatal("feature without id")
			}
		}
	}
	if seven == nil || seven["safety"] != float64(3) || seven["vitality"] != float64(2) {
		t.Fatalf("tree 7 in the tile: %v", seven)
	}
	// A click on the map names the feature id; the tree is read by it.
	for _, f := range trees.Features {
		if f.Properties["number"] == float64(7) {
			byFID := w.reader.do("GET", w.url(fmt.Sprintf("/api/content/tree/%v", f.ID)), nil)
			wantStatus(t, byFID, http.StatusOK)
			if byFID.json(t)["id"] != tr["id"] {
				t.Fatal("feature id does not lead to the tree")
			}
		}
	}
	etag := r.Header.Get("ETag")

	// The same tile again is not sent again.
	r, _ = getTile(t, w.reader, w.project, "trees", 17, x, y, header("If-None-Match", etag))
	wantStatus(t, r, http.StatusNotModified)

	// An edit moves the revision: the tile changes, with a new ETag.
	wantStatus(t, w.editor.do("PUT", w.url("/api/content/tree/"+tr["id"].(string)), map[string]any{"version": tr["version"].(float64) + 0, "vitality": 4}), http.StatusOK)
	r, layers = getTile(t, w.reader, w.project, "trees", 17, x, y, header("If-None-Match", etag))
	wantStatus(t, r, http.StatusOK)
	if r.Header.Get("ETag") == etag {
		t.Fatal("the edited tile kept its ETag")
	}
	for _, f := range layerNamed(layers, "trees").Features {
		if f.Properties["number"] == float64(7) && f.Properties["vitality"] != float64(4) {
			t.Fatalf("stale tile after edit: %v", f.Properties)
		}
	}

	// The active filter narrows the tiles (and is part of the cache key).
	vital := `{"conditions":[{"field":"vitality","op":"eq","value":4}]}`
	r = w.reader.do("GET", "/api/tiles/"+w.project+"/trees/17/"+strconv.Itoa(x)+"/"+strconv.Itoa(y)+".mvt?filter="+url.QueryEscape(vital), nil)
	wantStatus(t, r, http.StatusOK)
	if r.Header.Get("ETag") == etag {
		t.Fatal("a filtered tile has the ETag of the unfiltered one")
	}
	r = w.reader.do("GET", "/api/tiles/"+w.project+"/trees/17/"+strconv.Itoa(x)+"/"+strconv.Itoa(y)+".mvt?filter="+url.QueryEscape(`{"conditions":[{"field":"x","op":"eq"}]}`), nil)
	wantError(t, r, http.StatusBadRequest, "invalid", "")

	// Groups are polygons; works sit on their tree.
	_, layers = getTile(t, w.reader, w.project, "groups", 17, x, y)
	if g := layerNamed(layers, "groups"); g == nil || len(g.Features) != 1 || g.Features[0].Geometry.GeoJSONType() != "Polygon" {
		t.Fatalf("groups layer %v", layers)
	}
	_, layers = getTile(t, w.reader, w.project, "works", 17, x, y)
	if wl := layerNamed(layers, "works"); wl == nil || len(wl.Features) != 1 || wl.Features[0].Properties["code"] != float64(3) {
		t.Fatalf("works layer %v", layers)
	}

	// Below the detail zoom: a grid of counts with the gravest safety of each cell.
	x, y = tileOf(9.4301, 54.7801, 10)
	_, layers = getTile(t, w.reader, w.project, "trees", 10, x, y)
	cells := layerNamed(layers, "trees")
	if cells == nil || len(cells.Features) != 1 || cells.Features[0].Properties["count"] != float64(2) || cells.Features[0].Properties["safety"] != float64(3) {
		t.Fatalf("grid tile %v", cells)
	}

	// A felled tree leaves the map.
	cur := w.reader.do("GET", w.url("/api/content/tree/"+tr["id"].(string)), nil).json(t)
	wantStatus(t, w.care.do("POST", w.url("/api/content/tree/"+tr["id"].(string)+"/fell"), map[string]any{"version": cur["version"]}), http.StatusOK)
	x, y = tileOf(9.4301, 54.7801, 16)
	_, layers = getTile(t, w.reader, w.project, "trees", 16, x, y)
	if l := layerNamed(layers, "trees"); l == nil || len(l.Features) != 1 {
		t.Fatalf("after felling %v", l)
	}

	// Bad requests.
	r, _ = getTile(t, w.reader, w.project, "trees", 3, 8, 0)
	wantError(t, r, http.StatusBadRequest, "invalid", "")
	r, _ = getTile(t, w.reader, w.project, "trees", 23, 0, 0)
	wantStatus(t, r, http.StatusBadRequest)
	r, _ = getTile(t, w.reader, w.project, "roads", 16, x, y)
	wantStatus(t, r, http.StatusNotFound)
	wantStatus(t, w.reader.do("GET", "/api/tiles/"+w.project+"/trees/1/2/abc.mvt", nil), http.StatusBadRequest)
	outsider := e.login(t, w.outsider, testPassword)
	r, _ = getTile(t, outsider, w.project, "trees", 16, x, y)
	wantStatus(t, r, http.StatusNotFound)
}

// newListeningEnv is an env whose server listens for notices, and so keeps its caches, until
// the test ends.
func newListeningEnv(t *testing.T) *env {
	t.Helper()
	e := newEnv(t)
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	go e.srv.Listen(ctx)
	waitFor(t, "listening", e.srv.Listening)
	return e
}

// TestTilesWithNotices: with the caches of a listening server, an edit still shows at once in
// the next tile, and a revoked session or access stops tiles within moments.
func TestTilesWithNotices(t *testing.T) {
	t.Parallel()
	e := newListeningEnv(t)
	w := e.buildTreeWorld(t)
	tr := w.createTree(t, w.editor, map[string]any{"geom": point(9.4301, 54.7801), "vitality": 1})
	x, y := tileOf(9.4301, 54.7801, 17)
	vitality := func(b *browser) any {
		_, layers := getTile(t, b, w.project, "trees", 17, x, y)
		if l := layerNamed(layers, "trees"); l != nil && len(l.Features) == 1 {
			return l.Features[0].Properties["vitality"]
		}
		return nil
	}
	if v := vitality(w.reader); v != float64(1) {
		t.Fatalf("vitality %v", v)
	}
	wantStatus(t, w.editor.do("PUT", w.url("/api/content/tree/"+tr["id"].(string)), map[string]any{"version": 1, "vitality": 3}), http.StatusOK)
	waitFor(t, "the edit in the tile", func() bool { return vitality(w.reader) == float64(3) })

	// Access revoked: the reader's tiles stop.
	e.exec(t, `DELETE FROM project_member WHERE project_id = $1 AND user_id = $2`, w.project, e.userID(t, w.members[1]))
	waitFor(t, "revoked access", func() bool {
		r, _ := getTile(t, w.reader, w.project, "trees", 17, x, y)
		return r.StatusCode == http.StatusNotFound
	})
	// Logged out: the editor's token (kept by a script, say) no longer opens tiles.
	script := e.bearerClient(w.editor.cookie(sessionCookie)).in(t)
	if r, _ := getTile(t, script, w.project, "trees", 17, x, y); r.StatusCode != http.StatusOK {
		t.Fatalf("token before logout: %d", r.StatusCode)
	}
	wantStatus(t, w.editor.do("POST", "/api/auth/logout", nil), http.StatusNoContent)
	waitFor(t, "revoked session", func() bool {
		r, _ := getTile(t, script, w.project, "trees", 17, x, y)
		return r.StatusCode == http.StatusUnauthorized
	})
}

// waitFor polls cond for up to five seconds: notices arrive within milliseconds, but they do
// arrive asynchronously.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("waited 5 s for %s", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestBigTilesAreCompressed: a tile above tiles.SmallTile is sent gzip-compressed to those who
// accept it and as it is to others, the same tile either way.
func TestBigTilesAreCompressed(t *testing.T) {
	t.Parallel()
	_, w := newTreeWorld(t)
	for i := 0; i < 64; i++ {
		w.createTree(t, w.editor, map[string]any{"geom": point(9.4401+float64(i%8)*0.00002, 54.7901+float64(i/8)*0.00002),
			"number": 100 + i, "vitality": i % 4})
	}
	x, y := tileOf(9.4401, 54.7901, 18)
	r, layers := getTile(t, w.reader, w.project, "trees", 18, x, y)
	wantStatus(t, r, http.StatusOK)
	if r.Header.Get("Content-Encoding") != "gzip" || r.Header.Get("Content-Length") != strconv.Itoa(len(r.body)) {
		t.Fatalf("a big tile: %v, %d bytes", r.Header, len(r.body))
	}
	if l := layerNamed(layers, "trees"); l == nil || len(l.Features) != 64 {
		t.Fatalf("trees %v", l)
	}
	plain := w.reader.do("GET", "/api/tiles/"+w.project+"/trees/18/"+strconv.Itoa(x)+"/"+strconv.Itoa(y)+".mvt", nil,
		header("Accept-Encoding", "identity"))
	wantStatus(t, plain, http.StatusOK)
	if plain.Header.Get("Content-Encoding") != "" || plain.Header.Get("ETag") != r.Header.Get("ETag") || len(plain.body) <= tiles.SmallTile {
		t.Fatalf("the tile as it is: %v, %d bytes", plain.Header, len(plain.body))
	}
	back, err := mvt.Unmarshal(plain.body)
	if err != nil || len(layerNamed(back, "trees").Features) != 64 {
		t.Fatalf("the tile as it is: %v", err)
	}

	// Asked first without gzip (rendered for this request, then kept): the same either way.
	x, y = tileOf(9.4401, 54.7901, 17)
	path := "/api/tiles/" + w.project + "/trees/17/" + strconv.Itoa(x) + "/" + strconv.Itoa(y) + ".mvt"
	first := w.reader.do("GET", path, nil, header("Accept-Encoding", "identity"))
	wantStatus(t, first, http.StatusOK)
	if first.Header.Get("Content-Encoding") != "" || first.Header.Get("Content-Length") != strconv.Itoa(len(first.body)) {
		t.Fatalf("a fresh tile as it is: %v", first.Header)
	}
	again := w.reader.do("GET", path, nil, header("Accept-Encoding", "identity"))
	r, layers = getTile(t, w.reader, w.project, "trees", 17, x, y)
	if !bytes.Equal(first.body, again.body) || r.Header.Get("Content-Encoding") != "gzip" ||
		r.Header.Get("ETag") != first.Header.Get("ETag") || len(layerNamed(layers, "trees").Features) != 64 {
		t.Fatalf("the tile fresh and kept differ: %d and %d bytes, %v", len(first.body), len(again.body), r.Header)
	}
}
