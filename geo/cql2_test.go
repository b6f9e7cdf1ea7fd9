package geo

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"arbor"
)

// TestCQL2 reads CQL2 text and JSON into the filter model: each case is the model's JSON.
func TestCQL2(t *testing.T) {
	for _, c := range []struct{ lang, in, want string }{
		{"", "vitality = 2", `{"conditions":[{"field":"vitality","op":"eq","value":2}]}`},
		{"cql2-text", "vitality>=1 AND height < 12.5", `{"conditions":[{"field":"vitality","op":"gte","value":1},{"field":"height","op":"lt","value":12.5}]}`},
		{"", `"top_form" LIKE 'Kopf%' and check_next < DATE('2025-01-01')`, `{"conditions":[{"field":"top_form","op":"starts_with","value":"Kopf"},{"field":"check_next","op":"lt","value":"2025-01-01"}]}`},
		{"", "vitality = 2 OR NOT (vitality IN (0, 1) AND single_tree = true)", `{"where":{"or":[{"cond":{"field":"vitality","op":"eq","value":2}},{"not":{"and":[{"cond":{"field":"vitality","op":"in","value":[0,1]}},{"cond":{"field":"single_tree","op":"eq","value":true}}]}}]}}`},
		{"", "number BETWEEN 2 AND 3 AND species IS NULL AND general01 IS NOT NULL", `{"conditions":[{"field":"number","op":"between","value":[2,3]},{"field":"species","op":"empty"},{"field":"general01","op":"not_empty"}]}`},
		{"", "single_tree <> false", `{"where":{"not":{"cond":{"field":"single_tree","op":"eq","value":false}}}}`},
		{"", "symptoms = 'Totholz' AND check_comment LIKE '%Pilz%' AND create_timestamp >= TIMESTAMP('2024-03-01T10:00:00Z')", `{"conditions":[{"field":"symptoms","op":"contains","value":"Totholz"},{"field":"check_comment","op":"contains","value":"Pilz"},{"field":"create_timestamp","op":"gte","value":"2024-03-01"}]}`},
		{"", "genus NOT IN ('Acer','Tilia')", `{"conditions":[{"field":"genus","op":"not_in","value":["Acer","Tilia"]}]}`},
		{"", "top_form = 'it''s'", `{"conditions":[{"field":"top_form","op":"eq","value":"it's"}]}`},
		{"cql2-json", `{"op":"and","args":[{"op":">","args":[{"property":"vitality"},1]},{"op":"or","args":[{"op":"isNull","args":[{"property":"height"}]},{"op":"between","args":[{"property":"height"},5,10]}]}]}`,
			`{"where":{"and":[{"cond":{"field":"vitality","op":"gt","value":1}},{"or":[{"cond":{"field":"height","op":"empty"}},{"cond":{"field":"height","op":"between","value":[5,10]}}]}]}}`},
		{"cql2-json", `{"op":"in","args":[{"property":"number"},[1,2,3]]}`, `{"conditions":[{"field":"number","op":"in","value":[1,2,3]}]}`},
		{"cql2-json", `{"op":"=","args":[{"property":"check_next"},{"date":"2025-06-30"}]}`, `{"conditions":[{"field":"check_next","op":"eq","value":"2025-06-30"}]}`},
		// A date as a string, as GDAL 3.6 pushes it down ('…T' for a day), or a time: its day.
		{"cql-text", "(check_next < '2025-01-01T') AND (cut_date >= '2024-03-01')", `{"conditions":[{"field":"check_next","op":"lt","value":"2025-01-01"},{"field":"cut_date","op":"gte","value":"2024-03-01"}]}`},
		{"", "check_next = '2025-01-01T10:00:00Z'", `{"conditions":[{"field":"check_next","op":"eq","value":"2025-01-01"}]}`},
	} {
		f, err := ParseCQL2(c.in, c.lang)
		if err != nil {
			t.Errorf("%s: %v", c.in, err)
			continue
		}
		got, _ := json.Marshal(f)
		if string(got) != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.in, got, c.want)
		}
	}
}

// TestCQL2Errors: bad CQL2 is an invalid request whose message names what is wrong.
func TestCQL2Errors(t *testing.T) {
	for _, c := range []struct{ lang, in, key, names string }{
		{"", "colour = 'red'", "geo.cql2_property", "colour"},
		{"", "vitality = 2 AND nope IS NULL", "geo.cql2_property", "nope"},
		{"cql2-json", `{"op":"=","args":[{"property":"nope"},1]}`, "geo.cql2_property", "nope"},
		{"", "vitality = 'high'", "geo.value", "vitality"},
		{"", "check_next < 'soon'", "geo.value", "check_next"},
		{"", "vitality =", "geo.cql2_syntax", "value expected"},
		{"", "vitality = 2 AND", "geo.cql2_syntax", "condition expected"},
		{"", "(vitality = 2", "geo.cql2_syntax", `")"`},
		{"", "top_form = 'open", "geo.cql2_syntax", "not closed"},
		{"", "vitality ~ 2", "geo.cql2_syntax", "~"},
		{"", "S_INTERSECTS(geometry, POINT(1 2))", "geo.cql2_unsupported", "S_INTERSECTS"},
		{"", "top_form LIKE 'a%b'", "geo.cql2_unsupported", "LIKE"},
		{"", "symptoms < 'x'", "geo.cql2_operator", "symptoms"},
		{"", "check_next = DATE('2025-13-01')", "geo.cql2_syntax", "DATE"},
		{"cql2-json", `{"op":"and"`, "geo.cql2_syntax", "JSON"},
		{"cql2-json", `{"op":"s_intersects","args":[{"property":"vitality"},1]}`, "geo.cql2_unsupported", "s_intersects"},
		{"ecql", "vitality = 1", "geo.cql2_language", "filter-lang"},
	} {
		_, err := ParseCQL2(c.in, c.lang)
		var e *arbor.Error
		if !errors.As(err, &e) || e.Code != arbor.EINVALID || e.Key != c.key {
			t.Errorf("%s: %v, want %s", c.in, err, c.key)
			continue
		}
		text := fmtArgs(e.Args)
		if !strings.Contains(text, c.names) && !strings.Contains(strings.Join(keys(e.Fields), ","), c.names) {
			t.Errorf("%s: the error %v does not name %s", c.in, e.Args, c.names)
		}
	}
}

func fmtArgs(args map[string]any) string {
	var b strings.Builder
	for k, v := range args {
		b.WriteString(" " + k + "=")
		if s, ok := v.(string); ok {
			b.WriteString(s)
		}
	}
	return b.String()
}

func keys(m map[string]string) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}
