package worker

import (
	"context"
	"errors"
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

// Work archives (or activates) the view, its task ending done in the same transaction, or
// failed after the last try. Its server says it is alive meanwhile (store.DB.KeepTaskAlive);
// a try after its task was given up (its server taken for dead) does nothing.
func (w *Archive) Work(ctx context.Context, job *river.Job[store.ArchiveJob]) error {
	a := job.Args
	if live, err := liveTask(ctx, w.db, a.Task); err != nil || !live {
		return err
	}
	alive, err := w.db.KeepTaskAlive(ctx, a.Task)
	if err == nil {
		defer alive()
		_, err = w.db.ArchiveInSteps(ctx, a)
	}
	if errors.Is(err, store.ErrTaskGivenUp) {
		return nil
	}
	if err != nil && job.Attempt >= job.MaxAttempts {
		failTask(ctx, w.db, w.log, a.Task)
	}
	return err
}

// liveTask says whether a task of the queue is still to be worked: not ended, neither done by a
// try whose end the queue did not hear nor given up, nor gone with its project.
func liveTask(ctx context.Context, db *store.DB, id string) (bool, error) {
	state, err := db.TaskState(ctx, id)
	return state == "queued" || state == "running", err
}

// failTask marks a task failed after the queue's last try, on a context of its own: the job's
// may be over.
func failTask(ctx context.Context, db *store.DB, log *slog.Logger, id string) {
	if err := db.FailTask(context.WithoutCancel(ctx), id); err != nil {
		log.Error("task failed and could not be marked so", "task", id, "err", err)
	}
}
