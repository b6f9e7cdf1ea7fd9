package importer

import (
	"bytes"
	"encoding/hex"
	"io"
	"testing"
)

// FuzzOpen: the importer's readers (CSV, GeoJSON, and what Detect takes for XLSX, GeoPackage or
// a zipped Shapefile) never panic on any file, and stop after its rows. Seeds:
// testdata/fuzz/FuzzOpen.
func FuzzOpen(f *testing.F) {
	for _, s := range []string{"number;species;x;y\n1;Tilia;9.43;54.78\n", "a,b\n\"unclosed,2\n",
		`{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"n":1},"geometry":{"type":"Point","coordinates":[9.4,54.7]}}]}`,
		`{"type":"FeatureCollection","features":[{"geometry":{"type":"Polygon","coordinates":[[]]}}]}`, "PK\x03\x04garbage", "\xef\xbb\xbfx\n\x00\n"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		src, err := Open(bytes.NewReader(data), int64(len(data)), Options{})
		if err != nil {
			return
		}
		defer src.Close()
		_ = src.Columns()
		for range 10_000 {
			if _, err := src.Next(); err != nil {
				if err == io.EOF {
					return
				}
				return
			}
		}
	})
}

// FuzzReadWKB: the WKB reader of GeoPackage geometries never panics on hostile bytes.
func FuzzReadWKB(f *testing.F) {
	for _, h := range []string{"0101000000000000000000f03f0000000000000040", "0103000000ffffffff",
		"0104000000010000000101000000000000000000f03f0000000000000040", "01e9030000000000000000f03f00000000000000400000000000000840"} {
		b, _ := hex.DecodeString(h)
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		_, _ = readWKB(b)
	})
}
