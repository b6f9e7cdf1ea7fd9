package importer_test

import (
	"encoding/json"
	"os"
	"reflect"
	"strings"
	"testing"

	"arbor/importer"
)

func TestParseNumber(t *testing.T) {
	for in, want := range map[string]float64{
		"12.5": 12.5, "12,5": 12.5, "1.234,5": 1234.5, "1,234.5": 1234.5, "1 234,5": 1234.5,
		" 7 ": 7, "-3,25": -3.25, "3527505,20208": 3527505.20208, "1e3": 1000,
	} {
		if got, ok := importer.ParseNumber(in); !ok || got != want {
			t.Errorf("%q: %v %v, want %v", in, got, ok, want)
		}
	}
	for _, in := range []string{"", "abc", "1,2,3", "12 m", "Inf", "NaN", "=1+1"} {
		if got, ok := importer.ParseNumber(in); ok {
			t.Errorf("%q read as %v", in, got)
		}
	}
}

func TestApply(t *testing.T) {
	columns := []string{"Nr", "Art", "Deutsch", "Höhe", "Umfang", "Krone (cm)", "Vitalität", "Phase", "Schaden", "X", "Y", "Straße", "Pflanzjahr", "Egal"}
	mapping := []importer.Column{
		{Target: "number"}, {Target: "species"}, {Target: importer.TargetSpeciesCommon}, {Target: "height"},
		{Target: "diameter", Holds: "circumference"}, {Target: "top_diameter", Unit: "cm"}, {Target: "vitality"},
		{Target: "development"}, {Target: "damage_tree"}, {Target: importer.TargetX}, {Target: importer.TargetY},
		{Target: "general01"}, {Target: "planting_year"}, {},
	}
	row := importer.Row{Line: 7, Values: []string{"12", "Tilia cordata", "Winter-Linde", "14,5", "157", "650", "Leicht geschwächt",
		"2 – Alterungsphase", "grave", "3527505,2", "6073645,2", "Toosbüystr.", "1931", "whatever"}}
	rec, errs := importer.Apply(row, columns, mapping)
	if len(errs) > 0 {
		t.Fatalf("errors %v", errs)
	}
	got := map[string]string{}
	for k, v := range rec.Values {
		got[k] = string(v)
	}
	want := map[string]string{"number": "12", "height": "14.5", "diameter": "50", "top_diameter": "6.5", "vitality": "1",
		"development": "2", "damage_tree": "3", "general01": `"Toosbüystr."`, "planting_year": "1931"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("values\n got %v\nwant %v", got, want)
	}
	if rec.Line != 7 || rec.Species != "Tilia cordata" || rec.SpeciesCommon != "Winter-Linde" ||
		*rec.X != 3527505.2 || *rec.Y != 6073645.2 {
		t.Errorf("record %+v", rec)
	}

	// Circumference from a diameter in metres; what cannot be read is named by line and column.
	rec, errs = importer.Apply(importer.Row{Line: 9, Values: []string{"1.5", "", "", "hoch", "0,4", "", "sehr vital", "", "", "x", "", "", "1931,5", ""}},
		columns, []importer.Column{{Target: "number"}, {}, {}, {Target: "height"}, {Target: "scope", Unit: "m", Holds: "diameter"},
			{}, {Target: "vitality"}, {}, {}, {Target: importer.TargetX}, {}, {}, {Target: "planting_year"}, {}})
	var named []string
	for _, e := range errs {
		named = append(named, e.Column+":"+e.Key)
		if e.Line != 9 {
			t.Errorf("line %d", e.Line)
		}
	}
	if want := "Nr:import.not_whole Höhe:import.not_a_number Vitalität:import.unknown_value X:import.not_a_number Pflanzjahr:import.not_whole"; strings.Join(named, " ") != want {
		t.Errorf("errors\n got %s\nwant %s", strings.Join(named, " "), want)
	}
	if string(rec.Values["scope"]) != "125.7" {
		t.Errorf("scope from 0.4 m diameter: %s", rec.Values["scope"])
	}
}

// TestEnumLabelsOfTheApp: every label the app shows for an enumeration, in every language, is
// read back as its code, so a list exported from Arbor imports again.
func TestEnumLabelsOfTheApp(t *testing.T) {
	for _, lang := range []string{"en", "de", "fr"} {
		var app struct {
			Enums map[string]map[string]string `json:"enums"`
		}
		raw, err := os.ReadFile("../web/src/i18n/" + lang + ".json")
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(raw, &app); err != nil {
			t.Fatal(err)
		}
		if len(app.Enums) < 4 {
			t.Fatalf("%s: enums %v", lang, app.Enums)
		}
		for field, labels := range app.Enums {
			for code, label := range labels {
				rec, errs := importer.Apply(importer.Row{Line: 2, Values: []string{label}}, []string{"c"}, []importer.Column{{Target: field}})
				if len(errs) > 0 || string(rec.Values[field]) != code {
					t.Errorf("%s %s %q: %s %v, want %s", lang, field, label, rec.Values[field], errs, code)
				}
			}
		}
	}
}
