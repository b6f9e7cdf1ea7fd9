package worker

import (
	"context"
	"log/slog"
	"time"

	"arbor/files"
	"arbor/store"

	"github.com/riverqueue/river"
)

// thumbnailWorker makes a photo's thumbnails after its upload was committed
// (files.Service.MakeThumbnails). Timeout: a 64-megapixel photo decodes and scales in a few seconds.
func thumbnailWorker(fs *files.Service) *call[store.ThumbnailJob] {
	return &call[store.ThumbnailJob]{timeout: 2 * time.Minute, work: func(ctx context.Context, job *river.Job[store.ThumbnailJob]) error {
		return fs.MakeThumbnails(ctx, job.Args.Organisation, job.Args.Document)
	}}
}

// sweepGrace spares blobs younger than this from the sweep's walk: an upload under way has
// stored its bytes but not yet recorded them.
const sweepGrace = time.Hour

// Sweep removes blobs whose file records are gone (files.Service.Sweep) and queued exports'
// files whose time is up (files.Service.SweepExports), every hour and once at start.
type Sweep struct {
	river.WorkerDefaults[store.SweepJob]
	files *files.Service
	log   *slog.Logger
	now   func() time.Time
}

// Timeout: walking a large blob store takes a while.
func (w *Sweep) Timeout(*river.Job[store.SweepJob]) time.Duration { return 30 * time.Minute }

// Work sweeps.
func (w *Sweep) Work(ctx context.Context, job *river.Job[store.SweepJob]) error {
	n, err := w.files.Sweep(ctx, sweepGrace)
	if n > 0 {
		w.log.Info("swept orphaned blobs", "removed", n)
	}
	if err != nil {
		return err
	}
	return sweepExports(ctx, w.files, w.now(), w.log)
}

// sweepEvery is how often the sweep runs.
const sweepEvery = time.Hour
