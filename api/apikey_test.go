package api

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"arbor/auth"
)

// createKey makes an API key as the organisation's administrator and answers the key.
func createKey(t *testing.T, admin *browser, org string, projects ...string) (string, map[string]any) {
	t.Helper()
	r := admin.do("POST", "/api/management/organisation/"+org+"/api-keys", map[string]any{"name": "QGIS office", "projects": projects})
	wantStatus(t, r, http.StatusCreated)
	body := r.json(t)
	return body["secret"].(string), body["key"].(map[string]any)
}

// TestAPIKeys: administrators make, list and revoke read-only keys for projects; a key opens
// the GIS web service and the tiles of its projects — as a header, a parameter or a basic
// authentication password — and nothing else.
func TestAPIKeys(t *testing.T) {
	t.Parallel()
	e, w := newTreeWorld(t)
	tr := w.createTree(t, w.editor, map[string]any{"geom": point(9.4301, 54.7801), "number": 1})
	admin := e.login(t, w.admin, testPassword)
	keys := "/api/management/organisation/" + w.org + "/api-keys"

	// Bad requests: no name, no project, another organisation's project.
	for _, body := range []map[string]any{
		{"name": " ", "projects": []string{w.project}},
		{"name": "x", "projects": []string{}},
		{"name": "x", "projects": []string{w.far}},
		{"name": "x", "projects": []string{w.project, "nope"}},
		{"name": strings.Repeat("x", 101), "projects": []string{w.project}},
	} {
		wantError(t, admin.do("POST", keys, body), http.StatusBadRequest, "invalid", "")
	}
	if n := e.count(t, `SELECT count(*) FROM api_key WHERE organisation_id = $1`, w.org); n != 0 {
		t.Fatalf("%d keys made by bad requests", n)
	}

	secret, key := createKey(t, admin, w.org, w.project)
	if !strings.HasPrefix(secret, "arb_") || len(secret) < 40 || !strings.HasPrefix(secret, key["prefix"].(string)) || key["last_used_at"] != nil {
		t.Fatalf("key %q %v", secret, key)
	}
	if n := e.count(t, `SELECT count(*) FROM api_key WHERE hash = $1 AND prefix = $2`, auth.HashAPIKey(secret), key["prefix"]); n != 1 {
		t.Fatal("the key's hash is not what is kept")
	}
	if strings.Contains(string(admin.do("GET", keys, nil).body), secret) {
		t.Fatal("the list shows the key itself")
	}

	anon := e.browser()
	items := "/api/features/" + w.project + "/collections/trees/items"
	// As a header, a parameter and a basic-authentication password.
	for name, opt := range map[string]struct {
		path string
		opts []reqOpt
	}{
		"header":    {items, []reqOpt{header("X-API-Key", secret)}},
		"parameter": {items + "?key=" + secret, nil},
		"basic":     {items, []reqOpt{func(r *http.Request) { r.SetBasicAuth("qgis", secret) }}},
	} {
		g := readGeoJSON(t, anon.do("GET", opt.path, nil, opt.opts...))
		if len(g.Features) != 1 || g.Features[0].ID != tr["id"] {
			t.Errorf("%s: %+v", name, g)
		}
	}
	// Links carry a key sent as a parameter, so a client following them keeps its access.
	if g := readGeoJSON(t, anon.do("GET", items+"?limit=1&key="+secret, nil)); !strings.Contains(g.link("next"), "key="+secret) {
		t.Errorf("next link without the key: %s", g.link("next"))
	}
	// The tiles and their TileJSON take the same keys.
	tj := anon.do("GET", "/api/tiles/"+w.project+"/trees.json?key="+secret, nil).json(t)
	tileURL := tj["tiles"].([]any)[0].(string)
	if !strings.Contains(tileURL, "key="+secret) {
		t.Errorf("TileJSON tile URL without the key: %s", tileURL)
	}
	x, y := tileOf(9.4301, 54.7801, 16)
	if r, layers := getTile(t, anon, w.project, "trees", 16, x, y, header("X-API-Key", secret)); r.StatusCode != 200 || len(layerNamed(layers, "trees").Features) != 1 {
		t.Errorf("tile with a key: %d", r.StatusCode)
	}
	var used int
	if err := e.db.Pool.QueryRow(context.Background(), `SELECT count(*) FROM api_key WHERE hash = $1 AND last_used_at IS NOT NULL`, auth.HashAPIKey(secret)).Scan(&used); err != nil || used != 1 {
		t.Errorf("last use not noted: %d %v", used, err)
	}
	if list := admin.do("GET", keys, nil).json(t)["items"].([]any); list[0].(map[string]any)["last_used_at"] == nil {
		t.Errorf("the list shows no last use: %v", list)
	}

	// Only reads of the GIS service and tiles, only the key's projects.
	wantError(t, anon.do("GET", "/api/content/trees?project="+w.project, nil, header("X-API-Key", secret)), http.StatusUnauthorized, "unauthenticated", "")
	wantError(t, anon.do("POST", "/api/content/tree?project="+w.project, map[string]any{"geom": point(9.43, 54.78)}, header("X-API-Key", secret), noCSRF()), http.StatusUnauthorized, "unauthenticated", "")
	wantError(t, anon.do("GET", "/api/features/"+w.quiet+"/collections", nil, header("X-API-Key", secret)), http.StatusNotFound, "not_found", "")
	wantError(t, anon.do("GET", "/api/features/"+w.far+"/collections", nil, header("X-API-Key", secret)), http.StatusNotFound, "not_found", "")
	wantError(t, anon.do("GET", items, nil, header("X-API-Key", "arb_guessed")), http.StatusUnauthorized, "untrusted_token", "")

	// Another organisation's key does not open this one's projects.
	other := "arb_other-organisation-key-0123456789abcdef"
	e.exec(t, `INSERT INTO api_key (organisation_id, name, prefix, hash, projects) VALUES ($1, 'theirs', 'arb_ot', $2, ARRAY[$3::uuid])`,
		w.otherOrg, auth.HashAPIKey(other), w.far)
	wantError(t, anon.do("GET", items, nil, header("X-API-Key", other)), http.StatusNotFound, "not_found", "")
	wantStatus(t, anon.do("GET", "/api/features/"+w.far+"/collections", nil, header("X-API-Key", other)), http.StatusOK)
	wantStatus(t, admin.do("DELETE", "/api/management/organisation/"+w.org+"/api-keys/"+e.insertID(t, `SELECT id::text FROM api_key WHERE name = 'theirs' AND organisation_id = $1`, w.otherOrg), nil), http.StatusNotFound)

	// Revoked: refused at once, and listed as revoked.
	wantStatus(t, admin.do("DELETE", keys+"/"+key["id"].(string), nil), http.StatusNoContent)
	wantError(t, anon.do("GET", items, nil, header("X-API-Key", secret)), http.StatusUnauthorized, "untrusted_token", "")
	if list := admin.do("GET", keys, nil).json(t)["items"].([]any); list[0].(map[string]any)["revoked_at"] == nil {
		t.Errorf("the list does not show the key revoked: %v", list)
	}
}
