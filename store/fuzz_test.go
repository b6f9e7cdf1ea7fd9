package store_test

import (
	"encoding/json"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"arbor/store"
)

// FuzzCheckGeoJSON: the geometry decoder never panics, and what it accepts is a point or
// polygon whose every position is two or three finite numbers in longitude/latitude range, whose
// rings are closed, with no edge of 180 degrees. Seeds: testdata/fuzz/FuzzCheckGeoJSON.
func FuzzCheckGeoJSON(f *testing.F) {
	for _, s := range []string{`{"type":"Point","coordinates":[9.43,54.78]}`, `{"type":"Point","coordinates":[]}`,
		`{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,0]]]}`, `{"type":"Polygon","coordinates":[[]]}`,
		`{"type":"MultiPolygon","coordinates":[[[[0,0],[1,0],[1,1],[0,0]]]]}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		if store.CheckGeoJSON(json.RawMessage(raw), store.TreeGeometries) != "" {
			return
		}
		var g struct {
			Type        string          `json:"type"`
			Coordinates json.RawMessage `json:"coordinates"`
		}
		if err := json.Unmarshal([]byte(raw), &g); err != nil {
			t.Fatalf("accepted unreadable %q", raw)
		}
		var positions [][]float64
		switch g.Type {
		case "Point":
			var p []float64
			_ = json.Unmarshal(g.Coordinates, &p)
			positions = [][]float64{p}
		case "Polygon":
			var rings [][][]float64
			_ = json.Unmarshal(g.Coordinates, &rings)
			if len(rings) == 0 {
				t.Fatalf("accepted a polygon without rings: %q", raw)
			}
			for _, r := range rings {
				if len(r) < 4 {
					t.Fatalf("accepted a ring of %d positions: %q", len(r), raw)
				}
				positions = append(positions, r...)
			}
		case "MultiPolygon":
			var polys [][][][]float64
			_ = json.Unmarshal(g.Coordinates, &polys)
			for _, rings := range polys {
				for _, r := range rings {
					positions = append(positions, r...)
				}
			}
			if len(positions) == 0 {
				t.Fatalf("accepted an empty multipolygon: %q", raw)
			}
		default:
			t.Fatalf("accepted type %q", g.Type)
		}
		for _, p := range positions {
			if len(p) < 2 || len(p) > 3 || p[0] < -180 || p[0] > 180 || p[1] < -90 || p[1] > 90 {
				t.Fatalf("accepted position %v of %q", p, raw)
			}
		}
	})
}

var placeholderRE = regexp.MustCompile(`\$(\d+)`)

// FuzzFilterCompile: the filter decoder (JSON into store.Filter, then Compile) never panics,
// and SQL it compiles names only bound values: every $n it uses is among its arguments and no
// text of the input (marked ZQX in the seeds) reaches the SQL itself.
func FuzzFilterCompile(f *testing.F) {
	for _, s := range []string{`{}`, `{"q":"ZQX"}`, `{"state":"all","conditions":[{"field":"height","op":"between","value":[1,"ZQX"]}]}`,
		`{"conditions":[{"field":"check_next","op":"lt","value":"0000-01-01"}]}`, `{"geometry":{"type":"Polygon","coordinates":[[]]}}`,
		`{"where":{"or":[{"not":{"condition":{"field":"species","op":"in","value":["ZQX"]}}}]}}`, `{"ids":["ZQX"]}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		var filter store.Filter
		if json.Unmarshal([]byte(raw), &filter) != nil {
			return
		}
		sql, args, err := filter.Compile([]any{"org", "project"})
		if err != nil {
			return
		}
		for _, m := range placeholderRE.FindAllStringSubmatch(sql, -1) {
			if n, _ := strconv.Atoi(m[1]); n < 1 || n > len(args) {
				t.Fatalf("%q compiles to $%d with %d arguments: %s", raw, n, len(args), sql)
			}
		}
		if strings.Contains(raw, "ZQX") && strings.Contains(sql, "ZQX") {
			t.Fatalf("input text reached the SQL of %q: %s", raw, sql)
		}
	})
}
