package store

import (
	"arbor/fields"
	"context"
	"time"

	"arbor"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
)

// Task is background work a person started and follows in the app: archiving or activating a
// view of more objects than one request changes.
type Task struct {
	ID         string     `json:"id"`
	Kind       string     `json:"kind"`  // archive, activate, export
	State      string     `json:"state"` // queued, running, done, failed
	Total      int        `json:"total"`
	Done       int        `json:"done"`
	Changed    *int       `json:"changed"`
	CreatedAt  time.Time  `json:"created_at"`
	FinishedAt *time.Time `json:"finished_at"`
	// Download is the file a finished export made, while it is kept (ExportKeep).
	Download *Download `json:"download,omitempty"`
}

// archiveStep is how many objects one step of a background archive changes: about a second's
// work (0.48 ms an object with history, indexes and tallies; BENCHMARKS.md), so the app's
// progress moves.
const archiveStep = 2000

// ArchiveJob is the queue's job of archiving (or activating) a filtered view.
type ArchiveJob struct {
	Task         string  `json:"task"`
	Organisation string  `json:"organisation"`
	Project      string  `json:"project"`
	Limit        *Filter `json:"limit,omitempty"`
	Who          Actor   `json:"who"`
	Filter       Filter  `json:"filter"`
	Archive      bool    `json:"archive"`
}

// Kind names the job among the queue's.
func (ArchiveJob) Kind() string { return "archive_view" }

// InsertOpts: three tries; a try is all or nothing, so a later one starts afresh.
func (ArchiveJob) InsertOpts() river.InsertOpts { return river.InsertOpts{MaxAttempts: 3} }

// QueueArchive records a task and queues the archiving (or activating) of a filtered view of
// total objects, counted by CountArchiveFiltered; both happen only if tx commits.
func (tx *Tx) QueueArchive(ctx context.Context, sc Content, who Actor, f Filter, archive bool, total int) (*Task, error) {
	kind := "archive"
	if !archive {
		kind = "activate"
	}
	// Finished tasks are of interest for a while only.
	if _, err := tx.q.Exec(ctx, `DELETE FROM task WHERE project_id = $1 AND finished_at < now() - interval '30 days'`, sc.ProjectID); err != nil {
		return nil, err
	}
	var id string
	if err := tx.q.QueryRow(ctx, `INSERT INTO task (organisation_id, project_id, user_id, kind, total)
		VALUES ($1, $2, $3, $4, $5) RETURNING id`, sc.OrganisationID, sc.ProjectID, who.UserID, kind, total).Scan(&id); err != nil {
		return nil, err
	}
	job := ArchiveJob{Task: id, Organisation: sc.OrganisationID, Project: sc.ProjectID, Limit: sc.Limit, Who: who, Filter: f, Archive: archive}
	if _, err := tx.queue.InsertTx(ctx, tx.tx, job, nil); err != nil {
		return nil, err
	}
	return tx.Task(ctx, sc, who.UserID, id)
}

// taskColumns are a task's columns in the order scanTask reads them.
const taskColumns = `id, kind, state, total, done, changed, created_at, finished_at,
	file_key IS NOT NULL AND expires_at > now(), coalesce(file_name, ''), coalesce(file_type, ''), coalesce(file_size, 0), coalesce(expires_at, now())`

func scanTask(row pgx.Row) (Task, error) {
	var t Task
	var file bool
	var d Download
	err := row.Scan(&t.ID, &t.Kind, &t.State, &t.Total, &t.Done, &t.Changed, &t.CreatedAt, &t.FinishedAt,
		&file, &d.Name, &d.Type, &d.Size, &d.ExpiresAt)
	if file {
		t.Download = &d
	}
	return t, err
}

// Task reads a task of the project that userID started; any other is not found.
func (s *Queries) Task(ctx context.Context, sc Content, userID, id string) (*Task, error) {
	if !fields.IsUUID(id) {
		return nil, arbor.Errorf(arbor.ENOTFOUND, "error.not_found", nil)
	}
	t, err := scanTask(s.q.QueryRow(ctx, `SELECT `+taskColumns+` FROM task
		WHERE organisation_id = $1 AND project_id = $2 AND id = $3 AND user_id = $4`, sc.OrganisationID, sc.ProjectID, id, userID))
	if err == pgx.ErrNoRows {
		return nil, arbor.Errorf(arbor.ENOTFOUND, "error.not_found", nil)
	}
	if err != nil {
		return nil, err
	}
	return &t, nil
}

// OpenTasks lists the tasks of the project that userID started and that have not ended, oldest
// first, so the app can show their progress again after a reload. Only those of the last two
// hours: a city's whole stock takes minutes, and a task its server died under must not follow
// its starter for ever.
func (s *Queries) OpenTasks(ctx context.Context, sc Content, userID string) ([]Task, error) {
	rows, err := s.q.Query(ctx, `SELECT `+taskColumns+` FROM task
		WHERE organisation_id = $1 AND project_id = $2 AND user_id = $3 AND state IN ('queued', 'running')
		  AND created_at > now() - interval '2 hours'
		ORDER BY created_at`, sc.OrganisationID, sc.ProjectID, userID)
	if err != nil {
		return nil, err
	}
	list, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (Task, error) { return scanTask(r) })
	if list == nil {
		list = []Task{}
	}
	return list, err
}

// FinishTask marks a task done, with the number of objects it changed.
func (db *DB) FinishTask(ctx context.Context, id string, changed int) error {
	_, err := db.Pool.Exec(ctx, `UPDATE task SET state = 'done', done = total, changed = $2, finished_at = now()
		WHERE id = $1`, id, changed)
	return err
}

// FailTask marks a task failed: the queue gave it up.
func (db *DB) FailTask(ctx context.Context, id string) error {
	_, err := db.Pool.Exec(ctx, `UPDATE task SET state = 'failed', finished_at = now() WHERE id = $1`, id)
	return err
}

// ArchiveInSteps changes the objects of the view in steps of archiveStep within one transaction:
// all or nothing, as one request's archive is. The queue's worker runs it; so does `arbor bench
// archive`, beside the one statement a request runs.
func (db *DB) ArchiveInSteps(ctx context.Context, a ArchiveJob) (int, error) {
	sc := Content{OrganisationID: a.Organisation, ProjectID: a.Project, Limit: a.Limit}
	changed := 0
	err := db.InTx(ctx, func(tx *Tx) error {
		changed = 0
		where, args, err := sc.archiveScope(ctx, &tx.Queries, a.Filter, a.Archive)
		if err != nil {
			return err
		}
		if err := tx.setActor(ctx, a.Who); err != nil {
			return err
		}
		if _, err := tx.q.Exec(ctx, `SET LOCAL statement_timeout = '5min'`); err != nil {
			return err
		}
		if _, err := tx.q.Exec(ctx, `CREATE TEMP TABLE task_object (id uuid PRIMARY KEY) ON COMMIT DROP`); err != nil {
			return err
		}
		tag, err := tx.q.Exec(ctx, `INSERT INTO task_object SELECT t.id FROM tree t WHERE `+where, args...)
		if err != nil {
			return err
		}
		total, done := int(tag.RowsAffected()), 0
		for {
			if a.Task != "" { // a task of the queue, not of `arbor bench archive`
				if _, err := db.Pool.Exec(ctx, `UPDATE task SET state = 'running', total = $2, done = $3 WHERE id = $1`, a.Task, total, done); err != nil {
					return err
				}
			}
			var stepped, n int
			if err := tx.q.QueryRow(ctx, `WITH step AS (
					DELETE FROM task_object WHERE id IN (SELECT id FROM task_object LIMIT $2) RETURNING id
				), changed AS (
					UPDATE tree t SET archive = $1, version = version + 1 FROM step WHERE t.id = step.id AND t.archive <> $1 RETURNING 1
				)
				SELECT (SELECT count(*) FROM step), (SELECT count(*) FROM changed)`, a.Archive, archiveStep).Scan(&stepped, &n); err != nil {
				return err
			}
			if stepped == 0 {
				return nil
			}
			done += stepped
			changed += n
		}
	})
	return changed, err
}
