package store

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivermigrate"
)

// Background work waits in a queue in the application's database (river): what a request puts
// there is inserted in its transaction, so it happens only when the request's writes were
// committed, and it is done after the request by the workers of worker/, which retry what fails.
// The store only puts work into the queue; it knows nothing of what the work is.

// QueueSchema names river's schema version in the test template's name (storetest hashes it),
// so a river upgrade builds a new template.
const QueueSchema = "river v0.51.2"

// MailQueue is the queue the server's messages go through.
const MailQueue = "mail"

// migrateQueue creates or upgrades river's tables, one migrator at a time. Each of river's
// versions runs in a transaction of its own (a later one uses an enum value an earlier adds).
func migrateQueue(ctx context.Context, databaseURL string) error {
	pool, err := pgxpool.New(ctx, databaseURL)
	if err != nil {
		return err
	}
	defer pool.Close()
	lock, err := pool.Acquire(ctx)
	if err != nil {
		return err
	}
	defer lock.Release()
	if _, err := lock.Exec(ctx, "SELECT pg_advisory_lock(hashtext('arbor_queue_migrate'))"); err != nil {
		return err
	}
	defer lock.Exec(context.WithoutCancel(ctx), "SELECT pg_advisory_unlock(hashtext('arbor_queue_migrate'))")
	migrator, err := rivermigrate.New(riverpgxv5.New(pool), nil)
	if err != nil {
		return err
	}
	if _, err := migrator.Migrate(ctx, rivermigrate.DirectionUp, nil); err != nil {
		return fmt.Errorf("migrate queue: %w", err)
	}
	return nil
}

// newQueue is a client that only inserts: every process can put work into the queue, whether
// or not it works the queue itself.
func newQueue(pool *pgxpool.Pool) (*river.Client[pgx.Tx], error) {
	return river.NewClient(riverpgxv5.New(pool), &river.Config{})
}

// Enqueue puts a job into the queue in this transaction; it is worked after the commit. queue
// names the queue (MailQueue for messages, but in tests, where each server works a queue of its
// own); empty is river's default queue.
func (tx *Tx) Enqueue(ctx context.Context, queue string, job river.JobArgs) error {
	var opts *river.InsertOpts
	if queue != "" {
		opts = &river.InsertOpts{Queue: queue}
	}
	_, err := tx.queue.InsertTx(ctx, tx.tx, job, opts)
	return err
}
