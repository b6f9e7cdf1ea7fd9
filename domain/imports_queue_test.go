package domain_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"arbor/domain"
	"arbor/importer"
	"arbor/store"
)

// TestRunImportQueued: the queue's import reads the file kept in the database, writes it in one
// transaction that also ends its task with the answer and drops the kept file; a second try of a
// job whose task ended does nothing; a job whose file is gone ends its task failed, with the
// message in the person's language.
func TestRunImportQueued(t *testing.T) {
	t.Parallel()
	ctx, db, app := open(t, "mail_import_queue_test")
	u := newUser(t, db, "Ida", "de")
	sc := organisation(t, db, "Queue", u)
	who := store.Actor{UserID: u.ID}
	path := filepath.Join(t.TempDir(), "k.csv")
	os.WriteFile(path, []byte("Nr,Hoehe,lon,lat\n1,10,9.43,54.78\n2,11,9.431,54.781\n"), 0o600)
	f, _ := os.Open(path)
	defer f.Close()
	st, _ := f.Stat()
	mapping := []importer.Column{{Target: "number"}, {Target: "height"}, {Target: "x"}, {Target: "y"}}
	task, err := app.QueueImport(ctx, sc, who, "k.csv", f, st.Size(), domain.ImportOptions{Mapping: mapping, SRID: 4326}, "de")
	if err != nil || task.State != "queued" {
		t.Fatalf("queued %+v %v", task, err)
	}
	var raw []byte
	if err := db.Pool.QueryRow(ctx, `SELECT args FROM river_job WHERE kind = 'import_file' AND args->>'task' = $1`, task.ID).Scan(&raw); err != nil {
		t.Fatal(err)
	}
	var job domain.ImportJob
	if err := json.Unmarshal(raw, &job); err != nil {
		t.Fatal(err)
	}
	// Worked here rather than by a worker, so the test sees each try.
	db.Pool.Exec(ctx, `DELETE FROM river_job WHERE args->>'task' = $1`, task.ID)
	if err := app.RunImport(ctx, job, false); err != nil {
		t.Fatal(err)
	}
	got, err := db.Task(ctx, sc, u.ID, task.ID, store.ImportTasks)
	if err != nil || got.State != "done" || got.Done != got.Total || got.Changed == nil || *got.Changed != 2 {
		t.Fatalf("task %+v %v", got, err)
	}
	var res map[string]any
	json.Unmarshal(got.Result, &res)
	if res["written"] != true || res["trees"] != 2.0 || res["file_name"] != "k.csv" {
		t.Fatalf("result %s", got.Result)
	}
	var kept bool
	db.Pool.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM pg_largeobject_metadata WHERE oid = $1)`, job.Upload).Scan(&kept)
	if kept {
		t.Error("the kept file outlived its import")
	}
	// Tried again (its end not heard): nothing more is written.
	if err := app.RunImport(ctx, job, false); err != nil {
		t.Fatal(err)
	}
	var n int
	db.Pool.QueryRow(ctx, `SELECT count(*) FROM tree WHERE project_id = $1`, sc.ProjectID).Scan(&n)
	if n != 2 {
		t.Fatalf("%d trees after a second try", n)
	}

	// A job whose file is gone.
	f.Seek(0, 0)
	task, err = app.QueueImport(ctx, sc, who, "k.csv", f, st.Size(), domain.ImportOptions{Mapping: mapping, SRID: 4326}, "de")
	if err != nil {
		t.Fatal(err)
	}
	db.Pool.QueryRow(ctx, `SELECT args FROM river_job WHERE kind = 'import_file' AND args->>'task' = $1`, task.ID).Scan(&raw)
	json.Unmarshal(raw, &job)
	db.Pool.Exec(ctx, `DELETE FROM river_job WHERE args->>'task' = $1`, task.ID)
	db.Pool.Exec(ctx, `SELECT lo_unlink($1)`, job.Upload)
	if err := app.RunImport(ctx, job, false); err != nil {
		t.Fatal(err)
	}
	got, _ = db.Task(ctx, sc, u.ID, task.ID, store.ImportTasks)
	if got.State != "failed" || !bytes.Contains(got.Result, []byte("import.queue_gone")) || !bytes.Contains(got.Result, []byte("erneut hochladen")) {
		t.Fatalf("task of a lost file %+v %s", got, got.Result)
	}
}
