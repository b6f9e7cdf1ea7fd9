package api

import (
	"context"
	"net/http"
	"strings"
	"time"

	"arbor"
	"arbor/auth"
	"arbor/store"

	"github.com/go-chi/chi/v5"
	"github.com/google/uuid"
)

func (s *Server) health(w http.ResponseWriter, r *http.Request) error {
	writeJSON(w, http.StatusOK, map[string]string{"status": "ok", "notice": s.notice})
	return nil
}

type registerRequest struct {
	FirstName       string `json:"firstName"`
	LastName        string `json:"lastName"`
	Email           string `json:"email"`
	Password        string `json:"password"`
	PasswordConfirm string `json:"passwordConfirm"`
	Language        string `json:"language"`
	Agb             bool   `json:"agb"`
}

// check trims the address, takes the caller's language when the body names none, and names
// every invalid field.
func (req *registerRequest) check(r *http.Request) error {
	req.Email = strings.TrimSpace(req.Email)
	if req.Language == "" {
		req.Language = language(r)
	}
	c := checks{}
	c.name("firstName", req.FirstName)
	c.name("lastName", req.LastName)
	c.email("email", req.Email)
	c.newPassword("password", "passwordConfirm", req.Password, req.PasswordConfirm)
	c.language("language", req.Language)
	if !req.Agb {
		c["agb"] = "field.agb"
	}
	return c.err()
}

// register creates an unconfirmed account and mails the confirmation link (domain.Register); the
// answer is the same whether or not the address had an account.
func (s *Server) register(w http.ResponseWriter, r *http.Request) error {
	req, err := decodeChecked[registerRequest](r)
	if err != nil {
		return err
	}
	nu := store.NewUser{FirstName: strings.TrimSpace(req.FirstName), LastName: strings.TrimSpace(req.LastName),
		Email: req.Email, Language: req.Language}
	if err := s.app.Register(r.Context(), nu, req.Password); err != nil {
		return err
	}
	return writeMessage(w, r, http.StatusCreated, "auth.registered")
}

type confirmRequest struct {
	Email string `json:"email"`
	Token string `json:"token"`
}

func (req *confirmRequest) check(*http.Request) error { return requireLink(req.Email, req.Token) }

// confirm uses up a confirmation link: of a registration, or of a changed e-mail address
// (domain.Confirm).
func (s *Server) confirm(w http.ResponseWriter, r *http.Request) error {
	req, err := decodeChecked[confirmRequest](r)
	if err != nil {
		return err
	}
	purpose, err := s.app.Confirm(r.Context(), req.Email, req.Token)
	if err != nil {
		return err
	}
	key := "auth.confirmed"
	if purpose == store.TokenEmail {
		key = "auth.email_changed"
	}
	return writeMessage(w, r, http.StatusOK, key)
}

// requireLink checks the parameters of an e-mail link; without the address the user is told
// to open the link again.
func requireLink(email, token string) error {
	if strings.TrimSpace(email) == "" {
		return &arbor.Error{Code: arbor.EINVALID, Key: "auth.email_lost", Fields: map[string]string{"email": "auth.email_lost"}}
	}
	if strings.TrimSpace(token) == "" {
		return arbor.Errorf(arbor.EINVALIDTOKEN, "auth.token_invalid", nil)
	}
	return nil
}

type loginRequest struct {
	Email    string `json:"email"`
	Password string `json:"password"`
	Remember bool   `json:"remember"`
}

func (req *loginRequest) check(*http.Request) error {
	req.Email = strings.TrimSpace(req.Email)
	c := checks{}
	c.required("email", req.Email)
	c.required("password", req.Password)
	if err := c.err(); err != nil {
		return err
	}
	c.maxLen("email", req.Email, 254) // longer is no address, and no index takes it
	return c.err()
}

func (s *Server) login(w http.ResponseWriter, r *http.Request) error {
	req, err := decodeChecked[loginRequest](r)
	if err != nil {
		return err
	}
	device := ""
	if dc, err := r.Cookie(deviceCookie); err == nil {
		device = s.signer.Device(dc.Value, req.Email)
	}
	u, err := s.app.LogIn(r.Context(), s.throttle, req.Email, req.Password, clientAddr(r), device)
	if err != nil {
		return err
	}
	s.setDeviceCookie(w, req.Email)
	if _, _, err := s.issueSession(w, r, u, nil, req.Remember, true); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, u)
	return nil
}

// logout revokes the presented session, if any, and clears the cookies. It always succeeds, so
// a browser holding a dead cookie can always get rid of it.
func (s *Server) logout(w http.ResponseWriter, r *http.Request) error {
	if si := sessionOf(r); si.valid {
		if err := s.db.DeleteSession(r.Context(), auth.TokenHash(si.token)); err != nil {
			return err
		}
	}
	s.clearCookies(w)
	w.WriteHeader(http.StatusNoContent)
	return nil
}

type resetRequest struct {
	Email string `json:"email"`
}

func (req *resetRequest) check(*http.Request) error {
	req.Email = strings.TrimSpace(req.Email)
	c := checks{}
	c.email("email", req.Email)
	return c.err()
}

// reset mails a single-use link valid for one hour (domain.RequestReset). The answer does not
// say whether the address has an account.
func (s *Server) reset(w http.ResponseWriter, r *http.Request) error {
	req, err := decodeChecked[resetRequest](r)
	if err != nil {
		return err
	}
	if err := s.app.RequestReset(r.Context(), req.Email); err != nil {
		return err
	}
	return writeMessage(w, r, http.StatusOK, "auth.reset_sent")
}

type resetPasswordRequest struct {
	Email           string `json:"email"`
	Token           string `json:"token"`
	Password        string `json:"password"`
	PasswordConfirm string `json:"passwordConfirm"`
}

func (req *resetPasswordRequest) check(*http.Request) error {
	if err := requireLink(req.Email, req.Token); err != nil {
		return err
	}
	c := checks{}
	c.newPassword("password", "passwordConfirm", req.Password, req.PasswordConfirm)
	return c.err()
}

// resetPassword sets a new password with a reset link (domain.ResetPassword): the account is
// confirmed and every session of it revoked.
func (s *Server) resetPassword(w http.ResponseWriter, r *http.Request) error {
	req, err := decodeChecked[resetPasswordRequest](r)
	if err != nil {
		return err
	}
	if err := s.app.ResetPassword(r.Context(), req.Email, req.Token, req.Password); err != nil {
		return err
	}
	return writeMessage(w, r, http.StatusOK, "auth.reset_done")
}

type sessionAnswer struct {
	User    *store.User `json:"user"`
	Session auth.Claims `json:"session"`
}

// session answers who is logged in. A guest, who sent no token, gets 204 rather than 401: the
// guest pages ask on every load, and a browser logs each 401 as an error. A token that is no
// longer good is still 401, so the app clears it.
func (s *Server) session(w http.ResponseWriter, r *http.Request) error {
	si := sessionOf(r)
	if !si.presented {
		w.WriteHeader(http.StatusNoContent)
		return nil
	}
	if !si.valid {
		return arbor.Errorf(arbor.EUNTRUSTED, "error.untrusted_token", nil)
	}
	u, err := s.db.UserByID(r.Context(), si.claims.Sub)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, sessionAnswer{User: u, Session: si.claims})
	return nil
}

type scopedAnswer struct {
	Token   string      `json:"token"`
	Session auth.Claims `json:"session"`
}

func (s *Server) loginOrganisation(w http.ResponseWriter, r *http.Request) error {
	return s.loginInto(w, r, s.db.OrganisationScope)
}

func (s *Server) loginProject(w http.ResponseWriter, r *http.Request) error {
	return s.loginInto(w, r, s.db.ProjectScope)
}

// loginInto enters the scope (an organisation's or a project's) that scopeOf reads for the
// path's id.
func (s *Server) loginInto(w http.ResponseWriter, r *http.Request,
	scopeOf func(ctx context.Context, id, userID string, super bool) (*store.Scope, error)) error {
	id, err := pathID(r, "id")
	if err != nil {
		return err
	}
	return s.loginScoped(w, r, func(userID string) (*store.Scope, error) {
		return scopeOf(r.Context(), id, userID, isSuper(r))
	})
}

func (s *Server) loginJob(w http.ResponseWriter, r *http.Request) error {
	projectID, err := pathID(r, "projectId")
	if err != nil {
		return err
	}
	jobID, err := pathID(r, "jobId")
	if err != nil {
		return err
	}
	return s.loginScoped(w, r, func(userID string) (*store.Scope, error) {
		return s.jobScope(r.Context(), projectID, jobID, userID)
	})
}

// loginUser leaves an organisation, project or job session for a plain user session (someone
// who worked "as the job" returns to their own jobs and projects).
func (s *Server) loginUser(w http.ResponseWriter, r *http.Request) error {
	return s.loginScoped(w, r, func(string) (*store.Scope, error) { return nil, nil })
}

// supersededGrace is how long a session replaced by a scoped one stays trusted: long enough for
// the requests already on their way with it, short enough to be over by the next page.
const supersededGrace = 30 * time.Second

// loginScoped issues a scoped session (nil scope: a plain user session). A POST from a cookie session replaces the cookie (the old
// token revoked after supersededGrace when entering a scope, at once when leaving one); a GET or a Bearer caller keeps its session and receives the new token in the
// answer. GET never touches the cookie because GETs carry no CSRF check: a link on another site
// must not be able to switch a user's scope.
func (s *Server) loginScoped(w http.ResponseWriter, r *http.Request, scopeOf func(userID string) (*store.Scope, error)) error {
	si := sessionOf(r)
	replaceCookie := si.fromCookie && r.Method == http.MethodPost
	scope, err := scopeOf(si.claims.Sub)
	if err != nil {
		return err
	}
	if scope != nil && scope.Support {
		if err := s.db.RecordSupportAction(r.Context(), si.claims.Sub, scope.OrganisationID, r.Method+" "+r.URL.Path, nil); err != nil {
			return err
		}
	}
	u, err := s.db.UserByID(r.Context(), si.claims.Sub)
	if err != nil {
		return err
	}
	token, claims, err := s.issueSession(w, r, u, scope, remembered(si), replaceCookie)
	if err != nil {
		return err
	}
	switch {
	case replaceCookie && scope == nil:
		// Leaving an organisation, project or job: its session ends at once (a crew hands the
		// device back).
		if err := s.db.DeleteSession(r.Context(), auth.TokenHash(si.token)); err != nil {
			return err
		}
	case replaceCookie:
		if err := s.db.SupersedeSession(r.Context(), auth.TokenHash(si.token), supersededGrace); err != nil {
			return err
		}
	}
	writeJSON(w, http.StatusOK, scopedAnswer{Token: token, Session: claims})
	return nil
}

// pathID reads a UUID path parameter; anything else is an unknown object.
func pathID(r *http.Request, name string) (string, error) {
	id, err := uuid.Parse(chi.URLParam(r, name))
	if err != nil {
		return "", arbor.Errorf(arbor.ENOTFOUND, "error.not_found", nil)
	}
	return id.String(), nil
}

// isSuper reports whether the caller is platform support.
func isSuper(r *http.Request) bool {
	return sessionOf(r).claims.HasAuthority(string(auth.Super))
}
