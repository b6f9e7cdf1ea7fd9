package importer_test

import (
	"bytes"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"arbor/importer"
	"arbor/importer/importertest"
)

// readToEnd reads a source as the import does, going on after a row's problem, and answers the
// rows read, the rows' problems and the error that ended the reading (nil at the end of the
// file). It gives up after far more calls than the file has rows: a reader that never ends.
func readToEnd(t *testing.T, src importer.Source, rows int) (read int, problems []*importer.RowError, end error) {
	t.Helper()
	for range 10*rows + 100 {
		_, err := src.Next()
		var re *importer.RowError
		switch {
		case err == nil:
			read++
		case errors.Is(err, io.EOF):
			return read, problems, nil
		case errors.As(err, &re):
			problems = append(problems, re)
		default:
			return read, problems, err
		}
	}
	t.Fatalf("the reading did not end: %d rows, %d problems", read, len(problems))
	return
}

// TestGeoPackageDamaged: a GeoPackage whose pages are damaged or cut off after its first ones
// ends the reading with a ReadError naming the line it could not read, answered again on every
// later call — not the same row's problem for ever; a row whose geometry is garbage is that
// row's problem, and the rows after it are read.
func TestGeoPackageDamaged(t *testing.T) {
	const n = 3000
	data := importertest.DamagedSample(t, n)
	// Cut short: SQLite checks the file's size against its header on opening.
	cut := data[:len(data)/2]
	_, err := importer.Open(bytes.NewReader(cut), int64(len(cut)), importer.Options{})
	if rd := (*importer.ReadError)(nil); !errors.As(err, &rd) || rd.Line != 1 {
		t.Errorf("cut short: %v", err)
	}
	// Pages among the rows garbled, or never written (zeros): found partway.
	garbled, zeroed := bytes.Clone(data), bytes.Clone(data)
	for i := len(data) * 2 / 5; i < len(data)*2/5+3*4096; i++ {
		garbled[i] = 0xA5
	}
	clear(zeroed[len(data)/3 : len(data)/2])
	for name, b := range map[string][]byte{"garbled pages": garbled, "zeroed half": zeroed} {
		src, err := importer.Open(bytes.NewReader(b), int64(len(b)), importer.Options{})
		if err != nil {
			t.Fatalf("%s: open: %v", name, err)
		}
		read, problems, end := readToEnd(t, src, n)
		var rd *importer.ReadError
		if !errors.As(end, &rd) || rd.Line < 2 || rd.Line > n || rd.Line != read+len(problems)+1 {
			t.Errorf("%s: %d rows, %d problems, ended by %v", name, read, len(problems), end)
		}
		if _, err := src.Next(); !errors.Is(err, end) {
			t.Errorf("%s: after the end %v", name, err)
		}
		src.Close()
	}

	// A row whose geometry blob is garbage: its problem, then the rest.
	dir := t.TempDir()
	path := filepath.Join(dir, "garbage.gpkg")
	os.WriteFile(path, data, 0o600)
	// Through GDAL, whose triggers on the table call its own SQL functions.
	if out, err := exec.Command("ogrinfo", path, "-sql", `UPDATE baeume SET geom = X'4750000100000000DEADBEEF' WHERE fid = 5`).CombinedOutput(); err != nil {
		t.Fatalf("ogrinfo: %v %s", err, out)
	}
	b, _ := os.ReadFile(path)
	src := open(t, b, importer.Options{})
	read, problems, end := readToEnd(t, src, n)
	if end != nil || read != n-1 || len(problems) != 1 || problems[0].Line != 5 || problems[0].Key != "import.bad_geometry" {
		t.Errorf("garbage geometry: %d rows, problems %v, end %v", read, problems, end)
	}
}

// TestDamagedReaders: the other readers end alike at a failure partway: a GeoJSON whose features
// stop being JSON, a Shapefile whose .shp ends early, answering its ReadError again after the
// end. (A workbook's sheet whose XML breaks off: TestDamagedWorkbook.)
func TestDamagedReaders(t *testing.T) {
	geojson := `{"type":"FeatureCollection","features":[
		{"type":"Feature","properties":{"Nr":"1"},"geometry":{"type":"Point","coordinates":[9.4,54.7]}},
		{"type":"Feature","properties":{"Nr":"2"},"geometry":{"type":"Point","coordinates":[9.4,54.7]}},
		{"type":"Feature","properties":{"Nr":"3"},"geometry":{"type":"Point","coordinates":[9.4,54.7]}}]}`
	dir := importertest.GDAL(t, registerGeoJSON, "-f", "ESRI Shapefile", "trees.shp", "-where", "Baumnr <> 'G1'")
	shp, _ := os.ReadFile(filepath.Join(dir, "trees.shp"))
	os.WriteFile(filepath.Join(dir, "cut.shp"), shp[:len(shp)-24], 0o600)
	cutShp := importertest.ZipFiles(t, dir, map[string]string{"cut.shp": "trees.shp", "trees.dbf": "trees.dbf"})

	for _, c := range []struct {
		name       string
		data       []byte
		rows, line int
	}{
		{"shapefile", cutShp, 1, 2},
	} {
		src := open(t, c.data, importer.Options{})
		read, problems, end := readToEnd(t, src, 10)
		var rd *importer.ReadError
		if !errors.As(end, &rd) || read != c.rows || len(problems) != 0 || rd.Line != c.line {
			t.Errorf("%s: %d rows, %v problems, ended by %v", c.name, read, problems, end)
		}
		if _, err := src.Next(); !errors.Is(err, end) {
			t.Errorf("%s: after the end %v", c.name, err)
		}
	}
	// A GeoJSON is read twice (its columns first): damage is found on opening, by its feature.
	bad := strings.Replace(geojson, `{"type":"Feature","properties":{"Nr":"3"}`, `{"type":"Feature","properties":{"Nr":"3"]`, 1)
	_, err := importer.Open(strings.NewReader(bad), int64(len(bad)), importer.Options{})
	var rd *importer.ReadError
	if !errors.As(err, &rd) || rd.Line != 3 {
		t.Errorf("geojson: %v", err)
	}
}
