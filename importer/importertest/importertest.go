// Package importertest writes the GIS files the import tests read with GDAL's ogr2ogr, the
// library QGIS and ArcGIS export with, so the tests meet the files a city's GIS department really
// sends (make test installs gdal-bin: scripts/test-tools.sh).
package importertest

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// GDAL writes geojson to register.geojson in a temporary folder, runs ogr2ogr there with args
// and that file as its source, and answers the folder.
func GDAL(t testing.TB, geojson string, args ...string) string {
	t.Helper()
	dir := t.TempDir()
	src := filepath.Join(dir, "register.geojson")
	if err := os.WriteFile(src, []byte(geojson), 0o600); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("ogr2ogr", append(args, src)...)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("ogr2ogr %v: %v\n%s (make test installs gdal-bin: scripts/test-tools.sh)", args, err, out)
	}
	return dir
}

// ZipFiles zips the named files of a folder under the given names.
func ZipFiles(t testing.TB, dir string, names map[string]string) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for from, to := range names {
		b, err := os.ReadFile(filepath.Join(dir, from))
		if err != nil {
			t.Fatal(err)
		}
		w, _ := zw.Create(to)
		w.Write(b)
	}
	zw.Close()
	return buf.Bytes()
}

// DamagedSample writes a GeoPackage of n trees (layer baeume) whose long attribute spreads them
// over a few hundred pages, so that damage after the first pages falls among the rows, and
// answers its bytes (whole: each test damages it its way).
func DamagedSample(t testing.TB, n int) []byte {
	t.Helper()
	features := make([]map[string]any, n)
	for i := range features {
		features[i] = map[string]any{"type": "Feature",
			"properties": map[string]any{"Baumnr": fmt.Sprint(i + 1), "Baumart": "Acer platanoides " + strings.Repeat("x", 200)},
			"geometry":   map[string]any{"type": "Point", "coordinates": []float64{9.4 + float64(i)*1e-5, 54.78}}}
	}
	b, _ := json.Marshal(map[string]any{"type": "FeatureCollection", "features": features})
	dir := GDAL(t, string(b), "-f", "GPKG", "register.gpkg", "-nln", "baeume")
	data, err := os.ReadFile(filepath.Join(dir, "register.gpkg"))
	if err != nil {
		t.Fatal(err)
	}
	return data
}
