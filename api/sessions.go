package api

import (
	"net/http"
	"time"

	"arbor/auth"
	"arbor/store"
)

const (
	shortSession    = 12 * time.Hour
	rememberSession = 30 * 24 * time.Hour
)

// issueSession signs a token for u (optionally scoped), records it and sets the cookies.
// remember makes the cookie outlive the browser session.
func (s *Server) issueSession(w http.ResponseWriter, r *http.Request, u *store.User, scope *store.Scope, remember, cookie bool) (string, auth.Claims, error) {
	now := s.now()
	life := shortSession
	if remember {
		life = rememberSession
	}
	c := auth.Claims{Sub: u.ID, Alias: u.Alias, Authorities: append([]string{}, u.Authorities...), Location: u.Language,
		Iat: now.Unix(), Exp: now.Add(life).Unix(), Type: auth.TypeUser}
	if scope != nil {
		c.IDO, c.IDP, c.IDJ = scope.OrganisationID, scope.ProjectID, scope.JobID
		switch {
		case scope.JobID != "":
			c.Type = auth.TypeJob
		case scope.ProjectID != "":
			c.Type = auth.TypeProject
		default:
			c.Type = auth.TypeOrganisation
		}
		c.Authorities = append(c.Authorities, auth.ScopeAuthorities(c.Type, auth.Membership(scope.Membership))...)
	}
	token, err := s.signer.Sign(c)
	if err != nil {
		return "", c, err
	}
	if err := s.db.InsertSession(r.Context(), auth.TokenHash(token), u.ID, c.Type, now.Add(life)); err != nil {
		return "", c, err
	}
	if cookie {
		maxAge := 0 // a browser-session cookie
		if remember {
			maxAge = int(life.Seconds())
		}
		s.setCookies(w, token, maxAge)
	}
	return token, c, nil
}

// remembered reports whether the current session was made with "stay logged in", so a scoped
// or renewed session keeps that choice.
func remembered(si *sessionInfo) bool {
	return si.valid && si.claims.Exp-si.claims.Iat > int64(shortSession.Seconds())
}

func (s *Server) setCookies(w http.ResponseWriter, token string, maxAge int) {
	http.SetCookie(w, &http.Cookie{Name: sessionCookie, Value: token, Path: "/", MaxAge: maxAge,
		HttpOnly: true, Secure: s.secure, SameSite: http.SameSiteLaxMode})
	// Readable by the app's script, which echoes it in the X-CSRF-Token header.
	http.SetCookie(w, &http.Cookie{Name: csrfCookie, Value: s.signer.CSRF(token), Path: "/", MaxAge: maxAge,
		Secure: s.secure, SameSite: http.SameSiteLaxMode})
}

// deviceCookie marks a browser that logged into an account before: it keeps an allowance of
// failed log-ins of its own, so nobody can lock the account's owner out by failing on purpose
// (docs/API.md "Sessions"). It outlives log-outs; only the log-in reads it.
const deviceCookie = "arbor_device"

func (s *Server) setDeviceCookie(w http.ResponseWriter, email string) {
	http.SetCookie(w, &http.Cookie{Name: deviceCookie, Value: s.signer.DeviceToken(email), Path: "/api/auth/login",
		MaxAge: 365 * 24 * 3600, HttpOnly: true, Secure: s.secure, SameSite: http.SameSiteStrictMode})
}

func (s *Server) clearCookies(w http.ResponseWriter) {
	for _, name := range []string{sessionCookie, csrfCookie} {
		http.SetCookie(w, &http.Cookie{Name: name, Value: "", Path: "/", MaxAge: -1, HttpOnly: name == sessionCookie,
			Secure: s.secure, SameSite: http.SameSiteLaxMode})
	}
}
