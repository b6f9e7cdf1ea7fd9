package worker_test

import (
	"bytes"
	"errors"
	"io"
	"testing"
	"time"

	"arbor/domain"
	"arbor/files"
	"arbor/store"
	"arbor/worker"
)

// TestTaskLiveness: archiving a view and a big export share the imports' liveness. Their server
// says it is alive while it works; a task whose server died (running, not heard of for
// store.TaskDeadAfter) is failed when its starter next looks, with a message in their language,
// while a live one is not; the queue's later try of a dead one makes nothing — no object
// archived, no file, no export recorded — and leaves it failed; the work of a task given up
// while it runs is undone by its own transaction.
func TestTaskLiveness(t *testing.T) {
	ctx, db := openDB(t)
	must := mustOf(t)
	org, project, user := threeTrees(t, db, "Worker liveness", "worker-liveness@example.org")
	bucket := testBucket(t, t.TempDir())
	svc := files.New(db, bucket, "files_liveness_test")
	app := domain.New(db, "mail_liveness_test", "")
	sc := store.Content{OrganisationID: org, ProjectID: project, Lang: "de"}
	who := store.Actor{UserID: user}
	exportJob := store.ExportJob{Organisation: org, Project: project, Lang: "de", User: user, Export: "export-all-trees",
		Format: "xlsx", Sheet: "Bäume", BaseURL: "http://arbor.test"}

	// Queued before any worker runs: two whose server took them and died three minutes ago,
	// and an archive and an export still to be worked.
	var deadArchive, deadExport, archive, export *store.Task
	must(db.InTx(ctx, func(tx *store.Tx) (err error) {
		if deadArchive, err = tx.QueueArchive(ctx, sc, who, store.Filter{}, true, 3); err != nil {
			return err
		}
		if deadExport, err = tx.QueueExport(ctx, svc.ExportQueue(), exportJob, 3); err != nil {
			return err
		}
		if archive, err = tx.QueueArchive(ctx, sc, who, store.Filter{}, true, 3); err != nil {
			return err
		}
		export, err = tx.QueueExport(ctx, svc.ExportQueue(), exportJob, 3)
		return err
	}))
	_, err := db.Pool.Exec(ctx, `UPDATE task SET state = 'running', alive_at = now() - interval '3 minutes' WHERE id = ANY($1)`,
		[]string{deadArchive.ID, deadExport.ID})
	must(err)
	// One whose server is alive stays as it is.
	_, err = db.Pool.Exec(ctx, `UPDATE task SET state = 'running', alive_at = now() WHERE id = $1`, archive.ID)
	must(err)
	open, err := app.OpenTasks(ctx, sc, user, store.DataViewTasks, "de")
	must(err)
	if len(open) != 2 || open[0].ID != archive.ID || open[0].State != "running" || open[1].ID != export.ID {
		t.Fatalf("open tasks %+v", open)
	}
	for _, id := range []string{deadArchive.ID, deadExport.ID} {
		got, err := app.Task(ctx, sc, user, id, store.DataViewTasks, "de")
		if err != nil || got.State != "failed" || got.FinishedAt == nil || !bytes.Contains(got.Result, []byte("task.server_stopped")) ||
			!bytes.Contains(got.Result, []byte("Bitte starten Sie sie erneut")) {
			t.Fatalf("dead task %+v %s %v", got, got.Result, err)
		}
	}
	_, err = db.Pool.Exec(ctx, `UPDATE task SET state = 'queued', alive_at = NULL WHERE id = $1`, archive.ID)
	must(err)

	// The queue works all four: the dead ones' tries (first in line) make nothing.
	start(t, db, worker.Config{MailQueue: "mail_liveness_test", Mail: &outbox{}, Files: svc, FileQueue: "files_liveness_test", App: app})
	deadline := time.Now().Add(90 * time.Second)
	for _, task := range []*store.Task{archive, export} {
		task = awaitTask(t, db, sc, user, task, store.DataViewTasks, "done", deadline, "task")
		var alive bool
		must(db.Pool.QueryRow(ctx, `SELECT alive_at IS NOT NULL FROM task WHERE id = $1`, task.ID).Scan(&alive))
		if !alive {
			t.Errorf("the %s's server never said it was alive", task.Kind)
		}
		if task.Kind == "archive" && (task.Changed == nil || *task.Changed != 3) {
			t.Errorf("the archive changed %v objects, want 3 (none archived by the dead one's try)", task.Changed)
		}
	}
	for _, id := range []string{deadArchive.ID, deadExport.ID} {
		for {
			var worked bool
			must(db.Pool.QueryRow(ctx, `SELECT NOT EXISTS (SELECT 1 FROM river_job WHERE args->>'task' = $1 AND state <> 'completed')`, id).Scan(&worked))
			if worked {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("the dead task %s's job was not worked", id)
			}
			time.Sleep(100 * time.Millisecond)
		}
		got, err := db.Task(ctx, sc, user, id, store.DataViewTasks)
		if err != nil || got.State != "failed" || got.Download != nil {
			t.Fatalf("a dead task after its late try %+v %v", got, err)
		}
	}
	// Given up while it runs: the archive's own transaction and the export's end find the task
	// failed, and keep nothing.
	var given *store.Task
	must(db.InTx(ctx, func(tx *store.Tx) (err error) {
		given, err = tx.NewTask(ctx, sc, who, "activate", 3) // worked here, not queued
		return err
	}))
	_, err = db.Pool.Exec(ctx, `UPDATE task SET state = 'failed' WHERE id = $1`, given.ID)
	must(err)
	if _, err := db.ArchiveInSteps(ctx, store.ArchiveJob{Task: given.ID, Organisation: org, Project: project, Who: who,
		Filter: store.Filter{State: "all"}}); !errors.Is(err, store.ErrTaskGivenUp) {
		t.Errorf("archive of a task given up: %v", err)
	}
	var archived int
	must(db.Pool.QueryRow(ctx, `SELECT count(*) FROM tree WHERE project_id = $1 AND archive`, project).Scan(&archived))
	if archived != 3 {
		t.Errorf("%d archived, want the 3 of the live archive (a given-up activation undone)", archived)
	}
	if err := db.InTx(ctx, func(tx *store.Tx) error {
		return tx.FinishExport(ctx, deadExport.ID, 3, "exports/x.xlsx", store.Download{Name: "x.xlsx", ExpiresAt: time.Now()})
	}); !errors.Is(err, store.ErrTaskGivenUp) {
		t.Errorf("an export's end on a task given up: %v", err)
	}
	var records int
	must(db.Pool.QueryRow(ctx, `SELECT count(*) FROM export_record WHERE organisation_id = $1`, org).Scan(&records))
	if records != 1 {
		t.Errorf("%d exports recorded, want the live one's alone", records)
	}
	it := bucket.List(nil)
	n := 0
	for {
		o, err := it.Next(ctx)
		if err == io.EOF {
			break
		}
		must(err)
		if !o.IsDir {
			n++
		}
	}
	if n > 1 {
		t.Errorf("%d files in the blob store, want the live export's alone", n)
	}
}
