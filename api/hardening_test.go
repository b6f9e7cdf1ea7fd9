package api

import (
	"context"
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"
)

// Findings of the issue "Hardening", each answered with a 4xx naming what is wrong, never a 500.

// TestNULAndLongTexts: a NUL character in any JSON text or query value, and texts beyond the
// input limits, are refused at decoding — also where nobody is logged in.
func TestNULAndLongTexts(t *testing.T) {
	t.Parallel()
	e, w := newTreeWorld(t)
	anon := e.browserFrom(nextClientIP())
	m := wantError(t, anon.do("POST", "/api/auth/login", `{"email":"x\u0000@example.org","password":"secret"}`), 400, "invalid", "The field email is not valid.")
	wantFields(t, m, map[string]string{"email": "This must not contain a NUL character."})
	m = wantError(t, anon.do("POST", "/api/auth/login", map[string]any{"email": strings.Repeat("x", 12_000) + "@example.org", "password": "secret"}), 400, "invalid", "")
	wantFieldNames(t, m, "email")
	m = wantError(t, anon.do("POST", "/api/auth/login", map[string]any{"email": strings.Repeat("x", 3_000) + "@example.org", "password": "secret"}), 400, "invalid", "")
	wantFieldNames(t, m, "email")
	m = wantError(t, w.manager.do("POST", w.url("/api/content/filters"), map[string]any{"name": "Big", "filter": map[string]any{"q": strings.Repeat("q", 500_000)}}), 400, "invalid", "")
	wantFields(t, m, map[string]string{"q": "This is too long: at most 10,000 characters."})
	m = wantError(t, w.manager.do("POST", "/api/management/project/"+w.project+"/basemaps", map[string]any{"name": "Ortho", "type": "xyz",
		"url": "https://tiles.example/{z}/{x}/{y}.png", "username": "u", "password": strings.Repeat("p", 200_000)}), 400, "invalid", "")
	wantFieldNames(t, m, "password")
	m = wantError(t, w.manager.do("GET", w.url("/api/content/trees?q=a%00b"), nil), 400, "invalid", "")
	wantFieldNames(t, m, "q")
	wantError(t, w.manager.do("GET", w.url("/api/content/trees?q="+strings.Repeat("y", 70_000)), nil), 400, "invalid", "")
	// The body's key can carry it too; a nesting of 10,000 arrays is refused before decoding.
	wantError(t, w.manager.do("POST", w.url("/api/content/filters"), "{\"na\\u0000me\": 1}"), 400, "invalid", "")
	wantError(t, w.manager.do("POST", w.url("/api/content/filters"), strings.Repeat("[", 10_000)+strings.Repeat("]", 10_000)), 400, "invalid", "")
	if n := e.count(t, `SELECT count(*) FROM saved_filter WHERE project_id = $1`, w.project); n != 0 {
		t.Fatalf("%d filters stored", n)
	}
}

// TestOutOfRangeValues: numbers beyond 32 bits, empty and whole-world geometries, geometries
// without coordinates in a job's filter, and dates of year 0 are refused naming the field.
func TestOutOfRangeValues(t *testing.T) {
	t.Parallel()
	e, w := newTreeWorld(t)
	tree := w.createTree(t, w.editor, map[string]any{})
	id := tree["id"].(string)
	field := func(r *resp, name string) {
		t.Helper()
		wantFieldNames(t, wantError(t, r, 400, "invalid", ""), name)
	}
	field(w.editor.do("PUT", w.url("/api/content/tree/"+id), map[string]any{"version": 2147483648, "height": 12}), "version")
	field(w.manager.do("PUT", w.url("/api/management/job/"+w.job+"/status"), map[string]any{"status": 2147483648, "version": 1}), "status")
	field(w.manager.do("POST", "/api/management/project/"+w.project+"/basemaps", map[string]any{"name": "Ortho", "type": "xyz",
		"url": "https://tiles.example/{z}/{x}/{y}.png", "position": 2147483648}), "position")
	field(w.manager.do("PUT", w.url("/api/content/tree/"+id), map[string]any{"version": 1, "tree_count": 2147483648}), "tree_count")
	for _, g := range []string{`{"type":"Point","coordinates":[]}`, `{"type":"Polygon","coordinates":[]}`, `{"type":"Polygon","coordinates":[[]]}`,
		worldPolygon, `{"type":"Point"}`, `{"type":"MultiPolygon","coordinates":[]}`} {
		field(w.editor.do("POST", w.url("/api/content/tree"), `{"geom":`+g+`}`), "geom")
		field(w.manager.do("POST", w.url("/api/content/job/add-filter"), `{"job":"`+w.job+`","filter":{"geometry":`+g+`}}`), "geometry")
		field(w.manager.do("POST", w.url("/api/content/job/exists-objects-in-jobs"), `{"filter":{"geometry":`+g+`}}`), "geometry")
	}
	field(w.care.do("POST", w.url("/api/content/tree/"+id+"/fell"), map[string]any{"cut_date": "0000-01-01", "version": 1}), "cut_date")
	field(w.care.do("POST", w.url("/api/content/action"), map[string]any{"tree": id, "work": w.pruning, "deadline": "0000-12-31"}), "deadline")
	field(w.manager.do("POST", w.url("/api/content/data"), map[string]any{"filter": map[string]any{"conditions": []any{
		map[string]any{"field": "check_next", "op": "between", "value": []string{"0000-01-01", "2026-01-01"}}}}}), "value")
	if n := e.count(t, `SELECT count(*) FROM tree WHERE project_id = $1`, w.project); n != 1 {
		t.Fatalf("%d trees stored, want the first only", n)
	}
}

// TestClientIDTakenElsewhere: a work or an inspection created with a client id that a work or
// inspection of another project or organisation has answers 409, like a tree, and stores nothing.
func TestClientIDTakenElsewhere(t *testing.T) {
	t.Parallel()
	e, w := newTreeWorld(t)
	id := w.createTree(t, w.editor, map[string]any{})["id"].(string)
	for _, project := range []struct{ org, project string }{{w.otherOrg, w.far}, {w.org, w.quiet}} {
		tree := e.insertID(t, `INSERT INTO tree (organisation_id, project_id, geom, number) VALUES ($1, $2, ST_SetSRID(ST_MakePoint(9.4, 54.7), 4326), 7) RETURNING id::text`, project.org, project.project)
		work := e.insertID(t, `INSERT INTO list_entry (organisation_id, list, name_en, name_de, name_fr) VALUES ($1, 'work', 'Other', 'Other', 'Other') RETURNING id::text`, project.org)
		action := e.insertID(t, `INSERT INTO tree_action (organisation_id, project_id, tree_id, work_id, action) VALUES ($1, $2, $3, $4, 'Other') RETURNING id::text`, project.org, project.project, tree, work)
		check := e.insertID(t, `INSERT INTO tree_check (organisation_id, project_id, tree_id) VALUES ($1, $2, $3) RETURNING id::text`, project.org, project.project, tree)
		a := wantError(t, w.care.do("POST", w.url("/api/content/action"), map[string]any{"id": action, "tree": id, "work": w.pruning}), 409, "conflict", "This id belongs to another object.")
		c := wantError(t, w.editor.do("POST", w.url("/api/content/tree/"+id+"/checks"), map[string]any{"id": check}), 409, "conflict", "This id belongs to another object.")
		tr := wantError(t, w.editor.do("POST", w.url("/api/content/tree"), map[string]any{"id": tree, "geom": point(9.43, 54.78)}), 409, "conflict", "")
		if fmt.Sprint(a) != fmt.Sprint(c) || fmt.Sprint(a) != fmt.Sprint(tr) {
			t.Fatalf("answers differ: %v / %v / %v", a, c, tr)
		}
	}
	if n := e.count(t, `SELECT count(*) FROM tree_action WHERE project_id = $1`, w.project); n != 0 {
		t.Fatalf("%d works stored", n)
	}
}

// TestConcurrentSpeciesCreate: eight concurrent creates of the same new species: one adds it,
// the others report it as existing; none fails.
func TestConcurrentSpeciesCreate(t *testing.T) {
	t.Parallel()
	e, w := newTreeWorld(t)
	admin := e.login(t, w.admin, testPassword)
	statuses, _ := concurrently(8, func(int) *resp {
		return admin.do("POST", "/api/management/organisation/"+w.org+"/lists/species",
			map[string]any{"values": []map[string]any{{"botanical": "Sorbus concurrens", "name": "Concurrent rowan"}}})
	})
	for _, s := range statuses {
		if s >= 500 {
			t.Fatalf("statuses %v", statuses)
		}
	}
	if n := e.count(t, `SELECT count(*) FROM list_entry WHERE organisation_id = $1 AND botanical = 'Sorbus concurrens'`, w.org); n != 1 {
		t.Fatalf("%d entries, statuses %v", n, statuses)
	}
}

// TestRequestFormAndTimestamps: a body declared as another type than JSON is refused with 415;
// a date that does not read names its field; a client that leaves is no internal error.
func TestRequestFormAndTimestamps(t *testing.T) {
	t.Parallel()
	e, w := newTreeWorld(t)
	id := w.createTree(t, w.editor, map[string]any{})["id"].(string)
	wantError(t, w.editor.do("POST", w.url("/api/content/tree/"+id+"/checks"), "{}", header("Content-Type", "text/plain")), 415, "unsupported_format",
		"Please send this request as JSON (Content-Type: application/json).")
	wantError(t, e.browser().do("POST", "/api/auth/login", "email=a&password=b", header("Content-Type", "application/x-www-form-urlencoded")), 415, "unsupported_format", "")
	wantStatus(t, w.editor.do("POST", w.url("/api/content/tree/"+id+"/checks"), "{}", header("Content-Type", "application/json; charset=utf-8")), 201)
	m := wantError(t, w.editor.do("POST", w.url("/api/content/tree/"+id+"/checks"), map[string]any{"timestamp": "yesterday"}), 400, "invalid", "The field timestamp is not valid.")
	wantFields(t, m, map[string]string{"timestamp": "Please enter a date like 2026-05-31."})
	action := w.care.do("POST", w.url("/api/content/action"), map[string]any{"tree": id, "work": w.pruning})
	wantStatus(t, action, 201)
	m = wantError(t, w.care.do("POST", w.url("/api/content/action/"+action.json(t)["id"].(string)+"/complete"), map[string]any{"execute_timestamp": "2026-13-01T00:00:00Z", "version": 1}), 400, "invalid", "")
	wantFieldNames(t, m, "execute_timestamp")

	// A client gone while its request ran: recorded as 499, not logged as an internal error.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	rec := httptest.NewRecorder()
	r := httptest.NewRequest("GET", "/api/content/trees", nil).WithContext(ctx)
	e.srv.writeError(rec, r, fmt.Errorf("list trees: %w", context.Canceled))
	if rec.Code != statusClientClosed || strings.Contains(e.logs.String(), "internal error") {
		t.Fatalf("status %d, log:\n%s", rec.Code, e.logs.String())
	}
}

// TestJobListCallsRefuseForeignIDs: every list call of jobs refuses ids that are not the
// project's objects with 404 and a message, and changes nothing.
func TestJobListCallsRefuseForeignIDs(t *testing.T) {
	t.Parallel()
	e, w := newTreeWorld(t)
	own := w.createTree(t, w.editor, map[string]any{})["id"].(string)
	foreign := e.insertID(t, `INSERT INTO tree (organisation_id, project_id, geom, number) VALUES ($1, $2, ST_SetSRID(ST_MakePoint(9.4, 54.7), 4326), 7) RETURNING id::text`, w.otherOrg, w.far)
	neighbour := e.insertID(t, `INSERT INTO tree (organisation_id, project_id, geom, number) VALUES ($1, $2, ST_SetSRID(ST_MakePoint(9.4, 54.7), 4326), 8) RETURNING id::text`, w.org, w.quiet)
	for _, bad := range []string{foreign, neighbour, "00000000-0000-4000-8000-000000000000"} {
		for _, call := range []struct {
			path string
			body map[string]any
		}{
			{"/api/content/job/add-list", map[string]any{"job": w.job, "ids": []string{own, bad}}},
			{"/api/content/job/add-list-new", map[string]any{"name": "New " + bad, "ids": []string{own, bad}}},
			{"/api/content/job/remove-list", map[string]any{"job": w.job, "ids": []string{bad}}},
			{"/api/content/job/exists-objects-in-jobs", map[string]any{"ids": []string{bad}}},
			{"/api/content/job/add-list", map[string]any{"job": w.job, "actions": []string{bad}}},
		} {
			wantError(t, w.manager.do("POST", w.url(call.path), call.body), 404, "not_found",
				"Some of the selected objects are not in this project: 1 of them. Nothing was changed.")
		}
	}
	if n := e.count(t, `SELECT count(*) FROM job_item WHERE job_id = $1`, w.job); n != 0 {
		t.Fatalf("%d items in the job", n)
	}
	if n := e.count(t, `SELECT count(*) FROM job WHERE project_id = $1`, w.project); n != 1 {
		t.Fatalf("%d jobs: a job was created for a refused selection", n)
	}
	wantStatus(t, w.manager.do("POST", w.url("/api/content/job/add-list"), map[string]any{"job": w.job, "ids": []string{own, own}}), 200)
}

// TestSecurityHeaders: every answer — the API's, its errors, the app's pages — carries the
// security headers; the policy lets MapLibre's worker and any https basemap in, frames nobody
// in; HSTS is sent only where the server is reached over https.
func TestSecurityHeaders(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	secure := newEnv(t, func(c *Config) { c.BaseURL = "https://arbor.example" })
	for _, env := range []*env{e, secure} {
		b := env.browser()
		for _, p := range []string{"/api/health", "/api/no-such-call", "/api/management/user/user", "/", "/map"} {
			r := b.do("GET", p, nil)
			csp := r.Header.Get("Content-Security-Policy")
			for _, want := range []string{"default-src 'self'", "script-src 'self';", "worker-src 'self' blob:", "img-src 'self' data: blob: https:",
				"connect-src 'self' https:", "frame-ancestors 'none'", "object-src 'none'"} {
				if !strings.Contains(csp, want) {
					t.Errorf("%s: policy %q lacks %q", p, csp, want)
				}
			}
			if strings.Contains(csp, "unsafe-eval") || strings.Contains(csp, "script-src 'self' 'unsafe-inline'") {
				t.Errorf("%s: policy allows scripts it must not: %q", p, csp)
			}
			for k, v := range map[string]string{"X-Content-Type-Options": "nosniff", "Referrer-Policy": "same-origin", "X-Frame-Options": "DENY"} {
				if r.Header.Get(k) != v {
					t.Errorf("%s: %s %q", p, k, r.Header.Get(k))
				}
			}
			hsts := r.Header.Get("Strict-Transport-Security")
			if (env == secure) != strings.HasPrefix(hsts, "max-age=31536000") {
				t.Errorf("%s (https: %v): HSTS %q", p, env == secure, hsts)
			}
		}
	}
}
