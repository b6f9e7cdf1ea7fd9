package api

import (
	"bytes"
	"compress/gzip"
	"database/sql"
	"encoding/binary"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	_ "modernc.org/sqlite"
)

// testTile is one run of tiles of a test archive: tile id, run length, bytes.
type testTile struct {
	id   uint64
	run  uint64
	data []byte
}

// testPMTiles writes a PMTiles v3 archive by the specification, independently of the server's
// writer: one root directory, not compressed (internal compression 1), tiles in id order.
func testPMTiles(tileType byte, tileCompression byte, minZoom, maxZoom byte, tiles []testTile) []byte {
	var dir []byte
	dir = binary.AppendUvarint(dir, uint64(len(tiles)))
	last := uint64(0)
	for _, tl := range tiles {
		dir = binary.AppendUvarint(dir, tl.id-last)
		last = tl.id
	}
	for _, tl := range tiles {
		dir = binary.AppendUvarint(dir, tl.run)
	}
	for _, tl := range tiles {
		dir = binary.AppendUvarint(dir, uint64(len(tl.data)))
	}
	var data []byte
	for i, tl := range tiles {
		if i == 0 {
			dir = binary.AppendUvarint(dir, 1) // offset 0, plus one
		} else {
			dir = binary.AppendUvarint(dir, 0) // follows the one before
		}
		data = append(data, tl.data...)
	}
	meta := []byte(`{"name":"Testkarte","attribution":"© Test"}`)
	h := make([]byte, 127)
	copy(h, "PMTiles")
	h[7] = 3
	put := func(at int, v uint64) { binary.LittleEndian.PutUint64(h[at:], v) }
	put(8, 127)
	put(16, uint64(len(dir)))
	put(24, 127+uint64(len(dir)))
	put(32, uint64(len(meta)))
	put(40, 127+uint64(len(dir)+len(meta)))
	put(48, 0)
	put(56, 127+uint64(len(dir)+len(meta)))
	put(64, uint64(len(data)))
	put(72, uint64(len(tiles)))
	put(80, uint64(len(tiles)))
	put(88, uint64(len(tiles)))
	h[96], h[97], h[98], h[99], h[100], h[101] = 0, 1, tileCompression, tileType, minZoom, maxZoom
	i32 := func(at int, v int32) { binary.LittleEndian.PutUint32(h[at:], uint32(v)) }
	i32(102, 94_000_000)
	i32(106, 547_000_000)
	i32(110, 95_000_000)
	i32(114, 548_000_000)
	out := append(h, dir...)
	out = append(out, meta...)
	return append(out, data...)
}

// backgroundForm is a multipart upload of a background map: a name, then the file.
func backgroundForm(t *testing.T, name, filename string, data []byte) ([]byte, reqOpt) {
	t.Helper()
	return multipartForm([]string{"name", name}, formFile{filename, "application/octet-stream", data})
}

func gzipped(b []byte) []byte {
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	zw.Write(b)
	zw.Close()
	return buf.Bytes()
}

// testMBTiles writes a vector MBTiles file (gzip'd tiles, rows counted from the south).
func testMBTiles(t *testing.T, tiles map[[3]int][]byte) []byte {
	t.Helper()
	path := filepath.Join(t.TempDir(), "v.mbtiles")
	lite, err := sql.Open("sqlite", "file:"+(&url.URL{Path: path}).EscapedPath())
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{
		`CREATE TABLE metadata (name text, value text)`,
		`CREATE TABLE tiles (zoom_level integer, tile_column integer, tile_row integer, tile_data blob)`,
		`INSERT INTO metadata VALUES ('name', 'Gewässer'), ('format', 'pbf'), ('minzoom', '0'), ('maxzoom', '1'),
			('json', '{"vector_layers":[{"id":"water","fields":{}},{"id":"roads","fields":{}}]}')`,
	} {
		if _, err := lite.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	for k, b := range tiles {
		if _, err := lite.Exec(`INSERT INTO tiles VALUES (?, ?, ?, ?)`, k[0], k[1], (1<<k[0])-1-k[2], gzipped(b)); err != nil {
			t.Fatal(err)
		}
	}
	lite.Close()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

var (
	redTile  = append([]byte("\x89PNG\r\n\x1a\n"), "red"...)
	blueTile = append([]byte("\x89PNG\r\n\x1a\n"), "blue"...)
)

// TestBackgroundMaps: an administrator uploads a PMTiles archive and an MBTiles file (converted);
// the members of the organisation's projects read their tiles by range reads with ETags (304),
// 204 where there is none; other organisations and people see nothing; a project adds one as a
// basemap, which goes when the archive is deleted; the storage counts the archives; a file that is
// no archive, a broken archive and an upload over the storage are refused with a message, never 500.
func TestBackgroundMaps(t *testing.T) {
	t.Parallel()
	e, w := newTreeWorld(t)
	admin := e.login(t, w.admin, testPassword)
	maps := "/api/management/organisation/" + w.org + "/background-maps"

	// z0 red; z1 blue for 0/0 and 0/1 (ids 1, 2: one run); z1 1/0 (id 4) missing.
	archive := testPMTiles(2, 1, 0, 1, []testTile{{0, 1, redTile}, {1, 2, blueTile}})
	body, ct := backgroundForm(t, "Luftbild 2024", "luftbild.pmtiles", archive)
	wantStatus(t, w.manager.do("POST", maps, body, ct), http.StatusForbidden) // not an administrator
	r := admin.do("POST", maps, body, ct)
	wantStatus(t, r, http.StatusCreated)
	m := r.json(t)
	id := m["id"].(string)
	if m["name"] != "Luftbild 2024" || m["kind"] != "raster" || m["format"] != "png" || m["source"] != "pmtiles" ||
		m["min_zoom"] != 0.0 || m["max_zoom"] != 1.0 || m["size"] != float64(len(archive)) || m["attribution"] != "© Test" {
		t.Fatalf("uploaded %v", m)
	}
	if b := m["bounds"].([]any); b[0] != 9.4 || b[3] != 54.8 {
		t.Fatalf("bounds %v", b)
	}
	var key string
	if err := e.db.Pool.QueryRow(t.Context(), `SELECT blob_key FROM background_map WHERE id = $1`, id).Scan(&key); err != nil {
		t.Fatal(err)
	}
	if stored, err := os.ReadFile(filepath.Join(e.blobs, key)); err != nil || !bytes.Equal(stored, archive) {
		t.Fatalf("blob %s: %v", key, err)
	}
	r = admin.do("GET", maps, nil)
	wantStatus(t, r, http.StatusOK)
	if l := r.json(t); l["total"] != 1.0 || l["addon"] != true {
		t.Fatalf("list %v", l)
	}

	// Tiles for the project's members, read from the blob.
	tile := func(b *browser, project, path string, opts ...reqOpt) *resp {
		return b.do("GET", "/api/background/"+project+"/"+id+"/"+path, nil, opts...)
	}
	r = tile(w.reader, w.project, "0/0/0.png")
	wantStatus(t, r, http.StatusOK)
	etag := r.Header.Get("ETag")
	if !bytes.Equal(r.body, redTile) || r.Header.Get("Content-Type") != "image/png" || etag == "" ||
		!strings.Contains(r.Header.Get("Cache-Control"), "max-age") || r.Header.Get("Content-Encoding") != "" {
		t.Fatalf("tile 0/0/0: %q %v", r.body, r.Header)
	}
	wantStatus(t, tile(w.reader, w.project, "0/0/0.png", header("If-None-Match", etag)), http.StatusNotModified)
	for _, zxy := range []string{"1/0/0.png", "1/0/1.png"} {
		if r := tile(w.care, w.project, zxy); r.StatusCode != 200 || !bytes.Equal(r.body, blueTile) {
			t.Fatalf("tile %s: %d %q", zxy, r.StatusCode, r.body)
		}
	}
	wantStatus(t, tile(w.reader, w.project, "1/1/0.png"), http.StatusNoContent) // not in the archive
	wantStatus(t, tile(w.reader, w.project, "5/3/3.png"), http.StatusNoContent) // above its zooms
	wantStatus(t, tile(w.reader, w.project, "0/0/0.jpg"), http.StatusNotFound)  // not its format
	wantStatus(t, tile(w.reader, w.project, "1/2/0.png"), http.StatusNotFound)  // outside the grid
	wantStatus(t, tile(w.reader, w.project, "31/0/0.png"), http.StatusNotFound)
	r = tile(w.reader, w.project, "tiles.json")
	wantStatus(t, r, http.StatusOK)
	if tj := r.json(t); tj["maxzoom"] != 1.0 || !strings.HasSuffix(tj["tiles"].([]any)[0].(string), "/api/background/"+w.project+"/"+id+"/{z}/{x}/{y}.png") {
		t.Fatalf("tilejson %v", tj)
	}

	// Not for people outside the project, nor through another organisation's project.
	outsider := e.login(t, w.outsider, testPassword)
	if r := tile(outsider, w.project, "0/0/0.png"); r.StatusCode != 403 && r.StatusCode != 404 {
		t.Fatalf("outsider: %d", r.StatusCode)
	}
	e.exec(t, `INSERT INTO project_member (organisation_id, project_id, user_id, access) VALUES ($1, $2, $3, 0)`,
		w.otherOrg, w.far, e.userID(t, w.outsider))
	wantStatus(t, tile(e.login(t, w.outsider, testPassword), w.far, "0/0/0.png"), http.StatusNotFound)

	// Not a PMTiles archive, a broken one, an SQLite file without tiles: 4xx with a message.
	bad, ct := backgroundForm(t, "", "fake.pmtiles", []byte("hello, this is text and not tiles"))
	wantError(t, admin.do("POST", maps, bad, ct), http.StatusUnsupportedMediaType, "unsupported_format",
		"This file is neither a PMTiles archive (version 3) nor an MBTiles file. Export your background map as .pmtiles or .mbtiles and upload it again.")
	broken := append([]byte(nil), archive...)
	binary.LittleEndian.PutUint64(broken[64:], 1<<40) // claims more tile data than it holds
	bad, ct = backgroundForm(t, "", "broken.pmtiles", broken)
	wantError(t, admin.do("POST", maps, bad, ct), http.StatusBadRequest, "invalid", "")
	bad, ct = backgroundForm(t, "", "short.pmtiles", archive[:60])
	wantError(t, admin.do("POST", maps, bad, ct), http.StatusBadRequest, "invalid", "")
	if n := e.count(t, `SELECT count(*) FROM background_map WHERE organisation_id = $1`, w.org); n != 1 {
		t.Fatalf("%d archives after refusals", n)
	}

	// An MBTiles file of vector tiles is converted; its tiles are served gzip'd as they are kept.
	mb := testMBTiles(t, map[[3]int][]byte{{0, 0, 0}: []byte("mvt-0"), {1, 1, 1}: []byte("mvt-1")})
	body, ct = backgroundForm(t, "", "gewaesser.mbtiles", mb)
	r = admin.do("POST", maps, body, ct)
	wantStatus(t, r, http.StatusCreated)
	v := r.json(t)
	if v["name"] != "gewaesser" || v["kind"] != "vector" || v["format"] != "pbf" || v["compression"] != "gzip" ||
		v["source"] != "mbtiles" || v["tiles"] != 2.0 || len(v["layers"].([]any)) != 2 {
		t.Fatalf("converted %v", v)
	}
	vid := v["id"].(string)
	r = w.reader.do("GET", "/api/background/"+w.project+"/"+vid+"/1/1/1.pbf", nil)
	wantStatus(t, r, http.StatusOK) // the client undid the gzip
	if string(r.body) != "mvt-1" || r.Header.Get("Content-Type") != "application/vnd.mapbox-vector-tile" {
		t.Fatalf("vector tile: %q %v", r.body, r.Header)
	}
	r = w.reader.do("GET", "/api/background/"+w.project+"/"+vid+"/style.json", nil)
	wantStatus(t, r, http.StatusOK)
	if st := r.json(t); len(st["layers"].([]any)) != 6 || st["version"] != 8.0 {
		t.Fatalf("style %v", st)
	}

	// A project shows an archive as a basemap; deleting the archive removes it there too.
	r = w.manager.do("GET", "/api/management/project/"+w.project+"/background-maps", nil)
	wantStatus(t, r, http.StatusOK)
	if r.json(t)["total"] != 2.0 {
		t.Fatalf("project's list %s", r.body)
	}
	bm := "/api/management/project/" + w.project + "/basemaps"
	r = w.manager.do("POST", bm, map[string]any{"type": "hosted", "background_map": id})
	wantStatus(t, r, http.StatusCreated)
	if b := r.json(t); b["type"] != "hosted" || b["name"] != "Luftbild 2024" || b["layers"] != "raster" ||
		b["url"] != "/api/background/"+w.project+"/"+id+"/tiles.json" || b["background_map"] != id {
		t.Fatalf("hosted basemap %v", b)
	}
	wantFields(t, wantError(t, w.manager.do("POST", bm, map[string]any{"type": "hosted", "background_map": w.org}),
		http.StatusBadRequest, "invalid", ""), map[string]string{"background_map": "This background map does not exist (any more) in your organisation."})
	r = admin.do("GET", "/api/document/size/"+w.org, nil)
	if u := r.json(t); u["data_space_bytes_used"] != float64(len(archive))+v["size"].(float64) {
		t.Fatalf("storage %v, archives %d + %v", u, len(archive), v["size"])
	}
	wantStatus(t, admin.do("DELETE", maps+"/"+id, nil), http.StatusNoContent)
	wantStatus(t, admin.do("DELETE", maps+"/"+id, nil), http.StatusNotFound)
	if n := e.count(t, `SELECT count(*) FROM project_basemap WHERE project_id = $1`, w.project); n != 0 {
		t.Fatalf("%d basemaps after the archive went", n)
	}
	if n := e.count(t, `SELECT count(*) FROM document_orphan WHERE blob_key = $1`, key); n != 1 {
		t.Fatal("the deleted archive's blob is not left to the sweep")
	}
	wantStatus(t, tile(w.reader, w.project, "0/0/0.png"), http.StatusNotFound)

	// The storage is the organisation's, shared with photos and documents.
	e.exec(t, `UPDATE organisation SET data_space_mb_max = 0 WHERE id = $1`, w.org)
	body, ct = backgroundForm(t, "", "a.pmtiles", archive)
	wantError(t, admin.do("POST", maps, body, ct), http.StatusRequestEntityTooLarge, "too_large", "")

	// Without the add-on (a tree data package booked after the demo, the add-on not): no uploads
	// and no tiles; the list says so; deleting still works.
	e.exec(t, `UPDATE organisation SET data_space_mb_max = 10240, demo_until = now() - interval '1 day',
		tree_package = (SELECT id FROM package WHERE kind = 'trees' ORDER BY sort LIMIT 1) WHERE id = $1`, w.org)
	wantError(t, admin.do("POST", maps, body, ct), http.StatusForbidden, "forbidden",
		"Hosting your own background data is an add-on: an administrator can book it on the organisation's packages page.")
	wantError(t, w.reader.do("GET", "/api/background/"+w.project+"/"+vid+"/0/0/0.pbf", nil), http.StatusForbidden, "forbidden", "")
	wantError(t, w.manager.do("POST", bm, map[string]any{"type": "hosted", "background_map": vid}), http.StatusForbidden, "forbidden", "")
	if l := admin.do("GET", maps, nil).json(t); l["addon"] != false || l["total"] != 1.0 {
		t.Fatalf("list without the add-on %v", l)
	}
	wantStatus(t, admin.do("DELETE", maps+"/"+vid, nil), http.StatusNoContent)
}

// TestBackgroundMapTooLarge: an archive over the configured size is refused with the limit.
func TestBackgroundMapTooLarge(t *testing.T) {
	t.Parallel()
	e := newEnv(t, func(c *Config) { c.BackgroundMax = 100 })
	w := e.buildTreeWorld(t)
	admin := e.login(t, w.admin, testPassword)
	body, ct := backgroundForm(t, "", "big.pmtiles", testPMTiles(2, 1, 0, 0, []testTile{{0, 1, bytes.Repeat([]byte("x"), 200)}}))
	wantError(t, admin.do("POST", "/api/management/organisation/"+w.org+"/background-maps", body, ct),
		http.StatusRequestEntityTooLarge, "too_large", "The file is too large for a background map: at most 100 bytes.")
}
