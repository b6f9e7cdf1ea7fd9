package api

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzCheckJSON: the input limits of every JSON body never panic, and a body they pass holds no
// NUL character, no text beyond maxText, no whole number beyond 32 bits and no nesting beyond
// maxDepth. Seeds: testdata/fuzz/FuzzCheckJSON.
func FuzzCheckJSON(f *testing.F) {
	for _, s := range []string{`{"email":"x\u0000@example.org"}`, `{"version":2147483648}`, `{"a":[[[[[]]]]]}`,
		`{"cut_date":"0000-01-01"}`, `{"n":1e400}`, `{"q":"ok","ids":["a","b"],"geometry":{"type":"Point","coordinates":[]}}`, `{"k\u0000":1}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		if checkJSON([]byte(raw)) != nil {
			return
		}
		dec := json.NewDecoder(strings.NewReader(raw))
		dec.UseNumber()
		var v any
		if dec.Decode(&v) != nil {
			return
		}
		var walk func(v any, depth int)
		walk = func(v any, depth int) {
			switch x := v.(type) {
			case string:
				if strings.ContainsRune(x, 0) || utf8.RuneCountInString(x) > maxText || !possibleDate(x) {
					t.Fatalf("passed text %.40q of %.200q", x, raw)
				}
			case json.Number:
				if !numberInRange(x) {
					t.Fatalf("passed number %s", x)
				}
			case []any:
				if depth >= maxDepth {
					t.Fatalf("passed nesting %d", depth)
				}
				for _, e := range x {
					walk(e, depth+1)
				}
			case map[string]any:
				if depth >= maxDepth {
					t.Fatalf("passed nesting %d", depth)
				}
				for k, e := range x {
					walk(k, depth)
					walk(e, depth+1)
				}
			}
		}
		walk(v, 0)
	})
}
