package api

import (
	"context"
	"net/http"
	"strings"

	"arbor"
	"arbor/auth"
)

// API keys: an organisation's read-only access for programs (GIS clients), to the projects a
// key names (docs/API.md "API keys"). A key acts as a reader of the whole project: keys are made
// by the organisation's administrators, who see everything.

// apiKeyOf is the API key a request carries: the X-API-Key header, the key parameter (what
// QGIS and ArcGIS can add to a URL), or the password of HTTP basic authentication (a QGIS
// authentication configuration); "" for none.
func apiKeyOf(r *http.Request) string {
	if k := r.Header.Get("X-API-Key"); k != "" {
		return strings.TrimSpace(k)
	}
	if k := r.URL.Query().Get("key"); k != "" {
		return strings.TrimSpace(k)
	}
	if _, pw, ok := r.BasicAuth(); ok && pw != "" {
		return pw
	}
	return ""
}

// authoriseKey decides a request that carries an API key: only routes open to keys (rt.key,
// all of them reads), only in the key's projects. An unknown or revoked key is 401; a project
// that is not the key's (another organisation's included) is 404, as for a member.
func (s *Server) authoriseKey(r *http.Request, rt route, key string) (context.Context, error) {
	ctx := r.Context()
	if !rt.key || rt.scope != projectScope || changesState(r.Method) {
		return ctx, arbor.Errorf(arbor.EUNAUTHENTICATED, "apikey.route", nil)
	}
	id, err := pathID(r, "id")
	if err != nil {
		return ctx, err
	}
	acc, err := s.db.APIKeyAccess(ctx, auth.HashAPIKey(key), id)
	if err != nil {
		return ctx, err
	}
	if !acc.Valid {
		return ctx, arbor.Errorf(arbor.EUNTRUSTED, "apikey.invalid", nil)
	}
	if !acc.Exists {
		return ctx, arbor.Errorf(arbor.ENOTFOUND, "error.not_found", nil)
	}
	t := target{exists: true, organisationID: acc.OrganisationID, projectID: id, terminated: acc.Terminated,
		roles: []auth.Role{auth.Reader}, caller: []auth.Role{auth.Anonymous}, addons: acc.Addons(s.now())}
	if !auth.Can(t.roles, rt.action) {
		return ctx, arbor.Errorf(arbor.EFORBIDDEN, "error.forbidden", nil)
	}
	// Programs reach a project only through the GIS web service add-on.
	if err := needAddon(route{addon: "gis"}, t); err != nil {
		return ctx, err
	}
	return context.WithValue(ctx, targetKey, t), nil
}
