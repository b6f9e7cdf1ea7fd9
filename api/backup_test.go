package api

import (
	"bytes"
	"context"
	"crypto/rand"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"arbor/store/storetest"

	"github.com/jackc/pgx/v5"
)

// runScript runs one of scripts/ with env added to the test's environment and returns its output;
// it fails the test unless the script's exit status is the one wanted (ok: 0).
func runScript(t *testing.T, ok bool, env []string, name string, args ...string) string {
	t.Helper()
	defer func(s time.Time) { t.Logf("%s %v", name, time.Since(s)) }(time.Now())
	cmd := exec.Command(filepath.Join("..", "scripts", name), args...)
	cmd.Env = append(append(os.Environ(), "ARBOR_SECRET="), env...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	if (err == nil) != ok {
		t.Fatalf("scripts/%s %v: %v (want success: %v)\n%s", name, args, err, ok, out.String())
	}
	return out.String()
}

// newDatabaseURL names a database that does not exist yet (restore.sh creates it), dropped when
// the test ends.
func newDatabaseURL(t *testing.T) string {
	t.Helper()
	admin := storetest.AdminURL()
	name := "arbor_restore_" + strings.ToLower(rand.Text()[:12])
	t.Cleanup(func() {
		c, err := pgx.Connect(context.Background(), admin)
		if err != nil {
			t.Errorf("drop %s: %v", name, err)
			return
		}
		defer c.Close(context.Background())
		if _, err := c.Exec(context.Background(), "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)"); err != nil {
			t.Errorf("drop %s: %v", name, err)
		}
	})
	return storetest.WithDatabase(admin, name)
}

var identicalLine = regexp.MustCompile(`identical: (\d+) tables, (\d+) rows .*; (\d+) blobs, (\d+) bytes; (\d+) files recorded`)

// TestBackupAndRestore: scripts/backup.sh backs up a small installation (a project with trees, an
// inspection, a photo with its thumbnails and a PDF), scripts/restore.sh restores it into a new
// database and data folder, and scripts/backup-check.sh finds both identical — every table's
// count and checksum, every blob; a changed row, a lost blob or a damaged backup is found
// (docs/OPERATIONS.md, "Backup and restore").
func TestBackupAndRestore(t *testing.T) {
	t.Parallel()
	src := storetest.FreshURL(t)
	e := newEnvOn(t, openDB(t, src))
	b, _, _ := e.loggedIn(t)
	org := opNewOrg(t, b, "Backup")
	project := opNewProject(t, b, org.ID, "Restored")
	in := func(path string) string { return path + "?project=" + project.ID }
	var tree string
	for i := 1; i <= 12; i++ {
		r := b.do("POST", in("/api/content/tree"), map[string]any{"number": i, "height": 10 + i, "geom": point(9.43+float64(i)/1e4, 54.78)})
		wantStatus(t, r, http.StatusCreated)
		tree = r.json(t)["id"].(string)
	}
	wantStatus(t, b.do("POST", in("/api/content/tree/"+tree+"/checks"), map[string]any{"vitality": 2}), http.StatusCreated)
	save := in("/api/document/save") + "&object_type=tree&object_id=" + tree
	body, ct := fileForm(t, "Stamm.jpg", testJPEG(t, 600, 300))
	wantStatus(t, b.do("POST", save, body, ct), http.StatusCreated)
	body, ct = fileForm(t, "Gutachten.pdf", []byte("%PDF-1.4\n1 0 obj << >> endobj\n%%EOF\n"))
	wantStatus(t, b.do("POST", save, body, ct), http.StatusCreated)
	deadline := time.Now().Add(20 * time.Second)
	for e.count(t, `SELECT count(*) FROM document WHERE thumbs = 'pending'`) > 0 {
		if time.Now().After(deadline) {
			t.Fatal("the thumbnails were not made within 20 s")
		}
		time.Sleep(50 * time.Millisecond)
	}

	data := t.TempDir()
	secret := []byte(strings.Repeat("s", 64) + "\n")
	if err := os.WriteFile(filepath.Join(data, "secret"), secret, 0o600); err != nil {
		t.Fatal(err)
	}
	backup := filepath.Join(t.TempDir(), "backup")
	runScript(t, true, []string{"DATABASE_URL=" + src, "ARBOR_DATA=" + data,
		"ARBOR_BLOB_URL=file://" + e.blobs + "?create_dir=1&no_tmp_dir=1&metadata=skip"}, "backup.sh", backup)

	dst := newDatabaseURL(t)
	restored := t.TempDir()
	restore := []string{"DATABASE_URL=" + dst, "ARBOR_DATA=" + restored}
	runScript(t, true, restore, "restore.sh", backup)
	if got, err := os.ReadFile(filepath.Join(restored, "secret")); err != nil || !bytes.Equal(got, secret) {
		t.Fatalf("restored secret %q, %v", got, err)
	}
	dstBlobs := filepath.Join(restored, "blobs")
	out := runScript(t, true, nil, "backup-check.sh", src, e.blobs, dst, dstBlobs)
	m := identicalLine.FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("backup-check.sh said:\n%s", out)
	}
	// The photo, its two thumbnails and the PDF; both files recorded.
	if m[3] != "4" || m[5] != "2" {
		t.Fatalf("compared %s blobs and %s files, want 4 and 2:\n%s", m[3], m[5], out)
	}
	t.Logf("restore compared: %s", strings.TrimSpace(out[strings.Index(out, "identical"):]))

	// A restore is refused into a database that holds tables, and from a damaged backup.
	runScript(t, false, []string{"DATABASE_URL=" + dst, "ARBOR_DATA=" + t.TempDir()}, "restore.sh", backup)
	damaged := filepath.Join(t.TempDir(), "damaged")
	if err := exec.Command("cp", "-a", backup, damaged).Run(); err != nil {
		t.Fatal(err)
	}
	dump := filepath.Join(damaged, "database.dump")
	raw, err := os.ReadFile(dump)
	if err != nil {
		t.Fatal(err)
	}
	raw[len(raw)/2] ^= 0xff
	if err := os.WriteFile(dump, raw, 0o600); err != nil {
		t.Fatal(err)
	}
	if out := runScript(t, false, []string{"DATABASE_URL=" + newDatabaseURL(t), "ARBOR_DATA=" + t.TempDir()}, "restore.sh", damaged); !strings.Contains(out, "damaged") {
		t.Fatalf("a damaged backup: %s", out)
	}

	// The check finds a changed row and a lost blob.
	c, err := pgx.Connect(context.Background(), dst)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close(context.Background())
	if _, err := c.Exec(context.Background(), `UPDATE tree SET height = 99 WHERE id = $1`, tree); err != nil {
		t.Fatal(err)
	}
	var key string
	if err := c.QueryRow(context.Background(), `SELECT blob_key FROM document WHERE kind = 'document'`).Scan(&key); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(dstBlobs, key)); err != nil {
		t.Fatal(err)
	}
	out = runScript(t, false, nil, "backup-check.sh", src, e.blobs, dst, dstBlobs)
	for _, want := range []string{"+public.tree|12|", "lacks " + key, "DIFFERENT"} {
		if !strings.Contains(out, want) {
			t.Fatalf("backup-check.sh does not say %q:\n%s", want, out)
		}
	}
}
