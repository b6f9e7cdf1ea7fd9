// Package layers defines each tile layer once: the fields its features carry and the zooms from
// which they carry them. The SQL (given the zooms as parameters), the TileJSON, the styles and,
// through the style's metadata, the web app's map read it from here; it imports nothing of the
// module, so the styles can read it without the store.
package layers

// Field is one attribute the features of a layer carry.
type Field struct {
	Name string
	// Type as TileJSON readers (QGIS, MapLibre) are told: Number, String or Boolean.
	Type string
	// Grid: carried by the cells of the grid below the layer's detail zoom (and only there when
	// Detail is false).
	Grid bool
	// Detail: carried by single objects from the detail zoom on.
	Detail bool
	// Label: carried only from the layer's label zoom on, for the labels of the style.
	Label bool
	// Note adds to the type what a reader needs to know.
	Note string
}

// Layer is the one definition of a tile layer: what its features carry and from which zoom.
// The SQL (store/tiles.go, given the zooms as parameters), the TileJSON (api), the styles
// (styles/) and, through the style's metadata, the web app's map read it from here.
type Layer struct {
	Name string
	// DetailZoom is the first zoom whose tiles carry every object; below it they carry a grid of
	// counts (a central z12 tile of a city holds about 89,000 trees, 3 MB). 0: objects at every zoom.
	DetailZoom int
	// LabelZoom is the first zoom whose tiles carry the Label fields (the numbers the style
	// writes beside the objects); below, tiles are a third smaller and quicker to make.
	LabelZoom int
	// StreetZoom is the first zoom whose tiles hold so few objects that planning their query
	// costs more than running it: from there PostgreSQL keeps one plan (store.DB.Tile).
	StreetZoom int
	Fields     []Field
}

// The classes every theme colours by, carried by trees and groups alike (styles/themes.json
// names the property of each theme).
var themeFields = []Field{
	{Name: "safety", Type: "Number", Grid: true, Detail: true},
	{Name: "vitality", Type: "Number", Grid: true, Detail: true},
	{Name: "damage", Type: "Number", Grid: true, Detail: true},
	{Name: "development", Type: "Number", Grid: true, Detail: true},
	{Name: "deadline_class", Type: "Number", Grid: true, Detail: true},
	{Name: "check_class", Type: "Number", Grid: true, Detail: true},
}

func fields(lists ...[]Field) []Field {
	var out []Field
	for _, l := range lists {
		out = append(out, l...)
	}
	return out
}

var (
	// Trees are points with what styling, labels and the info window need.
	Trees = Layer{Name: "trees", DetailZoom: 14, LabelZoom: 17, StreetZoom: 17, Fields: fields([]Field{
		{Name: "number", Type: "Number", Detail: true, Label: true},
		{Name: "number_text", Type: "String", Detail: true, Label: true},
		{Name: "count", Type: "Number", Grid: true, Note: "below the detail zoom: objects in the cell"},
	}, themeFields)}
	// Groups are polygons at every zoom (there are few of them), simplified by the tile grid,
	// with their numbers at every zoom (the info window shows them; the style writes none).
	Groups = Layer{Name: "groups", DetailZoom: 0, LabelZoom: 0, StreetZoom: 17, Fields: fields([]Field{
		{Name: "number", Type: "Number", Detail: true, Label: true},
		{Name: "number_text", Type: "String", Detail: true, Label: true},
		{Name: "tree_count", Type: "Number", Detail: true},
		{Name: "area", Type: "Number", Detail: true},
	}, themeFields)}
	// Works are the open works at their point or on their tree or group; they carry no numbers.
	Works = Layer{Name: "works", DetailZoom: 14, LabelZoom: 0, StreetZoom: 17, Fields: []Field{
		{Name: "action", Type: "String", Detail: true},
		{Name: "security_relevance", Type: "Boolean", Detail: true},
		{Name: "code", Type: "Number", Detail: true},
		{Name: "deadline_class", Type: "Number", Grid: true, Detail: true},
		{Name: "tree", Type: "Number", Detail: true},
		{Name: "count", Type: "Number", Grid: true, Note: "below the detail zoom: objects in the cell"},
	}}
)

// All are a project's tile layers.
var All = []Layer{Trees, Groups, Works}

// Named answers the layer of that name.
func Named(name string) (Layer, bool) {
	for _, l := range All {
		if l.Name == name {
			return l, true
		}
	}
	return Layer{}, false
}

// Grid reports whether tiles of zoom z carry the grid of counts rather than single objects.
func (l Layer) Grid(z int) bool { return z < l.DetailZoom }

// FieldsAt answers the names of the fields a tile of zoom z may carry (a field without a value
// is left out of a feature).
func (l Layer) FieldsAt(z int) []string {
	var out []string
	for _, f := range l.Fields {
		if l.Grid(z) && f.Grid || !l.Grid(z) && f.Detail && (!f.Label || z >= l.LabelZoom) {
			out = append(out, f.Name)
		}
	}
	return out
}

// TileJSONFields describes the fields for TileJSON's vector_layers.
func (l Layer) TileJSONFields() map[string]string {
	out := make(map[string]string, len(l.Fields))
	for _, f := range l.Fields {
		t := f.Type
		if f.Note != "" {
			t += " (" + f.Note + ")"
		}
		out[f.Name] = t
	}
	return out
}
