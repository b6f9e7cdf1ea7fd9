package worker

import (
	"context"
	"time"

	"arbor/domain"

	"github.com/riverqueue/river"
)

// Import does an import the wizard queued (domain.Service.RunImport): one transaction, all or
// nothing, its progress written beside it so the wizard can follow it, be closed and reopened.
type Import struct {
	river.WorkerDefaults[domain.ImportJob]
	app *domain.Service
}

// Timeout: a million rows take about a minute; a loaded server many times that.
func (w *Import) Timeout(*river.Job[domain.ImportJob]) time.Duration { return 30 * time.Minute }

func (w *Import) Work(ctx context.Context, job *river.Job[domain.ImportJob]) error {
	return w.app.RunImport(ctx, job.Args, job.Attempt >= job.MaxAttempts)
}
