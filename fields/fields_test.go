package fields_test

import (
	"encoding/json"
	"errors"
	"testing"

	"arbor"
	"arbor/fields"
)

// The catalogue reads and checks values without a database: unknown and bad values are named
// under their field, mass edit may not set a tree's number, and every column comes from the table.
func TestParse(t *testing.T) {
	raw := map[string]json.RawMessage{"height": json.RawMessage("12.34"), "symptoms": json.RawMessage(`[" a ", ""]`),
		"species": json.RawMessage(`"0c8f6a3e-7a5b-4c8e-9a55-3c1f3e0f4d21"`), "general01": json.RawMessage(`" x "`)}
	v, err := fields.Parse(raw, false)
	if err != nil {
		t.Fatal(err)
	}
	if v["height"] != 12.3 || v["general01"] != "x" || len(v["symptoms"].([]string)) != 1 {
		t.Errorf("values %v", v)
	}
	bad := map[string]json.RawMessage{"nope": json.RawMessage("1"), "vitality": json.RawMessage("9"),
		"planting_year": json.RawMessage("1.5"), "species": json.RawMessage(`"x"`)}
	_, err = fields.Parse(bad, false)
	var e *arbor.Error
	if !errors.As(err, &e) || e.Fields["nope"] != "field.not_writable" || e.Fields["vitality"] != "field.enum" ||
		e.Fields["planting_year"] != "field.whole_number" || e.Fields["species"] != "field.species" {
		t.Fatalf("bad values: %v", err)
	}
	if _, err := fields.Parse(map[string]json.RawMessage{"number": json.RawMessage("3")}, true); err == nil {
		t.Error("mass edit set a tree's number")
	}
	for _, f := range fields.Table {
		if f.Column == "" || !fields.Known(f.Name) && f.Name != "species_count" {
			t.Errorf("field %q: column %q, known %v", f.Name, f.Column, fields.Known(f.Name))
		}
	}
	if !fields.Computed("check_next") || fields.Computed("height") {
		t.Error("computed fields")
	}
}
