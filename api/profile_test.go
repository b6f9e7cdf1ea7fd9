package api

import (
	"net/http"
	"strings"
	"testing"
)

func profileBody(u map[string]any) map[string]any {
	return map[string]any{"firstName": u["firstName"], "lastName": u["lastName"], "language": u["language"],
		"email": u["email"], "version": u["version"]}
}

func TestProfileGetPut(t *testing.T) {
	t.Parallel()
	e, b, email, id := newLoggedIn(t)

	r := b.do("GET", "/api/management/user/user", nil)
	wantStatus(t, r, http.StatusOK)
	u := r.json(t)
	if u["id"] != id || u["email"] != email || u["firstName"] != "Ada" || u["pendingEmail"] != nil {
		t.Fatalf("profile %s", r.body)
	}
	if strings.Contains(string(r.body), "argon2") {
		t.Fatal("the password hash leaked")
	}

	body := profileBody(u)
	body["firstName"], body["lastName"], body["language"] = "  Adele ", "Ahorn", "de"
	r = b.do("PUT", "/api/management/user/user", body)
	wantStatus(t, r, http.StatusOK)
	got := r.json(t)
	if got["firstName"] != "Adele" || got["lastName"] != "Ahorn" || got["alias"] != "Adele Ahorn" || got["language"] != "de" ||
		got["email"] != email || got["pendingEmail"] != nil {
		t.Fatalf("updated profile %s", r.body)
	}
	if got["version"].(float64) != u["version"].(float64)+1 {
		t.Fatalf("version %v after %v", got["version"], u["version"])
	}
	if again := b.do("GET", "/api/management/user/user", nil).json(t); again["lastName"] != "Ahorn" || again["version"] != got["version"] {
		t.Fatalf("change not stored: %v", again)
	}
	if len(e.mail.to(email)) != 1 {
		t.Fatal("a profile change without a new address sent mail")
	}

	// A stale version: 409 with the current state.
	stale := profileBody(u)
	stale["lastName"] = "Esche"
	r = b.do("PUT", "/api/management/user/user", stale)
	m := wantError(t, r, http.StatusConflict, "conflict", "Someone else changed this in the meantime. Please reload to see the current state.")
	cur, _ := m["current"].(map[string]any)
	if cur == nil || cur["lastName"] != "Ahorn" || cur["version"] != got["version"] || cur["id"] != id {
		t.Fatalf("conflict lacks the current user: %s", r.body)
	}
	if _, ok := cur["passwordHash"]; ok || strings.Contains(string(r.body), "argon2") {
		t.Fatal("the conflict answer leaks the password hash")
	}
	if now := b.do("GET", "/api/management/user/user", nil).json(t); now["lastName"] != "Ahorn" {
		t.Fatal("a stale write changed the profile")
	}

	// Without Accept-Language the session's language is used (the session was issued in English).
	b.lang = ""
	wantError(t, b.do("PUT", "/api/management/user/user", stale), 409, "conflict", "")

	// Bad input names the fields.
	b.lang = "en"
	bad := map[string]any{"firstName": "", "lastName": strings.Repeat("x", 101), "language": "es", "email": "nope"}
	wantFields(t, wantError(t, b.do("PUT", "/api/management/user/user", bad), 400, "invalid", "Please check the highlighted fields."),
		map[string]string{"firstName": msgRequired, "lastName": "This is too long: at most 100 characters.",
			"language": "Please choose English, German or French.", "email": "Please enter a valid e-mail address.", "version": msgRequired})
	wantError(t, b.do("PUT", "/api/management/user/user", `{"version": "3"}`), 400, "invalid", "The field version has the wrong type.")
	wantError(t, b.do("PUT", "/api/management/user/user", `{"version": 3`), 400, "invalid", "")

	// Without a session.
	wantError(t, e.browser().do("GET", "/api/management/user/user", nil), 401, "unauthenticated", "Please log in.")
	wantError(t, e.browser().do("PUT", "/api/management/user/user", body), 401, "unauthenticated", "")
}

func TestProfileEmailChange(t *testing.T) {
	t.Parallel()
	e, b, oldEmail, id := newLoggedIn(t)
	newAddr := newEmail(t)

	u := b.do("GET", "/api/management/user/user", nil).json(t)
	body := profileBody(u)
	body["email"] = newAddr
	r := b.do("PUT", "/api/management/user/user", body)
	wantStatus(t, r, http.StatusOK)
	got := r.json(t)
	if got["email"] != oldEmail || got["pendingEmail"] != newAddr {
		t.Fatalf("after the change: email %v, pendingEmail %v", got["email"], got["pendingEmail"])
	}
	// The link goes to the NEW address only.
	if n := len(e.mail.to(oldEmail)); n != 1 {
		t.Fatalf("%d mails to the old address, want only the registration", n)
	}
	m := e.mail.last(t, newAddr)
	if m.Subject != "Confirm your new e-mail address at Arbor" {
		t.Fatalf("subject %q", m.Subject)
	}
	link := linkIn(t, m.Text, "/confirm")
	if link.email != newAddr {
		t.Fatalf("link for %q", link.email)
	}
	// Until confirmed, the old address logs in and the new one does not.
	wantError(t, e.browser().do("POST", "/api/auth/login", map[string]any{"email": newAddr, "password": testPassword}), 400, "login_failed", "")
	e.login(t, oldEmail, testPassword)

	// The link only works with the address it was sent to.
	wantError(t, e.browser().do("POST", "/api/auth/confirm", map[string]string{"email": oldEmail, "token": link.token}), 400, "invalid_token", "")

	r = e.browser().do("POST", "/api/auth/confirm", map[string]string{"email": link.email, "token": link.token})
	wantStatus(t, r, http.StatusOK)
	if r.json(t)["message"] != "Your new e-mail address is confirmed." {
		t.Fatalf("confirm message %s", r.body)
	}
	now := b.do("GET", "/api/management/user/user", nil).json(t)
	if now["email"] != newAddr || now["pendingEmail"] != nil || now["id"] != id {
		t.Fatalf("after confirming: %v", now)
	}
	e.login(t, newAddr, testPassword)
	wantError(t, e.browser().do("POST", "/api/auth/login", map[string]any{"email": oldEmail, "password": testPassword}), 400, "login_failed", "")
	// Used once.
	wantError(t, e.browser().do("POST", "/api/auth/confirm", map[string]string{"email": link.email, "token": link.token}), 400, "invalid_token", "")
}

func TestProfileEmailChangeRevert(t *testing.T) {
	t.Parallel()
	e, b, email, _ := newLoggedIn(t)
	first, second := newEmail(t), newEmail(t)

	u := b.do("GET", "/api/management/user/user", nil).json(t)
	body := profileBody(u)
	body["email"] = first
	u = b.do("PUT", "/api/management/user/user", body).json(t)
	firstLink := linkIn(t, e.mail.last(t, first).Text, "/confirm")

	// A second new address replaces the first; the first link dies.
	body = profileBody(u)
	body["email"] = second
	u = b.do("PUT", "/api/management/user/user", body).json(t)
	if u["pendingEmail"] != second {
		t.Fatalf("pendingEmail %v", u["pendingEmail"])
	}
	wantError(t, e.browser().do("POST", "/api/auth/confirm", map[string]string{"email": first, "token": firstLink.token}), 400, "invalid_token", "")

	// Back to the current address (in other case): the pending one is forgotten, no new mail.
	body = profileBody(u)
	body["email"] = strings.ToUpper(email)
	before := len(e.mail.to(email))
	r := b.do("PUT", "/api/management/user/user", body)
	wantStatus(t, r, 200)
	if got := r.json(t); got["pendingEmail"] != nil || got["email"] != email {
		t.Fatalf("after reverting: %s", r.body)
	}
	if len(e.mail.to(email)) != before {
		t.Fatal("reverting to the current address sent mail")
	}
	secondLink := linkIn(t, e.mail.last(t, second).Text, "/confirm")
	wantError(t, e.browser().do("POST", "/api/auth/confirm", map[string]string{"email": second, "token": secondLink.token}), 400, "invalid_token", "")
	if now := b.do("GET", "/api/management/user/user", nil).json(t); now["email"] != email {
		t.Fatalf("a forgotten address was confirmed: %v", now)
	}
}

func TestProfileEmailTaken(t *testing.T) {
	t.Parallel()
	e, b, _, _ := newLoggedIn(t)
	other := newEmail(t)
	e.signUp(t, other, testPassword)

	u := b.do("GET", "/api/management/user/user", nil).json(t)
	body := profileBody(u)
	body["email"] = strings.ToUpper(other)
	r := b.do("PUT", "/api/management/user/user", body)
	m := wantError(t, r, http.StatusConflict, "conflict", "")
	wantFields(t, m, map[string]string{"email": "This e-mail address belongs to another account."})
	if len(e.mail.to(other)) != 1 {
		t.Fatal("the other account's owner got mail")
	}
	if now := b.do("GET", "/api/management/user/user", nil).json(t); now["pendingEmail"] != nil || now["version"] != u["version"] {
		t.Fatalf("a refused change was stored: %v", now)
	}

	// An address that was free when asked for but is taken before confirming.
	late := newEmail(t)
	body["email"] = late
	wantStatus(t, b.do("PUT", "/api/management/user/user", body), 200)
	link := linkIn(t, e.mail.last(t, late).Text, "/confirm")
	e.signUp(t, late, testPassword)
	r = e.browser().do("POST", "/api/auth/confirm", map[string]string{"email": late, "token": link.token})
	wantError(t, r, http.StatusConflict, "conflict", "This e-mail address belongs to another account.")
}

func TestChangePassword(t *testing.T) {
	t.Parallel()
	e, b, email, _ := newLoggedIn(t)
	other := e.login(t, email, testPassword)          // a second device
	script := e.bearerClient(b.cookie(sessionCookie)) // holds this browser's current token
	oldToken := b.cookie(sessionCookie)

	newPW := "the new password"
	wantFields(t, wantError(t, b.do("PUT", "/api/management/user/password",
		map[string]string{"oldPassword": "not my password", "newPassword": newPW, "passwordConfirm": newPW}), 400, "invalid", ""),
		map[string]string{"oldPassword": "The current password is not correct."})
	wantFields(t, wantError(t, b.do("PUT", "/api/management/user/password",
		map[string]string{"oldPassword": testPassword, "newPassword": "short", "passwordConfirm": "shorter"}), 400, "invalid", ""),
		map[string]string{"newPassword": msgShort, "passwordConfirm": msgMismatch})
	wantFields(t, wantError(t, b.do("PUT", "/api/management/user/password", `{}`), 400, "invalid", ""),
		map[string]string{"oldPassword": msgRequired, "newPassword": msgRequired})
	// Nothing changed so far.
	wantStatus(t, other.do("GET", "/api/auth/session", nil), 200)

	r := b.do("PUT", "/api/management/user/password", map[string]string{"oldPassword": testPassword, "newPassword": newPW, "passwordConfirm": newPW})
	wantStatus(t, r, http.StatusOK)
	if r.json(t)["message"] != "Your password has been changed. Other devices have been logged out." {
		t.Fatalf("message %s", r.body)
	}
	if r.cookie(sessionCookie) == nil || b.cookie(sessionCookie) == oldToken {
		t.Fatal("this browser did not get a fresh session")
	}
	// This browser stays logged in (and its new CSRF value works); the others are out.
	wantStatus(t, b.do("GET", "/api/auth/session", nil), 200)
	u := b.do("GET", "/api/management/user/user", nil).json(t)
	wantStatus(t, b.do("PUT", "/api/management/user/user", profileBody(u)), 200)
	wantUntrusted(t, other.do("GET", "/api/auth/session", nil))
	wantUntrusted(t, script.do("GET", "/api/auth/session", nil))

	wantError(t, e.browser().do("POST", "/api/auth/login", map[string]any{"email": email, "password": testPassword}), 400, "login_failed", "")
	e.login(t, email, newPW)
}

func TestChangePasswordBearer(t *testing.T) {
	t.Parallel()
	e, b, email, _ := newLoggedIn(t)
	s := e.bearerClient(b.cookie(sessionCookie))
	newPW := "bearer changed it"
	r := s.do("PUT", "/api/management/user/password", map[string]string{"oldPassword": testPassword, "newPassword": newPW, "passwordConfirm": newPW})
	wantStatus(t, r, http.StatusOK)
	if len(r.Cookies()) != 0 {
		t.Fatal("a Bearer caller got cookies")
	}
	// Every session is revoked, the Bearer one too: the script logs in again.
	wantUntrusted(t, s.do("GET", "/api/auth/session", nil))
	wantUntrusted(t, b.do("GET", "/api/auth/session", nil))
	e.login(t, email, newPW)
}

func TestDeleteAccount(t *testing.T) {
	t.Parallel()
	e, b, email, id := newLoggedIn(t)
	other := e.login(t, email, testPassword)
	token := b.cookie(sessionCookie)

	wantFields(t, wantError(t, b.do("DELETE", "/api/management/user/user", map[string]string{"password": "wrong password"}), 400, "invalid", ""),
		map[string]string{"password": "The current password is not correct."})
	wantFields(t, wantError(t, b.do("DELETE", "/api/management/user/user", `{}`), 400, "invalid", ""),
		map[string]string{"password": msgRequired})
	if e.userID(t, email) != id {
		t.Fatal("a refused deletion deleted the account")
	}

	r := b.do("DELETE", "/api/management/user/user", map[string]string{"password": testPassword})
	wantStatus(t, r, http.StatusNoContent)
	if c := r.cookie(sessionCookie); c == nil || c.MaxAge >= 0 {
		t.Fatalf("session cookie not cleared: %v", r.Header.Values("Set-Cookie"))
	}
	if e.userID(t, email) != "" {
		t.Fatal("the account still exists")
	}
	for _, table := range []string{"session", "user_token"} {
		if n := e.count(t, `SELECT count(*) FROM `+table+` WHERE user_id = $1`, id); n != 0 {
			t.Fatalf("%d rows left in %s", n, table)
		}
	}
	wantUntrusted(t, e.bearerClient(token).do("GET", "/api/auth/session", nil))
	wantUntrusted(t, other.do("GET", "/api/management/user/user", nil))
	wantError(t, e.browser().do("POST", "/api/auth/login", map[string]any{"email": email, "password": testPassword}), 400, "login_failed", "")
	// The address is free again.
	e.signUp(t, email, testPassword)
}
