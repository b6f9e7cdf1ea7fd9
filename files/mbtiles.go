package files

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/json"
	"errors"
	"io"
	"math"
	"net/url"
	"slices"
	"strconv"
	"strings"

	_ "modernc.org/sqlite" // MBTiles is SQLite; a pure-Go driver keeps the binary free of cgo
)

// MBTiles (an SQLite database of the tables tiles and metadata) is converted to PMTiles on
// upload, so that only PMTiles is served (docs/API.md "Background maps"). The tiles are read
// once, identical tiles kept once, and written in the order of their tile ids.

// errNotMBTiles is an SQLite file without the tables of MBTiles, or a broken one.
var errNotMBTiles = errors.New("not an MBTiles file")

// isSQLite says whether a file begins as an SQLite database does.
func isSQLite(head []byte) bool {
	return bytes.HasPrefix(head, []byte("SQLite format 3\x00"))
}

// convertMBTiles writes the MBTiles file at src as a PMTiles archive to dst (at its start),
// using a temporary file in dir for the tiles' bytes.
func convertMBTiles(ctx context.Context, src string, dst io.Writer, dir string) (archiveInfo, error) {
	var info archiveInfo
	lite, err := sql.Open("sqlite", "file:"+(&url.URL{Path: src}).EscapedPath()+"?mode=ro&immutable=1")
	if err != nil {
		return info, errNotMBTiles
	}
	defer lite.Close()
	var tables int
	if err := lite.QueryRowContext(ctx, `SELECT count(*) FROM sqlite_master
		WHERE type IN ('table', 'view') AND name IN ('tiles', 'metadata')`).Scan(&tables); err != nil || tables != 2 {
		return info, errNotMBTiles
	}
	meta := map[string]string{}
	rows, err := lite.QueryContext(ctx, `SELECT name, value FROM metadata`)
	if err != nil {
		return info, errNotMBTiles
	}
	for rows.Next() {
		var k, v sql.NullString
		if err := rows.Scan(&k, &v); err != nil {
			rows.Close()
			return info, errNotMBTiles
		}
		meta[k.String] = v.String
	}
	rows.Close()

	data, done, err := TempFile(dir, "arbor-mbtiles-*")
	if err != nil {
		return info, err
	}
	defer done()
	entries, head, minZoom, maxZoom, err := readMBTiles(ctx, lite, data)
	if err != nil {
		return info, err
	}
	if len(entries) == 0 {
		return info, errNotMBTiles
	}
	tileType := mbTileType(meta["format"], head)
	format, _, ok := tileFormat(tileType)
	if !ok {
		return info, errNotMBTiles
	}
	compression := uint8(pmCompressionNone)
	if tileType == pmTypeMVT && bytes.HasPrefix(head, []byte{0x1f, 0x8b}) {
		compression = pmCompressionGzip
	}
	h := pmHeader{InternalCompression: pmCompressionGzip, TileCompression: compression, TileType: tileType,
		MinZoom: minZoom, MaxZoom: maxZoom, Clustered: false}
	bounds := mbBounds(meta["bounds"])
	h.MinLon, h.MinLat, h.MaxLon, h.MaxLat = e7(bounds[0]), e7(bounds[1]), e7(bounds[2]), e7(bounds[3])
	h.CenterZoom = minZoom
	h.CenterLon, h.CenterLat = e7((bounds[0]+bounds[2])/2), e7((bounds[1]+bounds[3])/2)

	// The directory: tiles in id order, neighbours of the same bytes as one run.
	slices.SortFunc(entries, func(a, b pmEntry) int { return cmpUint(a.TileID, b.TileID) })
	runs := entries[:0:0]
	contents := map[uint64]bool{}
	for _, e := range entries {
		contents[e.Offset] = true
		if n := len(runs); n > 0 && runs[n-1].Offset == e.Offset && runs[n-1].TileID+uint64(runs[n-1].RunLength) == e.TileID {
			runs[n-1].RunLength++
			continue
		}
		runs = append(runs, e)
	}
	root, leaves := pmDirectories(runs)
	metadata := mbMetadata(meta)
	size, err := data.Seek(0, io.SeekEnd)
	if err != nil {
		return info, err
	}
	h.RootOffset, h.RootLength = pmHeaderLen, uint64(len(root))
	h.MetadataOffset, h.MetaLength = h.RootOffset+h.RootLength, uint64(len(metadata))
	h.LeafOffset, h.LeafLength = h.MetadataOffset+h.MetaLength, uint64(len(leaves))
	h.DataOffset, h.DataLength = h.LeafOffset+h.LeafLength, uint64(size)
	h.AddressedTiles, h.TileEntries, h.TileContents = uint64(len(entries)), uint64(len(runs)), uint64(len(contents))
	for _, part := range [][]byte{h.bytes(), root, metadata, leaves} {
		if _, err := dst.Write(part); err != nil {
			return info, err
		}
	}
	if _, err := data.Seek(0, io.SeekStart); err != nil {
		return info, err
	}
	if _, err := io.Copy(dst, data); err != nil {
		return info, err
	}
	info = archiveFromHeader(h, format)
	info.Source = "mbtiles"
	info.Tiles = int64(len(entries))
	info.Name = meta["name"]
	info.Attribution = meta["attribution"]
	info.Layers = vectorLayerNames([]byte(meta["json"]))
	return info, nil
}

// readMBTiles copies every tile's bytes to data once (identical tiles share them) and answers
// their entries, the first tile's first bytes and the zooms.
func readMBTiles(ctx context.Context, lite *sql.DB, data io.Writer) ([]pmEntry, []byte, uint8, uint8, error) {
	rows, err := lite.QueryContext(ctx, `SELECT zoom_level, tile_column, tile_row, tile_data FROM tiles`)
	if err != nil {
		return nil, nil, 0, 0, errNotMBTiles
	}
	defer rows.Close()
	var entries []pmEntry
	var head []byte
	seen := map[[32]byte]pmEntry{}
	var offset uint64
	minZoom, maxZoom := uint8(30), uint8(0)
	for rows.Next() {
		var z, x, row int64
		var b []byte
		if err := rows.Scan(&z, &x, &row, &b); err != nil {
			return nil, nil, 0, 0, errNotMBTiles
		}
		if z < 0 || z > 30 || x < 0 || row < 0 || x >= 1<<z || row >= 1<<z || len(b) == 0 || len(b) > math.MaxUint32 {
			return nil, nil, 0, 0, errNotMBTiles
		}
		if head == nil {
			head = b[:min(len(b), 16)]
		}
		y := (int64(1) << z) - 1 - row // MBTiles counts rows from the south (TMS)
		e := pmEntry{TileID: pmTileID(uint8(z), uint32(x), uint32(y)), RunLength: 1}
		sum := sha256.Sum256(b)
		if same, ok := seen[sum]; ok {
			e.Offset, e.Length = same.Offset, same.Length
		} else {
			if _, err := data.Write(b); err != nil {
				return nil, nil, 0, 0, err
			}
			e.Offset, e.Length = offset, uint32(len(b))
			offset += uint64(len(b))
			seen[sum] = e
		}
		entries = append(entries, e)
		minZoom, maxZoom = min(minZoom, uint8(z)), max(maxZoom, uint8(z))
	}
	if err := rows.Err(); err != nil {
		return nil, nil, 0, 0, errNotMBTiles
	}
	return entries, head, minZoom, maxZoom, nil
}

// mbTileType reads the tile type from the metadata's format, else from the first tile's bytes.
func mbTileType(format string, head []byte) uint8 {
	switch strings.ToLower(format) {
	case "pbf", "mvt":
		return pmTypeMVT
	case "png":
		return pmTypePNG
	case "jpg", "jpeg":
		return pmTypeJPEG
	case "webp":
		return pmTypeWebP
	case "avif":
		return pmTypeAVIF
	}
	switch {
	case bytes.HasPrefix(head, []byte("\x89PNG")):
		return pmTypePNG
	case bytes.HasPrefix(head, []byte{0xff, 0xd8, 0xff}):
		return pmTypeJPEG
	case len(head) >= 12 && string(head[:4]) == "RIFF" && string(head[8:12]) == "WEBP":
		return pmTypeWebP
	case bytes.HasPrefix(head, []byte{0x1f, 0x8b}):
		return pmTypeMVT
	}
	return 0
}

// mbBounds reads "west,south,east,north"; the whole web map when absent or wrong.
func mbBounds(s string) [4]float64 {
	world := [4]float64{-180, -85.051129, 180, 85.051129}
	parts := strings.Split(s, ",")
	if len(parts) != 4 {
		return world
	}
	var b [4]float64
	for i, p := range parts {
		v, err := strconv.ParseFloat(strings.TrimSpace(p), 64)
		if err != nil || math.IsNaN(v) || math.Abs(v) > 180 {
			return world
		}
		b[i] = v
	}
	if b[0] >= b[2] || b[1] >= b[3] || math.Abs(b[1]) > 90 || math.Abs(b[3]) > 90 {
		return world
	}
	return b
}

// mbMetadata is the archive's JSON metadata (gzip): the MBTiles metadata as it was, its "json"
// (the vector layers) unpacked into it.
func mbMetadata(meta map[string]string) []byte {
	out := map[string]any{}
	for k, v := range meta {
		if k == "json" {
			var more map[string]any
			if json.Unmarshal([]byte(v), &more) == nil {
				for mk, mv := range more {
					out[mk] = mv
				}
			}
			continue
		}
		out[k] = v
	}
	b, _ := json.Marshal(out)
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	_, _ = zw.Write(b)
	_ = zw.Close()
	return buf.Bytes()
}

// vectorLayerNames reads the ids of "vector_layers" from JSON metadata.
func vectorLayerNames(b []byte) []string {
	var m struct {
		VectorLayers []struct {
			ID string `json:"id"`
		} `json:"vector_layers"`
	}
	if json.Unmarshal(b, &m) != nil {
		return nil
	}
	var names []string
	for _, l := range m.VectorLayers {
		if l.ID != "" && len(names) < 100 {
			names = append(names, l.ID)
		}
	}
	return names
}

func e7(v float64) int32 { return int32(math.Round(v * 1e7)) }

func cmpUint(a, b uint64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
