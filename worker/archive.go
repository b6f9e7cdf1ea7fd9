package worker

import (
	"context"
	"log/slog"
	"time"

	"arbor/store"

	"github.com/riverqueue/river"
)

// Archive archives a view in one transaction, step by step, and writes its progress beside it
// (store.DB.ArchiveInSteps), so the app sees it while the transaction runs.
type Archive struct {
	river.WorkerDefaults[store.ArchiveJob]
	db  *store.DB
	log *slog.Logger
}

// Timeout: a city's whole stock is about six minutes' work on two cores.
func (w *Archive) Timeout(*river.Job[store.ArchiveJob]) time.Duration { return 30 * time.Minute }

// Work archives (or activates) the view and marks the task done, or failed after the last try.
func (w *Archive) Work(ctx context.Context, job *river.Job[store.ArchiveJob]) error {
	a := job.Args
	changed, err := w.db.ArchiveInSteps(ctx, a)
	if err != nil {
		if job.Attempt >= job.MaxAttempts {
			// On a context of its own: the job's may be over.
			if ferr := w.db.FailTask(context.WithoutCancel(ctx), a.Task); ferr != nil {
				w.log.Error("task failed and could not be marked so", "task", a.Task, "err", ferr)
			}
		}
		return err
	}
	return w.db.FinishTask(ctx, a.Task, changed)
}
