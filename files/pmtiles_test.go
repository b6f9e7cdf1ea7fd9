package files

import (
	"bytes"
	"context"
	"database/sql"
	"net/url"
	"os"
	"path/filepath"
	"testing"
)

// TestPMTileID: the tile ids of the PMTiles v3 specification's examples.
func TestPMTileID(t *testing.T) {
	for _, c := range []struct {
		z    uint8
		x, y uint32
		id   uint64
	}{
		{0, 0, 0, 0}, {1, 0, 0, 1}, {1, 0, 1, 2}, {1, 1, 1, 3}, {1, 1, 0, 4}, {2, 1, 3, 11}, {3, 3, 0, 26},
		{20, 0, 0, 366503875925}, {20, 1<<20 - 1, 0, 1466015503700}, {3, 7, 0, 84},
	} {
		if got := pmTileID(c.z, c.x, c.y); got != c.id {
			t.Errorf("%d/%d/%d: id %d, want %d", c.z, c.x, c.y, got, c.id)
		}
	}
}

// TestPMDirectoryRoundTrip: a directory written is read back the same, with its runs, leaves
// made when the root would not fit into the first 16 kB.
func TestPMDirectoryRoundTrip(t *testing.T) {
	var entries []pmEntry
	off := uint64(0)
	for i := uint64(0); i < 50000; i++ {
		e := pmEntry{TileID: i * 3, Offset: off, Length: uint32(100 + i%7), RunLength: uint32(1 + i%2)}
		if i%5 == 0 {
			e.Offset = 0 // a repeated tile: an offset that does not follow on
		} else {
			off += uint64(e.Length)
		}
		entries = append(entries, e)
	}
	root, leaves := pmDirectories(entries)
	if pmHeaderLen+len(root) > pmRootMax || len(leaves) == 0 {
		t.Fatalf("root %d bytes, leaves %d bytes", len(root), len(leaves))
	}
	raw, err := decompress(root, pmCompressionGzip)
	if err != nil {
		t.Fatal(err)
	}
	top, err := readPMDirectory(raw)
	if err != nil {
		t.Fatal(err)
	}
	var back []pmEntry
	for _, e := range top {
		if e.RunLength != 0 {
			t.Fatalf("root entry %+v is not a leaf", e)
		}
		raw, err := decompress(leaves[e.Offset:e.Offset+uint64(e.Length)], pmCompressionGzip)
		if err != nil {
			t.Fatal(err)
		}
		part, err := readPMDirectory(raw)
		if err != nil {
			t.Fatal(err)
		}
		back = append(back, part...)
	}
	if len(back) != len(entries) {
		t.Fatalf("%d entries back, want %d", len(back), len(entries))
	}
	for i := range back {
		if back[i] != entries[i] {
			t.Fatalf("entry %d: %+v, want %+v", i, back[i], entries[i])
		}
	}
	if e := findPMEntry(entries, 34); e == nil || e.TileID != 33 { // 33 runs 2 tiles (i = 11)
		t.Fatalf("tile 34 found in %+v", e)
	} else if findPMEntry(entries, 35) != nil || findPMEntry(entries, 31) != nil {
		t.Fatal("tiles 31 and 35 are in no run")
	}
	if _, err := readPMDirectory([]byte{0xff, 0xff, 0xff}); err == nil {
		t.Fatal("a broken directory was read")
	}
}

// TestConvertMBTiles: an MBTiles file becomes a PMTiles archive whose tiles are the same, its
// rows counted from the north; identical tiles are kept once.
func TestConvertMBTiles(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "a.mbtiles")
	lite, err := sql.Open("sqlite", "file:"+(&url.URL{Path: src}).EscapedPath())
	if err != nil {
		t.Fatal(err)
	}
	png := func(b byte) []byte { return append([]byte("\x89PNG\r\n\x1a\n"), b, b, b) }
	for _, q := range []string{
		`CREATE TABLE metadata (name text, value text)`,
		`CREATE TABLE tiles (zoom_level integer, tile_column integer, tile_row integer, tile_data blob)`,
		`INSERT INTO metadata VALUES ('name', 'Luftbild'), ('format', 'png'), ('bounds', '9.4,54.7,9.5,54.8'), ('attribution', 'Stadt')`,
	} {
		if _, err := lite.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	tiles := map[[3]int][]byte{{0, 0, 0}: png(1), {1, 0, 0}: png(2), {1, 1, 0}: png(2), {1, 1, 1}: png(3), {2, 3, 1}: png(4)}
	for k, b := range tiles {
		row := (1 << k[0]) - 1 - k[2]
		if _, err := lite.Exec(`INSERT INTO tiles VALUES (?, ?, ?, ?)`, k[0], k[1], row, b); err != nil {
			t.Fatal(err)
		}
	}
	lite.Close()
	var out bytes.Buffer
	info, err := convertMBTiles(context.Background(), src, &out, dir)
	if err != nil {
		t.Fatal(err)
	}
	if info.Kind != "raster" || info.Format != "png" || info.MinZoom != 0 || info.MaxZoom != 2 || info.Tiles != 5 ||
		info.Name != "Luftbild" || info.Attribution != "Stadt" || info.Bounds != [4]float64{9.4, 54.7, 9.5, 54.8} {
		t.Fatalf("info %+v", info)
	}
	f := filepath.Join(dir, "a.pmtiles")
	if err := os.WriteFile(f, out.Bytes(), 0o600); err != nil {
		t.Fatal(err)
	}
	file, _ := os.Open(f)
	defer file.Close()
	checked, err := checkPMTiles(file, int64(out.Len()))
	if err != nil || checked.Format != "png" || checked.Name != "Luftbild" {
		t.Fatalf("check %+v %v", checked, err)
	}
	h, _ := readPMHeader(out.Bytes())
	if h.TileContents != 4 || h.AddressedTiles != 5 {
		t.Fatalf("header %+v", h)
	}
	raw, _ := decompress(out.Bytes()[h.RootOffset:h.RootOffset+h.RootLength], h.InternalCompression)
	root, _ := readPMDirectory(raw)
	for k, want := range tiles {
		e := findPMEntry(root, pmTileID(uint8(k[0]), uint32(k[1]), uint32(k[2])))
		if e == nil {
			t.Fatalf("tile %v missing", k)
		}
		got := out.Bytes()[h.DataOffset+e.Offset : h.DataOffset+e.Offset+uint64(e.Length)]
		if !bytes.Equal(got, want) {
			t.Fatalf("tile %v: %q, want %q", k, got, want)
		}
	}
}
