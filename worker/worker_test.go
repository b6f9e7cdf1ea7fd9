package worker_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"sync"
	"testing"
	"time"

	"arbor/files"
	"arbor/mail"
	"arbor/store"
	"arbor/store/storetest"
	"arbor/worker"

	"gocloud.dev/blob"
)

func TestMain(m *testing.M) { os.Exit(storetest.Run(m)) }

// outbox records what the worker sends; a message to "bad@…" is malformed.
type outbox struct {
	mu   sync.Mutex
	sent []string
}

func (o *outbox) Send(_ context.Context, m mail.Message) error {
	if m.To == "bad@example.org" {
		return fmt.Errorf("%w: to %q", mail.ErrBadMessage, m.To)
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	o.sent = append(o.sent, m.To)
	return nil
}

func (o *outbox) count() int {
	o.mu.Lock()
	defer o.mu.Unlock()
	return len(o.sent)
}

// openDB gives a test its own database and the context its calls run in.
func openDB(t *testing.T) (context.Context, *store.DB) {
	t.Helper()
	return context.Background(), storetest.MustOpenDB(t)
}

// start works the queue as cfg says, logging nothing, until the test ends.
func start(t *testing.T, db *store.DB, cfg worker.Config) {
	t.Helper()
	cfg.Log = slog.New(slog.NewTextHandler(io.Discard, nil))
	stop, err := worker.Start(context.Background(), db, cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { stop(context.Background()) })
}

// testBucket is a blob store in the folder dir, closed when the test ends.
func testBucket(t *testing.T, dir string) *blob.Bucket {
	t.Helper()
	bucket, err := files.OpenBucket(context.Background(), "file://"+dir+"?create_dir=1&no_tmp_dir=1&metadata=skip")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { bucket.Close() })
	return bucket
}

// TestMailAfterCommit: a message put into the queue leaves only when its transaction commits; a
// rolled-back one never does, and a malformed one is given up at once instead of retried.
func TestMailAfterCommit(t *testing.T) {
	ctx, db := openDB(t)
	box := &outbox{}
	start(t, db, worker.Config{MailQueue: "mail_worker_test", Mail: box})
	rollback := errors.New("rolled back")
	if err := db.InTx(ctx, func(tx *store.Tx) error {
		if err := tx.Enqueue(ctx, "mail_worker_test", mail.Message{To: "never@example.org", Subject: "x", Text: "x"}); err != nil {
			return err
		}
		return rollback
	}); !errors.Is(err, rollback) {
		t.Fatal(err)
	}
	if err := db.InTx(ctx, func(tx *store.Tx) error {
		for _, to := range []string{"bad@example.org", "ada@example.org"} {
			if err := tx.Enqueue(ctx, "mail_worker_test", mail.Message{To: to, Subject: "Hello", Text: "Hello"}); err != nil {
				return err
			}
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(10 * time.Second)
	for box.count() == 0 && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	var state string
	for time.Now().Before(deadline) {
		if err := db.Pool.QueryRow(ctx, `SELECT state FROM river_job WHERE queue = 'mail_worker_test' AND args->>'to' = 'bad@example.org'`).Scan(&state); err != nil {
			t.Fatal(err)
		}
		if state == "cancelled" {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	box.mu.Lock()
	defer box.mu.Unlock()
	if len(box.sent) != 1 || box.sent[0] != "ada@example.org" || state != "cancelled" {
		t.Fatalf("sent %q, the malformed message %s", box.sent, state)
	}
}
