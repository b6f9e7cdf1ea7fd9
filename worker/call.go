package worker

import (
	"context"
	"time"

	"github.com/riverqueue/river"
)

// call is a worker that hands each job to one function of a service, within a time limit: the
// import and the thumbnails need no more.
type call[T river.JobArgs] struct {
	river.WorkerDefaults[T]
	timeout time.Duration
	work    func(ctx context.Context, job *river.Job[T]) error
}

func (w *call[T]) Timeout(*river.Job[T]) time.Duration { return w.timeout }

func (w *call[T]) Work(ctx context.Context, job *river.Job[T]) error { return w.work(ctx, job) }
