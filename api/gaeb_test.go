package api

import (
	"net/http"
	"strings"
	"testing"

	"arbor/export/exporttest"
)

// TestExportGAEB: the open works of a selection come as an X83 file the official schema
// accepts, and the export is recorded; readers may not tender; nothing open, no scope and a job
// of another project answer with a message.
func TestExportGAEB(t *testing.T) {
	t.Parallel()
	e, w := newTreeWorld(t)
	a := w.createTree(t, w.editor, map[string]any{"number": 7, "species": w.species})
	b := w.createTree(t, w.editor, map[string]any{"number": 8, "species": w.species})
	w.addWork(t, w.care, a["id"].(string), w.felling, map[string]any{"deadline": "2026-12-01", "comment": "=1+1"})
	done := w.addWork(t, w.care, b["id"].(string), w.pruning, nil)
	w.complete(t, done)

	r := w.care.do("POST", w.url("/api/content/export-gaeb"), map[string]any{"filter": map[string]any{"ids": []string{a["id"].(string), b["id"].(string)}}})
	wantStatus(t, r, http.StatusOK)
	if ct, cd := r.Header.Get("Content-Type"), r.Header.Get("Content-Disposition"); ct != "application/xml" || !strings.Contains(cd, ".x83") {
		t.Fatalf("headers %q %q", ct, cd)
	}
	if out, err := exporttest.Run(t, r.body, "lv.x83", "xmllint", "--noout", "--schema", "../export/gaeb/schema/GAEB_DA_XML_83_3.3_2021-05.xsd"); err != nil {
		t.Fatalf("xmllint: %v %s", err, out)
	}
	body := string(r.body)
	if !strings.Contains(body, "Baum Nr. 7: Tilia cordata") || !strings.Contains(body, "Hinweis: =1+1") || strings.Contains(body, "Baum Nr. 8") {
		t.Fatalf("tender:\n%s", body)
	}
	if n := e.count(t, `SELECT count(*) FROM export_record WHERE organisation_id = $1 AND kind = 'export-gaeb' AND format = 'x83' AND objects = 1
		AND user_id = $2`, w.org, e.userID(t, w.members[3])); n != 1 {
		t.Fatalf("%d export records", n)
	}

	// The organisation's administrators see who exported what.
	r = e.login(t, w.admin, testPassword).do("GET", "/api/management/organisation/"+w.org+"/exports", nil)
	wantStatus(t, r, http.StatusOK)
	list := r.json(t)
	items, _ := list["items"].([]any)
	if len(items) != 1 || items[0].(map[string]any)["kind"] != "export-gaeb" || items[0].(map[string]any)["username"] != w.members[3] {
		t.Fatalf("exports %v", list)
	}
	wantStatus(t, w.care.do("GET", "/api/management/organisation/"+w.org+"/exports", nil), http.StatusForbidden)

	wantStatus(t, w.reader.do("POST", w.url("/api/content/export-gaeb"), map[string]any{"filter": map[string]any{}}), http.StatusForbidden)

	// The view for a GIS, in UTM 32N.
	r = w.editor.do("POST", w.url("/api/content/export-gis"), map[string]any{"filter": map[string]any{}, "format": "geojson", "srid": 25832})
	wantStatus(t, r, http.StatusOK)
	if !strings.Contains(string(r.body), "EPSG::25832") || !strings.Contains(string(r.body), `"number":7`) {
		t.Fatalf("GeoJSON %s", r.body)
	}
	wantStatus(t, w.reader.do("POST", w.url("/api/content/export-gis"), map[string]any{"format": "csv"}), http.StatusForbidden)
	wantError(t, w.care.do("POST", w.url("/api/content/export-gis"), map[string]any{"format": "csv", "srid": 12}), http.StatusBadRequest, "invalid",
		"This reference system is unknown. Give an EPSG code, such as 4326 or 25832.")
	wantError(t, w.care.do("POST", w.url("/api/content/export-gaeb"), map[string]any{"filter": map[string]any{"ids": []string{b["id"].(string)}}}),
		http.StatusBadRequest, "invalid", "There are no open works to put out to tender in this selection.")
	wantError(t, w.care.do("POST", w.url("/api/content/export-gaeb"), map[string]any{}), http.StatusBadRequest, "invalid", "")
	wantError(t, w.care.do("POST", w.url("/api/content/export-gaeb"), map[string]any{"job": "00000000-0000-0000-0000-000000000001"}), http.StatusNotFound, "not_found", "")
	wantError(t, w.care.do("POST", w.url("/api/content/export-gaeb"), map[string]any{"job": "x'; drop"}), http.StatusNotFound, "not_found", "")
}
