package domain_test

import (
	"context"
	"net/url"
	"os"
	"regexp"
	"testing"
	"time"

	"arbor"
	"arbor/domain"
	"arbor/store"
	"arbor/store/storetest"
)

func TestMain(m *testing.M) { os.Exit(storetest.Run(m)) }

func uniqueEmail(t *testing.T) string { return storetest.UniqueEmail(t, "example.org") }

// queued answers the subjects of the messages queued for to, oldest first.
func queued(t *testing.T, db *store.DB, queue, to string) []string {
	t.Helper()
	return storetest.Strings(t, db.Pool, `SELECT args->>'subject' FROM river_job
		WHERE kind = 'mail' AND queue = $1 AND args->>'to' = $2 ORDER BY id`, queue, to)
}

// TestRegister: a new address gets an unconfirmed account and a confirmation link; registering
// it again replaces the account and only the new link works; a confirmed address gets a note and
// keeps its account as it was.
func TestRegister(t *testing.T) {
	t.Parallel()
	db := storetest.MustOpenDB(t)
	ctx := context.Background()
	queue := "mail_register_test"
	app := domain.New(db, queue, "https://arbor.example/")
	email := uniqueEmail(t)
	nu := store.NewUser{FirstName: "Ada", LastName: "Baum", Email: email, Language: "en"}
	if err := app.Register(ctx, nu, "first password"); err != nil {
		t.Fatal(err)
	}
	u, err := db.UserByEmail(ctx, email)
	if err != nil || u.ConfirmedAt != nil || u.FirstName != "Ada" {
		t.Fatalf("registered %+v, %v", u, err)
	}
	if got := queued(t, db, queue, email); len(got) != 1 {
		t.Fatalf("messages %q, want one confirmation", got)
	}

	nu.FirstName, nu.Language = "Adele", "de"
	if err := app.Register(ctx, nu, "second password"); err != nil {
		t.Fatal(err)
	}
	again, err := db.UserByEmail(ctx, email)
	if err != nil || again.ID != u.ID || again.FirstName != "Adele" || again.Language != "de" {
		t.Fatalf("registered again %+v, %v", again, err)
	}
	var tokens int
	if err := db.Pool.QueryRow(ctx, `SELECT count(*) FROM user_token WHERE user_id = $1 AND purpose = 'confirm'`, u.ID).Scan(&tokens); err != nil || tokens != 1 {
		t.Fatalf("%d confirmation tokens, %v; want only the newest", tokens, err)
	}
	got := queued(t, db, queue, email)
	if len(got) != 2 || got[0] == got[1] {
		t.Fatalf("messages %q: want an English and a German confirmation", got)
	}

	if _, err := db.Pool.Exec(ctx, `UPDATE app_user SET confirmed_at = $2 WHERE id = $1`, u.ID, time.Now()); err != nil {
		t.Fatal(err)
	}
	if err := app.Register(ctx, store.NewUser{FirstName: "Eve", LastName: "X", Email: email, Language: "en"}, "third password"); err != nil {
		t.Fatal(err)
	}
	kept, err := db.UserByEmail(ctx, email)
	if err != nil || kept.FirstName != "Adele" || kept.PasswordHash != again.PasswordHash {
		t.Fatalf("a confirmed account was changed: %+v, %v", kept, err)
	}
	if got := queued(t, db, queue, email); len(got) != 3 || got[2] == got[1] {
		t.Fatalf("messages %q: want a note to the owner last", got)
	}
}

// linkToken reads the token of the newest link mailed to to.
func linkToken(t *testing.T, db *store.DB, queue, to string) string {
	t.Helper()
	var text string
	if err := db.Pool.QueryRow(context.Background(), `SELECT args->>'text' FROM river_job
		WHERE kind = 'mail' AND queue = $1 AND args->>'to' = $2 ORDER BY id DESC LIMIT 1`, queue, to).Scan(&text); err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`https://\S+`).FindString(text)
	u, err := url.Parse(m)
	if err != nil || u.Query().Get("token") == "" {
		t.Fatalf("no link with a token in %q", text)
	}
	return u.Query().Get("token")
}

// TestConfirmAndReset: the mailed link confirms the account once; a reset link sets a new
// password, revokes the sessions and works once, as changing the password does; an unknown
// address is sent nothing.
func TestConfirmAndReset(t *testing.T) {
	t.Parallel()
	queue := "mail_confirm_test"
	ctx, db, app := open(t, queue)
	email := uniqueEmail(t)
	register(t, app, email, "first password")
	token := linkToken(t, db, queue, email)
	if purpose, err := app.Confirm(ctx, email, token); err != nil || purpose != store.TokenConfirm {
		t.Fatalf("confirm: %q, %v", purpose, err)
	}
	u, err := db.UserByEmail(ctx, email)
	if err != nil || u.ConfirmedAt == nil {
		t.Fatalf("confirmed %+v, %v", u, err)
	}
	if _, err := app.Confirm(ctx, email, token); arbor.ErrorCode(err) != arbor.EINVALIDTOKEN {
		t.Fatalf("a used link: %v", err)
	}

	// changes changes the password by change and wants a session begun before it ended.
	hash := u.PasswordHash
	changes := func(what string, change func() error) {
		t.Helper()
		session := []byte("a session before the " + what)
		if err := db.InsertSession(ctx, session, u.ID, "user", time.Now().Add(time.Hour)); err != nil {
			t.Fatal(err)
		}
		if err := change(); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		after, err := db.UserByEmail(ctx, email)
		if err != nil || after.PasswordHash == hash {
			t.Fatalf("the %s did not change the password: %v", what, err)
		}
		hash = after.PasswordHash
		if ok, err := db.SessionValid(ctx, session, u.ID); err != nil || ok {
			t.Fatalf("a session outlived the %s: %v, %v", what, ok, err)
		}
	}
	if err := app.RequestReset(ctx, email); err != nil {
		t.Fatal(err)
	}
	reset := linkToken(t, db, queue, email)
	changes("reset", func() error { return app.ResetPassword(ctx, email, reset, "second password") })
	if err := app.ResetPassword(ctx, email, reset, "third password"); arbor.ErrorCode(err) != arbor.EINVALIDTOKEN {
		t.Fatalf("a used reset link: %v", err)
	}
	changes("change", func() error { return app.ChangePassword(ctx, u.ID, "fourth password") })

	nobody := uniqueEmail(t)
	if err := app.RequestReset(ctx, nobody); err != nil || len(queued(t, db, queue, nobody)) != 0 {
		t.Fatalf("an unknown address: %v", err)
	}
}
