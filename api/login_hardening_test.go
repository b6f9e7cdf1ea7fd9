package api

import (
	"net/http"
	"strings"
	"testing"
)

// TestLoginConcurrentAttempts: 100 log-ins for one address at once, 99 with a wrong password and
// one with the right one. Each try is counted before its password is checked, so at most
// MaxPerEmail (5) are evaluated; the rest are refused with 429 without looking at the password.
func TestLoginConcurrentAttempts(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	email := e.newAccount(t)
	const n = 100
	browsers := make([]*browser, n)
	for i := range browsers {
		browsers[i] = e.browser()
	}
	_, counts := concurrently(n, func(i int) *resp {
		password := "wrong password"
		if i == n/2 {
			password = testPassword
		}
		return browsers[i].do("POST", "/api/auth/login", map[string]any{"email": email, "password": password})
	})
	evaluated := counts[http.StatusOK] + counts[http.StatusBadRequest]
	t.Logf("%d concurrent log-ins for one address: %d evaluated (%d×200, %d×400), %d×429", n, evaluated, counts[200], counts[400], counts[429])
	if evaluated > DefaultThrottle.MaxPerEmail || counts[429] != n-evaluated || evaluated == 0 {
		t.Fatalf("statuses %v: %d passwords evaluated, want at most %d", counts, evaluated, DefaultThrottle.MaxPerEmail)
	}
	if got := e.count(t, `SELECT count(*) FROM login_failure WHERE email = lower($1)`, email); got != counts[400] {
		t.Fatalf("%d failures recorded, want %d", got, counts[400])
	}
}

// TestLoginKnownDevice: strangers' wrong passwords lock the address for unknown browsers only; a
// browser that logged into the account before keeps its own allowance (its device cookie), and
// a device cookie of another address, or a forged one, counts for nothing.
func TestLoginKnownDevice(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	email := e.newAccount(t)
	owner := e.login(t, email, testPassword)
	if owner.cookie(deviceCookie) != "" {
		t.Fatal("the device cookie is sent beyond the log-in route") // its Path is /api/auth/login
	}
	var device *http.Cookie
	r := owner.do("POST", "/api/auth/login", map[string]any{"email": email, "password": testPassword})
	wantStatus(t, r, http.StatusOK)
	if device = r.cookie(deviceCookie); device == nil || !device.HttpOnly || device.SameSite != http.SameSiteStrictMode {
		t.Fatalf("device cookie %+v", device)
	}
	stranger := e.browserFrom(nextClientIP())
	for range DefaultThrottle.MaxPerEmail {
		wantError(t, stranger.do("POST", "/api/auth/login", map[string]any{"email": email, "password": "guess"}), 400, "login_failed", "")
	}
	wantError(t, stranger.do("POST", "/api/auth/login", map[string]any{"email": email, "password": testPassword}), 429, "throttled", "")
	// A fresh browser of the owner is locked out like the stranger…
	wantError(t, e.browserFrom(nextClientIP()).do("POST", "/api/auth/login", map[string]any{"email": email, "password": testPassword}), 429, "throttled", "")
	// … the known one is not.
	wantStatus(t, owner.do("POST", "/api/auth/login", map[string]any{"email": email, "password": testPassword}), http.StatusOK)
	// A forged device cookie, and another account's, count as none.
	other := newEmail(t)
	e.signUp(t, other, testPassword)
	otherDevice := e.login(t, other, testPassword).do("POST", "/api/auth/login", map[string]any{"email": other, "password": testPassword}).cookie(deviceCookie)
	for _, c := range []string{"x." + strings.Repeat("A", 43), otherDevice.Value, strings.Repeat("A", 22) + "." + strings.Split(device.Value, ".")[1]} {
		b := e.browserFrom(nextClientIP())
		wantError(t, b.do("POST", "/api/auth/login", map[string]any{"email": email, "password": testPassword},
			header("Cookie", deviceCookie+"="+c)), 429, "throttled", "")
	}
	// The known device's own failures lock only itself.
	for range DefaultThrottle.MaxPerEmail {
		wantError(t, owner.do("POST", "/api/auth/login", map[string]any{"email": email, "password": "typo"}), 400, "login_failed", "")
	}
	wantError(t, owner.do("POST", "/api/auth/login", map[string]any{"email": email, "password": testPassword}), 429, "throttled", "")
}
