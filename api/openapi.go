package api

import (
	"net/http"
	"regexp"
	"strings"

	"arbor/auth"
)

var pathParam = regexp.MustCompile(`\{([^}]+)\}`)

// openAPI describes every route of the route table, so the reference cannot fall behind it.
func (s *Server) openAPI(w http.ResponseWriter, r *http.Request) error {
	writeJSON(w, http.StatusOK, openAPIDocument(s.routes()))
	return nil
}

// openAPIDocument is the OpenAPI 3.1 document of the routes: one operation per route, the
// error schema every route answers with, and the two ways to authenticate.
func openAPIDocument(routes []route) map[string]any {
	paths := map[string]map[string]any{}
	for _, rt := range routes {
		if paths[rt.path] == nil {
			paths[rt.path] = map[string]any{}
		}
		paths[rt.path][strings.ToLower(rt.method)] = operation(rt)
	}
	return map[string]any{
		"openapi": "3.1.0",
		"info": map[string]any{"title": "Arbor API", "version": "1",
			"description": "Tree inventory and tree inspection. Errors answer {message, code, fields}."},
		"paths":    paths,
		"security": []any{map[string]any{"bearer": []any{}}, map[string]any{"cookie": []any{}}},
		"components": map[string]any{
			"securitySchemes": map[string]any{
				"bearer": map[string]any{"type": "http", "scheme": "bearer", "bearerFormat": "JWT"},
				"cookie": map[string]any{"type": "apiKey", "in": "cookie", "name": sessionCookie},
			},
			"schemas": map[string]any{"Error": map[string]any{"type": "object", "required": []string{"message", "code"},
				"properties": map[string]any{
					"message": map[string]any{"type": "string"},
					"code":    map[string]any{"type": "string"},
					"fields":  map[string]any{"type": "object", "additionalProperties": map[string]any{"type": "string"}},
				}}},
		},
	}
}

// operation describes one route: its summary, path parameters, answers and, for a public route,
// that it needs no authentication.
func operation(rt route) map[string]any {
	op := map[string]any{
		"summary":     rt.summary,
		"operationId": strings.ToLower(rt.method) + strings.NewReplacer("/", "_", "{", "", "}", "", "-", "_").Replace(rt.path),
		"responses": map[string]any{
			"default": map[string]any{"description": "An error", "content": map[string]any{
				"application/json": map[string]any{"schema": map[string]any{"$ref": "#/components/schemas/Error"}}}},
			"2XX": map[string]any{"description": "Success"},
		},
	}
	if rt.action == auth.ActPublic {
		op["security"] = []any{}
	}
	var params []any
	for _, m := range pathParam.FindAllStringSubmatch(rt.path, -1) {
		schema := map[string]any{"type": "string"}
		if strings.HasSuffix(strings.ToLower(m[1]), "id") {
			schema["format"] = "uuid"
		}
		params = append(params, map[string]any{"name": m[1], "in": "path", "required": true, "schema": schema})
	}
	if params != nil {
		op["parameters"] = params
	}
	if changesState(rt.method) && rt.action != auth.ActPublic {
		op["description"] = "With a cookie session, send the value of the arbor_csrf cookie in the X-CSRF-Token header."
	}
	return op
}
