package api

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"
)

// The route fuzz walk (issue "Hardening"): every route of the route table gets generated bad
// bodies and query values — wrong types, NUL characters, huge numbers and texts, deep nesting,
// empty and invalid geometries, impossible dates, unknown fields — as organisation A's
// administrator, and no answer may be a 5xx. The field and parameter names come from the
// sources (json tags, tree and filter fields, query names), so a new field is fuzzed too.

// fuzzField is a JSON field name and how its values are generated.
type fuzzField struct {
	name, class string // number, bool, date, geometry, filter, strings, object, string
}

var (
	tagRE      = regexp.MustCompile("(?m)^\\s*\\w+\\s+([\\w.*\\[\\]]+)\\s+`json:\"([A-Za-z_][\\w-]*)")
	tableKeyRE = regexp.MustCompile(`(?m)(?:name: |textField\(|enumField\(|^\s*)"([a-z_]+)"[,:)]`)
	queryRE    = regexp.MustCompile(`(?:Query\(\)|\bq|query)\.(?:Get|Has)\("([\w-]+)"\)`)
)

// fuzzDictionary reads the field names of every request and answer type, of the tree fields
// and of the filter fields, and the query parameter names the handlers read.
func fuzzDictionary(t *testing.T) ([]fuzzField, []string) {
	t.Helper()
	classes := map[string]string{}
	queries := map[string]bool{}
	for _, dir := range []string{".", "../store", "../geo", "../domain"} {
		for _, f := range goSources(t, dir) {
			for _, m := range tagRE.FindAllStringSubmatch(f.text, -1) {
				classes[m[2]] = classOf(m[2], m[1])
			}
			if strings.HasSuffix(f.path, "treefields.go") || strings.HasSuffix(f.path, "filter.go") {
				for _, m := range tableKeyRE.FindAllStringSubmatch(f.text, -1) {
					if _, ok := classes[m[1]]; !ok {
						classes[m[1]] = classOf(m[1], "")
					}
				}
			}
			for _, m := range queryRE.FindAllStringSubmatch(f.text, -1) {
				queries[m[1]] = true
			}
		}
	}
	for _, n := range []string{"status", "position", "tree_count", "version"} {
		classes[n] = "number" // named in the issue "Hardening"
	}
	var fields []fuzzField
	for name, class := range classes {
		fields = append(fields, fuzzField{name, class})
	}
	sort.Slice(fields, func(i, j int) bool { return fields[i].name < fields[j].name })
	var qs []string
	for q := range queries {
		if q != "project" {
			qs = append(qs, q)
		}
	}
	sort.Strings(qs)
	return fields, qs
}

func classOf(name, goType string) string {
	switch {
	case name == "geom" || name == "geometry":
		return "geometry"
	case name == "filter" || name == "limit_filter" || name == "where":
		return "filter"
	case strings.Contains(goType, "time.Time"), strings.Contains(name, "date"), strings.Contains(name, "deadline"),
		strings.Contains(name, "timestamp"), strings.HasSuffix(name, "_at"):
		return "date"
	case strings.Contains(goType, "int") || strings.Contains(goType, "float") || strings.Contains(goType, "Count"):
		return "number"
	case goType == "bool" || goType == "*bool":
		return "bool"
	case strings.HasPrefix(goType, "[]string"):
		return "strings"
	case goType == "string" || goType == "*string":
		return "string"
	case goType == "":
		return "any"
	}
	return "object"
}

// A whole-world polygon (its edges run pole to pole: "Antipodal edge" in PostGIS's geography).
const worldPolygon = `{"type":"Polygon","coordinates":[[[-180,-90],[180,-90],[180,90],[-180,90],[-180,-90]]]}`

var (
	nulText  = "a\u0000b"
	hugeText = strings.Repeat("x", 1<<20-1024)
	badDates = []any{"0000-01-01", "0000-01-01T00:00:00Z", "2026-02-30", "20260-01-01", "-0001-12-31", 20260101}
	badGeoms = []string{`{"type":"Point","coordinates":[]}`, `{"type":"Point"}`, `{"type":"Polygon","coordinates":[]}`,
		`{"type":"Polygon","coordinates":[[]]}`, `{"type":"Polygon","coordinates":[[[0,0],[1,1]]]}`, worldPolygon,
		`{"type":"Point","coordinates":[1e300,1e300]}`, `{"type":"GeometryCollection","geometries":[]}`, `{"type":"Point","coordinates":"x"}`,
		`{"type":"MultiPolygon","coordinates":[[]]}`, `{"coordinates":[1,2]}`, `[]`}
	badNumbers = []any{json.Number("2147483648"), json.Number("-2147483649"), json.Number("9223372036854775808"), json.Number("1e300"), -1, 0.5, "1"}
)

func deepJSON(n int) json.RawMessage {
	return json.RawMessage(strings.Repeat("[", n) + strings.Repeat("]", n))
}

// badValues are the bad values tried for a field of a class; each is also tried alone.
func badValues(class string) []any {
	common := []any{nulText, map[string]any{"x": nulText}, []any{nulText}, deepJSON(200)}
	switch class {
	case "number":
		return append(badNumbers, common[0])
	case "date":
		return append(badDates, nulText)
	case "geometry":
		out := []any{}
		for _, g := range badGeoms {
			out = append(out, json.RawMessage(g))
		}
		return append(out, nulText, 1)
	case "filter":
		out := []any{}
		for _, g := range badGeoms[:6] {
			out = append(out, map[string]any{"geometry": json.RawMessage(g)})
		}
		for _, d := range badDates[:2] {
			out = append(out, map[string]any{"conditions": []any{map[string]any{"field": "cut_date", "op": "eq", "value": d}}},
				map[string]any{"conditions": []any{map[string]any{"field": "check_next", "op": "between", "value": []any{d, d}}}})
		}
		for _, n := range badNumbers[:2] {
			out = append(out, map[string]any{"conditions": []any{map[string]any{"field": "height", "op": "gt", "value": n}}},
				map[string]any{"conditions": []any{map[string]any{"field": "number", "op": "in", "value": []any{n}}}})
		}
		return append(out, map[string]any{"q": nulText}, map[string]any{"q": hugeText}, map[string]any{"ids": []any{"x", nulText}},
			map[string]any{"where": map[string]any{"not": map[string]any{"not": map[string]any{"not": nil}}}}, nulText, deepJSON(200))
	case "string", "strings", "any":
		return append(common, hugeText, 2147483648, true)
	}
	return common
}

// goodValue is a plausible value of a field, so a body gets past its first checks.
func goodValue(f fuzzField, w walkWorld) any {
	switch {
	case f.class == "geometry":
		return json.RawMessage(`{"type":"Point","coordinates":[9.43,54.78]}`)
	case f.class == "filter":
		return map[string]any{}
	case f.class == "date":
		return "2024-05-01"
	case f.class == "number":
		return 1
	case f.class == "bool":
		return false
	case strings.Contains(f.name, "email"):
		return "walker@example.org"
	case f.name == "ids" || strings.HasSuffix(f.name, "_ids") || f.name == "trees":
		return []string{w.tree}
	case f.name == "id" || strings.HasSuffix(f.name, "_id") || strings.HasSuffix(f.name, "Id"):
		return w.tree
	case f.class == "strings":
		return []string{"Walk"}
	case f.class == "object":
		return map[string]any{}
	}
	return "Walk"
}

// fuzzRequest is one generated request.
type fuzzRequest struct {
	method, path, contentType string
	body                      []byte
}

func TestFuzzEveryRoute(t *testing.T) {
	e := newEnv(t)
	fields, queries := fuzzDictionary(t)
	if len(fields) < 100 || len(queries) < 20 {
		t.Fatalf("the dictionary found only %d fields and %d query names", len(fields), len(queries))
	}
	var mu sync.Mutex
	statuses := map[int]int{}
	total := 0
	var failures []string
	sem := make(chan struct{}, 6)
	var wg sync.WaitGroup
	for _, rt := range e.srv.routes() {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			w := buildWalkWorld(t, e)
			reqs := fuzzRequests(rt, w, fields, queries)
			hc := &http.Client{}
			start := time.Now()
			defer func() {
				t.Logf("%s %s: %d requests in %v", rt.method, rt.path, len(reqs), time.Since(start).Round(time.Millisecond))
			}()
			for _, fr := range reqs {
				req, _ := http.NewRequest(fr.method, e.ts.URL+fr.path, bytes.NewReader(fr.body))
				if fr.body == nil {
					req.Body = nil
				}
				if fr.contentType != "" {
					req.Header.Set("Content-Type", fr.contentType)
				}
				req.Header.Set("Authorization", "Bearer "+w.tokens["admin"])
				res, err := hc.Do(req)
				if err != nil {
					mu.Lock()
					failures = append(failures, fmt.Sprintf("%s %s: %v", fr.method, fr.path, err))
					mu.Unlock()
					continue
				}
				answer, _ := io.ReadAll(io.LimitReader(res.Body, 300))
				res.Body.Close()
				mu.Lock()
				total++
				statuses[res.StatusCode]++
				if res.StatusCode >= 500 {
					failures = append(failures, fmt.Sprintf("%s %s (%s) body %.300s: %d %s", fr.method, fr.path, rt.path, fr.body, res.StatusCode, answer))
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	var codes []int
	for c := range statuses {
		codes = append(codes, c)
	}
	sort.Ints(codes)
	var summary []string
	for _, c := range codes {
		summary = append(summary, fmt.Sprintf("%d×%d", statuses[c], c))
	}
	t.Logf("fuzzed %d requests on %d routes: %s", total, len(e.srv.routes()), strings.Join(summary, ", "))
	sort.Strings(failures)
	for i, f := range failures {
		if i == 60 {
			t.Errorf("… and %d more", len(failures)-60)
			break
		}
		t.Error(f)
	}
}

// fuzzRequests generates the requests of one route: bad query values for every route, bad
// bodies for the ones that change something.
func fuzzRequests(rt route, w walkWorld, fields []fuzzField, queries []string) []fuzzRequest {
	path := strings.NewReplacer(
		"{id}", map[bool]string{true: w.projectA, false: w.orgA}[rt.scope == projectScope || strings.Contains(rt.path, "/login/project/") || strings.HasPrefix(rt.path, "/api/tiles/")],
		"{projectId}", w.projectA, "{jobId}", w.jobA,
		"{userId}", w.users["reader"], "{member}", w.users["reader"], "{basemapId}", w.basemap,
		"{treeId}", w.tree, "{actionId}", w.action, "{index}", "0",
		"{filterId}", w.filters["admin"], "{taskId}", w.tasks["admin"], "{list}", "species", "{entryId}", w.workEntry, "{importId}", w.treeImport,
		"{fileId}", map[bool]string{true: w.orgFile, false: w.treeFile}[strings.Contains(rt.path, "/organisation/")], "{layer}", "trees",
		"{z}", "16", "{x}", "34620", "{y}", "20588", "{layerJSON}", "trees.json", "{theme}", "safety",
		"{collection}", "trees", "{featureId}", w.tree, "{keyId}", w.apiKey,
		"{mapId}", w.backgroundMap, "{tile}", "20588.png",
		"{page}", "imprint", "{document}", "terms", "{lang}", "de").Replace(rt.path)
	base := url.Values{}
	if rt.scope == contentScope {
		base.Set("project", w.projectA)
	}
	withQuery := func(extra url.Values) string {
		q := url.Values{}
		for k, v := range base {
			q[k] = v
		}
		for k, v := range extra {
			q[k] = v
		}
		if len(q) == 0 {
			return path
		}
		return path + "?" + q.Encode()
	}
	var out []fuzzRequest
	add := func(query url.Values, contentType string, body any) {
		var raw []byte
		switch b := body.(type) {
		case nil:
		case string:
			raw = []byte(b)
		default:
			raw, _ = json.Marshal(b)
		}
		out = append(out, fuzzRequest{method: rt.method, path: withQuery(query), contentType: contentType, body: raw})
	}
	// Query values: each name the handlers read with a NUL character and a number beyond 32
	// bits, all of them at once at year 0 and at 70,000 characters.
	all := func(v string) url.Values {
		q := url.Values{}
		for _, name := range queries {
			q.Set(name, v)
		}
		return q
	}
	for _, name := range queries {
		for _, v := range []string{nulText, "2147483648"} {
			add(url.Values{name: {v}}, "", nil)
		}
	}
	add(all("0000-01-01"), "", nil)
	add(all(strings.Repeat("9", 30_000)), "", nil) // within the limit: the handlers' own checks
	add(url.Values{"q": {strings.Repeat("9", 70_000)}, "filter": {strings.Repeat("(", 70_000)}}, "", nil)
	add(url.Values{"project": {nulText}}, "", nil)
	if !changesState(rt.method) || strings.Contains(rt.path, "/document/save") || strings.HasSuffix(rt.path, "/documents") || strings.HasSuffix(rt.path, "/import") {
		return out
	}
	// Whole bodies: malformed, wrong types, deep nesting, unknown fields, another content type.
	for _, b := range []string{"{", "[]", `"x"`, "null", "1e999", `{"zzz":1}`, string(deepJSON(10_000)), `{"a":` + string(deepJSON(40)) + `}`, "{}{}", "\x00"} {
		add(nil, "application/json", b)
	}
	add(nil, "text/plain", "{}")
	add(nil, "application/x-www-form-urlencoded", "name=x")
	// Every field at a good value, then class by class every field of a class at one bad value
	// (the input limits refuse it before any handler), then field by field the values whose
	// meaning only the field's own check knows: dates, geometries and filters.
	good := map[string]any{}
	byClass := map[string][]string{}
	for _, f := range fields {
		good[f.name] = goodValue(f, w)
		byClass[f.class] = append(byClass[f.class], f.name)
	}
	mixedWith := func(names []string, v any) map[string]any {
		m := make(map[string]any, len(good))
		for k, g := range good {
			m[k] = g
		}
		for _, n := range names {
			m[n] = v
		}
		return m
	}
	add(nil, "application/json", good)
	add(nil, "application/json", mixedWith(byClass["string"], hugeText[:20_000]))
	for class, names := range byClass {
		for _, v := range badValues(class) {
			add(nil, "application/json", mixedWith(names, v))
		}
	}
	for _, f := range fields {
		switch f.class {
		case "date", "geometry", "filter":
		default:
			continue
		}
		for i, v := range badValues(f.class) {
			if f.class == "date" && i >= 2 {
				break
			}
			if f.class == "geometry" {
				// Alone too: a tree's body refuses the other fields before its geometry.
				add(nil, "application/json", map[string]any{f.name: v})
			}
			add(nil, "application/json", mixedWith([]string{f.name}, v))
		}
	}
	return out
}
