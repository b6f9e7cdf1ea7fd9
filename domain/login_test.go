package domain_test

import (
	"testing"
	"time"

	"arbor"
	"arbor/store"
)

// TestLogIn: a wrong password and an unknown address fail alike and are counted; beyond the
// limit even the right password waits; an unconfirmed account is told so; a success forgets the
// failures.
func TestLogIn(t *testing.T) {
	t.Parallel()
	ctx, db, app := open(t, "mail_login_test")
	throttle := store.Throttle{Window: 15 * time.Minute, MaxPerEmail: 3, MaxPerClient: 50}
	email := uniqueEmail(t)
	if err := app.Register(ctx, store.NewUser{FirstName: "Ada", LastName: "Baum", Email: email, Language: "en"}, "right password"); err != nil {
		t.Fatal(err)
	}
	if _, err := app.LogIn(ctx, throttle, email, "right password", "198.51.100.1"); arbor.ErrorCode(err) != arbor.ENOTCONFIRMED {
		t.Fatalf("unconfirmed: %v", err)
	}
	if _, err := app.Confirm(ctx, email, linkToken(t, db, "mail_login_test", email)); err != nil {
		t.Fatal(err)
	}
	if _, err := app.LogIn(ctx, throttle, uniqueEmail(t), "right password", "198.51.100.1"); arbor.ErrorCode(err) != arbor.ELOGINFAILED {
		t.Fatalf("unknown address: %v", err)
	}
	if _, err := app.LogIn(ctx, throttle, email, "wrong password", "198.51.100.1"); arbor.ErrorCode(err) != arbor.ELOGINFAILED {
		t.Fatalf("wrong password: %v", err)
	}
	u, err := app.LogIn(ctx, throttle, email, "right password", "198.51.100.1")
	if err != nil || u.Email != email {
		t.Fatalf("right password: %+v, %v", u, err)
	}
	for range 3 {
		if _, err := app.LogIn(ctx, throttle, email, "wrong password", "198.51.100.2"); arbor.ErrorCode(err) != arbor.ELOGINFAILED {
			t.Fatalf("wrong password: %v", err)
		}
	}
	if _, err := app.LogIn(ctx, throttle, email, "right password", "198.51.100.3"); arbor.ErrorCode(err) != arbor.ETHROTTLED {
		t.Fatalf("beyond the limit: %v", err)
	}
}
