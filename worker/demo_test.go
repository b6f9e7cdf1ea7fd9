package worker_test

import (
	"slices"
	"testing"
	"time"

	"arbor/domain"
	"arbor/worker"
)

// TestDemoJob: the queue's periodic demo job runs when the worker starts and tells the
// administrator of an organisation whose demo has ended, once.
func TestDemoJob(t *testing.T) {
	ctx, db := openDB(t)
	var org, user string
	if err := db.Pool.QueryRow(ctx, `INSERT INTO organisation (name, demo_until) VALUES ('Ended', now() - interval '1 hour') RETURNING id`).Scan(&org); err != nil {
		t.Fatal(err)
	}
	if err := db.Pool.QueryRow(ctx, `INSERT INTO app_user (email, first_name, last_name, password_hash, agb_accepted_at, confirmed_at)
		VALUES ('ended-admin@example.org', 'Ada', 'Baum', 'x', now(), now()) RETURNING id`).Scan(&user); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Pool.Exec(ctx, `INSERT INTO organisation_admin (organisation_id, user_id) VALUES ($1, $2)`, org, user); err != nil {
		t.Fatal(err)
	}
	box := &outbox{}
	start(t, db, worker.Config{MailQueue: "mail_demo_test", Mail: box, App: domain.New(db, "mail_demo_test", "http://arbor.test")})
	deadline := time.Now().Add(20 * time.Second)
	for !box.has("ended-admin@example.org") {
		if time.Now().After(deadline) {
			t.Fatal("no demo notice within 20 s")
		}
		time.Sleep(100 * time.Millisecond)
	}
	var ended bool
	if err := db.Pool.QueryRow(ctx, `SELECT demo_ended_at IS NOT NULL FROM organisation WHERE id = $1`, org).Scan(&ended); err != nil || !ended {
		t.Fatalf("the end is not recorded (%v)", err)
	}
}

func (o *outbox) has(to string) bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	return slices.Contains(o.sent, to)
}
