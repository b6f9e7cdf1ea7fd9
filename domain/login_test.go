package domain_test

import (
	"testing"
	"time"

	"arbor"
	"arbor/store"
)

// TestLogIn: a wrong password and an unknown address fail alike and are counted; beyond the
// limit even the right password waits; an unconfirmed account is told so; a success forgets its
// own try only.
func TestLogIn(t *testing.T) {
	t.Parallel()
	ctx, db, app := open(t, "mail_login_test")
	throttle := store.Throttle{Window: 15 * time.Minute, MaxPerEmail: 3, MaxPerClient: 50}
	email := uniqueEmail(t)
	if err := app.Register(ctx, store.NewUser{FirstName: "Ada", LastName: "Baum", Email: email, Language: "en"}, "right password"); err != nil {
		t.Fatal(err)
	}
	if _, err := app.LogIn(ctx, throttle, email, "right password", "198.51.100.1", ""); arbor.ErrorCode(err) != arbor.ENOTCONFIRMED {
		t.Fatalf("unconfirmed: %v", err)
	}
	if _, err := app.Confirm(ctx, email, linkToken(t, db, "mail_login_test", email)); err != nil {
		t.Fatal(err)
	}
	if _, err := app.LogIn(ctx, throttle, uniqueEmail(t), "right password", "198.51.100.1", ""); arbor.ErrorCode(err) != arbor.ELOGINFAILED {
		t.Fatalf("unknown address: %v", err)
	}
	if _, err := app.LogIn(ctx, throttle, email, "wrong password", "198.51.100.1", ""); arbor.ErrorCode(err) != arbor.ELOGINFAILED {
		t.Fatalf("wrong password: %v", err)
	}
	u, err := app.LogIn(ctx, throttle, email, "right password", "198.51.100.1", "")
	if err != nil || u.Email != email {
		t.Fatalf("right password: %+v, %v", u, err)
	}
	// The success forgot its own try, not the wrong one before it (a stranger's, for all the
	// server knows): two more fail, the third is not even evaluated.
	for range 2 {
		if _, err := app.LogIn(ctx, throttle, email, "wrong password", "198.51.100.2", ""); arbor.ErrorCode(err) != arbor.ELOGINFAILED {
			t.Fatalf("wrong password: %v", err)
		}
	}
	if _, err := app.LogIn(ctx, throttle, email, "wrong password", "198.51.100.2", ""); arbor.ErrorCode(err) != arbor.ETHROTTLED {
		t.Fatalf("a fourth try within the window: %v", err)
	}
	if _, err := app.LogIn(ctx, throttle, email, "right password", "198.51.100.3", ""); arbor.ErrorCode(err) != arbor.ETHROTTLED {
		t.Fatalf("beyond the limit: %v", err)
	}
}

// TestLogInKnownDevice: a browser that logged in before (a device cookie's id) keeps its own
// allowance while strangers have used up the address's; its own failures lock only itself.
func TestLogInKnownDevice(t *testing.T) {
	t.Parallel()
	ctx, db, app := open(t, "mail_login_device_test")
	throttle := store.Throttle{Window: 15 * time.Minute, MaxPerEmail: 3, MaxPerClient: 50, MaxPerDevice: 2}
	email := uniqueEmail(t)
	if err := app.Register(ctx, store.NewUser{FirstName: "Ada", LastName: "Baum", Email: email, Language: "en"}, "right password"); err != nil {
		t.Fatal(err)
	}
	if _, err := app.Confirm(ctx, email, linkToken(t, db, "mail_login_device_test", email)); err != nil {
		t.Fatal(err)
	}
	for range 3 {
		if _, err := app.LogIn(ctx, throttle, email, "guess", "203.0.113.66", ""); arbor.ErrorCode(err) != arbor.ELOGINFAILED {
			t.Fatalf("stranger: %v", err)
		}
	}
	if _, err := app.LogIn(ctx, throttle, email, "right password", "198.51.100.7", ""); arbor.ErrorCode(err) != arbor.ETHROTTLED {
		t.Fatalf("an unknown browser while the address is locked: %v", err)
	}
	if _, err := app.LogIn(ctx, throttle, email, "right password", "198.51.100.7", "device-one"); err != nil {
		t.Fatalf("the owner's known browser is locked out by a stranger: %v", err)
	}
	for range 2 {
		if _, err := app.LogIn(ctx, throttle, email, "typo", "198.51.100.7", "device-one"); arbor.ErrorCode(err) != arbor.ELOGINFAILED {
			t.Fatalf("the device's own failure: %v", err)
		}
	}
	if _, err := app.LogIn(ctx, throttle, email, "right password", "198.51.100.7", "device-one"); arbor.ErrorCode(err) != arbor.ETHROTTLED {
		t.Fatalf("beyond the device's own allowance: %v", err)
	}
	if _, err := app.LogIn(ctx, throttle, email, "right password", "198.51.100.8", "device-two"); err != nil {
		t.Fatalf("another known device: %v", err)
	}
}
