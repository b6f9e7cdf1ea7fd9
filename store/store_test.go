package store_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"arbor"
	"arbor/auth"
	"arbor/store"
	"arbor/store/storetest"
)

func TestMain(m *testing.M) { os.Exit(storetest.Run(m)) }

var seq atomic.Int64

func uniqueEmail(t *testing.T) string { return storetest.UniqueEmail(t, "Example.org") }

// openDB marks the test parallel and answers its own database and the context its calls run in.
func openDB(t *testing.T) (context.Context, *store.DB) {
	t.Helper()
	t.Parallel()
	return context.Background(), storetest.MustOpenDB(t)
}

func uniqueClient() string { return fmt.Sprintf("198.51.100.%d", seq.Add(1)) }

func newUser(t *testing.T, db *store.DB) *store.User {
	t.Helper()
	u, err := db.InsertUser(context.Background(), store.NewUser{FirstName: "Ada", LastName: "Baum", Email: uniqueEmail(t),
		PasswordHash: "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA", Language: "de"})
	if err != nil {
		t.Fatal(err)
	}
	return u
}

func wantCode(t *testing.T, err error, code string) {
	t.Helper()
	if got := arbor.ErrorCode(err); got != code || err == nil {
		t.Fatalf("error %v (code %s), want code %s", err, got, code)
	}
}

// tokenUser is a new user holding a token of purpose, good for ttl.
func tokenUser(t *testing.T, db *store.DB, purpose string, ttl time.Duration) (*store.User, string) {
	t.Helper()
	u := newUser(t, db)
	token := auth.RandomToken()
	if err := db.InsertToken(context.Background(), u.ID, purpose, u.Email, auth.TokenHash(token), ttl); err != nil {
		t.Fatal(err)
	}
	return u, token
}

func TestTakeTokenSingleUse(t *testing.T) {
	ctx, db := openDB(t)
	u, token := tokenUser(t, db, store.TokenReset, time.Hour)
	// Wrong purpose, wrong address, wrong token: refused and not used up.
	_, _, err := db.TakeToken(ctx, u.Email, auth.TokenHash(token), store.TokenConfirm, store.TokenEmail)
	wantCode(t, err, arbor.EINVALIDTOKEN)
	_, _, err = db.TakeToken(ctx, "someone@else.org", auth.TokenHash(token), store.TokenReset)
	wantCode(t, err, arbor.EINVALIDTOKEN)
	_, _, err = db.TakeToken(ctx, u.Email, auth.TokenHash(auth.RandomToken()), store.TokenReset)
	wantCode(t, err, arbor.EINVALIDTOKEN)

	// The address is compared without regard to case.
	id, purpose, err := db.TakeToken(ctx, strings.ToUpper(u.Email), auth.TokenHash(token), store.TokenConfirm, store.TokenReset)
	if err != nil || id != u.ID || purpose != store.TokenReset {
		t.Fatalf("TakeToken = %q, %q, %v", id, purpose, err)
	}
	_, _, err = db.TakeToken(ctx, u.Email, auth.TokenHash(token), store.TokenReset)
	wantCode(t, err, arbor.EINVALIDTOKEN)

	// Only a hash is stored.
	var n int
	if err := db.Pool.QueryRow(ctx, `SELECT count(*) FROM user_token WHERE user_id = $1`, u.ID).Scan(&n); err != nil || n != 0 {
		t.Fatalf("%d tokens left, %v", n, err)
	}
}

func TestTakeTokenConcurrently(t *testing.T) {
	ctx, db := openDB(t)
	u, token := tokenUser(t, db, store.TokenConfirm, time.Hour)
	const n = 8
	results := make(chan error, n)
	for i := 0; i < n; i++ {
		go func() {
			_, _, err := db.TakeToken(ctx, u.Email, auth.TokenHash(token), store.TokenConfirm)
			results <- err
		}()
	}
	ok := 0
	for i := 0; i < n; i++ {
		if err := <-results; err == nil {
			ok++
		} else {
			wantCode(t, err, arbor.EINVALIDTOKEN)
		}
	}
	if ok != 1 {
		t.Fatalf("%d of %d concurrent uses succeeded, want exactly 1", ok, n)
	}
}

func TestTakeTokenExpiry(t *testing.T) {
	ctx, db := openDB(t)
	u, token := tokenUser(t, db, store.TokenConfirm, 90*time.Minute)
	var exp time.Time
	if err := db.Pool.QueryRow(ctx, `SELECT expires_at FROM user_token WHERE token_hash = $1`, auth.TokenHash(token)).Scan(&exp); err != nil {
		t.Fatal(err)
	}
	if d := time.Until(exp); d < 89*time.Minute || d > 91*time.Minute {
		t.Fatalf("token expires in %v, want 90 minutes", d)
	}
	if _, err := db.Pool.Exec(ctx, `UPDATE user_token SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, auth.TokenHash(token)); err != nil {
		t.Fatal(err)
	}
	_, _, err := db.TakeToken(ctx, u.Email, auth.TokenHash(token), store.TokenConfirm)
	wantCode(t, err, arbor.EINVALIDTOKEN)

	// DeleteTokens removes only one purpose.
	a, b := auth.RandomToken(), auth.RandomToken()
	_ = db.InsertToken(ctx, u.ID, store.TokenReset, u.Email, auth.TokenHash(a), time.Hour)
	_ = db.InsertToken(ctx, u.ID, store.TokenEmail, "new@example.org", auth.TokenHash(b), time.Hour)
	if err := db.DeleteTokens(ctx, u.ID, store.TokenReset); err != nil {
		t.Fatal(err)
	}
	_, _, err = db.TakeToken(ctx, u.Email, auth.TokenHash(a), store.TokenReset)
	wantCode(t, err, arbor.EINVALIDTOKEN)
	if _, purpose, err := db.TakeToken(ctx, "NEW@example.org", auth.TokenHash(b), store.TokenEmail); err != nil || purpose != store.TokenEmail {
		t.Fatalf("the e-mail token went with the reset tokens: %v", err)
	}
}

func TestLoginWaitPerEmail(t *testing.T) {
	ctx, db := openDB(t)
	th := store.Throttle{Window: 15 * time.Minute, MaxPerEmail: 3, MaxPerClient: 100}
	email, client := uniqueEmail(t), uniqueClient()

	for i := 0; i < th.MaxPerEmail; i++ {
		wait, err := db.LoginWait(ctx, th, email, client)
		if err != nil || wait != 0 {
			t.Fatalf("after %d failures: wait %v, %v", i, wait, err)
		}
		// Failures are counted whatever the case of the address and wherever they come from.
		addr := email
		if i%2 == 1 {
			addr = strings.ToUpper(email)
		}
		if err := db.RecordLoginFailure(ctx, addr, uniqueClient()); err != nil {
			t.Fatal(err)
		}
	}
	wait, err := db.LoginWait(ctx, th, strings.ToLower(email), client)
	if err != nil {
		t.Fatal(err)
	}
	if wait < 14*time.Minute || wait > 15*time.Minute {
		t.Fatalf("wait %v after %d failures, want about 15 minutes", wait, th.MaxPerEmail)
	}
	// Another address is free.
	if wait, _ := db.LoginWait(ctx, th, uniqueEmail(t), client); wait != 0 {
		t.Fatalf("another address must wait %v", wait)
	}
	// The wait ends when the oldest failure leaves the window.
	if _, err := db.Pool.Exec(ctx, `UPDATE login_failure SET at = now() - interval '14 minutes'
		WHERE id = (SELECT min(id) FROM login_failure WHERE email = lower($1))`, email); err != nil {
		t.Fatal(err)
	}
	if wait, _ := db.LoginWait(ctx, th, email, client); wait < 50*time.Second || wait > 61*time.Second {
		t.Fatalf("wait %v, want about one minute once the oldest failure is 14 minutes old", wait)
	}
	if _, err := db.Pool.Exec(ctx, `UPDATE login_failure SET at = now() - interval '16 minutes'
		WHERE id = (SELECT min(id) FROM login_failure WHERE email = lower($1))`, email); err != nil {
		t.Fatal(err)
	}
	if wait, _ := db.LoginWait(ctx, th, email, client); wait != 0 {
		t.Fatalf("wait %v with only %d failures inside the window", wait, th.MaxPerEmail-1)
	}

	// ClearLoginFailures forgets them all.
	_ = db.RecordLoginFailure(ctx, email, client)
	if wait, _ := db.LoginWait(ctx, th, email, client); wait == 0 {
		t.Fatal("not throttled again")
	}
	if err := db.ClearLoginFailures(ctx, strings.ToUpper(email)); err != nil {
		t.Fatal(err)
	}
	if wait, err := db.LoginWait(ctx, th, email, client); wait != 0 || err != nil {
		t.Fatalf("after ClearLoginFailures: wait %v, %v", wait, err)
	}
}

func TestLoginWaitPerClient(t *testing.T) {
	ctx, db := openDB(t)
	th := store.Throttle{Window: 5 * time.Minute, MaxPerEmail: 100, MaxPerClient: 4}
	client, other := uniqueClient(), uniqueClient()
	var emails []string
	for i := 0; i < th.MaxPerClient; i++ {
		if wait, _ := db.LoginWait(ctx, th, uniqueEmail(t), client); wait != 0 {
			t.Fatalf("throttled after %d failures", i)
		}
		e := uniqueEmail(t)
		emails = append(emails, e)
		if err := db.RecordLoginFailure(ctx, e, client); err != nil {
			t.Fatal(err)
		}
	}
	wait, err := db.LoginWait(ctx, th, uniqueEmail(t), client)
	if err != nil || wait < 4*time.Minute || wait > 5*time.Minute {
		t.Fatalf("client wait %v, %v; want about 5 minutes", wait, err)
	}
	if wait, _ := db.LoginWait(ctx, th, emails[0], other); wait != 0 {
		t.Fatalf("another client must wait %v", wait)
	}
	// A good log-in of one of the addresses clears its failures, and the client is below its limit.
	if err := db.ClearLoginFailures(ctx, emails[0]); err != nil {
		t.Fatal(err)
	}
	if wait, _ := db.LoginWait(ctx, th, uniqueEmail(t), client); wait != 0 {
		t.Fatalf("wait %v after clearing one address", wait)
	}
}

func TestSessions(t *testing.T) {
	ctx, db := openDB(t)
	u, other := newUser(t, db), newUser(t, db)
	live, expired, foreign := []byte("live-"+u.ID), []byte("expired-"+u.ID), []byte("foreign-"+u.ID)
	for _, s := range []struct {
		hash    []byte
		user    string
		expires time.Time
	}{
		{live, u.ID, time.Now().Add(time.Hour)},
		{expired, u.ID, time.Now().Add(-time.Minute)},
		{foreign, other.ID, time.Now().Add(time.Hour)},
	} {
		if err := db.InsertSession(ctx, s.hash, s.user, "user", s.expires); err != nil {
			t.Fatal(err)
		}
	}
	check := func(hash []byte, user string, want bool) {
		t.Helper()
		ok, err := db.SessionValid(ctx, hash, user)
		if err != nil || ok != want {
			t.Fatalf("SessionValid(%s, %s) = %v, %v; want %v", hash, user, ok, err, want)
		}
	}
	check(live, u.ID, true)
	check(expired, u.ID, false)
	check(foreign, u.ID, false) // a token of another user
	check([]byte("unknown"), u.ID, false)

	if err := db.InsertSession(ctx, live, u.ID, "bogus", time.Now().Add(time.Hour)); err == nil {
		t.Fatal("a session of an unknown type was stored")
	}

	// Prune removes expired sessions only.
	if err := db.Prune(ctx); err != nil {
		t.Fatal(err)
	}
	count := func(hash []byte) int {
		var n int
		if err := db.Pool.QueryRow(ctx, `SELECT count(*) FROM session WHERE token_hash = $1`, hash).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	if count(expired) != 0 || count(live) != 1 || count(foreign) != 1 {
		t.Fatalf("after Prune: expired %d, live %d, foreign %d", count(expired), count(live), count(foreign))
	}

	if err := db.DeleteSession(ctx, live); err != nil {
		t.Fatal(err)
	}
	check(live, u.ID, false)
	check(foreign, other.ID, true)
	if err := db.DeleteSessions(ctx, other.ID); err != nil {
		t.Fatal(err)
	}
	check(foreign, other.ID, false)
}

func TestPruneTokensAndFailures(t *testing.T) {
	ctx, db := openDB(t)
	u := newUser(t, db)
	old, fresh := auth.RandomToken(), auth.RandomToken()
	_ = db.InsertToken(ctx, u.ID, store.TokenConfirm, u.Email, auth.TokenHash(old), time.Hour)
	_ = db.InsertToken(ctx, u.ID, store.TokenReset, u.Email, auth.TokenHash(fresh), time.Hour)
	exec := func(sql string, args ...any) {
		t.Helper()
		if _, err := db.Pool.Exec(ctx, sql, args...); err != nil {
			t.Fatalf("%s: %v", sql, err)
		}
	}
	exec(`UPDATE user_token SET expires_at = now() - interval '1 minute' WHERE token_hash = $1`, auth.TokenHash(old))
	email := uniqueEmail(t)
	exec(`INSERT INTO login_failure (email, client, at) VALUES (lower($1), 'x', now() - interval '2 hours'), (lower($1), 'x', now())`, email)

	if err := db.Prune(ctx); err != nil {
		t.Fatal(err)
	}
	var tokens, failures int
	_ = db.Pool.QueryRow(ctx, `SELECT count(*) FROM user_token WHERE user_id = $1`, u.ID).Scan(&tokens)
	_ = db.Pool.QueryRow(ctx, `SELECT count(*) FROM login_failure WHERE email = lower($1)`, email).Scan(&failures)
	if tokens != 1 || failures != 1 {
		t.Fatalf("after Prune: %d tokens (want the fresh one), %d failures (want the recent one)", tokens, failures)
	}
	if _, _, err := db.TakeToken(ctx, u.Email, auth.TokenHash(fresh), store.TokenReset); err != nil {
		t.Fatalf("Prune removed a live token: %v", err)
	}
}

func TestUsers(t *testing.T) {
	ctx, db := openDB(t)
	u := newUser(t, db)
	if u.ConfirmedAt != nil || u.Version != 1 || u.Alias != "Ada Baum" || len(u.Authorities) != 1 || u.Authorities[0] != "user" {
		t.Fatalf("new user %+v", u)
	}
	// Addresses are unique regardless of case.
	_, err := db.InsertUser(ctx, store.NewUser{FirstName: "X", LastName: "Y", Email: strings.ToUpper(u.Email), PasswordHash: "h", Language: "en"})
	wantCode(t, err, arbor.ECONFLICT)
	var ae *arbor.Error
	if !errors.As(err, &ae) || ae.Fields["email"] != "field.email_taken" {
		t.Fatalf("duplicate address error %v", err)
	}
	got, err := db.UserByEmail(ctx, strings.ToLower(u.Email))
	if err != nil || got.ID != u.ID {
		t.Fatalf("UserByEmail: %v", err)
	}
	_, err = db.UserByEmail(ctx, "nobody@example.org")
	wantCode(t, err, arbor.ENOTFOUND)
	_, err = db.UserByID(ctx, "00000000-0000-0000-0000-000000000000")
	wantCode(t, err, arbor.ENOTFOUND)

	// An unconfirmed account can be replaced, a confirmed one cannot.
	r, err := db.ReplaceUnconfirmed(ctx, u.ID, store.NewUser{FirstName: "Berta", LastName: "Buche", PasswordHash: "h2", Language: "fr"})
	if err != nil || r.FirstName != "Berta" || r.Language != "fr" || r.Email != u.Email || r.Version != 2 {
		t.Fatalf("ReplaceUnconfirmed: %+v, %v", r, err)
	}
	if err := db.ConfirmUser(ctx, u.ID); err != nil {
		t.Fatal(err)
	}
	c1, _ := db.UserByID(ctx, u.ID)
	if c1.ConfirmedAt == nil {
		t.Fatal("not confirmed")
	}
	_ = db.ConfirmUser(ctx, u.ID) // idempotent: keeps the first time
	if c2, _ := db.UserByID(ctx, u.ID); !c2.ConfirmedAt.Equal(*c1.ConfirmedAt) {
		t.Fatal("confirming again changed the confirmation time")
	}
	_, err = db.ReplaceUnconfirmed(ctx, u.ID, store.NewUser{FirstName: "Mallory", LastName: "M", PasswordHash: "h3", Language: "en"})
	wantCode(t, err, arbor.ENOTFOUND)

	// A stale version is a conflict that carries the current state.
	_, err = db.UpdateProfile(ctx, u.ID, store.ProfileUpdate{FirstName: "A", LastName: "B", Language: "en", Version: 1})
	wantCode(t, err, arbor.ECONFLICT)
	if !errors.As(err, &ae) || ae.Current.(*store.User).Version != c1.Version {
		t.Fatalf("conflict without the current user: %v", err)
	}
	pending := uniqueEmail(t)
	up, err := db.UpdateProfile(ctx, u.ID, store.ProfileUpdate{FirstName: "A", LastName: "B", Language: "en", Version: c1.Version,
		SetPending: true, PendingEmail: &pending})
	if err != nil || up.Version != c1.Version+1 || up.PendingEmail == nil || *up.PendingEmail != pending {
		t.Fatalf("UpdateProfile: %+v, %v", up, err)
	}
	// Confirming an address that is not the pending one does nothing.
	wantCode(t, db.ConfirmEmailChange(ctx, u.ID, "other@example.org"), arbor.EINVALIDTOKEN)
	if err := db.ConfirmEmailChange(ctx, u.ID, strings.ToUpper(pending)); err != nil {
		t.Fatal(err)
	}
	if now, _ := db.UserByID(ctx, u.ID); now.Email != pending || now.PendingEmail != nil {
		t.Fatalf("after ConfirmEmailChange: %q, %v", now.Email, now.PendingEmail)
	}

	// Deleting an account removes its sessions and tokens.
	_ = db.InsertSession(ctx, []byte("s-"+u.ID), u.ID, "user", time.Now().Add(time.Hour))
	_ = db.InsertToken(ctx, u.ID, store.TokenReset, pending, auth.TokenHash(auth.RandomToken()), time.Hour)
	if err := db.DeleteUser(ctx, u.ID); err != nil {
		t.Fatal(err)
	}
	var n int
	_ = db.Pool.QueryRow(ctx, `SELECT (SELECT count(*) FROM session WHERE user_id = $1) + (SELECT count(*) FROM user_token WHERE user_id = $1)`, u.ID).Scan(&n)
	if n != 0 {
		t.Fatalf("%d sessions and tokens left after deleting the account", n)
	}
}

func TestInTxRollsBack(t *testing.T) {
	ctx, db := openDB(t)
	email := uniqueEmail(t)
	boom := errors.New("boom")
	err := db.InTx(ctx, func(tx *store.Tx) error {
		if _, err := tx.InsertUser(ctx, store.NewUser{FirstName: "A", LastName: "B", Email: email, PasswordHash: "h", Language: "en"}); err != nil {
			return err
		}
		// Seen inside the transaction …
		if _, err := tx.UserByEmail(ctx, email); err != nil {
			t.Errorf("inside the transaction: %v", err)
		}
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatalf("InTx returned %v", err)
	}
	// … and gone after the rollback.
	_, err = db.UserByEmail(ctx, email)
	wantCode(t, err, arbor.ENOTFOUND)

	if err := db.InTx(ctx, func(tx *store.Tx) error {
		_, err := tx.InsertUser(ctx, store.NewUser{FirstName: "A", LastName: "B", Email: email, PasswordHash: "h", Language: "en"})
		return err
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := db.UserByEmail(ctx, email); err != nil {
		t.Fatalf("committed user missing: %v", err)
	}
}

func TestOpenRedactsPassword(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	_, err := store.Open(ctx, "postgres://arbor:hunter2secret@127.0.0.1:1/arbor?sslmode=disable&connect_timeout=2")
	if err == nil {
		t.Fatal("opened a database on a closed port")
	}
	if strings.Contains(err.Error(), "hunter2secret") {
		t.Fatalf("the error shows the password: %v", err)
	}
	if _, err := store.Open(ctx, "postgres://%zz"); err == nil || !strings.Contains(err.Error(), "DATABASE_URL") {
		t.Fatalf("a malformed URL: %v", err)
	}
}
