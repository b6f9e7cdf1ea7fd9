package api

import (
	"encoding/base64"
	"encoding/json"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"arbor/auth"
	"arbor/mail"
	"arbor/store"
)

const (
	msgLoginFailed  = "Login failed. Please check your email address and password."
	msgNotConfirmed = "Please confirm your registration first! Also check your spam folder."
	msgShort        = "Your password must be at least 8 characters long."
	msgMismatch     = "Passwords must match"
	msgResetDone    = "Your password has been successfully reset."
	msgUntrusted    = "token cannot be trusted"
	msgEmailLost    = "Your email address seems to have gotten lost! Please open the link from your email again or contact support."
	msgRegistered   = "Thank you for registering! We have sent you an e-mail with a link to confirm your address."
	msgResetSent    = "If an account exists for this address, we have sent an e-mail with a link to reset the password."
	msgRequired     = "This field is required."
)

// wantRegistered checks the answer to a registration: 201 with the one sentence every address
// gets.
func wantRegistered(t *testing.T, r *resp) {
	t.Helper()
	wantStatus(t, r, http.StatusCreated)
	if got := r.json(t)["message"]; got != msgRegistered {
		t.Fatalf("register message %q, want %q", got, msgRegistered)
	}
}

func TestRegisterConfirmLogin(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	email := newEmail(t)
	b := e.browser()

	wantRegistered(t, b.do("POST", "/api/auth/register", registration(email, testPassword)))
	msgs := e.mail.wantTo(t, email, 1)
	if msgs[0].Subject != "Confirm your registration at Arbor" || !strings.HasPrefix(msgs[0].Text, "Hello Ada,") {
		t.Fatalf("confirmation mail: %q\n%s", msgs[0].Subject, msgs[0].Text)
	}
	link := linkIn(t, msgs[0].Text, "/confirm")
	if link.email != email || len(link.token) < 40 {
		t.Fatalf("confirmation link %+v", link)
	}
	// The token is stored only as a hash.
	if n := e.count(t, `SELECT count(*) FROM user_token WHERE token_hash = $1 AND purpose = 'confirm'`, auth.TokenHash(link.token)); n != 1 {
		t.Fatalf("%d stored confirmation tokens", n)
	}

	// Logging in before confirming: the password is right, but the account is not confirmed.
	r := b.do("POST", "/api/auth/login", map[string]any{"email": email, "password": testPassword})
	wantError(t, r, http.StatusForbidden, "not_confirmed", msgNotConfirmed)
	if r.cookie(sessionCookie) != nil {
		t.Fatal("a session cookie was set for an unconfirmed account")
	}

	r = b.do("POST", "/api/auth/confirm", map[string]string{"email": link.email, "token": link.token})
	wantStatus(t, r, http.StatusOK)
	if got := r.json(t)["message"]; got != "Your e-mail address is confirmed. You can log in now." {
		t.Fatalf("confirm message %q", got)
	}
	// The link works once.
	r = b.do("POST", "/api/auth/confirm", map[string]string{"email": link.email, "token": link.token})
	wantError(t, r, http.StatusBadRequest, "invalid_token", "")

	r = b.do("POST", "/api/auth/login", map[string]any{"email": email, "password": testPassword})
	wantStatus(t, r, http.StatusOK)
	var u map[string]any
	if err := json.Unmarshal(r.body, &u); err != nil {
		t.Fatal(err)
	}
	for k, want := range map[string]any{"firstName": "Ada", "lastName": "Baum", "email": email, "language": "en",
		"alias": "Ada Baum", "pendingEmail": nil, "id": e.userID(t, email)} {
		if u[k] != want {
			t.Errorf("user.%s = %v, want %v", k, u[k], want)
		}
	}
	if a, _ := u["authorities"].([]any); len(a) != 1 || a[0] != "user" {
		t.Errorf("authorities %v", u["authorities"])
	}
	if v, _ := u["version"].(float64); v < 1 {
		t.Errorf("version %v", u["version"])
	}
	if _, err := time.Parse(time.RFC3339, u["created_at"].(string)); err != nil {
		t.Errorf("created_at %v: %v", u["created_at"], err)
	}
	for _, secret := range []string{"password", "passwordHash", "PasswordHash", "password_hash", "confirmedAt"} {
		if _, ok := u[secret]; ok {
			t.Errorf("the user object shows %q", secret)
		}
	}
	if strings.Contains(string(r.body), "argon2") {
		t.Fatal("the password hash leaked into the answer")
	}

	// Cookies: HttpOnly, SameSite=Lax session cookie, a browser-session cookie without remember.
	sc, cc := r.cookie(sessionCookie), r.cookie(csrfCookie)
	if sc == nil || cc == nil {
		t.Fatalf("cookies after login: %v", r.Header.Values("Set-Cookie"))
	}
	if !sc.HttpOnly || sc.SameSite != http.SameSiteLaxMode || sc.Path != "/" || sc.Secure {
		t.Fatalf("session cookie %+v", sc)
	}
	if cc.HttpOnly || cc.SameSite != http.SameSiteLaxMode {
		t.Fatalf("csrf cookie must be readable by the app: %+v", cc)
	}
	for _, raw := range r.Header.Values("Set-Cookie") {
		if strings.HasPrefix(raw, deviceCookie+"=") {
			continue // the device cookie outlives sessions on purpose (TestLoginKnownDevice)
		}
		if strings.Contains(raw, "Max-Age") || strings.Contains(raw, "Expires") {
			t.Fatalf("without remember the cookie must be a browser-session cookie: %s", raw)
		}
	}
	if cc.Value != e.signer.CSRF(sc.Value) {
		t.Fatal("the CSRF cookie is not bound to the session token")
	}
	claims, err := e.signer.Verify(sc.Value)
	if err != nil {
		t.Fatal(err)
	}
	if life := time.Duration(claims.Exp-claims.Iat) * time.Second; life != 12*time.Hour {
		t.Fatalf("session lifetime %v, want 12h", life)
	}
	if claims.Type != "user" || claims.Sub != u["id"] || claims.Location != "en" || claims.Alias != "Ada Baum" {
		t.Fatalf("claims %+v", claims)
	}
	wantClaimKeys(t, sc.Value, "sub", "alias", "authorities", "location", "iat", "exp", "type")

	// The cookie works.
	r = b.do("GET", "/api/auth/session", nil)
	wantStatus(t, r, http.StatusOK)
}

func TestLoginRemember(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	email := e.newAccount(t)
	b := e.browser()
	// Addresses are compared without regard to case.
	r := b.do("POST", "/api/auth/login", map[string]any{"email": " " + strings.ToUpper(email) + " ", "password": testPassword, "remember": true})
	wantStatus(t, r, http.StatusOK)
	sc := r.cookie(sessionCookie)
	if sc == nil {
		t.Fatal("no session cookie")
	}
	if want := 30 * 24 * 3600; sc.MaxAge < want-60 || sc.MaxAge > want {
		t.Fatalf("remembered cookie Max-Age %d, want about 30 days", sc.MaxAge)
	}
	if c := r.cookie(csrfCookie); c == nil || c.MaxAge != sc.MaxAge {
		t.Fatalf("csrf cookie must live as long as the session: %+v", c)
	}
	claims, err := e.signer.Verify(sc.Value)
	if err != nil {
		t.Fatal(err)
	}
	if life := time.Duration(claims.Exp-claims.Iat) * time.Second; life != 30*24*time.Hour {
		t.Fatalf("remembered session lifetime %v", life)
	}
	var expires time.Time
	if err := e.db.Pool.QueryRow(t.Context(), `SELECT expires_at FROM session WHERE token_hash = $1`, auth.TokenHash(sc.Value)).Scan(&expires); err != nil {
		t.Fatalf("session row: %v", err)
	}
	if d := time.Until(expires); d < 29*24*time.Hour || d > 31*24*time.Hour {
		t.Fatalf("session row expires in %v", d)
	}
}

func TestRegisterAgainUnconfirmedReplaces(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	b, email := e.register(t, "first password")
	first := linkIn(t, e.mail.last(t, email).Text, "/confirm")
	id := e.userID(t, email)

	again := registration(email, "second password")
	again["firstName"] = "Berta"
	wantStatus(t, b.do("POST", "/api/auth/register", again), http.StatusCreated)
	msgs := e.mail.wantTo(t, email, 2)
	second := linkIn(t, msgs[1].Text, "/confirm")
	if second.token == first.token {
		t.Fatal("registering again sent the same token")
	}
	if !strings.HasPrefix(msgs[1].Text, "Hello Berta,") {
		t.Fatalf("second mail does not use the new name:\n%s", msgs[1].Text)
	}
	if n := e.count(t, `SELECT count(*) FROM app_user WHERE lower(email) = lower($1)`, email); n != 1 {
		t.Fatalf("%d accounts for one address", n)
	}
	if e.userID(t, email) != id {
		t.Fatal("the unconfirmed account was not replaced in place")
	}

	// The old link is dead, the new one works.
	r := b.do("POST", "/api/auth/confirm", map[string]string{"email": first.email, "token": first.token})
	wantError(t, r, http.StatusBadRequest, "invalid_token", "This link is invalid, has expired or was already used. Please request a new one.")
	wantStatus(t, b.do("POST", "/api/auth/confirm", map[string]string{"email": second.email, "token": second.token}), http.StatusOK)

	// The new password counts, the old one does not.
	wantError(t, b.do("POST", "/api/auth/login", map[string]any{"email": email, "password": "first password"}),
		http.StatusBadRequest, "login_failed", msgLoginFailed)
	r = b.do("POST", "/api/auth/login", map[string]any{"email": email, "password": "second password"})
	wantStatus(t, r, http.StatusOK)
	if r.json(t)["firstName"] != "Berta" {
		t.Fatalf("names not replaced: %s", r.body)
	}
}

func TestRegisterConfirmedAddress(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	email := newEmail(t)
	id := e.signUp(t, email, testPassword)

	other := registration(strings.ToUpper(email), "attacker password")
	other["firstName"] = "Mallory"
	// The answer is the same as for a new address; the mails are the confirmation and a note.
	wantRegistered(t, e.browser().do("POST", "/api/auth/register", other))
	msgs := e.mail.wantTo(t, email, 2)
	note := msgs[1]
	if note.Subject != "Your Arbor account" || !strings.HasPrefix(note.Text, "Hello Ada,") {
		t.Fatalf("exists mail: %q\n%s", note.Subject, note.Text)
	}
	if !strings.Contains(note.Text, testBaseURL+"/login") || !strings.Contains(note.Text, testBaseURL+"/reset") {
		t.Fatalf("exists mail lacks login and reset links:\n%s", note.Text)
	}
	if strings.Contains(note.Text, "/confirm") {
		t.Fatal("exists mail contains a confirmation link")
	}
	if n := e.count(t, `SELECT count(*) FROM app_user WHERE lower(email) = lower($1)`, email); n != 1 {
		t.Fatalf("%d accounts for one address", n)
	}
	if e.userID(t, email) != id {
		t.Fatal("the account was replaced")
	}
	// The owner's password still works; the stranger's does not.
	e.login(t, email, testPassword)
	wantError(t, e.browser().do("POST", "/api/auth/login", map[string]any{"email": email, "password": "attacker password"}),
		http.StatusBadRequest, "login_failed", msgLoginFailed)
}

func TestRegisterBadInput(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	email := newEmail(t)
	with := func(k string, v any) map[string]any {
		m := registration(email, testPassword)
		m[k] = v
		return m
	}
	tests := []struct {
		name   string
		lang   string
		body   any
		status int
		code   string
		msg    string
		fields map[string]string
	}{
		{"malformed JSON", "en", `{"email": `, 400, "invalid", "The request could not be read: it is not valid JSON.", nil},
		{"not an object", "en", `[1,2]`, 400, "invalid", "The request could not be read: it is not valid JSON.", nil},
		{"trailing garbage", "en", `{"email":"a@b.cd"} {"x":1}`, 400, "invalid", "The request could not be read: it is not valid JSON.", nil},
		{"trailing text", "en", `{"email":"a@b.cd"}xyz`, 400, "invalid", "The request could not be read: it is not valid JSON.", nil},
		{"wrong type", "en", with("agb", "yes"), 400, "invalid", "The field agb has the wrong type.",
			map[string]string{"agb": "The field agb has the wrong type."}},
		{"wrong type string field", "en", with("firstName", 42), 400, "invalid", "The field firstName has the wrong type.",
			map[string]string{"firstName": "The field firstName has the wrong type."}},
		{"too large", "en", `{"firstName":"` + strings.Repeat("a", 1<<20) + `"}`, 413, "too_large",
			"The request is too large: at most 1 MB are allowed.", nil},
		{"all missing", "en", `{}`, 400, "invalid", "Please check the highlighted fields.", map[string]string{
			"firstName": msgRequired, "lastName": msgRequired, "email": msgRequired, "password": msgRequired,
			"agb": "Please agree to the terms and conditions."}},
		{"blank names", "en", with("firstName", "   "), 400, "invalid", "", map[string]string{"firstName": msgRequired}},
		{"name too long", "en", with("lastName", strings.Repeat("x", 101)), 400, "invalid", "",
			map[string]string{"lastName": "This is too long: at most 100 characters."}},
		{"short password", "en", func() map[string]any {
			m := with("password", "1234567")
			m["passwordConfirm"] = "1234567"
			return m
		}(), 400, "invalid", "", map[string]string{"password": msgShort}},
		{"mismatch", "en", with("passwordConfirm", testPassword+"!"), 400, "invalid", "", map[string]string{"passwordConfirm": msgMismatch}},
		{"short and mismatch", "en", with("password", "short"), 400, "invalid", "",
			map[string]string{"password": msgShort, "passwordConfirm": msgMismatch}},
		{"invalid email", "en", with("email", "not-an-email"), 400, "invalid", "", map[string]string{"email": "Please enter a valid e-mail address."}},
		{"email without domain dot", "en", with("email", "ada@localhost"), 400, "invalid", "", map[string]string{"email": ""}},
		{"email with display name", "en", with("email", "Ada <ada@example.org>"), 400, "invalid", "", map[string]string{"email": ""}},
		{"agb false", "en", with("agb", false), 400, "invalid", "", map[string]string{"agb": "Please agree to the terms and conditions."}},
		{"unsupported language", "en", with("language", "it"), 400, "invalid", "",
			map[string]string{"language": "Please choose English, German or French."}},
		{"german short password", "de", func() map[string]any {
			m := with("password", "kurz")
			m["passwordConfirm"] = "anders"
			return m
		}(), 400, "invalid", "Bitte prüfen Sie die markierten Felder.", map[string]string{
			"password": "Ihr Passwort muss mindestens 8 Zeichen lang sein.", "passwordConfirm": "Passwörter müssen übereinstimmen"}},
		{"german bad json", "de-CH,de;q=0.9", `{`, 400, "invalid", "Die Anfrage konnte nicht gelesen werden: Sie ist kein gültiges JSON.", nil},
		{"french", "fr", with("agb", false), 400, "invalid", "", map[string]string{"agb": ""}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := e.browser()
			b.lang = tc.lang
			r := b.do("POST", "/api/auth/register", tc.body)
			m := wantError(t, r, tc.status, tc.code, tc.msg)
			if tc.fields != nil {
				wantFields(t, m, tc.fields)
			} else if _, ok := m["fields"]; ok {
				t.Fatalf("unexpected fields: %s", r.body)
			}
		})
	}
	// Nothing was written: no account, no token, no mail.
	if id := e.userID(t, email); id != "" {
		t.Fatal("a failed registration left an account behind")
	}
	if msgs := e.mail.to(email); len(msgs) != 0 {
		t.Fatalf("%d mails after failed registrations", len(msgs))
	}
}

func TestRegisterLanguage(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	// Without a language in the body the UI language (Accept-Language) is taken.
	email := newEmail(t)
	reg := registration(email, testPassword)
	delete(reg, "language")
	b := e.browser()
	b.lang = "de"
	r := b.do("POST", "/api/auth/register", reg)
	wantStatus(t, r, http.StatusCreated)
	if got := r.json(t)["message"]; !strings.HasPrefix(got.(string), "Vielen Dank") {
		t.Fatalf("German answer expected, got %q", got)
	}
	m := e.mail.last(t, email)
	if m.Subject != "Bestätigen Sie Ihre Registrierung bei Arbor" || !strings.HasPrefix(m.Text, "Hallo Ada,") {
		t.Fatalf("German mail expected: %q\n%s", m.Subject, m.Text)
	}
	var lang string
	if err := e.db.Pool.QueryRow(t.Context(), `SELECT language FROM app_user WHERE email = $1`, email).Scan(&lang); err != nil || lang != "de" {
		t.Fatalf("stored language %q %v", lang, err)
	}
}

// A registration made while the mail server is down is kept, and its confirmation leaves once
// the server is back: the queue tries again, and nothing the person entered is lost.
func TestRegisterWhileMailIsDown(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.mail.setFail(errMailDown)
	_, email := e.register(t, testPassword)
	if e.userID(t, email) == "" {
		t.Fatal("the account was not kept")
	}
	if msgs := e.mail.to(email); len(msgs) != 0 {
		t.Fatalf("%d mails sent through a server that is down", len(msgs))
	}
	// The attempt failed and waits for its retry, with the reason kept for an operator.
	var attempt int
	var reason string
	if err := e.db.Pool.QueryRow(t.Context(), `SELECT attempt, coalesce(errors[1]->>'error', '') FROM river_job
		WHERE kind = 'mail' AND args->>'to' = $1`, email).Scan(&attempt, &reason); err != nil {
		t.Fatal(err)
	}
	if attempt < 1 || !strings.Contains(reason, "connection refused") {
		t.Fatalf("after the failed attempt: attempt %d, error %q", attempt, reason)
	}
	// The server is back and the retry is due (what river's scheduler does once the backoff passed).
	e.mail.setFail(nil)
	e.exec(t, `UPDATE river_job SET state = 'available', scheduled_at = now() WHERE kind = 'mail' AND args->>'to' = $1
		AND state = 'retryable'`, email)
	deadline := time.Now().Add(15 * time.Second)
	for len(e.mail.to(email)) == 0 {
		if time.Now().After(deadline) {
			t.Fatal("the confirmation was not sent once the mail server was back")
		}
		time.Sleep(50 * time.Millisecond)
	}
	wantStatus(t, e.browser().do("POST", "/api/auth/confirm", func() map[string]string {
		l := linkIn(t, e.mail.last(t, email).Text, "/confirm")
		return map[string]string{"email": l.email, "token": l.token}
	}()), http.StatusOK)
}

// A message that fails is retried by the queue a limited number of times.
func TestMailAttempts(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	_, email := e.register(t, testPassword)
	e.mail.settle()
	if n := e.count(t, `SELECT max_attempts FROM river_job WHERE kind = 'mail' AND args->>'to' = $1`, email); n != mail.Attempts {
		t.Fatalf("max attempts %d", n)
	}
}

func TestConfirmBadInput(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	b, email := e.register(t, testPassword)
	l := linkIn(t, e.mail.last(t, email).Text, "/confirm")

	m := wantError(t, b.do("POST", "/api/auth/confirm", map[string]string{"token": l.token}), 400, "invalid", msgEmailLost)
	wantFields(t, m, map[string]string{"email": msgEmailLost})
	wantError(t, b.do("POST", "/api/auth/confirm", map[string]string{"email": l.email}), 400, "invalid_token", "")
	wantError(t, b.do("POST", "/api/auth/confirm", map[string]string{"email": l.email, "token": l.token + "x"}), 400, "invalid_token", "")
	// A token only works with its own address.
	wantError(t, b.do("POST", "/api/auth/confirm", map[string]string{"email": newEmail(t), "token": l.token}), 400, "invalid_token", "")
	// A reset token is no confirmation token (and vice versa): none of the above used it up.
	wantStatus(t, b.do("POST", "/api/auth/confirm", map[string]string{"email": strings.ToUpper(l.email), "token": l.token}), 200)
}

func TestLoginFailures(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	email := e.newAccount(t)
	b := e.browser()

	wrong := b.do("POST", "/api/auth/login", map[string]any{"email": email, "password": "wrong password"})
	unknown := b.do("POST", "/api/auth/login", map[string]any{"email": newEmail(t), "password": testPassword})
	for _, r := range []*resp{wrong, unknown} {
		m := wantError(t, r, http.StatusBadRequest, "login_failed", msgLoginFailed)
		if _, ok := m["fields"]; ok {
			t.Fatalf("login failure must not say which field is wrong: %s", r.body)
		}
		if r.cookie(sessionCookie) != nil {
			t.Fatal("a failed login set a cookie")
		}
	}
	if string(wrong.body) != string(unknown.body) {
		t.Fatalf("wrong password and unknown address answer differently:\n%s\n%s", wrong.body, unknown.body)
	}
	b.lang = "de"
	wantError(t, b.do("POST", "/api/auth/login", map[string]any{"email": email, "password": "falsch!!"}), 400, "login_failed",
		"Anmeldung fehlgeschlagen. Bitte überprüfen Sie Ihre E-Mail-Adresse und Ihr Passwort.")
	b.lang = "en"

	m := wantError(t, b.do("POST", "/api/auth/login", map[string]any{}), 400, "invalid", "")
	wantFields(t, m, map[string]string{"email": msgRequired, "password": msgRequired})
	wantError(t, b.do("POST", "/api/auth/login", `{"email": "x", "remember": "yes"}`), 400, "invalid", "The field remember has the wrong type.")
	// Failures were counted for the address.
	if n := e.count(t, `SELECT count(*) FROM login_failure WHERE email = lower($1)`, email); n != 2 {
		t.Fatalf("%d failures recorded, want 2", n)
	}
	// A good log-in forgets its own try, not the failures before it (they may be a stranger's:
	// the browser that logged in has an allowance of its own from now on, TestLoginKnownDevice).
	e.login(t, email, testPassword)
	if n := e.count(t, `SELECT count(*) FROM login_failure WHERE email = lower($1)`, email); n != 2 {
		t.Fatalf("%d failures left after a good log-in, want the 2 before it", n)
	}
}

var minutesRE = regexp.MustCompile(`^Too many failed log-in attempts\. Please try again in (\d+) minutes\.$`)

func TestLoginThrottledPerEmail(t *testing.T) {
	t.Parallel()
	e := newEnv(t) // DefaultThrottle: five failures per address in 15 minutes
	email := e.newAccount(t)
	b := e.browser()
	for i := 0; i < DefaultThrottle.MaxPerEmail; i++ {
		wantError(t, b.do("POST", "/api/auth/login", map[string]any{"email": email, "password": "wrong password"}),
			400, "login_failed", msgLoginFailed)
	}
	// Now even the right password is refused.
	r := b.do("POST", "/api/auth/login", map[string]any{"email": email, "password": testPassword})
	m := wantError(t, r, http.StatusTooManyRequests, "throttled", "")
	sm := minutesRE.FindStringSubmatch(m["message"].(string))
	if sm == nil {
		t.Fatalf("throttle message %q does not say the minutes", m["message"])
	}
	if min, _ := strconv.Atoi(sm[1]); min < 14 || min > 15 {
		t.Fatalf("try again in %d minutes, want 15", min)
	}
	secs, err := strconv.Atoi(r.Header.Get("Retry-After"))
	if err != nil || secs < 14*60 || secs > 15*60 {
		t.Fatalf("Retry-After %q, want about 900 seconds", r.Header.Get("Retry-After"))
	}
	if r.cookie(sessionCookie) != nil {
		t.Fatal("a throttled log-in set a cookie")
	}
	// Upper case is the same address.
	wantError(t, b.do("POST", "/api/auth/login", map[string]any{"email": strings.ToUpper(email), "password": testPassword}), 429, "throttled", "")
	// In German too.
	b.lang = "de"
	m = wantError(t, b.do("POST", "/api/auth/login", map[string]any{"email": email, "password": testPassword}), 429, "throttled", "")
	if !strings.Contains(m["message"].(string), "Minuten") {
		t.Fatalf("German throttle message %q", m["message"])
	}
	b.lang = "en"
	// Another address from the same client is not affected.
	other := newEmail(t)
	e.signUp(t, other, testPassword)
	e.login(t, other, testPassword)
	// Once the failures have left the window, the right password works again.
	e.exec(t, `UPDATE login_failure SET at = at - interval '16 minutes' WHERE email = lower($1)`, email)
	e.login(t, email, testPassword)
}

func TestLoginThrottledPerClient(t *testing.T) {
	t.Parallel()
	e := newEnv(t, withThrottle(store.Throttle{Window: 10 * time.Minute, MaxPerEmail: 100, MaxPerClient: 3}))
	email := e.newAccount(t)
	b := e.browser()
	for i := 0; i < 3; i++ {
		// A guesser trying different addresses.
		wantError(t, b.do("POST", "/api/auth/login", map[string]any{"email": newEmail(t), "password": "guess"}),
			400, "login_failed", msgLoginFailed)
	}
	r := b.do("POST", "/api/auth/login", map[string]any{"email": email, "password": testPassword})
	m := wantError(t, r, http.StatusTooManyRequests, "throttled", "")
	if sm := minutesRE.FindStringSubmatch(m["message"].(string)); sm == nil || sm[1] != "10" {
		t.Fatalf("throttle message %q, want 10 minutes", m["message"])
	}
	if secs, err := strconv.Atoi(r.Header.Get("Retry-After")); err != nil || secs < 9*60 || secs > 10*60 {
		t.Fatalf("Retry-After %q", r.Header.Get("Retry-After"))
	}
	// Another client may still log in with the same address.
	other := e.browserFrom(nextClientIP())
	wantStatus(t, other.do("POST", "/api/auth/login", map[string]any{"email": email, "password": testPassword}), 200)
	// X-Forwarded-For does not let the guesser escape.
	wantError(t, b.do("POST", "/api/auth/login", map[string]any{"email": email, "password": testPassword},
		header("X-Forwarded-For", "203.0.113.9")), 429, "throttled", "")
}

func TestSessionEndpoint(t *testing.T) {
	t.Parallel()
	e, b, email, id := newLoggedIn(t)

	r := b.do("GET", "/api/auth/session", nil)
	wantStatus(t, r, http.StatusOK)
	var ans struct {
		User    map[string]any `json:"user"`
		Session auth.Claims    `json:"session"`
	}
	if err := json.Unmarshal(r.body, &ans); err != nil {
		t.Fatal(err)
	}
	if ans.User["email"] != email || ans.User["id"] != id || ans.Session.Sub != id || ans.Session.Type != "user" ||
		ans.Session.Alias != "Ada Baum" || ans.Session.Location != "en" || !ans.Session.HasAuthority("user") {
		t.Fatalf("session answer %s", r.body)
	}
	var raw map[string]map[string]any
	_ = json.Unmarshal(r.body, &raw)
	for _, k := range []string{"id_o", "id_p", "id_j"} {
		if _, ok := raw["session"][k]; ok {
			t.Fatalf("a user session shows %s", k)
		}
	}

	// The same token as Bearer, without cookies.
	token := b.cookie(sessionCookie)
	s := e.bearerClient(token)
	r = s.do("GET", "/api/auth/session", nil)
	wantStatus(t, r, http.StatusOK)
	if !strings.Contains(string(r.body), id) {
		t.Fatalf("bearer session answer %s", r.body)
	}

	// No token at all: a guest, answered without an error (browsers log every 401 as one).
	anon := e.browser()
	wantStatus(t, anon.do("GET", "/api/auth/session", nil), http.StatusNoContent)
	// Any other call still asks to log in.
	anon.lang = "de"
	wantError(t, anon.do("GET", "/api/management/user/user", nil), http.StatusUnauthorized, "unauthenticated", "Bitte melden Sie sich an.")
}

// wantUntrusted checks the answer the web app turns into a logout (docs/PRODUCT.md §4).
func wantUntrusted(t *testing.T, r *resp) {
	t.Helper()
	wantError(t, r, http.StatusUnauthorized, "untrusted_token", msgUntrusted)
	if r.Status != "401 Unauthorized" {
		t.Fatalf("status line %q, want 401 Unauthorized", r.Status)
	}
}

func TestUntrustedTokens(t *testing.T) {
	t.Parallel()
	e, b, _, id := newLoggedIn(t)
	token := b.cookie(sessionCookie)
	claims, err := e.signer.Verify(token)
	if err != nil {
		t.Fatal(err)
	}

	parts := strings.Split(token, ".")
	forged := claims
	forged.Authorities = append(forged.Authorities, "super")
	forgedJSON, _ := json.Marshal(forged)
	tampered := parts[0] + "." + b64(forgedJSON) + "." + parts[2]

	otherSigner, _ := auth.NewSigner([]byte("a completely different secret of 32+ bytes"))
	foreign, _ := otherSigner.Sign(claims)

	old := claims
	old.Iat, old.Exp = time.Now().Add(-13*time.Hour).Unix(), time.Now().Add(-time.Hour).Unix()
	expired, _ := e.signer.Sign(old)
	if err := e.db.InsertSession(t.Context(), auth.TokenHash(expired), id, "user", time.Now().Add(time.Hour)); err != nil {
		t.Fatal(err)
	}

	// Signed with our secret and not expired, but never issued (no session row).
	fresh := claims
	fresh.Exp++
	unknown, _ := e.signer.Sign(fresh)

	noneAlg := b64([]byte(`{"alg":"none","typ":"JWT"}`)) + "." + parts[1] + "."

	for name, tok := range map[string]string{
		"tampered": tampered, "foreign secret": foreign, "expired": expired, "never issued": unknown,
		"alg none": noneAlg, "garbage": "not-a-jwt",
	} {
		t.Run(name, func(t *testing.T) {
			wantUntrusted(t, e.bearerClient(tok).do("GET", "/api/auth/session", nil))
			// The same as a cookie.
			c := e.browser()
			c.jar.SetCookies(mustURL(t, e.ts.URL), []*http.Cookie{{Name: sessionCookie, Value: tok, Path: "/"}})
			wantUntrusted(t, c.do("GET", "/api/management/user/user", nil))
		})
	}
	// The real token still works.
	wantStatus(t, e.bearerClient(token).do("GET", "/api/auth/session", nil), 200)
}

func TestExpiredSessionByClock(t *testing.T) {
	t.Parallel()
	// A server whose clock is 13 hours behind issues sessions that have already expired.
	e := newEnv(t, withNow(func() time.Time { return time.Now().Add(-13 * time.Hour) }))
	email := e.newAccount(t)
	b := e.login(t, email, testPassword)
	wantUntrusted(t, b.do("GET", "/api/auth/session", nil))
}

func TestLogout(t *testing.T) {
	t.Parallel()
	e, b, email, _ := newLoggedIn(t)
	token := b.cookie(sessionCookie)

	// Logout needs no CSRF header.
	r := b.do("POST", "/api/auth/logout", nil, noCSRF())
	wantStatus(t, r, http.StatusNoContent)
	if len(r.body) != 0 {
		t.Fatalf("204 with a body: %s", r.body)
	}
	for _, name := range []string{sessionCookie, csrfCookie} {
		c := r.cookie(name)
		if c == nil || c.MaxAge >= 0 || c.Value != "" {
			t.Fatalf("cookie %s not cleared: %+v", name, c)
		}
	}
	if b.cookie(sessionCookie) != "" {
		t.Fatal("the browser still holds the session cookie")
	}
	if n := e.count(t, `SELECT count(*) FROM session WHERE token_hash = $1`, auth.TokenHash(token)); n != 0 {
		t.Fatal("the session was not revoked")
	}
	// The revoked token is untrusted now.
	wantUntrusted(t, e.bearerClient(token).do("GET", "/api/auth/session", nil))
	wantUntrusted(t, e.bearerClient(token).do("POST", "/api/auth/login/organisation/"+"00000000-0000-0000-0000-000000000001", nil))

	// Logout without any session, and with a dead one, still works.
	wantStatus(t, e.browser().do("POST", "/api/auth/logout", nil), http.StatusNoContent)
	wantStatus(t, e.bearerClient(token).do("POST", "/api/auth/logout", nil), http.StatusNoContent)
	wantStatus(t, e.bearerClient("garbage").do("POST", "/api/auth/logout", nil), http.StatusNoContent)

	// Bearer logout revokes the Bearer token.
	c := e.login(t, email, testPassword)
	tok := c.cookie(sessionCookie)
	s := e.bearerClient(tok)
	wantStatus(t, s.do("POST", "/api/auth/logout", nil), http.StatusNoContent)
	wantUntrusted(t, s.do("GET", "/api/auth/session", nil))
	wantUntrusted(t, c.do("GET", "/api/auth/session", nil))

	// A stale cookie does not stand in the way of logging in again.
	wantStatus(t, b.do("POST", "/api/auth/logout", nil), 204)
	b.jar.SetCookies(mustURL(t, e.ts.URL), []*http.Cookie{{Name: sessionCookie, Value: token, Path: "/"}})
	wantStatus(t, b.do("POST", "/api/auth/login", map[string]any{"email": email, "password": testPassword}), 200)
	wantStatus(t, b.do("GET", "/api/auth/session", nil), 200)
}

func TestCSRF(t *testing.T) {
	t.Parallel()
	e, b, _, _ := newLoggedIn(t)
	profile := b.do("GET", "/api/management/user/user", nil).json(t)
	body := map[string]any{"firstName": "Ada", "lastName": "Eiche", "language": "en", "version": profile["version"]}

	msg := "This request was refused because its security token is missing or wrong. Please reload the page."
	wantError(t, b.do("PUT", "/api/management/user/user", body, noCSRF()), http.StatusForbidden, "forbidden", msg)
	wantError(t, b.do("PUT", "/api/management/user/user", body, header(csrfHeader, "wrong")), http.StatusForbidden, "forbidden", msg)
	// The CSRF value of another session does not fit this one.
	other, _, _ := e.loggedIn(t)
	wantError(t, b.do("PUT", "/api/management/user/user", body, header(csrfHeader, other.cookie(csrfCookie))), 403, "forbidden", msg)
	wantError(t, b.do("PUT", "/api/management/user/password",
		map[string]any{"oldPassword": testPassword, "newPassword": "new password 1", "passwordConfirm": "new password 1"}, noCSRF()), 403, "forbidden", "")
	wantError(t, b.do("DELETE", "/api/management/user/user", map[string]any{"password": testPassword}, noCSRF()), 403, "forbidden", "")
	wantError(t, b.do("POST", "/api/auth/login/organisation/00000000-0000-0000-0000-000000000001", nil, noCSRF()), 403, "forbidden", "")
	// Nothing changed.
	if got := b.do("GET", "/api/management/user/user", nil).json(t); got["lastName"] != "Baum" || got["version"] != profile["version"] {
		t.Fatalf("a refused call changed the profile: %v", got)
	}
	// GET needs no header; with the right header PUT works.
	r := b.do("PUT", "/api/management/user/user", body)
	wantStatus(t, r, http.StatusOK)
	if r.json(t)["lastName"] != "Eiche" {
		t.Fatalf("profile not changed: %s", r.body)
	}

	// Bearer calls need no CSRF header.
	s := e.bearerClient(b.cookie(sessionCookie))
	body["version"] = r.json(t)["version"]
	body["lastName"] = "Linde"
	wantStatus(t, s.do("PUT", "/api/management/user/user", body), http.StatusOK)
}

func TestReset(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	email := e.newAccount(t)
	before := e.login(t, email, testPassword)
	before.lang = ""

	b := e.browser()
	unknownAddr := newEmail(t)
	known := b.do("PUT", "/api/auth/reset", map[string]string{"email": email})
	unknown := b.do("PUT", "/api/auth/reset", map[string]string{"email": unknownAddr})
	wantStatus(t, known, http.StatusOK)
	wantStatus(t, unknown, http.StatusOK)
	if string(known.body) != string(unknown.body) || known.json(t)["message"] != msgResetSent {
		t.Fatalf("reset answers differ or are wrong:\n%s\n%s", known.body, unknown.body)
	}
	if len(e.mail.to(unknownAddr)) != 0 {
		t.Fatal("a reset mail was sent to an unknown address")
	}
	m := e.mail.last(t, email)
	if m.Subject != "Reset your Arbor password" {
		t.Fatalf("reset mail subject %q", m.Subject)
	}
	link := linkIn(t, m.Text, "/reset-password")
	if link.email != email || link.token == "" {
		t.Fatalf("reset link %+v", link)
	}
	var ttl time.Duration
	var exp time.Time
	if err := e.db.Pool.QueryRow(t.Context(), `SELECT expires_at FROM user_token WHERE token_hash = $1 AND purpose = 'reset'`,
		auth.TokenHash(link.token)).Scan(&exp); err != nil {
		t.Fatal(err)
	}
	if ttl = time.Until(exp); ttl < 59*time.Minute || ttl > 61*time.Minute {
		t.Fatalf("reset link valid for %v, want one hour", ttl)
	}

	newPW := "a brand new password"
	req := map[string]string{"email": link.email, "token": link.token, "password": newPW, "passwordConfirm": newPW}
	// Validation comes first and does not use the token up.
	bad := map[string]string{"email": link.email, "token": link.token, "password": "short", "passwordConfirm": "other"}
	wantFields(t, wantError(t, b.do("PUT", "/api/auth/reset-password", bad), 400, "invalid", ""),
		map[string]string{"password": msgShort, "passwordConfirm": msgMismatch})
	// The token is not a confirmation token.
	wantError(t, b.do("POST", "/api/auth/confirm", map[string]string{"email": link.email, "token": link.token}), 400, "invalid_token", "")

	r := b.do("PUT", "/api/auth/reset-password", req)
	wantStatus(t, r, http.StatusOK)
	if got := r.json(t)["message"]; got != msgResetDone {
		t.Fatalf("reset message %q", got)
	}
	// Single use.
	wantError(t, b.do("PUT", "/api/auth/reset-password", req), http.StatusBadRequest, "invalid_token", "")

	// Old sessions are revoked, the old password fails, the new one works.
	wantUntrusted(t, before.do("GET", "/api/auth/session", nil))
	wantError(t, b.do("POST", "/api/auth/login", map[string]any{"email": email, "password": testPassword}), 400, "login_failed", msgLoginFailed)
	e.login(t, email, newPW)
}

func TestResetBadInput(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	email := e.newAccount(t)
	b := e.browser()

	wantFields(t, wantError(t, b.do("PUT", "/api/auth/reset", map[string]string{"email": "nope"}), 400, "invalid", ""),
		map[string]string{"email": "Please enter a valid e-mail address."})
	wantFields(t, wantError(t, b.do("PUT", "/api/auth/reset", `{}`), 400, "invalid", ""), map[string]string{"email": msgRequired})
	wantError(t, b.do("PUT", "/api/auth/reset", `{"email": 1}`), 400, "invalid", "The field email has the wrong type.")

	pw := "another password"
	m := wantError(t, b.do("PUT", "/api/auth/reset-password", map[string]string{"token": "abc", "password": pw, "passwordConfirm": pw}),
		400, "invalid", msgEmailLost)
	wantFields(t, m, map[string]string{"email": msgEmailLost})
	b.lang = "de"
	wantError(t, b.do("PUT", "/api/auth/reset-password", map[string]string{"token": "abc"}), 400, "invalid",
		"Ihre E-Mail-Adresse scheint verloren gegangen zu sein! Bitte öffnen Sie den Link aus Ihrer E-Mail erneut oder wenden Sie sich an den Support.")
	b.lang = "en"
	wantError(t, b.do("PUT", "/api/auth/reset-password", map[string]string{"email": email, "password": pw, "passwordConfirm": pw}),
		400, "invalid_token", "")
	wantError(t, b.do("PUT", "/api/auth/reset-password", map[string]string{"email": email, "token": "made-up", "password": pw, "passwordConfirm": pw}),
		400, "invalid_token", "")

	// An expired link is refused.
	wantStatus(t, b.do("PUT", "/api/auth/reset", map[string]string{"email": email}), 200)
	link := linkIn(t, e.mail.last(t, email).Text, "/reset-password")
	e.exec(t, `UPDATE user_token SET expires_at = now() - interval '1 minute' WHERE token_hash = $1`, auth.TokenHash(link.token))
	wantError(t, b.do("PUT", "/api/auth/reset-password", map[string]string{"email": link.email, "token": link.token, "password": pw, "passwordConfirm": pw}),
		400, "invalid_token", "This link is invalid, has expired or was already used. Please request a new one.")
	e.login(t, email, testPassword) // unchanged

	// Only the newest link works.
	wantStatus(t, b.do("PUT", "/api/auth/reset", map[string]string{"email": email}), 200)
	first := linkIn(t, e.mail.last(t, email).Text, "/reset-password")
	wantStatus(t, b.do("PUT", "/api/auth/reset", map[string]string{"email": email}), 200)
	second := linkIn(t, e.mail.last(t, email).Text, "/reset-password")
	wantError(t, b.do("PUT", "/api/auth/reset-password", map[string]string{"email": email, "token": first.token, "password": pw, "passwordConfirm": pw}),
		400, "invalid_token", "")
	// A link only works with its own address.
	wantError(t, b.do("PUT", "/api/auth/reset-password", map[string]string{"email": newEmail(t), "token": second.token, "password": pw, "passwordConfirm": pw}),
		400, "invalid_token", "")
	wantStatus(t, b.do("PUT", "/api/auth/reset-password", map[string]string{"email": email, "token": second.token, "password": pw, "passwordConfirm": pw}), 200)
	e.login(t, email, pw)
}

// A reset link proves the address: it confirms an unconfirmed account and lifts the throttle.
func TestResetConfirmsAndUnthrottles(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	b, email := e.register(t, testPassword)
	for i := 0; i < DefaultThrottle.MaxPerEmail; i++ {
		wantError(t, b.do("POST", "/api/auth/login", map[string]any{"email": email, "password": "wrong!!!"}), 400, "login_failed", "")
	}
	wantError(t, b.do("POST", "/api/auth/login", map[string]any{"email": email, "password": testPassword}), 429, "throttled", "")
	wantStatus(t, b.do("PUT", "/api/auth/reset", map[string]string{"email": email}), 200)
	link := linkIn(t, e.mail.last(t, email).Text, "/reset-password")
	pw := "after the reset"
	wantStatus(t, b.do("PUT", "/api/auth/reset-password", map[string]string{"email": email, "token": link.token, "password": pw, "passwordConfirm": pw}), 200)
	wantStatus(t, b.do("POST", "/api/auth/login", map[string]any{"email": email, "password": pw}), 200)
}

func b64(b []byte) string { return base64.RawURLEncoding.EncodeToString(b) }

func mustURL(t *testing.T, raw string) *url.URL {
	t.Helper()
	u, err := url.Parse(raw)
	if err != nil {
		t.Fatal(err)
	}
	return u
}
