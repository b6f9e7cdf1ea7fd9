package store

import (
	"context"
	"time"

	"arbor"
	"arbor/fields"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
)

// ExportKeep is how long a queued export's file stays to be downloaded (docs/API.md "Exports").
const ExportKeep = 7 * 24 * time.Hour

// Download is what a finished export task made: the file's name, type and size, and until when
// it can be downloaded.
type Download struct {
	Name      string    `json:"name"`
	Type      string    `json:"type"`
	Size      int64     `json:"size"`
	ExpiresAt time.Time `json:"expires_at"`
}

// ExportJob is the queue's job of an export too big for one request: the whole project as a
// workbook, or a big view as a GIS file. It carries the caller's scope and access limit, so the
// file holds only what they may see.
type ExportJob struct {
	Task         string  `json:"task"`
	Organisation string  `json:"organisation"`
	Project      string  `json:"project"`
	Limit        *Filter `json:"limit,omitempty"`
	Lang         string  `json:"lang"`
	User         string  `json:"user"`
	Export       string  `json:"export"` // export-all-trees, export-gis
	Format       string  `json:"format"` // xlsx, gpkg, geojson, csv
	Filter       Filter  `json:"filter"`
	SRID         int     `json:"srid,omitempty"`
	Sheet        string  `json:"sheet,omitempty"`
	BaseURL      string  `json:"base_url"`
}

// Kind names the job among the queue's.
func (ExportJob) Kind() string { return "export" }

// InsertOpts: two tries; a try writes its file afresh.
func (ExportJob) InsertOpts() river.InsertOpts { return river.InsertOpts{MaxAttempts: 2} }

// Scope is the content the job reads.
func (j ExportJob) Scope() Content {
	return Content{OrganisationID: j.Organisation, ProjectID: j.Project, Lang: j.Lang, Limit: j.Limit}
}

// ExportQueue is the queue big exports are made in, beside the file queue whose blob store keeps
// their files: a process works it only with that store (in tests each server has its own).
func ExportQueue(fileQueue string) string { return fileQueue + "_export" }

// QueueExport records a task of total objects and queues the export in queue (ExportQueue);
// both happen only if tx commits. The job's Task is filled in.
func (tx *Tx) QueueExport(ctx context.Context, queue string, job ExportJob, total int) (*Task, error) {
	var id string
	if err := tx.q.QueryRow(ctx, `INSERT INTO task (organisation_id, project_id, user_id, kind, total)
		VALUES ($1, $2, $3, 'export', $4) RETURNING id`, job.Organisation, job.Project, job.User, total).Scan(&id); err != nil {
		return nil, err
	}
	job.Task = id
	if _, err := tx.queue.InsertTx(ctx, tx.tx, job, &river.InsertOpts{Queue: queue}); err != nil {
		return nil, err
	}
	return tx.Task(ctx, job.Scope(), job.User, id, ExportTasks)
}

// ExportProgress marks an export's task running with done of its objects.
func (db *DB) ExportProgress(ctx context.Context, id string, done int) error {
	_, err := db.Pool.Exec(ctx, `UPDATE task SET state = 'running', done = least($2, total) WHERE id = $1 AND state IN ('queued', 'running')`, id, done)
	return err
}

// FinishExport marks an export task done with the file it made, kept until expires, in tx (the
// export's record is written in the same); ErrTaskGivenUp when the task was failed meanwhile.
func (tx *Tx) FinishExport(ctx context.Context, id string, objects int, key string, d Download) error {
	if err := tx.liveTask(ctx, id); err != nil {
		return err
	}
	_, err := tx.q.Exec(ctx, `UPDATE task SET state = 'done', total = $2, done = $2, changed = $2, finished_at = now(),
		file_key = $3, file_name = $4, file_type = $5, file_size = $6, expires_at = $7 WHERE id = $1`,
		id, objects, key, d.Name, d.Type, d.Size, d.ExpiresAt)
	return err
}

// ExportFile is the blob of a finished export the caller started, with its download; ENOTFOUND
// when there is none (another's task, not an export, not finished) or it has expired (gone).
func (s *Queries) ExportFile(ctx context.Context, sc Content, userID, id string, now time.Time) (string, *Download, error) {
	if !fields.IsUUID(id) {
		return "", nil, arbor.Errorf(arbor.ENOTFOUND, "error.not_found", nil)
	}
	var key string
	var d Download
	err := s.q.QueryRow(ctx, `SELECT file_key, file_name, file_type, file_size, expires_at FROM task
		WHERE organisation_id = $1 AND project_id = $2 AND id = $3 AND user_id = $4 AND file_key IS NOT NULL`,
		sc.OrganisationID, sc.ProjectID, id, userID).Scan(&key, &d.Name, &d.Type, &d.Size, &d.ExpiresAt)
	if err == pgx.ErrNoRows {
		return "", nil, arbor.Errorf(arbor.ENOTFOUND, "error.not_found", nil)
	}
	if err != nil {
		return "", nil, err
	}
	if !d.ExpiresAt.After(now) {
		return "", nil, arbor.Errorf(arbor.ENOTFOUND, "export.expired", nil)
	}
	return key, &d, nil
}

// ExpiredExport is an export's file whose time is up.
type ExpiredExport struct {
	Task string
	Key  string
}

// ExpiredExports lists up to limit export files whose time was up before now.
func (db *DB) ExpiredExports(ctx context.Context, now time.Time, limit int) ([]*ExpiredExport, error) {
	rows, err := db.Pool.Query(ctx, `SELECT id, file_key FROM task WHERE file_key IS NOT NULL AND expires_at <= $1
		ORDER BY expires_at LIMIT $2`, now, limit)
	return scanAll(rows, err, func(row pgx.Row) (*ExpiredExport, error) {
		var e ExpiredExport
		err := row.Scan(&e.Task, &e.Key)
		return &e, err
	})
}

// ForgetExport notes that an export's file is gone; the task stays, with its download expired.
func (db *DB) ForgetExport(ctx context.Context, task string) error {
	_, err := db.Pool.Exec(ctx, `UPDATE task SET file_key = NULL WHERE id = $1`, task)
	return err
}

// UnknownExports answers which of the tasks (ids from blob keys) hold no file any more: their
// blobs are left over from a try that failed after storing, or from a task deleted.
func (db *DB) UnknownExports(ctx context.Context, keys []string) ([]string, error) {
	rows, err := db.Pool.Query(ctx, `SELECT k FROM unnest($1::text[]) k WHERE NOT EXISTS (SELECT 1 FROM task WHERE file_key = k)`, keys)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[string])
}
