// Package styles is the one definition of how the data layers look on a map: the themes (which
// attribute colours the trees and groups, its classes, their colours in light and dark, the i18n
// key of each label) live in themes.json, and Build turns them into a complete MapLibre style for
// a project. The web app reads its legend from that style, so no colour is ever written twice;
// the sources, fields and zooms are those of the tile layers' definition (tiles/layers).
package styles

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"net/url"
	"strings"

	"arbor/tiles/layers"
)

//go:embed themes.json
var themesJSON []byte

// Class is one value of a theme with its colours and the i18n key of its label.
type Class struct {
	Value int    `json:"value"`
	Label string `json:"label"`
	Light string `json:"light"`
	Dark  string `json:"dark"`
}

// Theme colours the objects by one tile attribute.
type Theme struct {
	ID       string      `json:"id"`
	Property string      `json:"property"`
	Label    string      `json:"label"`
	Classes  []Class     `json:"classes"`
	Assess   *Assessment `json:"assessment,omitempty"`
}

// Assessment splits a theme's first class by another attribute. The safety theme uses it: safety
// comes from open works only, so a tree never inspected (or overdue for inspection) would read
// safe; it gets a colour of its own, never the green of a checked tree.
type Assessment struct {
	Property string        `json:"property"`
	Classes  []AssessClass `json:"classes"`
}

// AssessClass is the colour of objects of the first class whose Property has Value.
type AssessClass struct {
	Key   string `json:"key"`
	Value int    `json:"value"`
	Label string `json:"label"`
	Light string `json:"light"`
	Dark  string `json:"dark"`
}

// Scheme holds the colours that do not depend on a theme.
type Scheme struct {
	Background string `json:"background"`
	Stroke     string `json:"stroke"`
	Text       string `json:"text"`
	Halo       string `json:"halo"`
	Selected   string `json:"selected"`
	None       string `json:"none"`
	GroupLine  string `json:"group_line"`
	Work       string `json:"work"`
	// The ring around objects with an open safety-relevant work past its deadline.
	SafetyOverdue string `json:"safety_overdue"`
}

type definition struct {
	Schemes map[string]Scheme `json:"schemes"`
	Themes  []Theme           `json:"themes"`
}

var def = func() definition {
	var d definition
	if err := json.Unmarshal(themesJSON, &d); err != nil {
		panic("styles: themes.json: " + err.Error())
	}
	return d
}()

// Themes answers the themes in their order of presentation.
func Themes() []Theme { return def.Themes }

// Schemes answers the names of the colour schemes ("light", "dark").
func Schemes() []string { return []string{"light", "dark"} }

// ThemeByID answers the theme of that id.
func ThemeByID(id string) (Theme, bool) {
	for _, t := range def.Themes {
		if t.ID == id {
			return t, true
		}
	}
	return Theme{}, false
}

// Options say for which project, theme and scheme a style is built.
type Options struct {
	ProjectID string
	Theme     string
	Scheme    string // light (default) or dark
	// BaseURL prefixes the TileJSON URLs of the sources (the server's public URL); empty gives
	// paths relative to the server.
	BaseURL string
}

// ErrUnknown is answered for a theme or scheme that does not exist.
type ErrUnknown struct{ What, Value string }

func (e ErrUnknown) Error() string { return fmt.Sprintf("styles: unknown %s %q", e.What, e.Value) }

// colour is the theme's colour expression: a match on the attribute, grey for no value.
func colour(t Theme, scheme string, none string) []any {
	if t.Assess != nil {
		return assessedColour(t, scheme, none)
	}
	e := []any{"match", []any{"coalesce", []any{"get", t.Property}, -1}}
	for _, c := range t.Classes {
		col := c.Light
		if scheme == "dark" {
			col = c.Dark
		}
		e = append(e, c.Value, col)
	}
	return append(e, none)
}

// assessedColour matches on a key: the assessment's key for objects of the first class with its
// value ("unassessed"), otherwise the class value as text. The legend reads the pairs in order.
func assessedColour(t Theme, scheme string, none string) []any {
	first := t.Classes[0]
	value := []any{"coalesce", []any{"get", t.Property}, -1}
	key := []any{"case"}
	for _, a := range t.Assess.Classes {
		key = append(key, []any{"all", []any{"==", value, first.Value},
			[]any{"==", []any{"coalesce", []any{"get", t.Assess.Property}, -1}, a.Value}}, a.Key)
	}
	key = append(key, []any{"to-string", value})
	pick := func(light, dark string) string {
		if scheme == "dark" {
			return dark
		}
		return light
	}
	e := []any{"match", key, fmt.Sprint(first.Value), pick(first.Light, first.Dark)}
	for _, a := range t.Assess.Classes {
		e = append(e, a.Key, pick(a.Light, a.Dark))
	}
	for _, c := range t.Classes[1:] {
		e = append(e, fmt.Sprint(c.Value), pick(c.Light, c.Dark))
	}
	return append(e, none)
}

// Build answers the MapLibre style (version 8) of a project's data layers for one theme and scheme.
// Layer metadata "arbor:legend" tells the web app what to show in the legend: the theme's title
// and, per class value, the i18n key of its label; the colours it reads from the paint.
func Build(o Options) (map[string]any, error) {
	t, ok := ThemeByID(o.Theme)
	if !ok {
		return nil, ErrUnknown{"theme", o.Theme}
	}
	if o.Scheme == "" {
		o.Scheme = "light"
	}
	sc, ok := def.Schemes[o.Scheme]
	if !ok {
		return nil, ErrUnknown{"scheme", o.Scheme}
	}
	base := strings.TrimRight(o.BaseURL, "/") + "/api/tiles/" + url.PathEscape(o.ProjectID) + "/"
	sources := map[string]any{}
	for _, l := range layers.All {
		sources[l.Name] = map[string]any{"type": "vector", "url": base + l.Name + ".json"}
	}
	col := colour(t, o.Scheme, sc.None)
	labels := map[string]string{}
	for _, c := range t.Classes {
		labels[fmt.Sprint(c.Value)] = c.Label
	}
	if t.Assess != nil {
		for _, a := range t.Assess.Classes {
			labels[a.Key] = a.Label
		}
	}
	legend := map[string]any{"theme": t.ID, "property": t.Property, "title": t.Label, "labels": labels}
	selected := []any{"boolean", []any{"feature-state", "selected"}, false}
	// Tree numbers: the number tag when set, otherwise the number. (Groups show theirs in the info
	// window: a polygon label would repeat on every tile the polygon crosses.)
	label := []any{"case",
		[]any{"==", []any{"coalesce", []any{"get", "number_text"}, ""}, ""},
		[]any{"to-string", []any{"coalesce", []any{"get", "number"}, ""}},
		[]any{"get", "number_text"}}
	font := []any{"Inter Variable Semibold", "sans-serif"}
	styleLayers := []any{
		map[string]any{"id": "background", "type": "background",
			"paint": map[string]any{"background-color": sc.Background}},
		map[string]any{"id": "groups-fill", "type": "fill", "source": "groups", "source-layer": "groups",
			"metadata": map[string]any{"arbor:kind": "group"},
			"paint": map[string]any{"fill-color": col,
				"fill-opacity": []any{"case", selected, 0.45, 0.22}}},
		map[string]any{"id": "groups-line", "type": "line", "source": "groups", "source-layer": "groups",
			"metadata": map[string]any{"arbor:kind": "group", "arbor:legend-item": "map.legend.group"},
			"paint": map[string]any{"line-color": []any{"case", selected, sc.Selected, sc.GroupLine},
				"line-width":     []any{"interpolate", []any{"linear"}, []any{"zoom"}, 12, 1, 18, 2.5},
				"line-dasharray": []any{3, 1.5}}},
		// Below the detail zoom a cell of the grid: its size tells the count, its colour the gravest value.
		map[string]any{"id": "trees-grid", "type": "circle", "source": "trees", "source-layer": "trees",
			"maxzoom": layers.Trees.DetailZoom, "filter": []any{"has", "count"},
			"metadata": map[string]any{"arbor:kind": "tree", "arbor:grid": true},
			"paint": map[string]any{"circle-color": col,
				// Cells are 8 px apart on a 512 px tile: dense parts of a city stay readable.
				"circle-radius":       []any{"interpolate", []any{"linear"}, []any{"get", "count"}, 1, 3, 10, 5, 100, 8, 1000, 12, 10000, 17},
				"circle-opacity":      0.85,
				"circle-stroke-color": sc.Stroke, "circle-stroke-width": 1.2}},
		map[string]any{"id": "trees-grid-count", "type": "symbol", "source": "trees", "source-layer": "trees",
			"maxzoom": layers.Trees.DetailZoom, "filter": []any{">", []any{"coalesce", []any{"get", "count"}, 0}, 9},
			"layout": map[string]any{"text-field": []any{"to-string", []any{"get", "count"}}, "text-font": font,
				// Counts that would overlap are left out; the circles still show where trees are.
				"text-size": 10, "text-allow-overlap": false},
			"paint": map[string]any{"text-color": sc.Text, "text-halo-color": sc.Halo, "text-halo-width": 1.4}},
		workRing("works", "map.legend.work", []any{6, 10, 17}, sc.Work, 2),
		// A red ring around each open safety-relevant work past its deadline (the works layer
		// carries one feature per open work), over every theme.
		withFilter(workRing("works-safety-overdue", "map.legend.safetyOverdue", []any{9, 15, 23}, sc.SafetyOverdue, 3.5),
			[]any{"all", []any{"==", []any{"get", "security_relevance"}, true},
				[]any{"==", []any{"get", "deadline_class"}, 0}}),
		map[string]any{"id": "trees", "type": "circle", "source": "trees", "source-layer": "trees",
			"minzoom":  layers.Trees.DetailZoom,
			"metadata": map[string]any{"arbor:kind": "tree", "arbor:legend": legend},
			"paint": map[string]any{"circle-color": col,
				"circle-radius":       []any{"interpolate", []any{"linear"}, []any{"zoom"}, 14, 3.5, 17, 7, 20, 13},
				"circle-stroke-color": []any{"case", selected, sc.Selected, sc.Stroke},
				"circle-stroke-width": []any{"case", selected, 3, 1.5}}},
		map[string]any{"id": "trees-label", "type": "symbol", "source": "trees", "source-layer": "trees",
			"minzoom": layers.Trees.LabelZoom, "metadata": map[string]any{"arbor:labels": true},
			"layout": map[string]any{"text-field": label, "text-font": font, "text-size": 12,
				"text-offset": []any{0, 1.1}, "text-anchor": "top", "text-optional": true},
			"paint": map[string]any{"text-color": sc.Text, "text-halo-color": sc.Halo, "text-halo-width": 1.5}},
	}
	return map[string]any{
		"version": 8,
		"name":    "Arbor " + t.ID + " (" + o.Scheme + ")",
		"metadata": map[string]any{"arbor:theme": t.ID, "arbor:scheme": o.Scheme,
			"arbor:themes": themeIDs(), "arbor:detail_zoom": layers.Trees.DetailZoom, "arbor:label_minzoom": layers.Trees.LabelZoom},
		"sources": sources,
		"layers":  styleLayers,
	}, nil
}

// workRing is a layer of rings around the works (the works layer has one feature per open work),
// with its legend item: radii at zoom 14, 17 and 20, the ring's colour and width.
func workRing(id, legendItem string, radii []any, color string, width float64) map[string]any {
	return map[string]any{"id": id, "type": "circle", "source": "works", "source-layer": "works",
		"minzoom":  layers.Works.DetailZoom,
		"metadata": map[string]any{"arbor:kind": "work", "arbor:legend-item": legendItem},
		"paint": map[string]any{"circle-color": "rgba(0,0,0,0)",
			"circle-radius":       []any{"interpolate", []any{"linear"}, []any{"zoom"}, 14, radii[0], 17, radii[1], 20, radii[2]},
			"circle-stroke-color": color, "circle-stroke-width": width}}
}

// withFilter shows a layer only where filter holds.
func withFilter(layer map[string]any, filter []any) map[string]any {
	layer["filter"] = filter
	return layer
}

func themeIDs() []string {
	ids := make([]string, len(def.Themes))
	for i, t := range def.Themes {
		ids[i] = t.ID
	}
	return ids
}
