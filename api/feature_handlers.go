package api

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"arbor"
	"arbor/geo"
	"arbor/store"

	"github.com/go-chi/chi/v5"
)

// The GIS web service: OGC API Features of a project (docs/API.md "GIS web service"). The
// handlers check the request with geo, read through the store and let geo write the answer.

// featureSite is the project's service as the caller reaches it.
func (s *Server) featureSite(r *http.Request, sc store.Content) (geo.Site, error) {
	name, err := s.db.FeatureServiceName(r.Context(), sc)
	if err != nil {
		return geo.Site{}, err
	}
	base := strings.TrimRight(s.baseURL, "/")
	return geo.Site{Base: base + "/api/features/" + sc.ProjectID, Key: r.URL.Query().Get("key"), Lang: language(r),
		Project: name, Help: base + "/help/gis"}, nil
}

// featureFormat reads ?f= and the Accept header: true for HTML.
func featureFormat(r *http.Request) (bool, error) {
	html, ok := geo.Accepts(r.URL.Query().Get("f"), r.Header.Get("Accept"))
	if !ok {
		return false, &arbor.Error{Code: arbor.EINVALID, Key: "geo.format", Fields: map[string]string{"f": "geo.format"}}
	}
	return html, nil
}

// featureDoc answers one of the service's documents as JSON or as its HTML view.
func (s *Server) featureDoc(w http.ResponseWriter, r *http.Request, page string, doc func(site geo.Site, html bool) (any, error)) error {
	if err := geo.CheckParams(r.URL.Query()); err != nil {
		return err
	}
	html, err := featureFormat(r)
	if err != nil {
		return err
	}
	site, err := s.featureSite(r, content(r))
	if err != nil {
		return err
	}
	d, err := doc(site, html)
	if err != nil {
		return err
	}
	if !html {
		writeJSON(w, http.StatusOK, d)
		return nil
	}
	var buf bytes.Buffer
	if err := site.HTML(&buf, page, d); err != nil {
		return err
	}
	writeHTML(w, buf.Bytes())
	return nil
}

func writeHTML(w http.ResponseWriter, body []byte) {
	htmlHeaders(w)
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(body)
}

func htmlHeaders(w http.ResponseWriter) {
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'")
}

// featureLanding answers GET /api/features/{id}: the landing page.
func (s *Server) featureLanding(w http.ResponseWriter, r *http.Request) error {
	return s.featureDoc(w, r, "landing", func(site geo.Site, html bool) (any, error) { return site.LandingPage(html), nil })
}

// featureConformance answers GET /api/features/{id}/conformance.
func (s *Server) featureConformance(w http.ResponseWriter, r *http.Request) error {
	return s.featureDoc(w, r, "conformance", func(site geo.Site, html bool) (any, error) { return site.ConformancePage(html), nil })
}

// featureCollections answers GET /api/features/{id}/collections.
func (s *Server) featureCollections(w http.ResponseWriter, r *http.Request) error {
	return s.featureDoc(w, r, "collections", func(site geo.Site, html bool) (any, error) {
		bounds, err := s.db.FeatureExtent(r.Context(), content(r))
		return site.CollectionsPage(bounds, html), err
	})
}

// featureAPI answers GET /api/features/{id}/api: the service's own definition in OpenAPI 3.0,
// from which GDAL learns the parameters of the items and sends attribute filters to the service.
func (s *Server) featureAPI(w http.ResponseWriter, r *http.Request) error {
	if err := geo.CheckParams(r.URL.Query()); err != nil {
		return err
	}
	site, err := s.featureSite(r, content(r))
	if err != nil {
		return err
	}
	w.Header().Set("Content-Type", geo.MediaOpenAPI30)
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	return json.NewEncoder(w).Encode(site.OpenAPI())
}

// featureCollectionName is the {collection} of the path, ENOTFOUND when there is none such.
func featureCollectionName(r *http.Request) (string, error) {
	c := chi.URLParam(r, "collection")
	if _, ok := store.FeatureProperties(c); !ok {
		return "", arbor.Errorf(arbor.ENOTFOUND, "geo.collection_unknown", nil)
	}
	return c, nil
}

// featureCollection answers GET /api/features/{id}/collections/{collection}.
func (s *Server) featureCollection(w http.ResponseWriter, r *http.Request) error {
	c, err := featureCollectionName(r)
	if err != nil {
		return err
	}
	return s.featureDoc(w, r, "collection", func(site geo.Site, html bool) (any, error) {
		bounds, err := s.db.FeatureExtent(r.Context(), content(r))
		return site.CollectionInfo(c, bounds, html), err
	})
}

// featureQueryables answers GET /api/features/{id}/collections/{collection}/queryables: the
// fields a filter may name, as a JSON Schema.
func (s *Server) featureQueryables(w http.ResponseWriter, r *http.Request) error {
	c, err := featureCollectionName(r)
	if err != nil {
		return err
	}
	if err := geo.CheckParams(r.URL.Query()); err != nil {
		return err
	}
	site, err := s.featureSite(r, content(r))
	if err != nil {
		return err
	}
	w.Header().Set("Content-Type", "application/schema+json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	return json.NewEncoder(w).Encode(site.QueryablesDoc(c))
}

// featureRequest is what a request for features asks: the collection, HTML or GeoJSON, the
// query, and the project's service as the caller reaches it.
type featureRequest struct {
	collection string
	html       bool
	it         geo.Items
	sc         store.Content
	site       geo.Site
}

// featureParams reads a request for features: the {collection} of the path, the format, and the
// query parameters as parse reads them (a page of items or a single feature).
func (s *Server) featureParams(r *http.Request, parse func(string, url.Values) (geo.Items, error)) (featureRequest, error) {
	var req featureRequest
	var err error
	if req.collection, err = featureCollectionName(r); err != nil {
		return req, err
	}
	if req.html, err = featureFormat(r); err != nil {
		return req, err
	}
	if req.it, err = parse(req.collection, r.URL.Query()); err != nil {
		return req, err
	}
	req.sc = content(r)
	req.site, err = s.featureSite(r, req.sc)
	return req, err
}

// featureHeaders are the headers of features as GeoJSON or as an HTML page.
func featureHeaders(w http.ResponseWriter, req featureRequest) {
	h := w.Header()
	if req.html {
		htmlHeaders(w)
	} else {
		h.Set("Content-Type", geo.MediaGeoJSON)
		h.Set("Cache-Control", "no-store")
	}
	h.Set("Content-Crs", "<"+req.it.CRS.URI+">")
}

// featureItems answers GET /api/features/{id}/collections/{collection}/items: a page of
// features, streamed as the database sends them.
func (s *Server) featureItems(w http.ResponseWriter, r *http.Request) error {
	req, err := s.featureParams(r, geo.ParseItems)
	if err != nil {
		return err
	}
	start := func() {
		featureHeaders(w, req)
		w.WriteHeader(http.StatusOK)
	}
	fw := geo.NewWriter(w, start, req.site, req.it, req.html)
	if err := s.db.Features(r.Context(), req.sc, req.it.Query, fw.Feature); err != nil {
		if fw.Started() {
			// The head is out: the client sees a cut-off answer, which no parser takes for whole.
			panic(http.ErrAbortHandler)
		}
		return err
	}
	if err := fw.Close(s.now()); err != nil && !fw.Started() {
		return err
	}
	return nil
}

// featureItem answers GET /api/features/{id}/collections/{collection}/items/{featureId}: one
// feature with an ETag of its version and the form asked for.
func (s *Server) featureItem(w http.ResponseWriter, r *http.Request) error {
	req, err := s.featureParams(r, geo.FeatureParams)
	if err != nil {
		return err
	}
	req.it.Query.ID = chi.URLParam(r, "featureId")
	var body []byte
	var etag string
	err = s.db.Features(r.Context(), req.sc, req.it.Query, func(f store.Feature) error {
		b, err := featureBody(f, req)
		body, etag = b, featureETag(f, req)
		return err
	})
	if err != nil {
		return err
	}
	featureHeaders(w, req)
	w.Header().Set("ETag", etag)
	w.Header().Set("Cache-Control", "private, no-cache")
	if m := r.Header.Get("If-None-Match"); m != "" && etagMatches(m, etag) {
		w.WriteHeader(http.StatusNotModified)
		return nil
	}
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(body)
	return nil
}

// featureETag names a feature's version in the form asked for (reference system, properties,
// format, language, key).
func featureETag(f store.Feature, req featureRequest) string {
	form := strings.Join([]string{f.ID, req.it.CRS.URI, strings.Join(req.it.Query.Properties, ","),
		strconv.FormatBool(req.html), req.site.Lang, req.site.Key}, "|")
	sum := sha256.Sum256([]byte(form))
	return `"` + strconv.Itoa(f.Version) + "-" + hex.EncodeToString(sum[:8]) + `"`
}

// featureBody is one feature as GeoJSON or as its HTML page, with its links.
func featureBody(f store.Feature, req featureRequest) ([]byte, error) {
	links := req.site.FeatureLinks(req.collection, f.ID, paramsOf(req.it), req.html)
	if !req.html {
		return geo.FeatureJSON(f, links)
	}
	var buf bytes.Buffer
	err := req.site.FeatureHTML(&buf, req.collection, f, req.it.Query.Properties, links)
	return buf.Bytes(), err
}

// paramsOf are the parameters of a feature's links: its reference system and properties.
func paramsOf(it geo.Items) map[string][]string {
	p := map[string][]string{}
	if it.CRS.URI != geo.CRS84 {
		p["crs"] = []string{it.CRS.URI}
	}
	if it.Query.Properties != nil {
		p["properties"] = []string{strings.Join(it.Query.Properties, ",")}
	}
	return p
}
