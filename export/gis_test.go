package export_test

import (
	"bytes"
	"strings"
	"testing"

	"arbor"
	"arbor/export"
	"arbor/export/exporttest"
	"arbor/store"
)

// ogrinfo reads a GIS file with GDAL, as a GIS department's software would.
func ogrinfo(t *testing.T, name string, data []byte, args ...string) string {
	t.Helper()
	out, err := exporttest.Run(t, data, name, append([]string{"ogrinfo", "-ro", "-al"}, args...)...)
	if err != nil {
		t.Fatalf("ogrinfo: %v\n%s", err, out)
	}
	return string(out)
}

// TestGISFiles: the view as GeoJSON and as CSV with WKT, in WGS 84 or UTM 32N, opened by GDAL
// with every object, its attributes and its reference system; text like a formula is defused in
// CSV; an unknown reference system or format is refused.
func TestGISFiles(t *testing.T) {
	ctx, db := openDB(t)
	f := pdfFixture(t, db)
	if _, err := db.Pool.Exec(ctx, `UPDATE tree SET general01 = '=cmd|x' WHERE id = $1`, f.b); err != nil {
		t.Fatal(err)
	}
	o := export.ListOptions{Lang: "en", BaseURL: "https://arbor.example", Project: f.sc.ProjectID}
	var buf bytes.Buffer
	n, err := export.GIS(ctx, db, f.sc, export.GISRequest{Format: "geojson"}, o, &buf)
	if err != nil || n != 4 {
		t.Fatalf("%d objects, %v", n, err)
	}
	info := ogrinfo(t, "trees.geojson", buf.Bytes(), "-so")
	for _, want := range []string{"Feature Count: 4", "WGS 84", "number: Integer", "Straße: String", "Bezirk: String", "link: String"} {
		if !strings.Contains(info, want) {
			t.Errorf("GeoJSON: ogrinfo lacks %q:\n%s", want, info)
		}
	}

	buf.Reset()
	if _, err := export.GIS(ctx, db, f.sc, export.GISRequest{Format: "geojson", SRID: 25832}, o, &buf); err != nil {
		t.Fatal(err)
	}
	info = ogrinfo(t, "utm.geojson", buf.Bytes())
	if !strings.Contains(info, "UTM zone 32N") || !strings.Contains(info, "POINT (527") {
		t.Errorf("UTM GeoJSON:\n%s", info)
	}

	buf.Reset()
	if _, err := export.GIS(ctx, db, f.sc, export.GISRequest{Format: "csv", Filter: store.Filter{IDs: []string{f.a, f.b, f.g}}}, o, &buf); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), "'=cmd|x") {
		t.Errorf("formula not defused:\n%s", buf.String())
	}
	info = ogrinfo(t, "trees.csv", buf.Bytes(), "-oo", "GEOM_POSSIBLE_NAMES=wkt", "-oo", "KEEP_GEOM_COLUMNS=NO")
	for _, want := range []string{"Feature Count: 3", "POINT (9.43 54.78)", "POLYGON ((9.44 54.79", "https://arbor.example/projects/"} {
		if !strings.Contains(info, want) {
			t.Errorf("CSV: ogrinfo lacks %q:\n%s", want, info)
		}
	}

	for name, req := range map[string]export.GISRequest{
		"srid":   {Format: "csv", SRID: 999999},
		"format": {Format: "shp"},
		"empty":  {Format: "csv", Filter: store.Filter{State: "archived"}},
	} {
		buf.Reset()
		if _, err := export.GIS(ctx, db, f.sc, req, o, &buf); arbor.ErrorCode(err) != arbor.EINVALID || buf.Len() != 0 {
			t.Errorf("%s: %v, %d bytes", name, err, buf.Len())
		}
	}
}

// TestGeoPackage: the view as a GeoPackage, in WGS 84 or Gauss-Krüger zone 3, opened by GDAL
// with every object, typed attributes, custom fields by their names, the live record's link
// and the reference system; a selection holds only its objects, and the progress is told.
func TestGeoPackage(t *testing.T) {
	ctx, db := openDB(t)
	f := pdfFixture(t, db)
	o := export.ListOptions{Lang: "en", BaseURL: "https://arbor.example", Project: f.sc.ProjectID}
	var buf bytes.Buffer
	n, err := export.GIS(ctx, db, f.sc, export.GISRequest{Format: "gpkg"}, o, &buf)
	if err != nil || n != 4 {
		t.Fatalf("%d objects, %v", n, err)
	}
	if !bytes.HasPrefix(buf.Bytes(), []byte("SQLite format 3\x00")) {
		t.Fatalf("not SQLite: %q", buf.Bytes()[:16])
	}
	info := ogrinfo(t, "trees.gpkg", buf.Bytes())
	for _, want := range []string{"Layer name: trees", "Feature Count: 4", "WGS 84", "number: Integer", "height: Real",
		"single_tree: Integer(Boolean)", "check_next: Date", "create_timestamp: DateTime", "Bezirk: String",
		"height (Real) = 18.5", "Bezirk (String) = Łódź · Ørsted · Żabka · Москва", "POINT (9.43 54.78)", "POLYGON ((9.44 54.79",
		"link (String) = https://arbor.example/projects/" + f.sc.ProjectID + "/map?tree=" + f.a} {
		if !strings.Contains(info, want) {
			t.Errorf("GeoPackage: ogrinfo lacks %q:\n%s", want, info)
		}
	}

	buf.Reset()
	var told []int
	o.Progress = func(done int) { told = append(told, done) }
	n, err = export.GIS(ctx, db, f.sc, export.GISRequest{Format: "gpkg", SRID: 31467, Filter: store.Filter{IDs: []string{f.a, f.g}}}, o, &buf)
	if err != nil || n != 2 {
		t.Fatalf("%d objects, %v", n, err)
	}
	info = ogrinfo(t, "gk3.gpkg", buf.Bytes())
	for _, want := range []string{"Feature Count: 2", "Gauss-Kruger zone 3", `ID["EPSG",31467]`, "POINT (3527"} {
		if !strings.Contains(info, want) {
			t.Errorf("GeoPackage in EPSG:31467: ogrinfo lacks %q:\n%s", want, info)
		}
	}
	// GDAL's own check of the file: no warnings about the layout.
	if strings.Contains(strings.ToLower(info), "warning") {
		t.Errorf("ogrinfo warns:\n%s", info)
	}

	for name, req := range map[string]export.GISRequest{
		"srid":  {Format: "gpkg", SRID: 999999},
		"empty": {Format: "gpkg", Filter: store.Filter{State: "archived"}},
	} {
		buf.Reset()
		if _, err := export.GIS(ctx, db, f.sc, req, o, &buf); arbor.ErrorCode(err) != arbor.EINVALID || buf.Len() != 0 {
			t.Errorf("%s: %v, %d bytes", name, err, buf.Len())
		}
	}
}
