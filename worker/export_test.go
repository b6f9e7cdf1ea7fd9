package worker_test

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"

	"arbor/files"
	"arbor/store"
	"arbor/worker"
)

// TestExportThatFails: when the blob store cannot take a queued export's file, the queue tries
// twice and then marks the task failed — so the app stops its progress and says so — with no
// download named, no file left behind and no export recorded as if it had left.
func TestExportThatFails(t *testing.T) {
	ctx, db := openDB(t)
	dir := t.TempDir()
	must := mustOf(t)
	org, project, user := threeTrees(t, db, "Worker exports", "worker-exports@example.org")
	// A plain file where the exports' folder would go: every try to store the file fails.
	must(os.WriteFile(filepath.Join(dir, "exports"), []byte("in the way"), 0o644))
	bucket := testBucket(t, dir)

	svc := files.New(db, bucket, "files_export_fail_test")
	start(t, db, worker.Config{MailQueue: "mail_export_fail_test", Mail: &outbox{}, Files: svc, FileQueue: "files_export_fail_test"})

	sc := store.Content{OrganisationID: org, ProjectID: project, Lang: "en"}
	job := store.ExportJob{Organisation: org, Project: project, Lang: "en", User: user, Export: "export-all-trees",
		Format: "xlsx", BaseURL: "http://arbor.test"}
	var task *store.Task
	var err error
	must(db.InTx(ctx, func(tx *store.Tx) error {
		task, err = tx.QueueExport(ctx, svc.ExportQueue(), job, 3)
		return err
	}))

	task = awaitTask(t, db, sc, user, task, store.ExportTasks, "failed", time.Now().Add(90*time.Second),
		"the export's task, with its file impossible to store")
	if task.FinishedAt == nil || task.Download != nil {
		t.Fatalf("the failed task: finished %v, download %+v", task.FinishedAt, task.Download)
	}
	var attempts, records int
	must(db.Pool.QueryRow(ctx, `SELECT attempt FROM river_job WHERE args->>'task' = $1`, task.ID).Scan(&attempts))
	must(db.Pool.QueryRow(ctx, `SELECT count(*) FROM export_record WHERE organisation_id = $1`, org).Scan(&records))
	if attempts != 2 || records != 0 {
		t.Fatalf("%d tries (want 2), %d export records (want none)", attempts, records)
	}
	if _, _, err := db.ExportFile(ctx, sc, user, task.ID, time.Now()); err == nil {
		t.Fatal("a failed export offers a file")
	}
	it := bucket.List(nil)
	for {
		o, err := it.Next(ctx)
		if err == io.EOF {
			break
		}
		must(err)
		if o.Key != "exports" {
			t.Errorf("the blob store holds %s after a failed export", o.Key)
		}
	}
}

// awaitTask reads user's task of kinds again until it ends in state want, and answers it; it ends
// the test if the task ends otherwise or the deadline passes first, naming it what.
func awaitTask(t *testing.T, db *store.DB, sc store.Content, user string, task *store.Task, kinds []string, want string, deadline time.Time, what string) *store.Task {
	t.Helper()
	for task.State != want {
		if task.State == "done" || task.State == "failed" || time.Now().After(deadline) {
			t.Fatalf("%s: %+v", what, task)
		}
		time.Sleep(100 * time.Millisecond)
		var err error
		task, err = db.Task(context.Background(), sc, user, task.ID, kinds)
		mustOf(t)(err)
	}
	return task
}

// mustOf answers a check that ends the test at an error.
func mustOf(t *testing.T) func(error) {
	return func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
}

// threeTrees makes an organisation with a project of three trees and a user (its starter of
// tasks), answering their ids.
func threeTrees(t *testing.T, db *store.DB, name, email string) (org, project, user string) {
	t.Helper()
	ctx := context.Background()
	must := mustOf(t)
	must(db.Pool.QueryRow(ctx, `INSERT INTO organisation (name) VALUES ($1) RETURNING id`, name).Scan(&org))
	must(db.Pool.QueryRow(ctx, `INSERT INTO project (organisation_id, name) VALUES ($1, 'Allee') RETURNING id`, org).Scan(&project))
	for n := 1; n <= 3; n++ {
		_, err := db.Pool.Exec(ctx, `INSERT INTO tree (organisation_id, project_id, geom, number)
			VALUES ($1, $2, ST_SetSRID(ST_MakePoint(9.43 + $3 * 0.0001, 54.78), 4326), $3)`, org, project, n)
		must(err)
	}
	must(db.Pool.QueryRow(ctx, `INSERT INTO app_user (email, first_name, last_name, password_hash, confirmed_at, agb_accepted_at)
		VALUES ($1, 'Erik', 'Export', 'x', now(), now()) RETURNING id`, email).Scan(&user))
	return org, project, user
}
