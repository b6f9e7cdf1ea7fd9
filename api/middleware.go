package api

import (
	"context"
	"encoding/json"
	"log/slog"
	"net"
	"net/http"
	"runtime/debug"
	"slices"
	"strings"
	"time"

	"arbor"
	"arbor/auth"
	"arbor/i18n"
	"arbor/store"

	"github.com/google/uuid"
)

const (
	sessionCookie = "arbor_session"
	csrfCookie    = "arbor_csrf"
	csrfHeader    = "X-CSRF-Token"
)

// sessionInfo is what readSession learned about the caller.
type sessionInfo struct {
	token      string
	claims     auth.Claims
	fromCookie bool
	valid      bool   // signature, expiry and revocation all checked
	presented  bool   // a token was sent at all
	apiKey     string // an organisation's API key, sent instead of a session (keys.go)
}

type ctxKey int

const sessionKey ctxKey = 0

func sessionOf(r *http.Request) *sessionInfo {
	if si, ok := r.Context().Value(sessionKey).(*sessionInfo); ok {
		return si
	}
	return &sessionInfo{}
}

// readSession looks at the Bearer header or the session cookie and checks the token; what it
// found is left in the context for authorise. It never answers by itself, so a stale cookie
// does not stand in the way of logging in again.
func (s *Server) readSession(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		si := &sessionInfo{}
		if h := r.Header.Get("Authorization"); strings.HasPrefix(h, "Bearer ") {
			si.token = strings.TrimSpace(strings.TrimPrefix(h, "Bearer "))
		} else if c, err := r.Cookie(sessionCookie); err == nil && c.Value != "" {
			si.token, si.fromCookie = c.Value, true
		}
		if si.token == "" {
			si.apiKey = apiKeyOf(r)
		}
		if si.token != "" {
			si.presented = true
			claims, ok, err := s.checkToken(r.Context(), si.token, cacheable(r))
			if err != nil {
				s.writeError(w, r, err)
				return
			}
			si.claims, si.valid = claims, ok
		}
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), sessionKey, si)))
	})
}

// authorise decides a request by the permission table: the caller's roles (anonymous or user,
// super, and for a scoped route the roles in that organisation) against the route's action.
// Someone with no role in an organisation gets 404, exactly as for an id that does not exist.
// Writes to a cancelled organisation are refused; support actions are recorded.
func (s *Server) authorise(r *http.Request, rt route) (context.Context, error) {
	ctx := r.Context()
	si := sessionOf(r)
	if si.apiKey != "" && rt.action != auth.ActPublic {
		return s.authoriseKey(r, rt, si.apiKey)
	}
	if err := s.checkSession(r, rt, si); err != nil {
		return ctx, err
	}
	roles := callerRoles(si)
	if rt.scope == noScope {
		if !auth.Can(roles, rt.action) {
			return ctx, arbor.Errorf(arbor.EFORBIDDEN, "error.forbidden", nil)
		}
		return context.WithValue(ctx, targetKey, target{caller: roles}), nil
	}
	t, err := s.scopeTarget(r, rt, si)
	if err != nil {
		return ctx, err
	}
	t.caller = roles
	if err := checkTarget(r, rt, t); err != nil {
		return ctx, err
	}
	if !auth.Can(t.roles, rt.action) && !rt.ownRecord {
		// Allowed only as platform support: keep a record of it (unless the handler keeps its own).
		if err := s.db.RecordSupportAction(ctx, si.claims.Sub, t.organisationID, r.Method+" "+r.URL.Path, nil); err != nil {
			return ctx, err
		}
	}
	return context.WithValue(ctx, targetKey, t), nil
}

// checkSession wants a valid session for any but a public route, and the CSRF token beside a
// cookie's session for a change.
func (s *Server) checkSession(r *http.Request, rt route, si *sessionInfo) error {
	if rt.action != auth.ActPublic {
		if !si.presented {
			return arbor.Errorf(arbor.EUNAUTHENTICATED, "error.unauthenticated", nil)
		}
		if !si.valid {
			return arbor.Errorf(arbor.EUNTRUSTED, "error.untrusted_token", nil)
		}
	}
	if si.valid && si.fromCookie && !rt.noCSRF && changesState(r.Method) {
		if !s.signer.CheckCSRF(si.token, r.Header.Get(csrfHeader)) {
			return arbor.Errorf(arbor.EFORBIDDEN, "error.csrf", nil)
		}
	}
	return nil
}

// callerRoles are the caller's roles apart from any organisation: anonymous, or user and
// perhaps super.
func callerRoles(si *sessionInfo) []auth.Role {
	if !si.valid {
		return []auth.Role{auth.Anonymous}
	}
	roles := []auth.Role{auth.User}
	if si.claims.HasAuthority(string(auth.Super)) {
		roles = append(roles, auth.Super)
	}
	return roles
}

// scopeTarget is the organisation or project a scoped route acts on, with the caller's roles
// in it; a job session's, narrowed to the job.
func (s *Server) scopeTarget(r *http.Request, rt route, si *sessionInfo) (target, error) {
	ctx := r.Context()
	id, err := scopeID(r, rt.scope, si)
	if err != nil {
		return target{}, err
	}
	var t target
	now := s.now() // one clock for the demo's end and the add-ons (store.Plan)
	switch rt.scope {
	case organisationScope:
		acc, err := s.db.OrganisationAccess(ctx, id, si.claims.Sub)
		if err != nil {
			return t, err
		}
		t = target{exists: acc.Exists, organisationID: id, terminated: acc.Terminated, roles: auth.OrganisationRoles(auth.Membership(acc.Membership)), addons: acc.Addons(now),
			demoOver: acc.DemoOver(now)}
	case projectScope, contentScope:
		acc, err := s.projectAccess(ctx, id, si.claims.Sub, cacheable(r))
		if err != nil {
			return t, err
		}
		t = target{exists: acc.Exists, organisationID: acc.OrganisationID, projectID: id, terminated: acc.Terminated, roles: auth.ProjectRoles(auth.Membership(acc.Membership)), limit: acc.Limit, addons: acc.Addons(now),
			demoOver: acc.DemoOver(now)}
	}
	if rt.scope == contentScope && si.claims.Type == "job" && t.exists {
		// A job session sees and changes only the job's objects, within the participant's role.
		return s.jobTarget(ctx, t, si.claims)
	}
	return t, nil
}

// checkTarget decides a scoped route by the caller's roles (t.caller) and those in the target:
// 404 without any role in it, and the state of the organisation (cancelled, demo over, add-ons).
func checkTarget(r *http.Request, rt route, t target) error {
	if !t.exists || (len(t.roles) == 0 && !hasRole(t.caller, auth.Super)) {
		return arbor.Errorf(arbor.ENOTFOUND, "error.not_found", nil)
	}
	if !auth.Can(t.caller, rt.action) && !auth.Can(t.roles, rt.action) {
		return arbor.Errorf(arbor.EFORBIDDEN, "error.forbidden", nil)
	}
	if t.terminated && changesState(r.Method) {
		return arbor.Errorf(arbor.ECONFLICT, "org.terminated", nil)
	}
	if t.demoOver && changesState(r.Method) && (rt.scope != organisationScope || rt.action == auth.ActProjectCreate) &&
		rt.action != auth.ActTreeRead && rt.action != auth.ActTreeExport {
		// After the demo the organisation's data is read-only: it can be read and exported (reads
		// that are POSTs), its own settings (billing data, administrators) changed and a package
		// booked, nothing else (docs/PRODUCT.md §4).
		return arbor.Errorf(arbor.ECONFLICT, "org.demo_expired", nil)
	}
	return needAddon(rt, t)
}

// scopeID finds the id of the object a scoped route acts on. Content routes keep docs/PRODUCT.md §7's
// paths (/api/content/tree …), so their project comes from the query or the project session.
func scopeID(r *http.Request, sc scope, si *sessionInfo) (string, error) {
	if sc != contentScope {
		return pathID(r, "id")
	}
	id := r.URL.Query().Get("project")
	if id == "" && (si.claims.Type == "project" || si.claims.Type == "job") {
		id = si.claims.IDP
	}
	if id == "" {
		return "", arbor.Invalid(map[string]string{"project": "content.project_required"})
	}
	u, err := uuid.Parse(id)
	if err != nil {
		return "", arbor.Errorf(arbor.ENOTFOUND, "error.not_found", nil)
	}
	return u.String(), nil
}

// jobScope is the user's scope in a job of the project: ENOTFOUND for someone who is neither
// its participant nor the project's manager.
func (s *Server) jobScope(ctx context.Context, projectID, jobID, userID string) (*store.Scope, error) {
	scope, err := s.db.JobScope(ctx, projectID, jobID, userID)
	if err != nil {
		return nil, err
	}
	if auth.JobAuthority(auth.Membership(scope.Membership)) == "" {
		return nil, arbor.Errorf(arbor.ENOTFOUND, "error.not_found", nil)
	}
	return scope, nil
}

// jobTarget narrows a content target to the job of a job session: the participant's role there,
// and the job's objects as a limit on top of any access limit.
func (s *Server) jobTarget(ctx context.Context, t target, c auth.Claims) (target, error) {
	if c.IDP != t.projectID {
		return target{}, arbor.Errorf(arbor.ENOTFOUND, "error.not_found", nil)
	}
	scope, err := s.jobScope(ctx, t.projectID, c.IDJ, c.Sub)
	if arbor.ErrorCode(err) == arbor.ENOTFOUND {
		return target{}, err
	}
	if err != nil {
		return t, err
	}
	t.roles = []auth.Role{auth.JobRole(auth.JobAuthority(auth.Membership(scope.Membership)))}
	value, _ := json.Marshal(c.IDJ)
	t.limit = t.limit.And(&store.Filter{Conditions: []store.Condition{{Field: "job", Op: "eq", Value: value}}})
	return t, nil
}

// cacheable says whether a request may use the short-lived caches of freshness.go: only tile and
// thumbnail reads, which a map or a gallery sends by the dozen and which change nothing.
func cacheable(r *http.Request) bool {
	return r.Method == http.MethodGet &&
		(strings.HasPrefix(r.URL.Path, "/api/tiles/") || strings.HasPrefix(r.URL.Path, "/api/document/thumbnail/"))
}

// target is the organisation or project a scoped route acts on, as authorise found it.
type target struct {
	exists         bool
	organisationID string
	projectID      string
	terminated     bool
	roles          []auth.Role   // the caller's in the organisation or project
	caller         []auth.Role   // the caller's anywhere: anonymous, or user and maybe super
	limit          *store.Filter // a member's access limit in a project
	addons         []string      // the add-ons the organisation may use now
	demoOver       bool          // the demo ended and no package is booked: read-only
}

// may says whether the caller may do action beyond the route's own (a handler's variant of it,
// such as a project-wide filter), by the same permission table and the same roles.
func may(r *http.Request, action auth.Action) bool {
	t := targetOf(r)
	return auth.Can(t.roles, action) || auth.Can(t.caller, action)
}

const targetKey ctxKey = 1

// targetOf returns what authorise found for a scoped route.
func targetOf(r *http.Request) target {
	t, _ := r.Context().Value(targetKey).(target)
	return t
}

func hasRole(roles []auth.Role, want auth.Role) bool {
	for _, r := range roles {
		if r == want {
			return true
		}
	}
	return false
}

func changesState(method string) bool {
	return method != http.MethodGet && method != http.MethodHead && method != http.MethodOptions
}

// language picks the language of messages: the UI's (Accept-Language), else the session's.
func language(r *http.Request) string {
	if l := i18n.FromAcceptLanguage(r.Header.Get("Accept-Language")); l != "" {
		return l
	}
	if si := sessionOf(r); si.valid && i18n.Supported(si.claims.Location) {
		return si.claims.Location
	}
	return "en"
}

// clientAddr is the caller's IP address, for throttling. X-Forwarded-For is not trusted: anyone
// could send it to escape the limit.
func clientAddr(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

func (s *Server) recoverPanics(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				s.log.ErrorContext(r.Context(), "panic", "path", r.URL.Path, "panic", v, "stack", string(debug.Stack()))
				s.writeError(w, r, arbor.Errorf(arbor.EINTERNAL, "error.internal", nil))
			}
		}()
		next.ServeHTTP(w, r)
	})
}

type statusRecorder struct {
	http.ResponseWriter
	status int
}

func (sr *statusRecorder) WriteHeader(code int) {
	sr.status = code
	sr.ResponseWriter.WriteHeader(code)
}

func (s *Server) logRequests(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !strings.HasPrefix(r.URL.Path, "/api/") {
			next.ServeHTTP(w, r)
			return
		}
		start := time.Now()
		sr := &statusRecorder{ResponseWriter: w, status: http.StatusOK}
		next.ServeHTTP(sr, r)
		// A map asks for dozens of tiles a second: they are logged only when they fail, or at
		// debug level, so the log keeps what people did.
		level := slog.LevelInfo
		if strings.HasPrefix(r.URL.Path, "/api/tiles/") && sr.status < 400 {
			level = slog.LevelDebug
		}
		s.log.Log(r.Context(), level, "request", "method", r.Method, "path", r.URL.Path, "status", sr.status,
			"ms", time.Since(start).Milliseconds())
	})
}

// contentSecurityPolicy is the policy of every answer (docs/API.md "Sessions"): scripts only
// from the app itself; inline styles (the UI library's and the GIS service's plain pages set
// them); MapLibre's worker from the app or a blob: URL; map tiles,
// styles, glyphs and basemaps from any https host, since a project's basemap may be anyone's
// (plain http too while the app itself is served over http); no plug-ins, no framing.
func contentSecurityPolicy(secure bool) string {
	remote := "https:"
	if !secure {
		remote = "https: http:"
	}
	return strings.Join([]string{
		"default-src 'self'",
		"script-src 'self'",
		"style-src 'self' 'unsafe-inline'",
		"img-src 'self' data: blob: " + remote,
		"font-src 'self' data:",
		"connect-src 'self' " + remote,
		"worker-src 'self' blob:",
		"child-src 'self' blob:",
		"frame-src 'self' blob:",
		"manifest-src 'self'",
		"object-src 'none'",
		"base-uri 'self'",
		"form-action 'self'",
		"frame-ancestors 'none'",
	}, "; ")
}

// securityHeaders sets the security headers of every answer, the API's and the app's; HSTS only
// where the server is reached over https (its base URL, or TLS of its own).
func (s *Server) securityHeaders(next http.Handler) http.Handler {
	csp := contentSecurityPolicy(s.secure)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", csp)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "same-origin")
		h.Set("X-Frame-Options", "DENY")
		if s.secure || r.TLS != nil {
			h.Set("Strict-Transport-Security", "max-age=31536000; includeSubDomains")
		}
		next.ServeHTTP(w, r)
	})
}

// needAddon refuses a route of an add-on (the GIS web service, GAEB export) to an organisation
// that may not use it: 403 with a message that names the add-on to book.
func needAddon(rt route, t target) error {
	if rt.addon == "" || slices.Contains(t.addons, rt.addon) {
		return nil
	}
	return arbor.Errorf(arbor.EFORBIDDEN, "package.addon_needed."+rt.addon, nil)
}
