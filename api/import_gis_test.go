package api

import (
	"net/http"
	"os"
	"path/filepath"
	"testing"

	"arbor/importer/importertest"
)

// gisRegister is a register in Gauss-Krüger zone 3 (Flensburg): two trees and a group as an
// area of 100 m × 100 m with a hole of 20 m × 20 m.
const gisRegister = `{"type":"FeatureCollection",
 "crs":{"type":"name","properties":{"name":"urn:ogc:def:crs:EPSG::31467"}},
 "features":[
  {"type":"Feature","properties":{"Baumnr":"901","Baumart":"Acer platanoides","Hoehe":12.5},
   "geometry":{"type":"Point","coordinates":[3527505.2,6073645.2]}},
  {"type":"Feature","properties":{"Baumnr":"902","Baumart":"Tilia cordata","Hoehe":8},
   "geometry":{"type":"Point","coordinates":[3527515.6,6073649.8]}},
  {"type":"Feature","properties":{"Baumnr":"903","Baumart":"Fagus sylvatica","Hoehe":20},
   "geometry":{"type":"Polygon","coordinates":[
     [[3527600,6073600],[3527700,6073600],[3527700,6073700],[3527600,6073700],[3527600,6073600]],
     [[3527640,6073640],[3527660,6073640],[3527660,6073660],[3527640,6073660],[3527640,6073640]]]}}
 ]}`

// TestImportGISFiles: a zipped Shapefile in Gauss-Krüger (its .prj names the system) and a
// GeoPackage in UTM 32N come in without the person choosing a reference system or coordinate
// columns: points become trees where they stand, the area becomes a group with its hole.
func TestImportGISFiles(t *testing.T) {
	t.Parallel()
	e, w := newTreeWorld(t)
	mapping := []map[string]string{{"target": "number"}, {"target": "species"}, {"target": "height"}}

	// Shapefile: the points' layer, zipped with its .prj.
	dir := importertest.GDAL(t, gisRegister, "-f", "ESRI Shapefile", "trees.shp", "-where", "Baumnr <> '903'")
	zipped := importertest.ZipFiles(t, dir, map[string]string{"trees.shp": "trees.shp", "trees.shx": "trees.shx", "trees.dbf": "trees.dbf", "trees.prj": "trees.prj"})
	body, ct := importForm(t, "Kataster.zip", zipped, nil)
	r := w.editor.do("POST", w.url("/api/content/import/inspect"), body, ct)
	wantStatus(t, r, http.StatusOK)
	in := r.json(t)
	if in["format"] != "shapefile" || in["geometry"] != true || in["detected"].(map[string]any)["srid"] != 31467.0 {
		t.Fatalf("inspection %s", r.body)
	}
	// A mapping under which every row has a problem: the preview names each, not "no rows".
	wrong := []map[string]string{{"target": "number"}, {"target": "height"}, {"target": ""}}
	body, ct = importForm(t, "Kataster.zip", zipped, map[string]any{"mapping": wrong, "dry_run": true})
	r = w.editor.do("POST", w.url("/api/content/import"), body, ct)
	wantStatus(t, r, http.StatusOK)
	if res := r.json(t); res["written"] != false || len(res["problems"].([]any)) != 2 {
		t.Fatalf("all rows wrong %s", r.body)
	}
	// Confirmed all the same, the queue's import ends with the problems and writes nothing.
	if res := importQueued(t, w, w.editor, "Kataster.zip", zipped, map[string]any{"mapping": wrong}); res["written"] != false || len(res["problems"].([]any)) != 2 {
		t.Fatalf("all rows wrong, queued: %v", res)
	}
	if res := importQueued(t, w, w.editor, "Kataster.zip", zipped, map[string]any{"mapping": mapping, "add_species": true}); res["trees"] != 2.0 || res["groups"] != 0.0 || res["written"] != true {
		t.Fatalf("shapefile import %v", res)
	}
	// Gauss-Krüger 3 527 505 / 6 073 645 is Flensburg, 9.42° E 54.79° N.
	if n := e.count(t, `SELECT count(*) FROM tree WHERE project_id = $1 AND number IN (901, 902)
		AND ST_X(geom) BETWEEN 9.40 AND 9.45 AND ST_Y(geom) BETWEEN 54.77 AND 54.81 AND single_tree`, w.project); n != 2 {
		t.Fatalf("%d trees where the Shapefile put them", n)
	}

	// GeoPackage in UTM 32N: both kinds in one layer.
	dir = importertest.GDAL(t, gisRegister, "-f", "GPKG", "register.gpkg", "-t_srs", "EPSG:25832", "-sql",
		"SELECT CAST(Baumnr AS integer) + 1000 AS Baumnr, Baumart, Hoehe FROM register")
	gpkg, _ := os.ReadFile(filepath.Join(dir, "register.gpkg"))
	body, ct = importForm(t, "register.gpkg", gpkg, nil)
	r = w.editor.do("POST", w.url("/api/content/import/inspect"), body, ct)
	wantStatus(t, r, http.StatusOK)
	if in := r.json(t); in["format"] != "gpkg" || in["detected"].(map[string]any)["srid"] != 25832.0 || len(in["layers"].([]any)) != 1 {
		t.Fatalf("inspection %s", r.body)
	}
	gm := append([]map[string]string{{"target": ""}}, mapping...) // GDAL's fid column is left out
	if res := importQueued(t, w, w.editor, "register.gpkg", gpkg, map[string]any{"mapping": gm, "add_species": true}); res["trees"] != 2.0 || res["groups"] != 1.0 {
		t.Fatalf("geopackage import %v", res)
	}
	// The group's area: 100 m × 100 m less its 20 m × 20 m hole, within a percent (the
	// reference systems' scale differs a little from the ground's).
	if n := e.count(t, `SELECT count(*) FROM tree WHERE project_id = $1 AND number = 1903 AND NOT single_tree
		AND ST_Area(geom::geography) BETWEEN 9500 AND 9700`, w.project); n != 1 {
		t.Fatalf("%d groups with the area's hole", n)
	}
}
