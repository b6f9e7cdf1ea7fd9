package domain_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime/pprof"
	"testing"
	"time"

	"arbor"
	"arbor/domain"
	"arbor/importer"
	"arbor/importer/importertest"
	"arbor/store"
)

// damagedGeoPackage writes a GeoPackage of 3000 trees with GDAL (their long attribute spreads
// them over a few hundred pages) and garbles three pages from the given fraction of the file on,
// so its reading fails partway, among the rows.
func damagedGeoPackage(t *testing.T, at float64) string {
	t.Helper()
	data := importertest.DamagedSample(t, 3000)
	from := int(float64(len(data)) * at)
	for i := from; i < from+3*4096; i++ {
		data[i] = 0xA5
	}
	path := filepath.Join(t.TempDir(), "register.gpkg")
	os.WriteFile(path, data, 0o600)
	return path
}

// within runs f and fails the test if it has not ended in a minute: a reader that loops.
func within(t *testing.T, what string, f func()) {
	t.Helper()
	done := make(chan struct{})
	began := time.Now()
	go func() { defer close(done); f() }()
	select {
	case <-done:
		t.Logf("%s ended in %v", what, time.Since(began).Round(time.Millisecond))
	case <-time.After(time.Minute):
		t.Fatalf("%s did not end", what)
	}
}

// TestImportDamagedFile: a GeoPackage whose reading fails partway (issue #17) ends the wizard's
// inspection, the preview and the queued import promptly, each with a clear message naming the
// line from which nothing could be read; nothing is written, the queued import's task fails
// with the message and its kept file goes, and no reading goroutine is left behind. Not
// parallel: the goroutines counted are this test's alone.
func TestImportDamagedFile(t *testing.T) {
	ctx, db, app := open(t, "mail_import_damaged_test")
	u, sc, who := importingUser(t, db, "Damaged")
	mapping := []importer.Column{{}, {Target: "number"}, {}}
	damagedAt := func(err error) int {
		t.Helper()
		var ae *arbor.Error
		if !errors.As(err, &ae) || ae.Code != arbor.EINVALID || ae.Key != "import.damaged" {
			t.Fatalf("not told as damaged: %v", err)
		}
		line, _ := ae.Args["line"].(int)
		return line
	}

	// Damage within the rows the wizard shows (the first 200 of about 14 a page).
	head := damagedGeoPackage(t, 0.09)
	f, _ := os.Open(head)
	defer f.Close()
	st, _ := f.Stat()
	within(t, "the inspection", func() {
		_, err := app.InspectImport(ctx, sc, f, st.Size(), domain.ImportOptions{})
		if line := damagedAt(err); line < 2 || line > 200 {
			t.Errorf("inspection: line %d", line)
		}
	})

	// Damage further on: the wizard shows the head; the preview and the import stop at it.
	path := damagedGeoPackage(t, 0.4)
	g, _ := os.Open(path)
	defer g.Close()
	st, _ = g.Stat()
	within(t, "the inspection", func() {
		in, err := app.InspectImport(ctx, sc, g, st.Size(), domain.ImportOptions{})
		if err != nil || len(in.Rows) != 200 {
			t.Errorf("inspection of a file damaged further on: %v", err)
		}
	})
	var line int
	within(t, "the preview", func() {
		g.Seek(0, 0)
		_, err := app.ImportFile(ctx, sc, who, "register.gpkg", g, st.Size(), domain.ImportOptions{Mapping: mapping, DryRun: true}, "de")
		if line = damagedAt(err); line < 200 || line > 3000 {
			t.Errorf("preview: line %d", line)
		}
	})
	g.Seek(0, 0)
	task, err := app.QueueImport(ctx, sc, who, "register.gpkg", g, st.Size(), domain.ImportOptions{Mapping: mapping}, "de")
	if err != nil {
		t.Fatal(err)
	}
	job := takeImportJob(t, db, task.ID)
	within(t, "the queued import", func() {
		if err := app.RunImport(ctx, job, false); err != nil {
			t.Errorf("queued import: %v", err)
		}
	})
	got, err := db.Task(ctx, sc, u.ID, task.ID, store.ImportTasks)
	want := fmt.Sprintf("ab Zeile %d beschädigt", line)
	if err != nil || got.State != "failed" || !bytes.Contains(got.Result, []byte("import.damaged")) || !bytes.Contains(got.Result, []byte(want)) {
		t.Fatalf("task %+v %s %v (want %q)", got, got.Result, err, want)
	}
	if trees, kept := afterImport(t, db, sc, job); trees != 0 || kept {
		t.Fatalf("%d trees written, kept file left %v", trees, kept)
	}
	var stacks bytes.Buffer
	pprof.Lookup("goroutine").WriteTo(&stacks, 1)
	if bytes.Contains(stacks.Bytes(), []byte("convertRows")) {
		t.Fatalf("a reading goroutine is left:\n%s", stacks.String())
	}
}

// TestRunImportQueued: the queue's import reads the file kept in the database, writes it in one
// transaction that also ends its task with the answer and drops the kept file; a second try of a
// job whose task ended does nothing; a job whose file is gone ends its task failed, with the
// message in the person's language.
func TestRunImportQueued(t *testing.T) {
	t.Parallel()
	ctx, db, app := open(t, "mail_import_queue_test")
	u, sc, who := importingUser(t, db, "Queue")
	f, size, opt := twoTreesCSV(t)
	task, err := app.QueueImport(ctx, sc, who, "k.csv", f, size, opt, "de")
	if err != nil || task.State != "queued" {
		t.Fatalf("queued %+v %v", task, err)
	}
	// Worked here rather than by a worker, so the test sees each try.
	job := takeImportJob(t, db, task.ID)
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
	task, err = app.QueueImport(ctx, sc, who, "k.csv", f, size, opt, "de")
	if err != nil {
		t.Fatal(err)
	}
	job = takeImportJob(t, db, task.ID)
	db.Pool.Exec(ctx, `SELECT lo_unlink($1)`, job.Upload)
	if err := app.RunImport(ctx, job, false); err != nil {
		t.Fatal(err)
	}
	got, _ = db.Task(ctx, sc, u.ID, task.ID, store.ImportTasks)
	if got.State != "failed" || !bytes.Contains(got.Result, []byte("import.queue_gone")) || !bytes.Contains(got.Result, []byte("erneut hochladen")) {
		t.Fatalf("task of a lost file %+v %s", got, got.Result)
	}
}

// TestImportDeadServer: an import whose server died (its task running, not heard of for
// store.TaskDeadAfter) no longer keeps its starter from importing: the next request fails it
// with a message in their language and queues the new one; a task whose server is alive still
// does; the dead one's job, tried again by the queue later, writes nothing and drops its file.
func TestImportDeadServer(t *testing.T) {
	t.Parallel()
	ctx, db, app := open(t, "mail_import_dead_test")
	u, sc, who := importingUser(t, db, "Dead server")
	f, size, opt := twoTreesCSV(t)
	queue := func() (*store.Task, domain.ImportJob, error) {
		f.Seek(0, 0)
		task, err := app.QueueImport(ctx, sc, who, "k.csv", f, size, opt, "de")
		if err != nil {
			return nil, domain.ImportJob{}, err
		}
		// Worked here rather than by a worker, so the test decides when and whether.
		return task, takeImportJob(t, db, task.ID), nil
	}
	task, job, err := queue()
	if err != nil {
		t.Fatal(err)
	}
	// A server took it and says it is alive: the next import waits.
	if err := db.TaskAlive(ctx, task.ID); err != nil {
		t.Fatal(err)
	}
	if _, _, err := queue(); arbor.ErrorCode(err) != arbor.ECONFLICT {
		t.Fatalf("a second import beside a live one: %v", err)
	}
	// Its server died a few minutes ago: the wizard no longer shows it, and tells why.
	db.Pool.Exec(ctx, `UPDATE task SET alive_at = now() - interval '3 minutes' WHERE id = $1`, task.ID)
	open, err := app.OpenTasks(ctx, sc, u.ID, store.ImportTasks, "de")
	if err != nil || len(open) != 0 {
		t.Fatalf("open imports %+v %v", open, err)
	}
	got, err := app.Task(ctx, sc, u.ID, task.ID, store.ImportTasks, "de")
	if err != nil || got.State != "failed" || got.FinishedAt == nil || !bytes.Contains(got.Result, []byte("import.server_stopped")) ||
		!bytes.Contains(got.Result, []byte("Bitte importieren Sie die Datei erneut")) {
		t.Fatalf("dead task %+v %s %v", got, got.Result, err)
	}
	// The person imports again at once.
	task2, job2, err := queue()
	if err != nil {
		t.Fatalf("import after a dead server: %v", err)
	}
	if err := app.RunImport(ctx, job2, false); err != nil {
		t.Fatal(err)
	}
	if got, _ := db.Task(ctx, sc, u.ID, task2.ID, store.ImportTasks); got.State != "done" {
		t.Fatalf("new import %+v", got)
	}
	// The queue tries the dead one again (its rescue, an hour on): nothing is written twice, and
	// its kept file goes.
	if err := app.RunImport(ctx, job, false); err != nil {
		t.Fatal(err)
	}
	if trees, kept := afterImport(t, db, sc, job); trees != 2 || kept {
		t.Fatalf("%d trees (want 2), dead import's file kept %v", trees, kept)
	}
	if got, _ := db.Task(ctx, sc, u.ID, task.ID, store.ImportTasks); got.State != "failed" {
		t.Fatalf("the dead task came back: %+v", got)
	}
}

// takeImportJob answers the queue's job of an import task and takes it out of the queue, so
// that the test works it itself and sees each try.
// twoTreesCSV is a CSV file of two trees, open for the test, its size, and the options that import
// it: number, height and WGS 84 coordinates.
func twoTreesCSV(t *testing.T) (f *os.File, size int64, opt domain.ImportOptions) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "k.csv")
	os.WriteFile(path, []byte("Nr,Hoehe,lon,lat\n1,10,9.43,54.78\n2,11,9.431,54.781\n"), 0o600)
	f, _ = os.Open(path)
	t.Cleanup(func() { f.Close() })
	st, _ := f.Stat()
	mapping := []importer.Column{{Target: "number"}, {Target: "height"}, {Target: "x"}, {Target: "y"}}
	return f, st.Size(), domain.ImportOptions{Mapping: mapping, SRID: 4326}
}

func takeImportJob(t *testing.T, db *store.DB, taskID string) domain.ImportJob {
	t.Helper()
	var raw []byte
	var job domain.ImportJob
	ctx := context.Background()
	if err := db.Pool.QueryRow(ctx, `SELECT args FROM river_job WHERE kind = 'import_file' AND args->>'task' = $1`, taskID).Scan(&raw); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(raw, &job); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Pool.Exec(ctx, `DELETE FROM river_job WHERE args->>'task' = $1`, taskID); err != nil {
		t.Fatal(err)
	}
	return job
}

// afterImport answers how many objects the project holds and whether the job's kept file is
// still there.
func afterImport(t *testing.T, db *store.DB, sc store.Content, job domain.ImportJob) (trees int, kept bool) {
	t.Helper()
	ctx := context.Background()
	if err := db.Pool.QueryRow(ctx, `SELECT count(*) FROM tree WHERE project_id = $1`, sc.ProjectID).Scan(&trees); err != nil {
		t.Fatal(err)
	}
	if err := db.Pool.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM pg_largeobject_metadata WHERE oid = $1)`, job.Upload).Scan(&kept); err != nil {
		t.Fatal(err)
	}
	return trees, kept
}
