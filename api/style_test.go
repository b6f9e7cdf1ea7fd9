package api

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"arbor/styles"
	"arbor/tiles/layers"
)

// paintColours collects every colour literal ("#rrggbb") of a layer's paint.
func paintColours(v any, out map[string]bool) {
	switch x := v.(type) {
	case string:
		if strings.HasPrefix(x, "#") {
			out[x] = true
		}
	case []any:
		for _, e := range x {
			paintColours(e, out)
		}
	case map[string]any:
		for _, e := range x {
			paintColours(e, out)
		}
	}
}

func layerByID(t *testing.T, st map[string]any, id string) map[string]any {
	t.Helper()
	for _, l := range st["layers"].([]any) {
		if m := l.(map[string]any); m["id"] == id {
			return m
		}
	}
	t.Fatalf("style has no layer %q", id)
	return nil
}

func TestStyleBuild(t *testing.T) {
	t.Parallel()
	for _, th := range styles.Themes() {
		light, err := styles.Build(styles.Options{ProjectID: "p", Theme: th.ID, Scheme: "light"})
		if err != nil {
			t.Fatalf("%s light: %v", th.ID, err)
		}
		dark, err := styles.Build(styles.Options{ProjectID: "p", Theme: th.ID, Scheme: "dark"})
		if err != nil {
			t.Fatalf("%s dark: %v", th.ID, err)
		}
		// Through JSON, as a client sees it.
		var l, d map[string]any
		for _, p := range []struct {
			in  map[string]any
			out *map[string]any
		}{{light, &l}, {dark, &d}} {
			b, _ := json.Marshal(p.in)
			if err := json.Unmarshal(b, p.out); err != nil {
				t.Fatal(err)
			}
		}
		if l["version"].(float64) != 8 {
			t.Fatalf("version %v", l["version"])
		}
		// The tree colours: a match on the theme's property with one colour per class, and
		// light and dark differ.
		lc, dc := map[string]bool{}, map[string]bool{}
		paintColours(layerByID(t, l, "trees")["paint"].(map[string]any)["circle-color"], lc)
		paintColours(layerByID(t, d, "trees")["paint"].(map[string]any)["circle-color"], dc)
		expr := layerByID(t, l, "trees")["paint"].(map[string]any)["circle-color"].([]any)
		if expr[0] != "match" || !strings.Contains(styleJSON(expr[1]), `"`+th.Property+`"`) {
			t.Fatalf("%s: colour expression %v", th.ID, expr)
		}
		classes := len(th.Classes)
		if th.Assess != nil {
			classes += len(th.Assess.Classes)
		}
		if len(expr) != 2+2*classes+1 {
			t.Fatalf("%s: %d classes in %v", th.ID, len(th.Classes), expr)
		}
		same := 0
		for c := range lc {
			if dc[c] {
				same++
			}
		}
		if same == len(lc) {
			t.Fatalf("%s: light and dark use the same colours %v", th.ID, lc)
		}
		bg := func(st map[string]any) any {
			return layerByID(t, st, "background")["paint"].(map[string]any)["background-color"]
		}
		if bg(l) == bg(d) {
			t.Fatalf("%s: same background in light and dark", th.ID)
		}
		// The legend labels of every class are in the layer metadata.
		meta := layerByID(t, l, "trees")["metadata"].(map[string]any)["arbor:legend"].(map[string]any)
		if meta["theme"] != th.ID || len(meta["labels"].(map[string]any)) != classes {
			t.Fatalf("%s: legend metadata %v", th.ID, meta)
		}
		// Safety: a tree the works leave safe but never inspected, or overdue for inspection,
		// is never drawn in the green of a checked tree, and says so in the legend.
		if th.ID == "safety" {
			labels := meta["labels"].(map[string]any)
			if labels["unassessed"] != "map.classes.safety.unassessed" || labels["overdue"] != "map.classes.safety.overdue" {
				t.Fatalf("safety legend %v", labels)
			}
			colourOf := map[string]string{}
			for i := 2; i+1 < len(expr); i += 2 {
				colourOf[fmt.Sprint(expr[i])] = fmt.Sprint(expr[i+1])
			}
			if colourOf["unassessed"] == colourOf["0"] || colourOf["overdue"] == colourOf["0"] || colourOf["unassessed"] == "" {
				t.Fatalf("safety colours %v", colourOf)
			}
			if !strings.Contains(styleJSON(expr[1]), `"check_class"`) {
				t.Fatalf("safety colour does not read the inspection class: %v", expr[1])
			}
		}
		// Every theme rings the open safety-relevant works past their deadline.
		ring := layerByID(t, l, "works-safety-overdue")
		if f := styleJSON(ring["filter"]); !strings.Contains(f, `"security_relevance"`) || !strings.Contains(f, `"deadline_class"`) {
			t.Fatalf("%s: overdue safety ring filter %s", th.ID, f)
		}
		// Labels from zoom 17: number tag, else number.
		for _, id := range []string{"trees-label"} {
			lab := layerByID(t, l, id)
			if lab["minzoom"].(float64) != 17 {
				t.Fatalf("%s minzoom %v", id, lab["minzoom"])
			}
			tf := styleJSON(lab["layout"].(map[string]any)["text-field"])
			if !strings.Contains(tf, "coalesce") || !strings.Contains(tf, "number_text") || !strings.Contains(tf, `"number"`) {
				t.Fatalf("%s text-field %s", id, tf)
			}
		}
		// The grid below the detail zoom, single trees from it.
		if layerByID(t, l, "trees-grid")["maxzoom"].(float64) != 14 || layerByID(t, l, "trees")["minzoom"].(float64) != 14 {
			t.Fatalf("%s: grid and detail zooms", th.ID)
		}
	}
	if _, err := styles.Build(styles.Options{Theme: "colour"}); err == nil {
		t.Fatal("an unknown theme built")
	}
	if _, err := styles.Build(styles.Options{Theme: "safety", Scheme: "sepia"}); err == nil {
		t.Fatal("an unknown scheme built")
	}
	// Every theme has distinct classes with both colours.
	for _, th := range styles.Themes() {
		seen := map[int]bool{}
		for _, c := range th.Classes {
			if seen[c.Value] || c.Light == "" || c.Dark == "" || c.Label == "" {
				t.Fatalf("%s: class %+v", th.ID, c)
			}
			seen[c.Value] = true
		}
	}
}

func TestStyleRoute(t *testing.T) {
	t.Parallel()
	_, w := newTreeWorld(t)
	r := w.reader.do("GET", "/api/styles/"+w.project+"/vitality.json?scheme=dark", nil)
	wantStatus(t, r, http.StatusOK)
	st := r.json(t)
	if st["metadata"].(map[string]any)["arbor:scheme"] != "dark" || st["metadata"].(map[string]any)["arbor:theme"] != "vitality" {
		t.Fatalf("metadata %v", st["metadata"])
	}
	for _, layer := range []string{"trees", "groups", "works"} {
		src := st["sources"].(map[string]any)[layer].(map[string]any)
		if !strings.HasSuffix(src["url"].(string), "/api/tiles/"+w.project+"/"+layer+".json") {
			t.Fatalf("source %s: %v", layer, src)
		}
	}
	// The source URL is one the TileJSON route answers.
	wantStatus(t, w.reader.do("GET", "/api/tiles/"+w.project+"/trees.json", nil), http.StatusOK)
	wantStatus(t, w.reader.do("GET", "/api/styles/"+w.project+"/colour.json", nil), http.StatusNotFound)
	wantStatus(t, w.reader.do("GET", "/api/styles/"+w.project+"/safety.json?scheme=sepia", nil), http.StatusBadRequest)
	light := w.reader.do("GET", "/api/styles/"+w.project+"/safety.json", nil)
	wantStatus(t, light, http.StatusOK)
	if light.json(t)["metadata"].(map[string]any)["arbor:scheme"] != "light" {
		t.Fatal("the default scheme is not light")
	}
}

func styleJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// readsProperties collects the feature properties an expression reads (["get", name]).
func readsProperties(v any, out map[string]bool) {
	switch x := v.(type) {
	case []any:
		if len(x) == 2 && x[0] == "get" {
			if name, ok := x[1].(string); ok {
				out[name] = true
			}
		}
		if len(x) == 2 && x[0] == "has" {
			if name, ok := x[1].(string); ok {
				out[name] = true
			}
		}
		for _, e := range x {
			readsProperties(e, out)
		}
	case map[string]any:
		for _, e := range x {
			readsProperties(e, out)
		}
	}
}

// TestZoomsAgree: the layers' definition (tiles/layers/layers.go) is the one source of their fields and
// zooms. The tiles carry at each zoom what it says, the TileJSON tells it, and every style reads
// only properties its source carries, from the zooms that carry them.
func TestZoomsAgree(t *testing.T) {
	t.Parallel()
	_, w := newTreeWorld(t)
	tr := w.createTree(t, w.editor, map[string]any{"geom": point(9.4301, 54.7801), "number": 7, "vitality": 2})
	w.createTree(t, w.editor, map[string]any{"geom": square(9.4310, 54.7810, 0.0005), "tree_count": 12, "number": 8})
	w.addWork(t, w.care, tr["id"].(string), w.felling, nil)

	for _, l := range layers.All {
		tj := w.reader.do("GET", "/api/tiles/"+w.project+"/"+l.Name+".json", nil).json(t)
		if tj["detail_zoom"] != float64(l.DetailZoom) || tj["label_zoom"] != float64(l.LabelZoom) {
			t.Fatalf("%s: TileJSON zooms %v, %v; defined %d, %d", l.Name, tj["detail_zoom"], tj["label_zoom"], l.DetailZoom, l.LabelZoom)
		}
		described := tj["vector_layers"].([]any)[0].(map[string]any)["fields"].(map[string]any)
		if len(described) != len(l.Fields) {
			t.Fatalf("%s: TileJSON fields %v; defined %v", l.Name, described, l.Fields)
		}
		for _, f := range l.Fields {
			if described[f.Name] == nil {
				t.Fatalf("%s: TileJSON lacks %s", l.Name, f.Name)
			}
		}
		// Each side of each zoom the definition names (a zoom of 0 says "always": a small group
		// is simplified away on the tiles of the whole world, so from z10).
		zooms := map[int]bool{10: true, 18: true}
		for _, z := range []int{l.DetailZoom - 1, l.DetailZoom, l.LabelZoom - 1, l.LabelZoom} {
			if z >= 10 {
				zooms[z] = true
			}
		}
		lon, lat := 9.4301, 54.7801
		if l.Name == "groups" {
			lon, lat = 9.4310, 54.7810
		}
		for z := range zooms {
			x, y := tileOf(lon, lat, z)
			_, layers := getTile(t, w.reader, w.project, l.Name, z, x, y)
			ml := layerNamed(layers, l.Name)
			if ml == nil || len(ml.Features) == 0 {
				t.Fatalf("%s z%d: no features", l.Name, z)
			}
			allowed := map[string]bool{}
			for _, name := range l.FieldsAt(z) {
				allowed[name] = true
			}
			carried := map[string]bool{}
			for _, f := range ml.Features {
				for k := range f.Properties {
					if !allowed[k] {
						t.Fatalf("%s z%d carries %s; defined for this zoom: %v", l.Name, z, k, l.FieldsAt(z))
					}
					carried[k] = true
				}
			}
			if carried["count"] != l.Grid(z) {
				t.Fatalf("%s z%d: grid %v, defined %v", l.Name, z, carried["count"], l.Grid(z))
			}
			for _, f := range l.Fields {
				if f.Label && f.Name == "number" && carried["number"] != (!l.Grid(z) && z >= l.LabelZoom) {
					t.Fatalf("%s z%d: numbers %v; label zoom %d", l.Name, z, carried["number"], l.LabelZoom)
				}
			}
		}
	}

	for _, theme := range styles.Themes() {
		for _, scheme := range styles.Schemes() {
			st, err := styles.Build(styles.Options{ProjectID: w.project, Theme: theme.ID, Scheme: scheme})
			if err != nil {
				t.Fatal(err)
			}
			meta := st["metadata"].(map[string]any)
			if meta["arbor:detail_zoom"] != layers.Trees.DetailZoom || meta["arbor:label_minzoom"] != layers.Trees.LabelZoom {
				t.Fatalf("style metadata %v", meta)
			}
			for _, v := range st["layers"].([]any) {
				sl := v.(map[string]any)
				name, _ := sl["source-layer"].(string)
				if name == "" {
					continue
				}
				l, ok := layers.Named(name)
				if !ok || sl["source"] != name {
					t.Fatalf("style layer %s reads %v/%s", sl["id"], sl["source"], name)
				}
				minz, _ := sl["minzoom"].(int)
				maxz, hasMax := sl["maxzoom"].(int)
				reads := map[string]bool{}
				readsProperties([]any{sl["filter"], sl["paint"], sl["layout"]}, reads)
				for prop := range reads {
					var f *layers.Field
					for i := range l.Fields {
						if l.Fields[i].Name == prop {
							f = &l.Fields[i]
						}
					}
					if f == nil {
						t.Fatalf("style layer %s (%s) reads %s, which %s tiles do not carry", sl["id"], theme.ID, prop, name)
					}
					// A property of the grid alone: the layer ends where the grid does.
					if f.Grid && !f.Detail && (!hasMax || maxz != l.DetailZoom) {
						t.Fatalf("style layer %s draws the grid up to %v; the grid ends at %d", sl["id"], sl["maxzoom"], l.DetailZoom)
					}
					// Single objects only: the layer starts where they do.
					if !f.Grid && f.Detail && !f.Label && minz < l.DetailZoom {
						t.Fatalf("style layer %s starts at %d; single %s from %d", sl["id"], minz, name, l.DetailZoom)
					}
					// Labels: the layer starts where the tiles carry them.
					if f.Label && layoutReads(sl, prop) && minz != l.LabelZoom {
						t.Fatalf("style layer %s writes %s from %d; the tiles carry it from %d", sl["id"], prop, minz, l.LabelZoom)
					}
				}
				// A layer of single objects (no grid property) on a gridded source starts at the detail zoom.
				if l.DetailZoom > 0 && !reads["count"] && minz < l.DetailZoom {
					t.Fatalf("style layer %s starts at %d, below the detail zoom %d of %s", sl["id"], minz, l.DetailZoom, name)
				}
			}
		}
	}
}

// layoutReads reports whether a style layer's layout reads the property (its text).
func layoutReads(sl map[string]any, prop string) bool {
	reads := map[string]bool{}
	readsProperties(sl["layout"], reads)
	return reads[prop]
}
