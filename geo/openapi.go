package geo

import (
	"arbor/store"
)

// MediaOpenAPI30 is the type of the service's own API definition (OGC API Features Part 1,
// "OpenAPI 3.0"): GDAL's OAPIF driver follows a service-desc link of this type and reads from it
// the query parameters each collection's items take, so it can send an attribute filter to the
// service instead of reading every feature and filtering on its side.
const MediaOpenAPI30 = "application/vnd.oai.openapi+json;version=3.0"

// FilterLanguages are the values of filter-lang: CQL2 text and JSON, and the draft's name of
// CQL2 text, which GDAL 3.6 looks for in the definition and then sends.
var FilterLanguages = []string{"cql2-text", "cql2-json", "cql-text"}

// OpenAPI is the service's API definition in OpenAPI 3.0: every resource below the landing page
// (the server is the landing page, so paths are relative to it, as GDAL looks them up), each
// collection's items with their parameters — the queryables of a filterable collection among them
// — and the three ways a program authenticates.
func (s Site) OpenAPI() map[string]any {
	paths := map[string]any{
		"/":            s.op("landing", s.t("geo.landing"), MediaJSON, false),
		"/conformance": s.op("conformance", s.t("geo.conformance"), MediaJSON, false),
		"/collections": s.op("collections", s.t("geo.collections"), MediaJSON, false),
		"/api": map[string]any{"get": map[string]any{
			"operationId": "api", "summary": s.t("geo.api_definition"),
			"responses": map[string]any{"200": map[string]any{"description": s.t("geo.api_definition"),
				"content": map[string]any{MediaOpenAPI30: map[string]any{"schema": map[string]any{"type": "object"}}}}},
		}},
	}
	for _, c := range store.FeatureCollections() {
		title := s.t("geo.collection." + c)
		base := "/collections/" + c
		paths[base] = s.op("collection_"+c, title, MediaJSON, false)
		q := s.op("queryables_"+c, s.t("geo.queryables"), mediaSchema, false)
		q["get"].(map[string]any)["parameters"] = []any{ref("key")}
		paths[base+"/queryables"] = q
		items := s.op("items_"+c, title, MediaGeoJSON, true)
		params := []any{ref("f"), ref("key"), ref("limit"), ref("offset"), ref("bbox"), ref("bbox-crs"), ref("crs"),
			ref("datetime"), ref("properties")}
		if store.FeatureFilterable(c) {
			params = append(params, ref("filter"), ref("filter-lang"))
			for _, qb := range store.Queryables() {
				schema := map[string]any{"type": qb.Type}
				if qb.Format != "" {
					schema["format"] = qb.Format
				}
				if qb.Type == "array" { // a parameter names one value the array holds
					schema = map[string]any{"type": "string"}
				}
				params = append(params, map[string]any{"name": qb.Name, "in": "query", "required": false,
					"description": "Features whose " + qb.Name + " equals the value", "schema": schema, "style": "form", "explode": false})
			}
		}
		items["get"].(map[string]any)["parameters"] = params
		paths[base+"/items"] = items
		one := s.op("item_"+c, title, MediaGeoJSON, false)
		one["get"].(map[string]any)["parameters"] = []any{
			map[string]any{"name": "featureId", "in": "path", "required": true, "schema": map[string]any{"type": "string", "format": "uuid"}},
			ref("f"), ref("key"), ref("crs"), ref("properties")}
		paths[base+"/items/{featureId}"] = one
	}
	for _, p := range []string{"/", "/conformance", "/collections"} {
		paths[p].(map[string]any)["get"].(map[string]any)["parameters"] = []any{ref("f"), ref("key")}
	}
	for _, c := range store.FeatureCollections() {
		paths["/collections/"+c].(map[string]any)["get"].(map[string]any)["parameters"] = []any{ref("f"), ref("key")}
	}
	crs := CRSURIs()
	return map[string]any{
		"openapi": "3.0.3",
		"info": map[string]any{"title": s.Project, "version": "1.0",
			"description": s.t("geo.landing_description")},
		"servers": []any{map[string]any{"url": s.Base}},
		"paths":   paths,
		"security": []any{map[string]any{"apiKeyHeader": []any{}}, map[string]any{"apiKeyQuery": []any{}},
			map[string]any{"basic": []any{}}, map[string]any{"bearer": []any{}}},
		"components": map[string]any{
			"securitySchemes": map[string]any{
				"apiKeyHeader": map[string]any{"type": "apiKey", "in": "header", "name": "X-API-Key"},
				"apiKeyQuery":  map[string]any{"type": "apiKey", "in": "query", "name": "key"},
				"basic":        map[string]any{"type": "http", "scheme": "basic", "description": "The API key as the password"},
				"bearer":       map[string]any{"type": "http", "scheme": "bearer"},
			},
			"parameters": map[string]any{
				"f": param("f", "The format", map[string]any{"type": "string", "enum": []string{"json", "html"}}),
				"key": param("key", "An API key of the organisation (repeated by the links)",
					map[string]any{"type": "string"}),
				"limit": param("limit", "Features per page", map[string]any{"type": "integer", "minimum": 1,
					"maximum": MaxLimit, "default": DefaultLimit}),
				"offset": param("offset", "Features skipped", map[string]any{"type": "integer", "minimum": 0, "default": 0}),
				"bbox": withStyle(param("bbox", "west,south,east,north in bbox-crs (default CRS84)",
					map[string]any{"type": "array", "minItems": 4, "maxItems": 6, "items": map[string]any{"type": "number"}})),
				"bbox-crs": param("bbox-crs", "The reference system of bbox", map[string]any{"type": "string", "format": "uri", "enum": crs}),
				"crs":      param("crs", "The reference system of the geometries", map[string]any{"type": "string", "format": "uri", "enum": crs}),
				"datetime": param("datetime", "An instant, a date or an interval of the change time", map[string]any{"type": "string"}),
				"properties": withStyle(param("properties", "The properties to write",
					map[string]any{"type": "array", "items": map[string]any{"type": "string"}})),
				"filter": param("filter", "A CQL2 filter on the queryables", map[string]any{"type": "string"}),
				"filter-lang": param("filter-lang", "The language of filter", map[string]any{"type": "string",
					"enum": FilterLanguages, "default": "cql2-text"}),
			},
			"schemas": map[string]any{"exception": map[string]any{"type": "object", "required": []string{"code"},
				"properties": map[string]any{"code": map[string]any{"type": "string"}, "message": map[string]any{"type": "string"},
					"description": map[string]any{"type": "string"}}}},
		},
	}
}

// op is a GET operation answering a document of one type, or an error.
func (s Site) op(id, summary, media string, page bool) map[string]any {
	content := map[string]any{media: map[string]any{"schema": map[string]any{"type": "object"}}}
	if media != mediaSchema {
		content[MediaHTML] = map[string]any{"schema": map[string]any{"type": "string"}}
	}
	ok := map[string]any{"description": summary, "content": content}
	if page {
		ok["headers"] = map[string]any{"Content-Crs": map[string]any{"description": "The reference system of the geometries",
			"schema": map[string]any{"type": "string"}}}
	}
	fail := func(d string) map[string]any {
		return map[string]any{"description": d, "content": map[string]any{MediaJSON: map[string]any{
			"schema": map[string]any{"$ref": "#/components/schemas/exception"}}}}
	}
	return map[string]any{"get": map[string]any{
		"operationId": id, "summary": summary,
		"responses": map[string]any{"200": ok, "400": fail("Bad parameters"), "401": fail("Not authenticated"),
			"404": fail("Not found")},
	}}
}

func ref(name string) map[string]any {
	return map[string]any{"$ref": "#/components/parameters/" + name}
}

func param(name, description string, schema map[string]any) map[string]any {
	return map[string]any{"name": name, "in": "query", "required": false, "description": description, "schema": schema}
}

func withStyle(p map[string]any) map[string]any {
	p["style"], p["explode"] = "form", false
	return p
}
