package domain_test

import (
	"context"
	"testing"
	"time"

	"arbor"
	"arbor/domain"
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
	register(t, app, email, "right password")
	if _, err := app.LogIn(ctx, throttle, email, "right password", "198.51.100.1", ""); arbor.ErrorCode(err) != arbor.ENOTCONFIRMED {
		t.Fatalf("unconfirmed: %v", err)
	}
	confirm(t, app, db, "mail_login_test", email)
	stranger := uniqueEmail(t)
	tryLogIns(t, app, throttle, []loginTry{
		{"unknown address", stranger, "right password", "198.51.100.1", "", 1, arbor.ELOGINFAILED},
		{"wrong password", email, "wrong password", "198.51.100.1", "", 1, arbor.ELOGINFAILED},
		{"right password", email, "right password", "198.51.100.1", "", 1, ""},
		// The success forgot its own try, not the wrong one before it (a stranger's, for all
		// the server knows): two more fail, the third is not even evaluated.
		{"wrong password", email, "wrong password", "198.51.100.2", "", 2, arbor.ELOGINFAILED},
		{"a fourth try within the window", email, "wrong password", "198.51.100.2", "", 1, arbor.ETHROTTLED},
		{"beyond the limit", email, "right password", "198.51.100.3", "", 1, arbor.ETHROTTLED},
	})
}

// TestLogInKnownDevice: a browser that logged in before (a device cookie's id) keeps its own
// allowance while strangers have used up the address's; its own failures lock only itself.
func TestLogInKnownDevice(t *testing.T) {
	t.Parallel()
	_, db, app := open(t, "mail_login_device_test")
	throttle := store.Throttle{Window: 15 * time.Minute, MaxPerEmail: 3, MaxPerClient: 50, MaxPerDevice: 2}
	email := uniqueEmail(t)
	register(t, app, email, "right password")
	confirm(t, app, db, "mail_login_device_test", email)
	tryLogIns(t, app, throttle, []loginTry{
		{"stranger", email, "guess", "203.0.113.66", "", 3, arbor.ELOGINFAILED},
		{"an unknown browser while the address is locked", email, "right password", "198.51.100.7", "", 1, arbor.ETHROTTLED},
		{"the owner's known browser is locked out by a stranger", email, "right password", "198.51.100.7", "device-one", 1, ""},
		{"the device's own failure", email, "typo", "198.51.100.7", "device-one", 2, arbor.ELOGINFAILED},
		{"beyond the device's own allowance", email, "right password", "198.51.100.7", "device-one", 1, arbor.ETHROTTLED},
		{"another known device", email, "right password", "198.51.100.8", "device-two", 1, ""},
	})
}

// loginTry is a log-in tried times in a row from a client (and a device, "" none), and the
// error code each try must end in ("" a success).
// register makes Ada Baum's account of email with password, in English.
func register(t *testing.T, app *domain.Service, email, password string) {
	t.Helper()
	if err := app.Register(context.Background(), store.NewUser{FirstName: "Ada", LastName: "Baum", Email: email, Language: "en"}, password); err != nil {
		t.Fatal(err)
	}
}

// confirm confirms email's account with the link of the message queued for it.
func confirm(t *testing.T, app *domain.Service, db *store.DB, queue, email string) {
	t.Helper()
	if _, err := app.Confirm(context.Background(), email, linkToken(t, db, queue, email)); err != nil {
		t.Fatal(err)
	}
}

type loginTry struct {
	what, email, password, client, device string
	times                                 int
	want                                  string
}

// tryLogIns runs the tries in order.
func tryLogIns(t *testing.T, app *domain.Service, throttle store.Throttle, tries []loginTry) {
	t.Helper()
	for _, try := range tries {
		for range try.times {
			u, err := app.LogIn(context.Background(), throttle, try.email, try.password, try.client, try.device)
			switch {
			case try.want == "" && (err != nil || u.Email != try.email):
				t.Fatalf("%s: %+v, %v", try.what, u, err)
			case try.want != "" && arbor.ErrorCode(err) != try.want:
				t.Fatalf("%s: %v", try.what, err)
			}
		}
	}
}
