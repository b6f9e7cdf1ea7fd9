package store

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"arbor/mail"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivermigrate"
)

// Background work waits in a queue in the application's database (river, DESIGN.md): what a
// request puts there is inserted in its transaction, so it happens only when the request's
// writes were committed, and it is done after the request by workers that retry what fails.

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

// QueueMail puts a message into the queue in this transaction; it is sent after the commit.
// queue is MailQueue but in tests, where each server works a queue of its own.
func (tx *Tx) QueueMail(ctx context.Context, queue string, m mail.Message) error {
	_, err := tx.queue.InsertTx(ctx, tx.tx, m, &river.InsertOpts{Queue: queue})
	return err
}

// Workers configures the work this process does.
type Workers struct {
	MailQueue string      // MailQueue but in tests
	Mail      mail.Sender // delivers the messages
	Log       *slog.Logger
}

// StartWorkers works the queue in this process until stop is called: any number of processes
// may, each job is worked by one. stop lets the jobs at hand finish within its context.
func (db *DB) StartWorkers(ctx context.Context, cfg Workers) (stop func(context.Context) error, err error) {
	if cfg.Log == nil {
		cfg.Log = slog.Default()
	}
	workers := river.NewWorkers()
	if err := river.AddWorkerSafely(workers, &mail.Worker{Sender: cfg.Mail}); err != nil {
		return nil, err
	}
	if err := river.AddWorkerSafely(workers, &archiveWorker{db: db, log: cfg.Log}); err != nil {
		return nil, err
	}
	client, err := river.NewClient(riverpgxv5.New(db.Pool), &river.Config{
		// Tasks (archiving a big view) one at a time: each takes a core for minutes.
		Queues:  map[string]river.QueueConfig{cfg.MailQueue: {MaxWorkers: 4}, river.QueueDefault: {MaxWorkers: 1}},
		Workers: workers,
		Logger:  cfg.Log,
		// A sent message's text holds its links (confirmation, reset): keep it no longer than
		// needed to see that it left, and a message given up for a day.
		CompletedJobRetentionPeriod: time.Minute,
		DiscardedJobRetentionPeriod: 24 * time.Hour,
		CancelledJobRetentionPeriod: 24 * time.Hour,
		FetchCooldown:               20 * time.Millisecond,
	})
	if err != nil {
		return nil, err
	}
	// Not ended by ctx: a request's or a signal's end would cut off messages being sent; stop does.
	if err := client.Start(context.WithoutCancel(ctx)); err != nil {
		return nil, err
	}
	return client.Stop, nil
}
