// Package worker does the queue's work: the jobs that requests put into the queue in their
// transaction (store.Tx.Enqueue, store.Tx.QueueArchive) are worked here, after the commit, by
// every `arbor serve`, each job by one of them. Sending mail, archiving a big view, imports, big
// exports and thumbnails are here.
package worker

import (
	"context"
	"log/slog"
	"time"

	"arbor/domain"
	"arbor/files"
	"arbor/mail"
	"arbor/store"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
)

// Config configures the work this process does.
type Config struct {
	MailQueue string      // store.MailQueue but in tests
	Mail      mail.Sender // delivers the messages
	Log       *slog.Logger
	// Files makes thumbnails and sweeps the blob store, in FileQueue; without it this process
	// does neither.
	Files     *files.Service
	FileQueue string // store.FileQueue but in tests
	// App ends demos (a periodic job); without it this process does not. Now is its clock and
	// the exports' (when their files expire).
	App *domain.Service
	Now func() time.Time
}

// Start works the queue in this process until stop is called: any number of processes may, each
// job is worked by one. stop lets the jobs at hand finish within its context.
func Start(ctx context.Context, db *store.DB, cfg Config) (stop func(context.Context) error, err error) {
	if cfg.Log == nil {
		cfg.Log = slog.Default()
	}
	workers := river.NewWorkers()
	if err := river.AddWorkerSafely(workers, &Mail{Sender: cfg.Mail}); err != nil {
		return nil, err
	}
	if err := river.AddWorkerSafely(workers, &Archive{db: db, log: cfg.Log}); err != nil {
		return nil, err
	}
	// Imports need the flows; a process given none (tests of the mail) makes its own.
	app := cfg.App
	if app == nil {
		app = domain.New(db, cfg.MailQueue, "")
	}
	if err := river.AddWorkerSafely(workers, importWorker(app)); err != nil {
		return nil, err
	}
	queues := map[string]river.QueueConfig{cfg.MailQueue: {MaxWorkers: 4}, river.QueueDefault: {MaxWorkers: 1}}
	var periodic []*river.PeriodicJob
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Files != nil {
		// Big exports go to the blob store, in a queue of their own (below).
		if err := river.AddWorkerSafely(workers, &Export{db: db, files: cfg.Files, log: cfg.Log, now: cfg.Now}); err != nil {
			return nil, err
		}
		if cfg.FileQueue == "" {
			cfg.FileQueue = store.FileQueue
		}
		if err := river.AddWorkerSafely(workers, thumbnailWorker(cfg.Files)); err != nil {
			return nil, err
		}
		if err := river.AddWorkerSafely(workers, &Sweep{files: cfg.Files, log: cfg.Log, now: cfg.Now}); err != nil {
			return nil, err
		}
		// Thumbnails two at a time: each takes a core for a moment, and requests need the other.
		queues[cfg.FileQueue] = river.QueueConfig{MaxWorkers: 2}
		// Big exports one at a time, by a process that has the blob store their files go to.
		queues[store.ExportQueue(cfg.FileQueue)] = river.QueueConfig{MaxWorkers: 1}
		fileQueue := cfg.FileQueue
		periodic = append(periodic, river.NewPeriodicJob(river.PeriodicInterval(sweepEvery),
			func() (river.JobArgs, *river.InsertOpts) {
				return store.SweepJob{}, &river.InsertOpts{Queue: fileQueue}
			},
			&river.PeriodicJobOpts{RunOnStart: true}))
	}
	if cfg.App != nil {
		if err := river.AddWorkerSafely(workers, &Demo{app: cfg.App, now: cfg.Now, log: cfg.Log}); err != nil {
			return nil, err
		}
		periodic = append(periodic, river.NewPeriodicJob(river.PeriodicInterval(demoEvery),
			func() (river.JobArgs, *river.InsertOpts) { return store.DemoJob{}, nil },
			&river.PeriodicJobOpts{RunOnStart: true}))
	}
	client, err := river.NewClient(riverpgxv5.New(db.Pool), &river.Config{
		// Tasks (archiving a big view, an import) one at a time: each takes a core for minutes.
		Queues:       queues,
		Workers:      workers,
		PeriodicJobs: periodic,
		Logger:       cfg.Log,
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

// importWorker does an import the wizard queued (domain.Service.RunImport): one transaction, all
// or nothing, its progress written beside it so the wizard can follow it, be closed and reopened.
// Timeout: a million rows take about a minute; a loaded server many times that.
func importWorker(app *domain.Service) *call[domain.ImportJob] {
	return &call[domain.ImportJob]{timeout: 30 * time.Minute, work: func(ctx context.Context, job *river.Job[domain.ImportJob]) error {
		return app.RunImport(ctx, job.Args, job.Attempt >= job.MaxAttempts)
	}}
}
