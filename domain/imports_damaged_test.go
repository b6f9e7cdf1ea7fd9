package domain_test

import (
	"bytes"
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
