package api

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
)

// geoJSON is a FeatureCollection or Feature as a client reads it.
type geoJSON struct {
	Type     string `json:"type"`
	ID       string `json:"id"`
	Features []struct {
		ID         string          `json:"id"`
		Geometry   json.RawMessage `json:"geometry"`
		Properties map[string]any  `json:"properties"`
	} `json:"features"`
	Geometry       json.RawMessage `json:"geometry"`
	Properties     map[string]any  `json:"properties"`
	NumberReturned int             `json:"numberReturned"`
	Links          []struct {
		Href string `json:"href"`
		Rel  string `json:"rel"`
		Type string `json:"type"`
	} `json:"links"`
}

func (g geoJSON) link(rel string) string {
	for _, l := range g.Links {
		if l.Rel == rel {
			return l.Href
		}
	}
	return ""
}

func readGeoJSON(t *testing.T, r *resp) geoJSON {
	t.Helper()
	wantStatus(t, r, http.StatusOK)
	var g geoJSON
	if err := json.Unmarshal(r.body, &g); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, r.body)
	}
	return g
}

// localPath turns a link of the service (on the configured base URL) into a path of the test server.
func localPath(t *testing.T, href string) string {
	t.Helper()
	u, err := url.Parse(href)
	if err != nil || !strings.HasPrefix(href, testBaseURL) {
		t.Fatalf("link %q is not on the base URL", href)
	}
	return u.RequestURI()
}

func (g geoJSON) ids() map[string]bool {
	out := map[string]bool{}
	for _, f := range g.Features {
		out[f.ID] = true
	}
	return out
}

// TestFeatureService: the OGC API Features documents and items of a project — paging, bbox,
// datetime, properties, single items with ETags, HTML views — and the bad input of each.
func TestFeatureService(t *testing.T) {
	t.Parallel()
	e, w := newTreeWorld(t)
	a := w.createTree(t, w.editor, map[string]any{"geom": point(9.4301, 54.7801), "number": 1, "vitality": 2})
	b := w.createTree(t, w.editor, map[string]any{"geom": point(9.4302, 54.7802), "number": 2, "vitality": 1})
	c := w.createTree(t, w.editor, map[string]any{"geom": point(9.5001, 54.8001), "number": 3})
	g := w.createTree(t, w.editor, map[string]any{"geom": square(9.44, 54.79, 0.001), "number": 4})
	work := w.addWork(t, w.care, a["id"].(string), w.felling, nil)
	wantStatus(t, w.editor.do("POST", w.url("/api/content/tree/"+b["id"].(string)+"/checks"), map[string]any{}), http.StatusCreated)
	base := "/api/features/" + w.project
	m := w.reader

	// Landing page, conformance and collections, with the links a client follows.
	land := m.do("GET", base, nil).json(t)
	rels := map[string]bool{}
	for _, l := range land["links"].([]any) {
		rels[l.(map[string]any)["rel"].(string)] = true
	}
	for _, rel := range []string{"self", "alternate", "service-desc", "service-doc", "conformance", "data"} {
		if !rels[rel] {
			t.Errorf("landing page without a %s link: %v", rel, land["links"])
		}
	}
	conf := m.do("GET", base+"/conformance", nil).json(t)["conformsTo"].([]any)
	if len(conf) == 0 || conf[0] != "http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/core" {
		t.Errorf("conformance %v", conf)
	}
	cols := m.do("GET", base+"/collections", nil).json(t)["collections"].([]any)
	var names []string
	for _, c := range cols {
		names = append(names, c.(map[string]any)["id"].(string))
	}
	if strings.Join(names, ",") != "trees,groups,works,inspections" {
		t.Errorf("collections %v", names)
	}
	trees := m.do("GET", base+"/collections/trees", nil).json(t)
	if bbox := trees["extent"].(map[string]any)["spatial"].(map[string]any)["bbox"].([]any)[0].([]any); bbox[0].(float64) > 9.4301 || bbox[2].(float64) < 9.5001 {
		t.Errorf("extent %v", bbox)
	}

	// Items: a page, the next and previous links, and the rest.
	p1 := readGeoJSON(t, m.do("GET", base+"/collections/trees/items?limit=2", nil))
	if p1.Type != "FeatureCollection" || len(p1.Features) != 2 || p1.NumberReturned != 2 || p1.Features[0].ID != a["id"] {
		t.Fatalf("first page %+v", p1)
	}
	if p1.link("prev") != "" || !strings.Contains(p1.link("next"), "after=") {
		t.Errorf("links of the first page %+v", p1.Links)
	}
	p2 := readGeoJSON(t, m.do("GET", localPath(t, p1.link("next")), nil))
	if len(p2.Features) != 1 || p2.Features[0].ID != c["id"] || p2.link("next") != "" || p2.link("prev") == "" {
		t.Errorf("second page %+v", p2)
	}
	r := m.do("GET", base+"/collections/trees/items", nil)
	if r.Header.Get("Content-Type") != "application/geo+json" || r.Header.Get("Content-Crs") != "<http://www.opengis.net/def/crs/OGC/1.3/CRS84>" {
		t.Errorf("headers %v", r.Header)
	}
	if got := readGeoJSON(t, r); len(got.Features) != 3 || string(got.Features[0].Geometry) != `{"type":"Point","coordinates":[9.4301,54.7801]}` {
		t.Errorf("all trees %s", r.body)
	}
	groups := readGeoJSON(t, m.do("GET", base+"/collections/groups/items", nil))
	if len(groups.Features) != 1 || groups.Features[0].ID != g["id"] || !strings.Contains(string(groups.Features[0].Geometry), "Polygon") {
		t.Errorf("groups %+v", groups)
	}
	works := readGeoJSON(t, m.do("GET", base+"/collections/works/items", nil))
	if len(works.Features) != 1 || works.Features[0].ID != work["id"] || works.Features[0].Properties["tree"] != a["id"] {
		t.Errorf("works %+v", works)
	}
	insp := readGeoJSON(t, m.do("GET", base+"/collections/inspections/items?limit=1", nil))
	if len(insp.Features) != 1 || string(insp.Features[0].Geometry) != "null" || insp.Features[0].Properties["tree"] != b["id"] {
		t.Errorf("inspections %+v", insp)
	}
	// Works and inspections page by their time: the page after the only one is empty.
	if rest := readGeoJSON(t, m.do("GET", localPath(t, insp.link("next")), nil)); len(rest.Features) != 0 {
		t.Errorf("the page after the only inspection: %+v", rest.Features)
	}

	// bbox, datetime, properties, queryables as parameters.
	near := readGeoJSON(t, m.do("GET", base+"/collections/trees/items?bbox=9.43,54.78,9.431,54.781", nil))
	if ids := near.ids(); len(ids) != 2 || !ids[a["id"].(string)] || !ids[b["id"].(string)] {
		t.Errorf("bbox %v", ids)
	}
	if got := readGeoJSON(t, m.do("GET", base+"/collections/trees/items?datetime=2999-01-01/..", nil)); len(got.Features) != 0 {
		t.Errorf("future datetime %d", len(got.Features))
	}
	if got := readGeoJSON(t, m.do("GET", base+"/collections/trees/items?datetime=../2999-01-01T00:00:00Z", nil)); len(got.Features) != 3 {
		t.Errorf("past datetime %d", len(got.Features))
	}
	some := readGeoJSON(t, m.do("GET", base+"/collections/trees/items?properties=number,vitality&vitality=2", nil))
	if len(some.Features) != 1 || len(some.Features[0].Properties) != 2 || some.Features[0].Properties["vitality"] != 2.0 {
		t.Errorf("properties %+v", some.Features)
	}
	huge := readGeoJSON(t, m.do("GET", base+"/collections/trees/items?limit=1000000000", nil))
	if len(huge.Features) != 3 || !strings.Contains(huge.link("self"), "limit=10000") {
		t.Errorf("limit 10^9 is read as the maximum: %+v", huge.Links)
	}

	// A single feature, its ETag, and the HTML views.
	one := m.do("GET", base+"/collections/trees/items/"+a["id"].(string), nil)
	f := readGeoJSON(t, one)
	if f.Type != "Feature" || f.ID != a["id"] || f.Properties["number"] != 1.0 || f.link("collection") == "" {
		t.Errorf("one feature %s", one.body)
	}
	etag := one.Header.Get("ETag")
	wantStatus(t, m.do("GET", base+"/collections/trees/items/"+a["id"].(string), nil, header("If-None-Match", etag)), http.StatusNotModified)
	w.manager.do("PUT", w.url("/api/content/tree/"+a["id"].(string)), map[string]any{"version": a["version"], "vitality": 3})
	changed := m.do("GET", base+"/collections/trees/items/"+a["id"].(string), nil, header("If-None-Match", etag))
	if changed.StatusCode != http.StatusOK || changed.Header.Get("ETag") == etag {
		t.Errorf("a changed tree keeps its ETag: %d %s", changed.StatusCode, changed.Header.Get("ETag"))
	}
	for _, path := range []string{"", "/conformance", "/collections", "/collections/trees", "/collections/trees/items", "/collections/trees/items/" + a["id"].(string)} {
		h := m.do("GET", base+path, nil, header("Accept", "text/html,application/xhtml+xml"))
		if h.StatusCode != http.StatusOK || !strings.HasPrefix(h.Header.Get("Content-Type"), "text/html") || !strings.Contains(string(h.body), "</html>") {
			t.Errorf("HTML of %q: %d %s", path, h.StatusCode, h.Header.Get("Content-Type"))
		}
	}
	page := string(m.do("GET", base+"/collections/trees/items?f=html&limit=2", nil).body)
	if strings.Count(page, "<tr><td><a href=") != 2 || !strings.Contains(page, "offset=2") {
		t.Errorf("HTML page of items:\n%s", page)
	}

	if empty := string(m.do("GET", base+"/collections/trees/items?f=html&datetime=2999-01-01/..", nil).body); !strings.Contains(empty, "No features match") {
		t.Errorf("an empty HTML page says nothing:\n%s", empty)
	}

	// Bad input: a clear 4xx naming what is wrong.
	for _, c := range []struct {
		path   string
		status int
		field  string
	}{
		{"/collections/nope", 404, ""},
		{"/collections/nope/items", 404, ""},
		{"/collections/trees/items/" + "00000000-0000-0000-0000-000000000000", 404, ""},
		{"/collections/trees/items/not-a-uuid", 404, ""},
		{"/collections/trees/items?bbox=9.5,54,9.4,55", 400, "bbox"},
		{"/collections/trees/items?bbox=9,54,200,55", 400, "bbox"},
		{"/collections/trees/items?bbox=9,54,10", 400, "bbox"},
		{"/collections/trees/items?bbox=a,b,c,d", 400, "bbox"},
		{"/collections/trees/items?limit=0", 400, "limit"},
		{"/collections/trees/items?limit=many", 400, "limit"},
		{"/collections/trees/items?offset=-1", 400, "offset"},
		{"/collections/trees/items?crs=EPSG:9999", 400, "crs"},
		{"/collections/trees/items?bbox-crs=http://example.com/crs", 400, "bbox-crs"},
		{"/collections/trees/items?datetime=yesterday", 400, "datetime"},
		{"/collections/trees/items?datetime=2025-01-01/2024-01-01", 400, "datetime"},
		{"/collections/trees/items?properties=number,nope", 400, "properties"},
		{"/collections/trees/items?colour=red", 400, "colour"},
		{"/collections/trees/items?after=1", 400, "after"},
		{"/collections/trees/items?after=1|x", 400, "after"},
		{"/collections/works/items?after=yesterday|" + a["id"].(string), 400, "after"},
		{"/collections/trees/items?vitality=high", 400, "vitality"},
		{"/collections/inspections/items?filter=vitality=1", 400, "filter"},
		{"/collections/trees/items?f=xml", 400, "f"},
		{"/conformance?limit=3", 400, "limit"},
	} {
		r := m.do("GET", base+c.path, nil)
		if r.StatusCode != c.status {
			t.Errorf("%s: %d %s", c.path, r.StatusCode, r.body)
			continue
		}
		body := r.json(t)
		if c.field != "" {
			if fields, _ := body["fields"].(map[string]any); fields[c.field] == nil || !strings.Contains(body["message"].(string), "") {
				t.Errorf("%s: the answer does not name %s: %s", c.path, c.field, r.body)
			}
		}
	}

	// Who may read: members; a stranger gets 404, no one logged in 401.
	wantStatus(t, e.login(t, w.outsider, testPassword).do("GET", base+"/collections/trees/items", nil), http.StatusNotFound)
	wantStatus(t, e.browser().do("GET", base+"/collections/trees/items", nil), http.StatusUnauthorized)
	wantStatus(t, m.do("GET", "/api/features/"+w.far+"/collections/trees/items", nil), http.StatusNotFound)
}

// TestFeatureServiceAccessLimit: a member limited to a district reads only its features, in
// every collection and one by one.
func TestFeatureServiceAccessLimit(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	w, inside, outside := e.districtTrees(t)
	readerID := e.userID(t, w.members[1])
	wantStatus(t, w.manager.do("PUT", "/api/management/project/"+w.project+"/users/"+readerID+"/limit",
		map[string]any{"name": "North", "filter": map[string]any{"geometry": square(9.42, 54.77, 0.02)}}), http.StatusOK)
	base := "/api/features/" + w.project + "/collections/"
	got := readGeoJSON(t, w.reader.do("GET", base+"trees/items", nil))
	if len(got.Features) != 1 || got.Features[0].ID != inside["id"] {
		t.Errorf("limited trees %+v", got.Features)
	}
	if got := readGeoJSON(t, w.reader.do("GET", base+"works/items", nil)); len(got.Features) != 0 {
		t.Errorf("a work outside the limit: %+v", got.Features)
	}
	wantStatus(t, w.reader.do("GET", base+"trees/items/"+outside["id"].(string), nil), http.StatusNotFound)
	if got := readGeoJSON(t, w.manager.do("GET", base+"trees/items", nil)); len(got.Features) != 2 {
		t.Errorf("management sees %d trees", len(got.Features))
	}
}

// TestFeatureServiceFilter: CQL2 filters (text and JSON) select what the same conditions select
// in the data table — both are compiled by the one filter compiler — and bad ones are a 400
// naming what is wrong.
func TestFeatureServiceFilter(t *testing.T) {
	t.Parallel()
	_, w := newTreeWorld(t)
	var ids []string
	for i := 0; i < 6; i++ {
		tr := w.createTree(t, w.editor, map[string]any{"geom": point(9.43+float64(i)*0.001, 54.78), "number": i + 1, "vitality": i % 4, "top_form": []string{"Kopfbaum", "Hochstamm"}[i%2]})
		ids = append(ids, tr["id"].(string))
	}
	items := "/api/features/" + w.project + "/collections/trees/items?"
	sel := func(q url.Values) []string {
		t.Helper()
		var out []string
		for _, f := range readGeoJSON(t, w.reader.do("GET", items+q.Encode(), nil)).Features {
			out = append(out, f.ID)
		}
		return out
	}
	want := func(idx ...int) []string {
		var out []string
		for _, i := range idx {
			out = append(out, ids[i])
		}
		return out
	}
	for _, c := range []struct {
		q    url.Values
		want []string
	}{
		{url.Values{"filter": {"vitality = 2"}}, want(2)},
		{url.Values{"filter": {"vitality = 2 OR vitality = 3"}}, want(2, 3)},
		{url.Values{"filter": {"NOT (vitality < 2) AND top_form LIKE 'Kopf%'"}}, want(2)},
		{url.Values{"filter": {"number BETWEEN 2 AND 4 AND top_form <> 'Kopfbaum'"}}, want(1, 3)},
		{url.Values{"filter": {"vitality IN (0, 3) OR number > 5"}, "filter-lang": {"cql2-text"}}, want(0, 3, 4, 5)},
		{url.Values{"filter": {`{"op":"or","args":[{"op":"=","args":[{"property":"number"},1]},{"op":"=","args":[{"property":"number"},6]}]}`}, "filter-lang": {"cql2-json"}}, want(0, 5)},
		{url.Values{"filter": {"vitality >= 1"}, "top_form": {"Hochstamm"}}, want(1, 3, 5)},
		{url.Values{"filter": {"vitality = 1"}, "bbox": {"9.4295,54.779,9.4315,54.781"}}, want(1)},
	} {
		if got := sel(c.q); strings.Join(got, ",") != strings.Join(c.want, ",") {
			t.Errorf("%v: got %v, want %v", c.q, got, c.want)
		}
	}
	// The data table reads the same trees for the same conditions.
	table := w.reader.do("POST", w.url("/api/content/data"), map[string]any{"filter": map[string]any{"conditions": []any{
		map[string]any{"field": "vitality", "op": "gte", "value": 2}, map[string]any{"field": "top_form", "op": "starts_with", "value": "Kopf"}}}}).json(t)
	if n := int(table["total"].(float64)); n != len(sel(url.Values{"filter": {"vitality >= 2 AND top_form LIKE 'Kopf%'"}})) {
		t.Errorf("the table reads %d trees", n)
	}
	// The queryables name what a filter may use.
	q := w.reader.do("GET", "/api/features/"+w.project+"/collections/trees/queryables", nil)
	if q.Header.Get("Content-Type") != "application/schema+json" || !strings.Contains(string(q.body), `"vitality":{"title":"Vitality","type":"integer"}`) {
		t.Errorf("queryables %s %s", q.Header.Get("Content-Type"), q.body)
	}
	// Bad filters: 400, the message names the property or the fault.
	for _, c := range []struct{ filter, lang, names string }{
		{"colour = 'red'", "", "colour"},
		{"vitality = 2 AND", "", "condition expected"},
		{"vitality === 2", "", "value expected"},
		{`{"op":"=","args":[{"property":"nope"},1]}`, "cql2-json", "nope"},
		{"vitality = 1", "ecql", "cql2-text"},
	} {
		q := url.Values{"filter": {c.filter}}
		if c.lang != "" {
			q.Set("filter-lang", c.lang)
		}
		r := w.reader.do("GET", items+q.Encode(), nil)
		body := wantError(t, r, http.StatusBadRequest, "invalid", "")
		if !strings.Contains(body["message"].(string), c.names) {
			t.Errorf("%s: %q does not name %s", c.filter, body["message"], c.names)
		}
	}
}

// TestFeatureServiceOpenAPI30: the landing page's service-desc link leads to the service's own
// definition in OpenAPI 3.0 (the oas30 conformance class): its server is the landing page, it
// names every route of the service for every collection, each items parameter it names is one the
// service takes, and a filterable collection's items list its queryables and filter languages.
func TestFeatureServiceOpenAPI30(t *testing.T) {
	t.Parallel()
	e, w := newTreeWorld(t)
	w.createTree(t, w.editor, map[string]any{"geom": point(9.4301, 54.7801), "number": 1, "vitality": 2})
	base := "/api/features/" + w.project
	var href string
	for _, l := range w.reader.do("GET", base, nil).json(t)["links"].([]any) {
		if m := l.(map[string]any); m["rel"] == "service-desc" {
			if m["type"] != "application/vnd.oai.openapi+json;version=3.0" || href != "" {
				t.Fatalf("service-desc links %v", m)
			}
			href = m["href"].(string)
		}
	}
	r := w.reader.do("GET", localPath(t, href), nil)
	wantStatus(t, r, http.StatusOK)
	if ct := r.Header.Get("Content-Type"); ct != "application/vnd.oai.openapi+json;version=3.0" {
		t.Fatalf("content type %q", ct)
	}
	var doc struct {
		OpenAPI string `json:"openapi"`
		Servers []struct {
			URL string `json:"url"`
		} `json:"servers"`
		Paths map[string]map[string]struct {
			Parameters []struct {
				Ref    string         `json:"$ref"`
				Name   string         `json:"name"`
				In     string         `json:"in"`
				Schema map[string]any `json:"schema"`
			} `json:"parameters"`
		} `json:"paths"`
		Components struct {
			Parameters map[string]struct {
				Name   string         `json:"name"`
				Schema map[string]any `json:"schema"`
			} `json:"parameters"`
		} `json:"components"`
	}
	if err := json.Unmarshal(r.body, &doc); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(doc.OpenAPI, "3.0.") || len(doc.Servers) != 1 || doc.Servers[0].URL != testBaseURL+base {
		t.Fatalf("openapi %q, servers %v", doc.OpenAPI, doc.Servers)
	}
	conf := w.reader.do("GET", base+"/conformance", nil).json(t)["conformsTo"].([]any)
	if !slices.Contains(conf, any("http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/oas30")) {
		t.Errorf("conformance %v", conf)
	}
	// Every route of the service is described, for each collection; nothing else is.
	want := map[string]bool{}
	for _, rt := range e.srv.routes() {
		rest, ok := strings.CutPrefix(rt.path, "/api/features/{id}")
		if !ok {
			continue
		}
		if rest == "" {
			rest = "/"
		}
		for _, c := range []string{"trees", "groups", "works", "inspections"} {
			want[strings.Replace(rest, "{collection}", c, 1)] = true
		}
	}
	for p := range want {
		if _, ok := doc.Paths[p]["get"]; !ok {
			t.Errorf("%s is not described", p)
		}
	}
	for p := range doc.Paths {
		if !want[p] {
			t.Errorf("%s is described but no route", p)
		}
	}
	// Each parameter of items is taken by the service (a sample value of its type).
	sample := map[string]string{"f": "json", "limit": "5", "offset": "0", "bbox": "9,54,10,55", "datetime": "2020-01-01/..",
		"properties": "number", "filter": "vitality >= 1", "filter-lang": "cql-text", "bbox-crs": "http://www.opengis.net/def/crs/OGC/1.3/CRS84",
		"crs": "http://www.opengis.net/def/crs/EPSG/0/25832"}
	names := map[string]bool{}
	for _, p := range doc.Paths["/collections/trees/items"]["get"].Parameters {
		name, schema := p.Name, p.Schema
		if p.Ref != "" {
			c := doc.Components.Parameters[strings.TrimPrefix(p.Ref, "#/components/parameters/")]
			name, schema = c.Name, c.Schema
		}
		names[name] = true
		if name == "key" {
			continue
		}
		v, ok := sample[name]
		if !ok {
			switch schema["type"] {
			case "integer", "number":
				v = "1"
			case "boolean":
				v = "true"
			default:
				v = "00000000-0000-0000-0000-000000000000"
				if schema["format"] == "date" {
					v = "2020-01-01"
				} else if schema["format"] != "uuid" {
					v = "x"
				}
			}
		}
		if name == "filter-lang" {
			if fmt.Sprint(schema["enum"]) != "[cql2-text cql2-json cql-text]" {
				t.Errorf("filter-lang %v", schema)
			}
		}
		q := url.Values{name: {v}}
		if name == "filter-lang" {
			q.Set("filter", "vitality >= 1")
		}
		if r := w.reader.do("GET", base+"/collections/trees/items?"+q.Encode(), nil); r.StatusCode != http.StatusOK {
			t.Errorf("items?%s: %d %s", q.Encode(), r.StatusCode, r.body)
		}
	}
	for _, n := range []string{"limit", "bbox", "filter", "filter-lang", "vitality", "species", "number"} {
		if !names[n] {
			t.Errorf("items of trees without the parameter %s", n)
		}
	}
	for _, p := range doc.Paths["/collections/inspections/items"]["get"].Parameters {
		if p.Ref == "#/components/parameters/filter" || p.Name == "vitality" {
			t.Errorf("inspections are not filtered, yet %v", p)
		}
	}
}
