package importer_test

import (
	"archive/zip"
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"arbor/importer"
	"arbor/importer/importertest"

	"github.com/paulmach/orb"
)

// The GIS fixtures are written by GDAL's ogr2ogr, the library QGIS and ArcGIS export with, so
// the reader meets the files a city's GIS department really sends (make test installs gdal-bin).

// registerGeoJSON is a small register in Gauss-Krüger zone 3 (Flensburg): two trees and a group
// of trees as an area with a hole, with German headings and an umlaut.
const registerGeoJSON = `{"type":"FeatureCollection",
 "crs":{"type":"name","properties":{"name":"urn:ogc:def:crs:EPSG::31467"}},
 "features":[
  {"type":"Feature","properties":{"Baumnr":"1","Baumart":"Acer platanoides","Hoehe":12.5,"Strasse":"Große Straße"},
   "geometry":{"type":"Point","coordinates":[3527505.2,6073645.2]}},
  {"type":"Feature","properties":{"Baumnr":"2","Baumart":"Tilia cordata","Hoehe":8,"Strasse":"Toosbüystraße"},
   "geometry":{"type":"Point","coordinates":[3527515.6,6073649.8]}},
  {"type":"Feature","properties":{"Baumnr":"G1","Baumart":"Fagus sylvatica","Hoehe":20,"Strasse":"Stadtpark"},
   "geometry":{"type":"Polygon","coordinates":[
     [[3527600,6073600],[3527700,6073600],[3527700,6073700],[3527600,6073700],[3527600,6073600]],
     [[3527640,6073640],[3527660,6073640],[3527660,6073660],[3527640,6073660],[3527640,6073640]]]}}
 ]}`

// rowsWithGeometry reads every row: values and geometry.
func rowsWithGeometry(t *testing.T, src importer.Source) ([][]string, []orb.Geometry) {
	t.Helper()
	var values [][]string
	var geoms []orb.Geometry
	for {
		r, err := src.Next()
		if errors.Is(err, io.EOF) {
			return values, geoms
		}
		if err != nil {
			t.Fatalf("row: %v", err)
		}
		values = append(values, r.Values)
		geoms = append(geoms, r.Geometry)
	}
}

// TestShapefileZip: points and areas as GDAL writes them (two layers, as a Shapefile holds one
// kind of geometry), zipped in a folder the way people zip them; the .prj in Gauss-Krüger zone
// 3 tells EPSG:31467, the .dbf's Windows code page is read, the ring with the hole stays a hole.
func TestShapefileZip(t *testing.T) {
	pts := importertest.GDAL(t, registerGeoJSON, "-f", "ESRI Shapefile", "trees.shp", "-where", "Baumnr <> 'G1'")
	areas := importertest.GDAL(t, registerGeoJSON, "-f", "ESRI Shapefile", "groups.shp", "-where", "Baumnr = 'G1'")
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, f := range []struct{ dir, name string }{
		{pts, "trees.shp"}, {pts, "trees.dbf"}, {pts, "trees.prj"}, {pts, "trees.shx"},
		{areas, "groups.shp"}, {areas, "groups.dbf"}, {areas, "groups.prj"},
	} {
		b, err := os.ReadFile(filepath.Join(f.dir, f.name))
		if err != nil {
			t.Fatal(err)
		}
		w, _ := zw.Create("Kataster 2024/" + f.name)
		w.Write(b)
	}
	w, _ := zw.Create("__MACOSX/Kataster 2024/._trees.shp")
	w.Write([]byte("resource fork"))
	zw.Close()
	data := buf.Bytes()

	src := open(t, data, importer.Options{Sheet: "Kataster 2024/trees"})
	if src.Format() != importer.FormatShapefile || !src.Format().Geometric() {
		t.Fatalf("format %q", src.Format())
	}
	if d := src.Detected(); d.SRID != 31467 || d.Sheet != "trees" {
		t.Errorf("detected %+v, want EPSG:31467 and layer trees", d)
	}
	if want := []string{"Baumnr", "Baumart", "Hoehe", "Strasse"}; !reflect.DeepEqual(src.Columns(), want) {
		t.Errorf("columns %q", src.Columns())
	}
	values, geoms := rowsWithGeometry(t, src)
	wantValues := [][]string{{"1", "Acer platanoides", "12.5", "Große Straße"}, {"2", "Tilia cordata", "8", "Toosbüystraße"}}
	if !reflect.DeepEqual(values, wantValues) {
		t.Errorf("values %q", values)
	}
	if p, ok := geoms[0].(orb.Point); !ok || p != (orb.Point{3527505.2, 6073645.2}) {
		t.Errorf("first geometry %#v", geoms[0])
	}

	// The areas' layer, chosen by name: one polygon with its hole.
	src = open(t, data, importer.Options{Sheet: "groups"})
	_, geoms = rowsWithGeometry(t, src)
	poly, ok := geoms[0].(orb.Polygon)
	if len(geoms) != 1 || !ok || len(poly) != 2 {
		t.Fatalf("areas %#v", geoms)
	}
	if a := poly[0].Bound(); a.Min != (orb.Point{3527600, 6073600}) || a.Max != (orb.Point{3527700, 6073700}) {
		t.Errorf("outer ring %v", a)
	}
	if h := poly[1].Bound(); h.Min != (orb.Point{3527640, 6073640}) {
		t.Errorf("hole %v", h)
	}

	// Without a layer chosen, the first by name; a layer the zip lacks is named.
	def := open(t, data, importer.Options{})
	if d := def.Detected(); d.Sheet != "groups" {
		t.Errorf("default layer %q", d.Sheet)
	}
	if l := def.(importer.Layered).Layers(); !reflect.DeepEqual(l, []string{"groups", "trees"}) {
		t.Errorf("layers %q", l)
	}
	var re *importer.RowError
	if _, err := importer.Open(bytes.NewReader(data), int64(len(data)), importer.Options{Sheet: "Bäume"}); !errors.As(err, &re) || re.Key != "import.no_layer" {
		t.Errorf("unknown layer: %v", err)
	}
}

// TestShapefileBroken: a zip without the .dbf, a zip of something else, a damaged zip and a
// .shp whose records end early are refused with a reason, never a panic.
func TestShapefileBroken(t *testing.T) {
	dir := importertest.GDAL(t, registerGeoJSON, "-f", "ESRI Shapefile", "trees.shp", "-where", "Baumnr <> 'G1'")
	noDBF := importertest.ZipFiles(t, dir, map[string]string{"trees.shp": "trees.shp", "trees.prj": "trees.prj"})
	if _, err := importer.Open(bytes.NewReader(noDBF), int64(len(noDBF)), importer.Options{}); !errors.Is(err, importer.ErrShapefileParts) {
		t.Errorf("without .dbf: %v", err)
	}
	other := importertest.ZipFiles(t, dir, map[string]string{"trees.prj": "readme.txt"})
	if _, err := importer.Open(bytes.NewReader(other), int64(len(other)), importer.Options{}); !errors.Is(err, importer.ErrFormat) {
		t.Errorf("zip of other files: %v", err)
	}
	whole := importertest.ZipFiles(t, dir, map[string]string{"trees.shp": "trees.shp", "trees.dbf": "trees.dbf"})
	damaged := whole[:len(whole)/2]
	if _, err := importer.Open(bytes.NewReader(damaged), int64(len(damaged)), importer.Options{}); err == nil {
		t.Error("a damaged zip was read")
	}
	// A .shp cut in its second record: the first row is read, the reading ends at the second.
	shp, _ := os.ReadFile(filepath.Join(dir, "trees.shp"))
	os.WriteFile(filepath.Join(dir, "cut.shp"), shp[:len(shp)-10], 0o600)
	cut := importertest.ZipFiles(t, dir, map[string]string{"cut.shp": "trees.shp", "trees.dbf": "trees.dbf"})
	src := open(t, cut, importer.Options{})
	if _, err := src.Next(); err != nil {
		t.Fatalf("first row: %v", err)
	}
	var rd *importer.ReadError
	if _, err := src.Next(); !errors.As(err, &rd) || rd.Line != 2 {
		t.Errorf("cut record: %v", err)
	}
}

// TestGeoPackage: a GeoPackage as GDAL writes it, in ETRS89/UTM 32N: its reference system from
// gpkg_spatial_ref_sys, the attribute columns without the geometry, points and the polygon
// with its hole in one layer, the first layer with rows when none is chosen.
func TestGeoPackage(t *testing.T) {
	dir := importertest.GDAL(t, registerGeoJSON, "-f", "GPKG", "register.gpkg", "-t_srs", "EPSG:25832", "-nln", "baeume")
	data, err := os.ReadFile(filepath.Join(dir, "register.gpkg"))
	if err != nil {
		t.Fatal(err)
	}
	src := open(t, data, importer.Options{})
	if src.Format() != importer.FormatGeoPackage {
		t.Fatalf("format %q", src.Format())
	}
	if d := src.Detected(); d.SRID != 25832 || d.Sheet != "baeume" {
		t.Errorf("detected %+v", d)
	}
	if want := []string{"fid", "Baumnr", "Baumart", "Hoehe", "Strasse"}; !reflect.DeepEqual(src.Columns(), want) {
		t.Errorf("columns %q", src.Columns())
	}
	values, geoms := rowsWithGeometry(t, src)
	if len(values) != 3 || values[0][1] != "1" || values[0][4] != "Große Straße" || values[2][3] != "20" {
		t.Errorf("values %q", values)
	}
	p, ok := geoms[0].(orb.Point)
	// Gauss-Krüger 3 527 505 is about 9.42° east: UTM 32N's easting there is about 527 000.
	if !ok || p[0] < 526000 || p[0] > 529000 || p[1] < 6070000 || p[1] > 6076000 {
		t.Errorf("first point %#v", geoms[0])
	}
	if poly, ok := geoms[2].(orb.Polygon); !ok || len(poly) != 2 {
		t.Errorf("area %#v", geoms[2])
	}

	// Reading from memory (not a file of its own) works through a temporary copy.
	src2, err := importer.Open(bytes.NewReader(data), int64(len(data)), importer.Options{Sheet: "nothing"})
	var re *importer.RowError
	if !errors.As(err, &re) || re.Key != "import.no_layer" {
		t.Errorf("unknown layer: %v", err)
		if src2 != nil {
			src2.Close()
		}
	}
	// An SQLite file that is no GeoPackage.
	plain := importertest.GDAL(t, registerGeoJSON, "-f", "SQLite", "plain.sqlite")
	b, _ := os.ReadFile(filepath.Join(plain, "plain.sqlite"))
	if _, err := importer.Open(bytes.NewReader(b), int64(len(b)), importer.Options{}); !errors.Is(err, importer.ErrFormat) {
		t.Errorf("plain SQLite: %v", err)
	}
}

// TestSRIDFromWKT: the .prj texts ESRI, GDAL and QGIS write for the systems German registers use.
func TestSRIDFromWKT(t *testing.T) {
	cases := map[string]int{
		`PROJCS["DHDN_3_Degree_Gauss_Zone_3",GEOGCS["GCS_Deutsches_Hauptdreiecksnetz",DATUM["D_Deutsches_Hauptdreiecksnetz",SPHEROID["Bessel_1841",6377397.155,299.1528128]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]],PROJECTION["Gauss_Kruger"],PARAMETER["False_Easting",3500000.0],PARAMETER["False_Northing",0.0],PARAMETER["Central_Meridian",9.0],PARAMETER["Scale_Factor",1.0],PARAMETER["Latitude_Of_Origin",0.0],UNIT["Meter",1.0]]`: 31467,
		`PROJCS["DHDN_3_Degree_Gauss_Zone_4",GEOGCS["GCS_Deutsches_Hauptdreiecksnetz",DATUM["D_Deutsches_Hauptdreiecksnetz",SPHEROID["Bessel_1841",6377397.155,299.1528128]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]],PROJECTION["Gauss_Kruger"],PARAMETER["False_Easting",4500000.0],PARAMETER["Central_Meridian",12.0],UNIT["Meter",1.0]]`:                                                                                                  31468,
		`PROJCS["ETRS_1989_UTM_Zone_32N",GEOGCS["GCS_ETRS_1989",DATUM["D_ETRS_1989",SPHEROID["GRS_1980",6378137.0,298.257222101]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]],PROJECTION["Transverse_Mercator"],PARAMETER["False_Easting",500000.0],PARAMETER["Central_Meridian",9.0],PARAMETER["Scale_Factor",0.9996],UNIT["Meter",1.0]]`:                                                                                                       25832,
		`PROJCS["ETRS89_UTM_zone_33N",GEOGCS["GCS_ETRS_1989",DATUM["D_ETRS_1989",SPHEROID["GRS_1980",6378137.0,298.257222101]]],PROJECTION["Transverse_Mercator"],PARAMETER["Central_Meridian",15.0]]`:                                                                                                                                                                                                                                                          25833,
		`PROJCS["ETRS89 / UTM zone 32N",GEOGCS["ETRS89",AUTHORITY["EPSG","4258"]],UNIT["metre",1,AUTHORITY["EPSG","9001"]],AXIS["Easting",EAST],AXIS["Northing",NORTH],AUTHORITY["EPSG","25832"]]`:                                                                                                                                                                                                                                                              25832,
		`GEOGCS["GCS_WGS_1984",DATUM["D_WGS_1984",SPHEROID["WGS_1984",6378137.0,298.257223563]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]]`:                                                                                                                                                                                                                                                                                                     4326,
		`PROJCS["WGS_1984_Web_Mercator_Auxiliary_Sphere",GEOGCS["GCS_WGS_1984",DATUM["D_WGS_1984",SPHEROID["WGS_1984",6378137.0,298.257223563]]],PROJECTION["Mercator_Auxiliary_Sphere"]]`:                                                                                                                                                                                                                                                                      3857,
		`PROJCS["Lambert_Conformal_Conic",GEOGCS["GCS_NAD83"]]`: 0,
		`not a prj at all`: 0,
	}
	for wkt, want := range cases {
		if got := importer.SRIDFromWKT(wkt); got != want {
			t.Errorf("SRIDFromWKT(%.50s…) = %d, want %d", wkt, got, want)
		}
	}
}
