package geo

import (
	"net/url"
	"strconv"
	"strings"

	"arbor/i18n"
	"arbor/store"
)

// Media types of the service's answers.
const (
	MediaGeoJSON = "application/geo+json"
	MediaJSON    = "application/json"
	MediaHTML    = "text/html"
	mediaSchema  = "application/schema+json"
)

// Conformance lists the classes the service implements, and only those: each is tested
// (api/features_test.go, api/features_gdal_test.go, geo/cql2_test.go). OpenAPI 3.0: the service
// describes itself at /api (geo/openapi.go; api/features_test.go checks that it names every route
// of the service). CQL2's spatial, temporal, array or function classes are not among them: the
// filter model has no such operators.
var Conformance = []string{
	"http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/core",
	"http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/oas30",
	"http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/geojson",
	"http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/html",
	"http://www.opengis.net/spec/ogcapi-features-2/1.0/conf/crs",
	"http://www.opengis.net/spec/ogcapi-features-3/1.0/conf/queryables",
	"http://www.opengis.net/spec/ogcapi-features-3/1.0/conf/queryables-query-parameters",
	"http://www.opengis.net/spec/ogcapi-features-3/1.0/conf/filter",
	"http://www.opengis.net/spec/ogcapi-features-3/1.0/conf/features-filter",
	"http://www.opengis.net/spec/cql2/1.0/conf/cql2-text",
	"http://www.opengis.net/spec/cql2/1.0/conf/cql2-json",
	"http://www.opengis.net/spec/cql2/1.0/conf/basic-cql2",
}

// Link is a link of an OGC API document.
type Link struct {
	Href     string `json:"href"`
	Rel      string `json:"rel"`
	Type     string `json:"type,omitempty"`
	Title    string `json:"title,omitempty"`
	Hreflang string `json:"hreflang,omitempty"`
}

// Site is one project's service as a client reaches it: the base URL of its landing page, the
// API key a client sent in the URL (links repeat it, so a client that follows them keeps its
// access), and the language of titles.
type Site struct {
	Base    string // …/api/features/{project}
	Key     string
	Lang    string
	Project string // the project's name
	Help    string // URL of the help page for people
}

// Href is the URL of a path below the landing page with parameters and a format.
func (s Site) Href(path string, params url.Values, f string) string {
	q := url.Values{}
	for k, v := range params {
		q[k] = v
	}
	if f != "" {
		q.Set("f", f)
	}
	if s.Key != "" {
		q.Set("key", s.Key)
	}
	u := s.Base + path
	if len(q) > 0 {
		u += "?" + q.Encode()
	}
	return u
}

// pair is the self link in one format and the alternate in the other.
func (s Site) pair(path, title string, params url.Values, html bool) []Link {
	j := Link{Href: s.Href(path, params, "json"), Type: MediaJSON, Title: title + " (JSON)"}
	h := Link{Href: s.Href(path, params, "html"), Type: MediaHTML, Title: title + " (HTML)"}
	if html {
		h.Rel, j.Rel = "self", "alternate"
		return []Link{h, j}
	}
	j.Rel, h.Rel = "self", "alternate"
	return []Link{j, h}
}

func (s Site) t(key string) string { return i18n.T(s.Lang, key, nil) }

// Landing is the landing page.
type Landing struct {
	Title       string `json:"title"`
	Description string `json:"description"`
	Links       []Link `json:"links"`
}

// LandingPage is the service's landing page.
func (s Site) LandingPage(html bool) Landing {
	l := Landing{Title: s.Project, Description: s.t("geo.landing_description")}
	l.Links = append(s.pair("", s.t("geo.landing"), nil, html),
		Link{Href: s.Href("/api", nil, ""), Rel: "service-desc", Type: MediaOpenAPI30, Title: s.t("geo.api_definition")},
		Link{Href: s.Help, Rel: "service-doc", Type: MediaHTML, Title: s.t("geo.api_documentation")},
		Link{Href: s.Href("/conformance", nil, "json"), Rel: "conformance", Type: MediaJSON, Title: s.t("geo.conformance")},
		Link{Href: s.Href("/collections", nil, "json"), Rel: "data", Type: MediaJSON, Title: s.t("geo.collections")},
	)
	return l
}

// ConformanceDoc is the conformance declaration.
type ConformanceDoc struct {
	ConformsTo []string `json:"conformsTo"`
	Links      []Link   `json:"links,omitempty"`
}

// ConformancePage declares the conformance classes.
func (s Site) ConformancePage(html bool) ConformanceDoc {
	return ConformanceDoc{ConformsTo: Conformance, Links: s.pair("/conformance", s.t("geo.conformance"), nil, html)}
}

// Collection describes one collection.
type Collection struct {
	ID          string   `json:"id"`
	Title       string   `json:"title"`
	Description string   `json:"description"`
	ItemType    string   `json:"itemType"`
	Extent      *Extent  `json:"extent,omitempty"`
	CRS         []string `json:"crs"`
	StorageCRS  string   `json:"storageCrs"`
	Links       []Link   `json:"links"`
}

// Extent is a collection's spatial extent.
type Extent struct {
	Spatial struct {
		BBox [][]float64 `json:"bbox"`
		CRS  string      `json:"crs"`
	} `json:"spatial"`
}

// Collections is the list of collections.
type Collections struct {
	Collections []Collection `json:"collections"`
	Links       []Link       `json:"links"`
}

// CollectionInfo describes a collection; bounds is the project's extent (lon/lat) or nil.
func (s Site) CollectionInfo(id string, bounds []float64, html bool) Collection {
	c := Collection{ID: id, Title: s.t("geo.collection." + id), Description: s.t("geo.collection." + id + ".description"),
		ItemType: "feature", CRS: CRSURIs(), StorageCRS: CRS84}
	if bounds != nil && store.FeatureHasGeometry(id) {
		c.Extent = &Extent{}
		c.Extent.Spatial.BBox = [][]float64{bounds}
		c.Extent.Spatial.CRS = CRS84
	}
	path := "/collections/" + id
	c.Links = append(s.pair(path, c.Title, nil, html),
		Link{Href: s.Href(path+"/items", nil, "json"), Rel: "items", Type: MediaGeoJSON, Title: c.Title + " (GeoJSON)"},
		Link{Href: s.Href(path+"/items", nil, "html"), Rel: "items", Type: MediaHTML, Title: c.Title + " (HTML)"},
		Link{Href: s.Href(path+"/queryables", nil, ""), Rel: "http://www.opengis.net/def/rel/ogc/1.0/queryables", Type: mediaSchema, Title: s.t("geo.queryables")},
	)
	return c
}

// CollectionsPage lists the collections.
func (s Site) CollectionsPage(bounds []float64, html bool) Collections {
	out := Collections{Links: s.pair("/collections", s.t("geo.collections"), nil, html)}
	for _, id := range store.FeatureCollections() {
		out.Collections = append(out.Collections, s.CollectionInfo(id, bounds, html))
	}
	return out
}

// ItemsLinks are the links of a page of items: itself, the other format, and the next and
// previous pages (next only when the page is full: there may be more).
// The next link also carries the last feature's cursor (after=), so the next page is found by
// the index of the order instead of counting offset rows from the start; its offset stays for
// the previous link.
func (s Site) ItemsLinks(it Items, returned int, cursor string, html bool) []Link {
	path := "/collections/" + it.Query.Collection + "/items"
	page := func(offset int) url.Values {
		p := url.Values{}
		for k, v := range it.Params {
			if k != "key" && k != "f" {
				p[k] = v
			}
		}
		if offset > 0 {
			p.Set("offset", strconv.Itoa(offset))
		}
		return p
	}
	links := s.pair(path, s.t("geo.collection."+it.Query.Collection), page(it.Query.Offset), html)
	f, typ := "json", MediaGeoJSON
	if html {
		f, typ = "html", MediaHTML
	}
	links[0].Type = typ
	if !html {
		links[0].Href = s.Href(path, page(it.Query.Offset), "json")
	}
	if returned == it.Query.Limit {
		next := page(it.Query.Offset + it.Query.Limit)
		if cursor != "" {
			next.Set("after", cursor)
		}
		links = append(links, Link{Href: s.Href(path, next, f), Rel: "next", Type: typ, Title: s.t("geo.next")})
	}
	if it.Query.Offset > 0 {
		links = append(links, Link{Href: s.Href(path, page(max(0, it.Query.Offset-it.Query.Limit)), f), Rel: "prev", Type: typ, Title: s.t("geo.previous")})
	}
	links = append(links, Link{Href: s.Href("/collections/"+it.Query.Collection, nil, f), Rel: "collection", Type: typ, Title: s.t("geo.collection." + it.Query.Collection)})
	return links
}

// FeatureLinks are the links of a single feature.
func (s Site) FeatureLinks(collection, id string, params url.Values, html bool) []Link {
	links := s.pair("/collections/"+collection+"/items/"+id, id, params, html)
	if !html {
		links[0].Type = MediaGeoJSON
	}
	return append(links, Link{Href: s.Href("/collections/"+collection, nil, "json"), Rel: "collection", Type: MediaJSON, Title: s.t("geo.collection." + collection)})
}

// QueryablesDoc is a collection's queryables as a JSON Schema (OGC API Features Part 3).
func (s Site) QueryablesDoc(collection string) map[string]any {
	props := map[string]any{}
	if store.FeatureFilterable(collection) {
		for _, q := range store.Queryables() {
			p := map[string]any{"type": q.Type}
			if q.Format != "" {
				p["format"] = q.Format
			}
			if q.Type == "array" {
				p["items"] = map[string]any{"type": "string"}
			}
			if i18n.Has(s.Lang, "tree.field."+q.Name) {
				p["title"] = i18n.T(s.Lang, "tree.field."+q.Name, nil)
			}
			props[q.Name] = p
		}
	}
	return map[string]any{
		"$schema":    "https://json-schema.org/draft/2020-12/schema",
		"$id":        s.Href("/collections/"+collection+"/queryables", nil, ""),
		"type":       "object",
		"title":      s.t("geo.collection." + collection),
		"properties": props,
	}
}

// Accepts says whether a request wants HTML: ?f=html, or a browser's Accept header without f.
// ok false for an f the service does not speak.
func Accepts(f, accept string) (html bool, ok bool) {
	switch strings.ToLower(f) {
	case "html":
		return true, true
	case "json", "geojson":
		return false, true
	case "":
		return strings.Contains(accept, "text/html"), true
	}
	return false, false
}
