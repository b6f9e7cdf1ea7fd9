package worker

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"arbor/export"
	"arbor/files"
	"arbor/store"

	"github.com/riverqueue/river"
)

// Export makes an export too big for one request (store.ExportJob): the file goes to a
// temporary file while its progress is written to the task, then into the blob store, where it
// is kept for store.ExportKeep; the task then names the download, and the export is recorded.
type Export struct {
	river.WorkerDefaults[store.ExportJob]
	db    *store.DB
	files *files.Service
	log   *slog.Logger
	now   func() time.Time
}

// Timeout: a city of a million trees takes about two minutes to a workbook (BENCHMARKS.md).
func (w *Export) Timeout(*river.Job[store.ExportJob]) time.Duration { return 30 * time.Minute }

// Work makes the file and marks the task done, or failed after the last try. Its server says it
// is alive meanwhile (store.DB.KeepTaskAlive); a try after its task was given up (its server
// taken for dead) does nothing, and one whose task is given up while it runs keeps no file.
func (w *Export) Work(ctx context.Context, job *river.Job[store.ExportJob]) error {
	if live, err := liveTask(ctx, w.db, job.Args.Task); err != nil || !live {
		return err
	}
	alive, err := w.db.KeepTaskAlive(ctx, job.Args.Task)
	if err == nil {
		defer alive()
		err = w.work(ctx, job.Args)
	}
	if errors.Is(err, store.ErrTaskGivenUp) {
		return nil
	}
	if err != nil && job.Attempt >= job.MaxAttempts {
		failTask(ctx, w.db, w.log, job.Args.Task)
	}
	return err
}

func (w *Export) work(ctx context.Context, a store.ExportJob) error {
	sc := a.Scope()
	o := export.ListOptions{Lang: a.Lang, BaseURL: a.BaseURL, Project: a.Project, Location: export.RecordZone,
		Progress: func(done int) {
			if err := w.db.ExportProgress(ctx, a.Task, done); err != nil {
				w.log.Warn("export progress not written", "task", a.Task, "err", err)
			}
		}}
	if err := w.db.ExportProgress(ctx, a.Task, 0); err != nil {
		return err
	}
	tmp, done, err := files.TempFile("", "arbor-export-*")
	if err != nil {
		return err
	}
	defer done()
	var n int
	var detail any
	switch a.Export {
	case "export-all-trees":
		n, err = export.AllTrees(ctx, w.db, sc, a.Filter, a.Sheet, o, tmp)
		detail = map[string]any{"state": a.Filter.State, "sheet": a.Sheet}
	case "export-gis":
		req := export.GISRequest{Filter: a.Filter, Format: a.Format, SRID: a.SRID}
		n, err = export.GIS(ctx, w.db, sc, req, o, tmp)
		detail = req
	default:
		return fmt.Errorf("export job of unknown kind %q", a.Export)
	}
	if err != nil {
		return err
	}
	if _, err := tmp.Seek(0, 0); err != nil {
		return err
	}
	typ, ext := export.FileType(a.Format)
	key := files.ExportKey(a.Organisation, a.Task, ext)
	size, err := w.files.StoreExport(ctx, key, typ, tmp)
	if err != nil {
		return err
	}
	now := w.now()
	d := store.Download{Name: "arbor-" + now.UTC().Format("2006-01-02") + "." + ext, Type: typ, Size: size, ExpiresAt: now.Add(store.ExportKeep)}
	// Recorded as taken away exactly when its task names the download. A file whose task was
	// given up meanwhile names no task, and goes with the blob store's sweep.
	return w.db.InTx(ctx, func(tx *store.Tx) error {
		if err := tx.FinishExport(ctx, a.Task, n, key, d); err != nil {
			return err
		}
		return tx.RecordExport(ctx, sc, a.User, a.Export, a.Format, n, detail)
	})
}

// sweepExports removes queued exports' files whose time is up, with the blob store's sweep.
func sweepExports(ctx context.Context, fs *files.Service, now time.Time, log *slog.Logger) error {
	n, err := fs.SweepExports(ctx, now, sweepGrace)
	if n > 0 {
		log.Info("swept expired exports", "removed", n)
	}
	return err
}
