package geo

import (
	"strings"
	"testing"
)

// FuzzParseCQL2: the GIS web service's filter decoder (CQL2 text and JSON) never panics, and a
// filter it accepts compiles without text of the input (marked ZQX in the seeds) in the SQL.
// Seeds: testdata/fuzz/FuzzParseCQL2.
func FuzzParseCQL2(f *testing.F) {
	for _, s := range []string{"height > 10 AND species = 'ZQX'", "NOT (vitality IN (1,2)) OR cut_date < DATE('2026-01-01')",
		"S_INTERSECTS(geom, POLYGON((0 0, 1 0, 1 1, 0 0)))", `{"op":"=","args":[{"property":"number"},"ZQX"]}`, "((((", "number = 2147483648"} {
		f.Add(s, "cql2-text")
		f.Add(s, "cql2-json")
	}
	f.Fuzz(func(t *testing.T, text, lang string) {
		filter, err := ParseCQL2(text, lang)
		if err != nil || filter == nil {
			return
		}
		sql, _, err := filter.Compile([]any{"org", "project"})
		if err == nil && strings.Contains(text, "ZQX") && strings.Contains(sql, "ZQX") {
			t.Fatalf("input text reached the SQL of %q: %s", text, sql)
		}
	})
}
