package api

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"arbor/auth"
)

// world is a small set of organisations, projects, jobs and people, inserted with SQL.
type world struct {
	org, otherOrg         string
	project, quiet, far   string // quiet: a project of org nobody is member of; far: a project of otherOrg
	job, quietJob         string
	admin, outsider, jobM string           // e-mails
	members               map[int16]string // access level → e-mail
}

func (e *env) insertID(t *testing.T, sql string, args ...any) string {
	t.Helper()
	return queryOne[string](t, e, sql, args...)
}

func (e *env) buildWorld(t *testing.T) *world {
	t.Helper()
	w := &world{members: map[int16]string{}}
	w.org = e.insertID(t, `INSERT INTO organisation (name) VALUES ('Stadt Baumhausen') RETURNING id::text`)
	w.otherOrg = e.insertID(t, `INSERT INTO organisation (name) VALUES ('Other town') RETURNING id::text`)
	w.project = e.insertID(t, `INSERT INTO project (organisation_id, name) VALUES ($1, 'Park') RETURNING id::text`, w.org)
	w.quiet = e.insertID(t, `INSERT INTO project (organisation_id, name) VALUES ($1, 'Cemetery') RETURNING id::text`, w.org)
	w.far = e.insertID(t, `INSERT INTO project (organisation_id, name) VALUES ($1, 'Avenue') RETURNING id::text`, w.otherOrg)
	w.job = e.insertID(t, `INSERT INTO job (organisation_id, project_id, name) VALUES ($1, $2, 'Spring check') RETURNING id::text`, w.org, w.project)
	w.quietJob = e.insertID(t, `INSERT INTO job (organisation_id, project_id, name) VALUES ($1, $2, 'Pruning') RETURNING id::text`, w.org, w.quiet)

	w.admin = newEmail(t)
	e.exec(t, `INSERT INTO organisation_admin (organisation_id, user_id) VALUES ($1, $2)`, w.org, e.signUp(t, w.admin, testPassword))
	for access := int16(0); access <= 3; access++ {
		m := newEmail(t)
		w.members[access] = m
		e.exec(t, `INSERT INTO project_member (organisation_id, project_id, user_id, access) VALUES ($1, $2, $3, $4)`,
			w.org, w.project, e.signUp(t, m, testPassword), access)
	}
	w.jobM = newEmail(t)
	e.exec(t, `INSERT INTO job_member (organisation_id, job_id, user_id, role) VALUES ($1, $2, $3, 'editor')`,
		w.org, w.job, e.signUp(t, w.jobM, testPassword))
	w.outsider = newEmail(t)
	e.signUp(t, w.outsider, testPassword)
	return w
}

type scopeWant struct {
	typ         string
	o, p, j     string
	authorities []string // nil: 404
}

type scopedAns struct {
	Token   string      `json:"token"`
	Session auth.Claims `json:"session"`
}

func TestScopedLogins(t *testing.T) {
	t.Parallel()
	e, w := newWorld(t)
	const bad = "not-a-uuid"

	orgURL := func(id string) string { return "/api/auth/login/organisation/" + id }
	projURL := func(id string) string { return "/api/auth/login/project/" + id }
	jobURL := func(p, j string) string { return "/api/auth/login/job/" + p + "/" + j }
	org := func(a ...string) scopeWant { return scopeWant{typ: "organisation", o: w.org, authorities: a} }
	proj := func(a ...string) scopeWant { return scopeWant{typ: "project", o: w.org, p: w.project, authorities: a} }
	job := func(a ...string) scopeWant {
		return scopeWant{typ: "job", o: w.org, p: w.project, j: w.job, authorities: a}
	}
	notFound := scopeWant{}

	cases := []struct {
		who, path string
		want      scopeWant
	}{
		{w.admin, orgURL(w.org), org("user", "admin")},
		{w.admin, projURL(w.project), proj("user", "manager")},
		{w.admin, projURL(w.quiet), scopeWant{typ: "project", o: w.org, p: w.quiet, authorities: []string{"user", "manager"}}},
		{w.admin, jobURL(w.project, w.job), job("user", "job-manager")},
		{w.admin, orgURL(w.otherOrg), notFound},
		{w.admin, projURL(w.far), notFound},

		{w.members[0], projURL(w.project), proj("user", "manager")},
		{w.members[1], projURL(w.project), proj("user", "reader")},
		{w.members[2], projURL(w.project), proj("user", "editor")},
		{w.members[3], projURL(w.project), proj("user", "care")},
		{w.members[1], orgURL(w.org), org("user")},
		{w.members[0], jobURL(w.project, w.job), job("user", "job-manager")},
		{w.members[1], jobURL(w.project, w.job), notFound},
		{w.members[2], projURL(w.quiet), notFound},
		{w.members[2], orgURL(w.otherOrg), notFound},

		{w.jobM, jobURL(w.project, w.job), job("user", "editor")},
		{w.jobM, projURL(w.project), notFound},
		{w.jobM, orgURL(w.org), notFound},
		{w.jobM, jobURL(w.quiet, w.job), notFound}, // the job in the wrong project

		{w.outsider, orgURL(w.org), notFound},
		{w.outsider, projURL(w.project), notFound},
		{w.outsider, jobURL(w.project, w.job), notFound},
		{w.admin, orgURL(bad), notFound},
		{w.admin, projURL(bad), notFound},
		{w.admin, jobURL(bad, w.job), notFound},
		{w.admin, jobURL(w.project, bad), notFound},
		{w.admin, orgURL("00000000-0000-0000-0000-000000000000"), notFound},
	}
	for i, tc := range cases {
		for _, method := range []string{"GET", "POST"} {
			t.Run(fmt.Sprintf("%02d-%s", i, method), func(t *testing.T) {
				t.Parallel()
				scopedCase(t, e, method, tc.who, tc.path, tc.want)
			})
		}
	}
}

// scopedCase logs who in and enters path; want.authorities nil means 404.
func scopedCase(t *testing.T, e *env, method, who, path string, want scopeWant) {
	t.Helper()
	b := e.login(t, who, testPassword)
	before := b.cookie(sessionCookie)
	r := b.do(method, path, nil)
	if want.authorities == nil {
		wantError(t, r, http.StatusNotFound, "not_found", "This page or object does not exist, or you have no access to it.")
		if b.cookie(sessionCookie) != before {
			t.Fatalf("%s %s: a refused scoped login changed the cookie", method, path)
		}
		wantStatus(t, b.do("GET", "/api/auth/session", nil), 200)
		return
	}
	wantStatus(t, r, http.StatusOK)
	var ans scopedAns
	if err := json.Unmarshal(r.body, &ans); err != nil {
		t.Fatal(err)
	}
	c := ans.Session
	if c.Type != want.typ || c.IDO != want.o || c.IDP != want.p || c.IDJ != want.j ||
		!slices.Equal(c.Authorities, want.authorities) || c.Sub != e.userID(t, who) || c.Location != "en" {
		t.Fatalf("%s %s as %s: claims %+v, want %+v", method, path, who, c, want)
	}
	// The token carries exactly these claims.
	verified, err := e.signer.Verify(ans.Token)
	if err != nil {
		t.Fatal(err)
	}
	if verified.Type != c.Type || verified.IDO != c.IDO || verified.IDP != c.IDP || verified.IDJ != c.IDJ ||
		!slices.Equal(verified.Authorities, c.Authorities) {
		t.Fatalf("token claims %+v differ from the answer %+v", verified, c)
	}
	keys := []string{"sub", "alias", "authorities", "location", "iat", "exp", "type"}
	switch c.Type {
	case "organisation":
		keys = append(keys, "id_o")
	case "project":
		keys = append(keys, "id_o", "id_p")
	case "job":
		keys = append(keys, "id_o", "id_p", "id_j")
	}
	wantClaimKeys(t, ans.Token, keys...)
	if method == "GET" {
		// A GET carries no CSRF check, so it must leave the browser's session alone.
		if b.cookie(sessionCookie) != before {
			t.Fatalf("GET %s replaced the cookie", path)
		}
		wantStatus(t, e.bearerClient(before).in(t).do("GET", "/api/auth/session", nil), 200)
		wantStatus(t, e.bearerClient(ans.Token).in(t).do("GET", "/api/auth/session", nil), 200)
		return
	}
	// The browser's cookie is now the scoped token; the old one ends within the grace for the
	// requests already on their way with it.
	if b.cookie(sessionCookie) != ans.Token {
		t.Fatalf("%s %s: the cookie was not replaced by the scoped token", method, path)
	}
	if b.cookie(csrfCookie) != e.signer.CSRF(ans.Token) {
		t.Fatal("the CSRF cookie was not renewed")
	}
	wantStatus(t, e.bearerClient(before).in(t).do("GET", "/api/auth/session", nil), 200)
	if left := e.count(t, `SELECT count(*) FROM session WHERE token_hash = $1 AND expires_at <= now() + interval '31 seconds'`,
		auth.TokenHash(before)); left != 1 {
		t.Fatalf("%s %s: the replaced session does not end within the grace", method, path)
	}
	sess := b.do("GET", "/api/auth/session", nil)
	wantStatus(t, sess, 200)
	var got struct{ Session auth.Claims }
	_ = json.Unmarshal(sess.body, &got)
	if got.Session.Type != want.typ || got.Session.IDO != want.o {
		t.Fatalf("session after scoped login: %s", sess.body)
	}
}

func TestScopedLoginBearerAndRemember(t *testing.T) {
	t.Parallel()
	e, w := newWorld(t)

	// A script keeps its token and gets the scoped one in the answer, without cookies and
	// without a CSRF header.
	b := e.login(t, w.members[2], testPassword)
	userToken := b.cookie(sessionCookie)
	s := e.bearerClient(userToken)
	r := s.do("POST", "/api/auth/login/project/"+w.project, nil)
	wantStatus(t, r, http.StatusOK)
	if len(r.Cookies()) != 0 {
		t.Fatal("a Bearer caller got cookies")
	}
	var ans scopedAns
	if err := json.Unmarshal(r.body, &ans); err != nil {
		t.Fatal(err)
	}
	wantStatus(t, s.do("GET", "/api/auth/session", nil), 200)
	scoped := e.bearerClient(ans.Token)
	sess := scoped.do("GET", "/api/auth/session", nil)
	wantStatus(t, sess, 200)
	var got struct{ Session auth.Claims }
	_ = json.Unmarshal(sess.body, &got)
	if got.Session.Type != "project" || got.Session.IDP != w.project || !got.Session.HasAuthority("editor") {
		t.Fatalf("scoped bearer session %s", sess.body)
	}
	// Without a session at all.
	wantError(t, e.browser().do("GET", "/api/auth/login/organisation/"+w.org, nil), 401, "unauthenticated", "")
	wantError(t, e.browser().do("POST", "/api/auth/login/job/"+w.project+"/"+w.job, nil), 401, "unauthenticated", "")

	// "Stay logged in" carries over to the scoped session.
	rb := e.browser()
	wantStatus(t, rb.do("POST", "/api/auth/login", map[string]any{"email": w.admin, "password": testPassword, "remember": true}), 200)
	r = rb.do("POST", "/api/auth/login/organisation/"+w.org, nil)
	wantStatus(t, r, 200)
	if c := r.cookie(sessionCookie); c == nil || c.MaxAge < 29*24*3600 {
		t.Fatalf("remembered scoped cookie %+v", c)
	}
	_ = json.Unmarshal(r.body, &ans)
	if life := time.Duration(ans.Session.Exp-ans.Session.Iat) * time.Second; life != 30*24*time.Hour {
		t.Fatalf("remembered scoped session lifetime %v", life)
	}
	// Switching scope again right away (same second) works and keeps working.
	for _, path := range []string{"/api/auth/login/project/" + w.project, "/api/auth/login/project/" + w.project,
		"/api/auth/login/job/" + w.project + "/" + w.job, "/api/auth/login/organisation/" + w.org} {
		wantStatus(t, rb.do("POST", path, nil), 200)
		wantStatus(t, rb.do("GET", "/api/auth/session", nil), 200)
	}
	// A short session stays short.
	r = b.do("POST", "/api/auth/login/project/"+w.project, nil)
	wantStatus(t, r, 200)
	for _, raw := range r.Header.Values("Set-Cookie") {
		if strings.Contains(raw, "Max-Age") || strings.Contains(raw, "Expires") {
			t.Fatalf("a short session became a persistent cookie: %s", raw)
		}
	}
}

func TestTwoBrowsersSameSecond(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	email := e.newAccount(t)
	// Two devices log in within the same second: each gets its own session.
	a := e.login(t, email, testPassword)
	b := e.login(t, email, testPassword)
	if a.cookie(sessionCookie) == b.cookie(sessionCookie) {
		t.Fatal("two log-ins got the same token")
	}
	tokenA := a.cookie(sessionCookie)
	wantStatus(t, a.do("POST", "/api/auth/logout", nil), 204)
	wantUntrusted(t, e.bearerClient(tokenA).do("GET", "/api/auth/session", nil))
	wantStatus(t, b.do("GET", "/api/auth/session", nil), 200)
}

// Platform support may enter any organisation or project, and every such entry is recorded.
func TestSupportEntersAnyOrganisation(t *testing.T) {
	t.Parallel()
	e, w := newWorld(t)
	support := newEmail(t)
	e.signUp(t, support, testPassword)
	e.exec(t, `UPDATE app_user SET is_super = true WHERE lower(email) = lower($1)`, support)
	b := e.login(t, support, testPassword)
	for _, path := range []string{"/api/auth/login/organisation/" + w.org, "/api/auth/login/project/" + w.project} {
		r := b.do("POST", path, nil)
		wantStatus(t, r, http.StatusOK)
		var ans scopedAns
		if err := json.Unmarshal(r.body, &ans); err != nil {
			t.Fatal(err)
		}
		if ans.Session.IDO != w.org || !ans.Session.HasAuthority("super") {
			t.Fatalf("support's scoped session %+v", ans.Session)
		}
	}
	if n := e.count(t, `SELECT count(*) FROM support_audit WHERE user_id = $1 AND organisation_id = $2 AND action LIKE 'POST /api/auth/login/%'`,
		e.userID(t, support), w.org); n != 2 {
		t.Fatalf("%d support entries recorded, want 2", n)
	}
	// Members entering their own organisation leave no support record.
	e.login(t, w.admin, testPassword).do("POST", "/api/auth/login/organisation/"+w.org, nil)
	if n := e.count(t, `SELECT count(*) FROM support_audit WHERE user_id = $1`, e.userID(t, w.admin)); n != 0 {
		t.Fatalf("an administrator's own entry was recorded as support")
	}
	wantStatus(t, b.do("POST", "/api/auth/login/project/00000000-0000-0000-0000-000000000000", nil), http.StatusNotFound)
}
