package worker

import (
	"context"
	"log/slog"
	"time"

	"arbor/domain"
	"arbor/store"

	"github.com/riverqueue/river"
)

// demoEvery is how often the demos' ends are looked for: a notice comes within the hour.
const demoEvery = time.Hour

// Demo ends demos and sends their notices (domain.Service.EndDemos), every hour and once at start.
type Demo struct {
	river.WorkerDefaults[store.DemoJob]
	app *domain.Service
	now func() time.Time
	log *slog.Logger
}

// Work runs one round.
func (w *Demo) Work(ctx context.Context, job *river.Job[store.DemoJob]) error {
	n, err := w.app.EndDemos(ctx, w.now())
	if err == nil && n > 0 {
		w.log.InfoContext(ctx, "demo notices", "organisations", n)
	}
	return err
}
