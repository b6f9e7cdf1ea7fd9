package api

import (
	"context"
	"encoding/json"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"arbor/auth"
	"arbor/web"
)

// samplePath fills the path parameters of a route with a UUID nobody uses.
func samplePath(p string) string {
	return pathParam.ReplaceAllString(p, "5b8e0c3e-6f1a-4f0e-9a57-000000000000")
}

func TestHealth(t *testing.T) {
	t.Parallel()
	e := newEnv(t, withNotice("Maintenance on Sunday, 6-8 am"))
	r := e.browser().do("GET", "/api/health", nil)
	wantStatus(t, r, http.StatusOK)
	var h map[string]string
	if err := json.Unmarshal(r.body, &h); err != nil {
		t.Fatal(err)
	}
	if len(h) != 2 || h["status"] != "ok" || h["notice"] != "Maintenance on Sunday, 6-8 am" {
		t.Fatalf("health %s", r.body)
	}
	if !strings.HasPrefix(r.Header.Get("Content-Type"), "application/json") || r.Header.Get("Cache-Control") != "no-store" {
		t.Fatalf("headers %v", r.Header)
	}
	for k, v := range map[string]string{"X-Content-Type-Options": "nosniff", "X-Frame-Options": "DENY", "Referrer-Policy": "same-origin"} {
		if r.Header.Get(k) != v {
			t.Errorf("%s: %q, want %q", k, r.Header.Get(k), v)
		}
	}
	// Without a notice it is empty, not missing.
	r = newEnv(t).browser().do("GET", "/api/health", nil)
	if string(r.body) != `{"notice":"","status":"ok"}`+"\n" {
		t.Fatalf("health without notice %s", r.body)
	}
}

func TestOpenAPIListsEveryRoute(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	r := e.browser().do("GET", "/api/openapi.json", nil)
	wantStatus(t, r, http.StatusOK)
	var doc struct {
		OpenAPI string                               `json:"openapi"`
		Paths   map[string]map[string]map[string]any `json:"paths"`
	}
	if err := json.Unmarshal(r.body, &doc); err != nil {
		t.Fatal(err)
	}
	if doc.OpenAPI != "3.1.0" {
		t.Fatalf("openapi %q", doc.OpenAPI)
	}
	routes := e.srv.routes()
	ops, ids := 0, map[string]bool{}
	for _, p := range doc.Paths {
		for _, op := range p {
			ops++
			id, _ := op["operationId"].(string)
			if id == "" || ids[id] {
				t.Errorf("operationId %q missing or repeated", id)
			}
			ids[id] = true
		}
	}
	if ops != len(routes) {
		t.Errorf("the document has %d operations, the route table %d routes", ops, len(routes))
	}
	for _, rt := range routes {
		op := doc.Paths[rt.path][strings.ToLower(rt.method)]
		if op == nil {
			t.Errorf("%s %s is missing from openapi.json", rt.method, rt.path)
			continue
		}
		if op["summary"] != rt.summary || rt.summary == "" {
			t.Errorf("%s %s: summary %q, want %q", rt.method, rt.path, op["summary"], rt.summary)
		}
		params, _ := op["parameters"].([]any)
		want := pathParam.FindAllStringSubmatch(rt.path, -1)
		if len(params) != len(want) {
			t.Errorf("%s %s: %d parameters, want %d", rt.method, rt.path, len(params), len(want))
		}
		for i, m := range want {
			if i < len(params) && params[i].(map[string]any)["name"] != m[1] {
				t.Errorf("%s %s: parameter %d is %v, want %s", rt.method, rt.path, i, params[i], m[1])
			}
		}
		sec, hasSec := op["security"].([]any)
		if public := isPublic(rt); public != (hasSec && len(sec) == 0) {
			t.Errorf("%s %s: public %v but security %v", rt.method, rt.path, public, op["security"])
		}
	}
}

func isPublic(rt route) bool { return rt.action == auth.ActPublic }

// Every row of the route table is served: public routes answer without a session, all others
// ask for one; with a session none of them is an unknown API call.
func TestEveryRouteIsServed(t *testing.T) {
	t.Parallel()
	e, b, _, _ := newLoggedIn(t)
	s := e.bearerClient(b.cookie(sessionCookie))
	anon := e.browser()
	routeNotFound := "There is no such API call."
	for _, rt := range e.srv.routes() {
		if rt.path == "/api/auth/logout" || (rt.method == "DELETE" && rt.path == "/api/management/user/user") ||
			(rt.method == "PUT" && rt.path == "/api/management/user/password") {
			continue // would end the session used below; covered by their own tests
		}
		path := samplePath(rt.path)
		r := anon.do(rt.method, path, nil)
		if isPublic(rt) {
			if r.StatusCode == 401 || r.StatusCode == 405 || strings.Contains(string(r.body), routeNotFound) {
				t.Errorf("public %s %s without a session: %d %s", rt.method, rt.path, r.StatusCode, r.body)
			}
		} else {
			wantError(t, r, http.StatusUnauthorized, "unauthenticated", "Please log in.")
		}
		r = s.do(rt.method, path, nil)
		if r.StatusCode == 401 || strings.Contains(string(r.body), routeNotFound) || r.StatusCode >= 500 {
			t.Errorf("%s %s with a session: %d %s", rt.method, rt.path, r.StatusCode, r.body)
		}
	}
}

func TestUnknownAPIPath(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	b := e.browser()
	for _, p := range []string{"/api/nope", "/api/auth/login/extra", "/api/", "/api/management/user/user/1"} {
		r := b.do("GET", p, nil)
		wantError(t, r, http.StatusNotFound, "not_found", "There is no such API call.")
		if strings.Contains(string(r.body), "<html") {
			t.Fatalf("%s answered with the web app", p)
		}
	}
	b.lang = "de"
	wantError(t, b.do("GET", "/api/nope", nil), 404, "not_found", "Diesen API-Aufruf gibt es nicht.")
	b.lang = "en"
	// A known path with another method.
	wantError(t, b.do("DELETE", "/api/auth/login", nil), http.StatusMethodNotAllowed, "method_not_allowed", "This API call does not accept this method.")
	wantError(t, b.do("GET", "/api/auth/register", nil), http.StatusMethodNotAllowed, "method_not_allowed", "")
}

func TestSPAFallback(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	b := e.browser()
	dist := web.Dist()
	index, indexErr := fs.ReadFile(dist, "index.html")
	for _, p := range []string{"/", "/some/page", "/login", "/reset-password?email=a%40b.cd&token=x", "/index.html"} {
		r := b.do("GET", p, nil)
		if indexErr == nil {
			wantStatus(t, r, http.StatusOK)
			if ct := r.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/html") {
				t.Fatalf("%s: content type %q", p, ct)
			}
			if string(r.body) != string(index) {
				t.Fatalf("%s did not answer index.html", p)
			}
			if r.Header.Get("Cache-Control") != "no-cache" {
				t.Fatalf("%s: index.html must be revalidated, Cache-Control %q", p, r.Header.Get("Cache-Control"))
			}
		} else {
			wantStatus(t, r, http.StatusServiceUnavailable)
			if !strings.Contains(string(r.body), "not built") {
				t.Fatalf("%s: %q does not say the web app is not built", p, r.body)
			}
		}
		if r.Header.Get("X-Frame-Options") != "DENY" {
			t.Fatalf("%s: security headers missing", p)
		}
	}
	// Built assets are served as files and cached for good.
	var asset string
	_ = fs.WalkDir(dist, "assets", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && asset == "" {
			asset = p
		}
		return nil
	})
	if asset != "" {
		want, _ := fs.ReadFile(dist, asset)
		r := b.do("GET", "/"+asset, nil)
		wantStatus(t, r, http.StatusOK)
		if string(r.body) != string(want) || !strings.Contains(r.Header.Get("Cache-Control"), "immutable") {
			t.Fatalf("asset %s: %d bytes, Cache-Control %q", asset, len(r.body), r.Header.Get("Cache-Control"))
		}
	}
}

var internalDetail = regexp.MustCompile(`(?i)pool|nil pointer|runtime|goroutine|sql|pgx|panic|\.go:`)

// A panic answers a plain message; the details go only to the log.
func TestPanicIsHidden(t *testing.T) {
	t.Parallel()
	e := newEnv(t, withoutDB()) // every database call panics
	r := e.browser().do("POST", "/api/auth/login", map[string]any{"email": "a@example.org", "password": "whatever1"})
	m := wantError(t, r, http.StatusInternalServerError, "internal", "Something went wrong.")
	if len(m) != 2 || internalDetail.Match(r.body) {
		t.Fatalf("the answer shows details: %s", r.body)
	}
	if logs := e.logs.String(); !strings.Contains(logs, "panic") || !strings.Contains(logs, "nil pointer") {
		t.Fatalf("the panic is not in the log:\n%s", logs)
	}
	// The server keeps serving.
	wantStatus(t, e.browser().do("GET", "/api/health", nil), 200)

	// The same for a handler that panics on its own.
	h := e.srv.recoverPanics(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { panic("secret detail 42") }))
	rec := httptest.NewRecorder()
	req := httptest.NewRequest("GET", "/api/x", nil)
	req.Header.Set("Accept-Language", "de")
	h.ServeHTTP(rec, req)
	if rec.Code != 500 || strings.Contains(rec.Body.String(), "secret") || !strings.Contains(rec.Body.String(), "Etwas ist schiefgelaufen.") {
		t.Fatalf("panic answer %d %s", rec.Code, rec.Body.String())
	}
}

// With the database gone, calls answer a plain JSON error.
func TestDatabaseGone(t *testing.T) {
	t.Parallel()
	e, b, email, _ := newLoggedIn(t)
	e.db.Close()
	for _, r := range []*resp{
		e.browser().do("POST", "/api/auth/login", map[string]any{"email": email, "password": testPassword}),
		b.do("GET", "/api/management/user/user", nil),
		e.browser().do("PUT", "/api/auth/reset", map[string]string{"email": email}),
	} {
		if r.StatusCode != 500 && r.StatusCode != 503 {
			t.Fatalf("%s: status %d, want 500 or 503; %s", r.Request.URL.Path, r.StatusCode, r.body)
		}
		m := r.json(t)
		if m["code"] != "internal" && m["code"] != "unavailable" {
			t.Fatalf("code %v", m["code"])
		}
		msg := m["message"].(string)
		if msg != "Something went wrong." && msg != "The service is currently unavailable. Please try again later." {
			t.Fatalf("message %q", msg)
		}
		if internalDetail.Match(r.body) {
			t.Fatalf("details leaked: %s", r.body)
		}
	}
	if !strings.Contains(e.logs.String(), "level=ERROR") {
		t.Fatal("the failure was not logged")
	}
	// Health does not need the database.
	wantStatus(t, e.browser().do("GET", "/api/health", nil), 200)
}

// Errors that are not domain errors: a request the client gave up on is no database outage; a
// database time-out is 503 with its own message.
func TestErrorClassification(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	req := httptest.NewRequest("GET", "/api/management/user/user", nil).WithContext(ctx)
	rec := httptest.NewRecorder()
	e.srv.writeError(rec, req, context.Canceled)
	// The client left: recorded as 499 (TestRequestFormAndTimestamps), neither an internal error
	// nor an outage.
	if rec.Code != statusClientClosed || strings.Contains(rec.Body.String(), "canceled") {
		t.Fatalf("%d %s", rec.Code, rec.Body.String())
	}
	if strings.Contains(e.logs.String(), "database unavailable") || strings.Contains(e.logs.String(), "internal error") {
		t.Fatalf("a canceled request was logged as a database outage:\n%s", e.logs.String())
	}
	rec = httptest.NewRecorder()
	e.srv.writeError(rec, httptest.NewRequest("GET", "/api/x", nil), context.DeadlineExceeded)
	if rec.Code != 503 || !strings.Contains(rec.Body.String(), `"code":"unavailable"`) ||
		!strings.Contains(rec.Body.String(), "The database took too long to answer.") {
		t.Fatalf("timeout answer %d %s", rec.Code, rec.Body.String())
	}
}

func TestWrongMethodAnswers405(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	wantError(t, e.browser().do("DELETE", "/api/auth/register", nil), http.StatusMethodNotAllowed, "method_not_allowed", "This API call does not accept this method.")
}
