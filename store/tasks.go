package store

import (
	"arbor/fields"
	"context"
	"encoding/json"
	"errors"
	"io"
	"time"

	"arbor"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
)

// Task is background work a person started and follows in the app: archiving or activating a
// view of more objects than one request changes, or an import.
type Task struct {
	ID         string     `json:"id"`
	Kind       string     `json:"kind"`  // archive, activate, import, export
	State      string     `json:"state"` // queued, running, done, failed
	Total      int        `json:"total"`
	Done       int        `json:"done"`
	Changed    *int       `json:"changed"`
	CreatedAt  time.Time  `json:"created_at"`
	FinishedAt *time.Time `json:"finished_at"`
	// Download is the file a finished export made, while it is kept (ExportKeep).
	Download *Download `json:"download,omitempty"`
	// Step is how far an import has got (read, check, write); Result is its answer when done
	// (docs/API.md "Importing a register"), and while it reads the rows read so far.
	Step   string          `json:"step,omitempty"`
	Result json.RawMessage `json:"result,omitempty"`
}

// TaskKinds are the kinds of tasks a list of open tasks holds: the data view follows
// archiving and big exports, the import wizard its imports.
var (
	ArchiveTasks = []string{"archive", "activate"}
	ImportTasks  = []string{"import"}
	ExportTasks  = []string{"export"}
	// DataViewTasks are those the data view follows and shows again after a reload.
	DataViewTasks = []string{"archive", "activate", "export"}
)

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
	id, err := tx.insertTask(ctx, sc, who, kind, total)
	if err != nil {
		return nil, err
	}
	job := ArchiveJob{Task: id, Organisation: sc.OrganisationID, Project: sc.ProjectID, Limit: sc.Limit, Who: who, Filter: f, Archive: archive}
	if _, err := tx.queue.InsertTx(ctx, tx.tx, job, nil); err != nil {
		return nil, err
	}
	return tx.Task(ctx, sc, who.UserID, id, ArchiveTasks)
}

// taskColumns are a task's columns in the order scanTask reads them.
const taskColumns = `id, kind, state, total, done, changed, created_at, finished_at, step, result,
	file_key IS NOT NULL AND expires_at > now(), coalesce(file_name, ''), coalesce(file_type, ''), coalesce(file_size, 0), coalesce(expires_at, now())`

func scanTask(row pgx.Row) (Task, error) {
	var t Task
	var result []byte
	var file bool
	var d Download
	err := row.Scan(&t.ID, &t.Kind, &t.State, &t.Total, &t.Done, &t.Changed, &t.CreatedAt, &t.FinishedAt, &t.Step, &result,
		&file, &d.Name, &d.Type, &d.Size, &d.ExpiresAt)
	if result != nil {
		t.Result = result
	}
	if file {
		t.Download = &d
	}
	return t, err
}

// Task reads a task of the project that userID started, of one of kinds; any other is not found.
func (s *Queries) Task(ctx context.Context, sc Content, userID, id string, kinds []string) (*Task, error) {
	if !fields.IsUUID(id) {
		return nil, arbor.Errorf(arbor.ENOTFOUND, "error.not_found", nil)
	}
	t, err := scanTask(s.q.QueryRow(ctx, `SELECT `+taskColumns+` FROM task
		WHERE organisation_id = $1 AND project_id = $2 AND id = $3 AND user_id = $4 AND kind = ANY($5)`,
		sc.OrganisationID, sc.ProjectID, id, userID, kinds))
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
func (s *Queries) OpenTasks(ctx context.Context, sc Content, userID string, kinds []string) ([]Task, error) {
	rows, err := s.q.Query(ctx, `SELECT `+taskColumns+` FROM task
		WHERE organisation_id = $1 AND project_id = $2 AND user_id = $3 AND state IN ('queued', 'running')
		  AND created_at > now() - interval '2 hours' AND kind = ANY($4)
		ORDER BY created_at`, sc.OrganisationID, sc.ProjectID, userID, kinds)
	if err != nil {
		return nil, err
	}
	list, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (Task, error) { return scanTask(r) })
	if list == nil {
		list = []Task{}
	}
	return list, err
}

// NewTask records a task of the project that who started and follows (kind import; archiving
// has QueueArchive); the caller queues its job in the same transaction.
func (tx *Tx) NewTask(ctx context.Context, sc Content, who Actor, kind string, total int) (*Task, error) {
	id, err := tx.insertTask(ctx, sc, who, kind, total)
	if err != nil {
		return nil, err
	}
	return tx.Task(ctx, sc, who.UserID, id, []string{kind})
}

// insertTask writes a task of the project and answers its id.
func (tx *Tx) insertTask(ctx context.Context, sc Content, who Actor, kind string, total int) (string, error) {
	// Finished tasks are of interest for a while only.
	if _, err := tx.q.Exec(ctx, `DELETE FROM task WHERE project_id = $1 AND finished_at < now() - interval '30 days'`, sc.ProjectID); err != nil {
		return "", err
	}
	var id string
	err := tx.q.QueryRow(ctx, `INSERT INTO task (organisation_id, project_id, user_id, kind, total)
		VALUES ($1, $2, $3, $4, $5) RETURNING id`, sc.OrganisationID, sc.ProjectID, who.UserID, kind, total).Scan(&id)
	return id, err
}

// TaskState reads a task's state by its id alone: the queue's worker, which knows it from its job.
func (db *DB) TaskState(ctx context.Context, id string) (string, error) {
	var state string
	err := db.Pool.QueryRow(ctx, `SELECT state FROM task WHERE id = $1`, id).Scan(&state)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", nil
	}
	return state, err
}

// TaskProgress writes how far a task has got, outside the transaction doing its work, so the
// app sees it while that runs.
func (db *DB) TaskProgress(ctx context.Context, id, step string, done int, result json.RawMessage) error {
	_, err := db.Pool.Exec(ctx, `UPDATE task SET state = 'running', step = $2, done = least($3, total), result = $4, alive_at = now()
		WHERE id = $1 AND state IN ('queued', 'running')`, id, step, done, result)
	return err
}

// TaskAliveEvery is how often the server working a task says it is alive (TaskAlive), and
// TaskDeadAfter how long a running task may go unheard before it counts as its dead server's
// (FailDeadTasks): long enough for a loaded server's heartbeat to come late, short enough for
// its starter to try again within minutes.
const (
	TaskAliveEvery = 10 * time.Second
	TaskDeadAfter  = 2 * time.Minute
)

// TaskAlive marks a task running and its server alive, outside the transaction doing its work.
func (db *DB) TaskAlive(ctx context.Context, id string) error {
	_, err := db.Pool.Exec(ctx, `UPDATE task SET state = 'running', alive_at = now() WHERE id = $1 AND state IN ('queued', 'running')`, id)
	return err
}

// KeepTaskAlive is the heartbeat of the server working a task of the queue (an import, an
// archive, an export): it marks the task running and alive now (TaskAlive), and again every
// TaskAliveEvery until stop is called, so that a task whose server died is told apart by
// FailDeadTasks within TaskDeadAfter. A beat missed (the database busy) is said again at the next.
func (db *DB) KeepTaskAlive(ctx context.Context, id string) (stop func(), err error) {
	if err := db.TaskAlive(ctx, id); err != nil {
		return nil, err
	}
	done := make(chan struct{})
	ended := make(chan struct{})
	go func() {
		defer close(ended)
		tick := time.NewTicker(TaskAliveEvery)
		defer tick.Stop()
		for {
			select {
			case <-done:
				return
			case <-tick.C:
				_ = db.TaskAlive(context.WithoutCancel(ctx), id)
			}
		}
	}()
	return func() { close(done); <-ended }, nil
}

// ErrTaskGivenUp is the answer of the work's own transaction when its task was failed while it
// ran (FailDeadTasks took its server for dead): nothing of it is kept, since its starter was told
// it failed and may have started it again.
var ErrTaskGivenUp = errors.New("store: the task was given up")

// FailDeadTasks fails the running tasks that userID started in the project, of the kinds
// results names, whose server has not said it is alive for TaskDeadAfter (it died under them:
// its transaction was rolled back with its connection), each with its kind's result as its
// answer. The queue would try such a job again only after an hour; its task failed, that try
// does nothing. Tasks whose server never says it is alive (alive_at empty) are left alone.
// Answers how many it failed.
func (tx *Tx) FailDeadTasks(ctx context.Context, sc Content, userID string, results map[string]json.RawMessage) (int, error) {
	kinds := make([]string, 0, len(results))
	for k := range results {
		kinds = append(kinds, k)
	}
	byKind, err := json.Marshal(results)
	if err != nil {
		return 0, err
	}
	tag, err := tx.q.Exec(ctx, `UPDATE task SET state = 'failed', finished_at = now(), result = $5::jsonb -> kind
		WHERE organisation_id = $1 AND project_id = $2 AND user_id = $3 AND kind = ANY($4) AND state = 'running'
		  AND alive_at < now() - make_interval(secs => $6)`,
		sc.OrganisationID, sc.ProjectID, userID, kinds, byKind, TaskDeadAfter.Seconds())
	if err != nil {
		return 0, err
	}
	return int(tag.RowsAffected()), nil
}

// liveTask locks the task's row in tx until it ends and answers ErrTaskGivenUp unless the task is
// still queued or running: the work's own transaction ends its task only if nobody gave it up.
func (tx *Tx) liveTask(ctx context.Context, id string) error {
	state, err := tx.LockTaskState(ctx, id)
	if err != nil {
		return err
	}
	if state != "queued" && state != "running" {
		return ErrTaskGivenUp
	}
	return nil
}

// LockTaskState reads a task's state in tx and keeps its row until tx ends: the work's own
// transaction ends its task only if nobody gave the task up meanwhile (FailDeadTasks).
func (tx *Tx) LockTaskState(ctx context.Context, id string) (string, error) {
	var state string
	err := tx.q.QueryRow(ctx, `SELECT state FROM task WHERE id = $1 FOR UPDATE`, id).Scan(&state)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", nil
	}
	return state, err
}

// EndTask ends a task with its result in tx: done when its work was done, failed when it could
// not be. In the transaction of the work itself, the task is done exactly when the work is.
func (tx *Tx) EndTask(ctx context.Context, id string, failed bool, changed *int, result json.RawMessage) error {
	state := "done"
	if failed {
		state = "failed"
	}
	_, err := tx.q.Exec(ctx, `UPDATE task SET state = $2, done = total, changed = $3, result = $4, finished_at = now() WHERE id = $1`,
		id, state, changed, result)
	return err
}

// FailTask marks a task failed: the queue gave it up.
func (db *DB) FailTask(ctx context.Context, id string) error {
	_, err := db.Pool.Exec(ctx, `UPDATE task SET state = 'failed', finished_at = now() WHERE id = $1`, id)
	return err
}

// ArchiveInSteps changes the objects of the view in steps of archiveStep within one transaction:
// all or nothing, as one request's archive is. The queue's worker runs it, and the transaction
// ends the job's task done with it (ErrTaskGivenUp, nothing changed, when the task was failed
// meanwhile); so does `arbor bench archive` (no task), beside the one statement a request runs.
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
				if _, err := db.Pool.Exec(ctx, `UPDATE task SET state = 'running', total = $2, done = $3
					WHERE id = $1 AND state IN ('queued', 'running')`, a.Task, total, done); err != nil {
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
				if a.Task == "" {
					return nil
				}
				// The task ends done in the archive's own transaction, or the archive is undone
				// when the task was given up meanwhile.
				if err := tx.liveTask(ctx, a.Task); err != nil {
					return err
				}
				return tx.EndTask(ctx, a.Task, false, &changed, nil)
			}
			done += stepped
			changed += n
		}
	})
	return changed, err
}

// PutUpload keeps an uploaded file in the database (a large object, written as a stream) until
// the queue's worker reads it: any server may work the job, so the file cannot wait on the disk
// of the one that received it. Answers the object's id.
func (tx *Tx) PutUpload(ctx context.Context, r io.Reader) (uint32, error) {
	los := tx.tx.LargeObjects()
	oid, err := los.Create(ctx, 0)
	if err != nil {
		return 0, err
	}
	obj, err := los.Open(ctx, oid, pgx.LargeObjectModeWrite)
	if err != nil {
		return 0, err
	}
	if _, err := io.Copy(obj, r); err != nil {
		return 0, err
	}
	return oid, obj.Close()
}

// ReadUpload copies an upload PutUpload kept to w; ok is false when it is gone.
func (tx *Tx) ReadUpload(ctx context.Context, oid uint32, w io.Writer) (ok bool, err error) {
	var exists bool
	if err := tx.q.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM pg_largeobject_metadata WHERE oid = $1)`, oid).Scan(&exists); err != nil || !exists {
		return false, err
	}
	los := tx.tx.LargeObjects()
	obj, err := los.Open(ctx, oid, pgx.LargeObjectModeRead)
	if err != nil {
		return false, err
	}
	if _, err := io.Copy(w, obj); err != nil {
		return false, err
	}
	return true, obj.Close()
}

// DropUpload removes an upload PutUpload kept, if it is still there.
func (tx *Tx) DropUpload(ctx context.Context, oid uint32) error {
	_, err := tx.q.Exec(ctx, `SELECT lo_unlink(oid) FROM pg_largeobject_metadata WHERE oid = $1`, oid)
	return err
}
