// Package fields is the catalogue of a tree's fields: which a person enters, which the server
// computes, the custom fields and their categories, and how each value is read and checked. It
// knows no SQL; the store takes a field's column from here, so a name that is not in this
// catalogue never reaches SQL (docs/ARCHITECTURE.md).
package fields

import "math"

// Kind says how a tree field's value is read and checked.
type Kind int

const (
	Int     Kind = iota // whole number within min..max (enumerations included)
	Decimal             // number with at most one fractional digit kept, min..max
	Text                // text of at most maxLen characters
	Texts               // list of texts (symptoms)
	Species             // id of a species list entry
)

// Field is one field of a tree or group a person may write. The table below is the only
// way a field name reaches SQL: column names come from here, values are always bound.
type Field struct {
	Name     string // JSON name (docs/PRODUCT.md §3)
	Column   string // the tree table's column
	Kind     Kind
	Min, Max float64
	MaxLen   int
	Mass     bool // may be set by mass edit
}

func enumField(name string, max float64) Field {
	return Field{Name: name, Column: name, Kind: Int, Min: 0, Max: max, Mass: true}
}

func textField(name string, maxLen int) Field {
	return Field{Name: name, Column: name, Kind: Text, MaxLen: maxLen, Mass: true}
}

// Table lists the writable fields. Sizes: height and crown diameter in metres, trunk
// diameter and circumference in centimetres; the limits are beyond any living tree.
var Table = func() []Field {
	t := []Field{
		{Name: "number", Column: "number", Kind: Int, Min: 0, Max: math.MaxInt32},
		textField("number_text", 50),
		{Name: "species", Column: "species_id", Kind: Species, Mass: true},
		{Name: "planting_year", Column: "planting_year", Kind: Int, Min: 1000, Max: 9999, Mass: true},
		{Name: "height", Column: "height", Kind: Decimal, Min: 0, Max: 200, Mass: true},
		{Name: "diameter", Column: "diameter", Kind: Decimal, Min: 0, Max: 5000, Mass: true},
		{Name: "scope", Column: "scope", Kind: Decimal, Min: 0, Max: 15000, Mass: true},
		{Name: "top_diameter", Column: "top_diameter", Kind: Decimal, Min: 0, Max: 200, Mass: true},
		textField("top_form", 100),
		enumField("vitality", 4), enumField("development", 3), enumField("damage_tree", 3),
		enumField("security_expectation", 1),
		{Name: "symptoms", Column: "symptoms", Kind: Texts, MaxLen: 200, Mass: true},
		enumField("valuation_top", 3), enumField("valuation_root", 3), enumField("valuation_trunk", 3),
		enumField("valuation_group", 3),
		{Name: "tree_count", Column: "tree_count", Kind: Int, Min: 0, Max: 1000000, Mass: true},
		{Name: "species_count", Column: "species_count", Kind: Int, Min: 0, Max: 100000, Mass: true},
	}
	for _, name := range Custom() {
		t = append(t, textField(name, 2000))
	}
	return t
}()

func Custom() []string {
	var out []string
	for _, n := range []string{"01", "02", "03", "04", "05", "06", "07", "08", "09", "11", "12", "13", "21", "22", "23", "31", "32"} {
		out = append(out, "general"+n)
	}
	return out
}

func Named(name string) (Field, bool) {
	for _, f := range Table {
		if f.Name == name {
			return f, true
		}
	}
	return Field{}, false
}
