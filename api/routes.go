package api

import (
	"net/http"
	"strings"

	"arbor"

	"github.com/go-chi/chi/v5"
)

// access says who may call a route. With organisations and projects this becomes the
// role × action table of auth/.
type access int

const (
	public access = iota // anyone, logged in or not
	user                 // any logged-in user
)

// route is one row of the route table; the OpenAPI document is generated from the same rows.
type route struct {
	method  string
	path    string
	access  access
	summary string
	h       handler
	noCSRF  bool // safe to call without the CSRF header (logout)
}

// routes is the one route table of the API.
func (s *Server) routes() []route {
	return []route{
		{method: "GET", path: "/api/health", access: public, summary: "Health and the system notice", h: s.health},
		{method: "GET", path: "/api/openapi.json", access: public, summary: "This API's OpenAPI 3.1 description", h: s.openAPI},

		{method: "POST", path: "/api/auth/register", access: public, summary: "Register (double opt-in)", h: s.register},
		{method: "POST", path: "/api/auth/confirm", access: public, summary: "Confirm a registration or a new e-mail address", h: s.confirm},
		{method: "POST", path: "/api/auth/login", access: public, summary: "Log in; returns the user and sets the session", h: s.login},
		{method: "POST", path: "/api/auth/logout", access: public, summary: "Log out and revoke the session", h: s.logout, noCSRF: true},
		{method: "PUT", path: "/api/auth/reset", access: public, summary: "Send a password reset link", h: s.reset},
		{method: "PUT", path: "/api/auth/reset-password", access: public, summary: "Set a new password with a reset link", h: s.resetPassword},
		{method: "GET", path: "/api/auth/session", access: user, summary: "The current user and session", h: s.session},
		{method: "POST", path: "/api/auth/login/organisation/{id}", access: user, summary: "Enter an organisation (scoped session)", h: s.loginOrganisation},
		{method: "GET", path: "/api/auth/login/organisation/{id}", access: user, summary: "Enter an organisation (scoped session)", h: s.loginOrganisation},
		{method: "POST", path: "/api/auth/login/project/{id}", access: user, summary: "Enter a project (scoped session)", h: s.loginProject},
		{method: "GET", path: "/api/auth/login/project/{id}", access: user, summary: "Enter a project (scoped session)", h: s.loginProject},
		{method: "POST", path: "/api/auth/login/job/{projectId}/{jobId}", access: user, summary: "Enter a job (scoped session)", h: s.loginJob},
		{method: "GET", path: "/api/auth/login/job/{projectId}/{jobId}", access: user, summary: "Enter a job (scoped session)", h: s.loginJob},

		{method: "GET", path: "/api/management/user/user", access: user, summary: "Your profile", h: s.getProfile},
		{method: "PUT", path: "/api/management/user/user", access: user, summary: "Change names, language or e-mail", h: s.putProfile},
		{method: "DELETE", path: "/api/management/user/user", access: user, summary: "Delete your account", h: s.deleteAccount},
		{method: "PUT", path: "/api/management/user/password", access: user, summary: "Change your password", h: s.changePassword},
	}
}

// Handler returns the HTTP handler of the whole server: the API and the web app.
func (s *Server) Handler() http.Handler {
	r := chi.NewRouter()
	r.Use(s.recoverPanics, s.logRequests, securityHeaders)
	r.Route("/api", func(api chi.Router) {
		api.Use(s.readSession)
		api.NotFound(func(w http.ResponseWriter, r *http.Request) {
			s.writeError(w, r, arbor.Errorf(arbor.ENOTFOUND, "error.route_not_found", nil))
		})
		api.MethodNotAllowed(func(w http.ResponseWriter, r *http.Request) {
			s.writeError(w, r, arbor.Errorf(arbor.EINVALID, "error.method_not_allowed", nil))
		})
		for _, rt := range s.routes() {
			api.Method(rt.method, strings.TrimPrefix(rt.path, "/api"), s.wrap(rt))
		}
	})
	r.Handle("/*", s.spa())
	return r
}

// wrap applies a route's access rule and CSRF check, then runs its handler.
func (s *Server) wrap(rt route) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if err := s.authorise(r, rt); err != nil {
			s.writeError(w, r, err)
			return
		}
		if err := rt.h(w, r); err != nil {
			s.writeError(w, r, err)
		}
	})
}
