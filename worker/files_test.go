package worker_test

import (
	"bytes"
	"image"
	"image/color"
	"image/jpeg"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"arbor/files"
	"arbor/store"
	"arbor/worker"
)

// TestFileJobs: with the worker running, a photo's upload is followed by its thumbnails (the
// queue's job, not the request's), and the sweep run at start removes a blob that no file record
// knows and that is older than an upload could be, while sparing a young one.
func TestFileJobs(t *testing.T) {
	ctx, db := openDB(t)
	dir := t.TempDir()
	var org, project, tree, user string
	must := mustOf(t)
	must(db.Pool.QueryRow(ctx, `INSERT INTO organisation (name) VALUES ('Worker files') RETURNING id`).Scan(&org))
	must(db.Pool.QueryRow(ctx, `INSERT INTO project (organisation_id, name) VALUES ($1, 'Park') RETURNING id`, org).Scan(&project))
	must(db.Pool.QueryRow(ctx, `INSERT INTO tree (organisation_id, project_id, geom, number)
		VALUES ($1, $2, ST_SetSRID(ST_MakePoint(9.43, 54.78), 4326), 1) RETURNING id`, org, project).Scan(&tree))
	must(db.Pool.QueryRow(ctx, `INSERT INTO app_user (email, first_name, last_name, password_hash, confirmed_at, agb_accepted_at)
		VALUES ('worker-files@example.org', 'Fiona', 'Field', 'x', now(), now()) RETURNING id`).Scan(&user))
	bucket := testBucket(t, dir)

	// Two blobs no record knows: one left two hours ago by a broken upload, one being uploaded now.
	old, young := "org/"+org+"/left-behind", "org/"+org+"/arriving"
	for _, k := range []string{old, young} {
		must(bucket.WriteAll(ctx, k, []byte("bytes"), nil))
	}
	two := time.Now().Add(-2 * time.Hour)
	must(os.Chtimes(filepath.Join(dir, filepath.FromSlash(old)), two, two))

	svc := files.New(db, bucket, "files_worker_test")
	start(t, db, worker.Config{MailQueue: "mail_files_worker_test", Mail: &outbox{}, Files: svc, FileQueue: "files_worker_test"})

	sc := store.Content{OrganisationID: org, ProjectID: project, Lang: "en"}
	owner, err := db.DocumentOwner(ctx, sc, "tree", tree)
	must(err)
	d, _, err := svc.Save(ctx, files.Upload{Owner: *owner, Who: store.Actor{UserID: user}, Name: "Krone.jpg"}, bytes.NewReader(testPhoto(t, 2000, 1500)))
	must(err)
	if d.Thumbs != "pending" {
		t.Fatalf("thumbnails %q right after the upload, want pending", d.Thumbs)
	}

	deadline := time.Now().Add(60 * time.Second)
	for {
		var state string
		must(db.Pool.QueryRow(ctx, `SELECT thumbs FROM document WHERE id = $1`, d.ID).Scan(&state))
		exists, err := bucket.Exists(ctx, old)
		must(err)
		if state == "ready" && !exists {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("after 60 s: thumbnails %q, the old stray blob still there: %v", state, exists)
		}
		time.Sleep(100 * time.Millisecond)
	}
	for _, want := range []string{d.BlobKey + ".256.jpg", d.BlobKey + ".1280.jpg", young} {
		if ok, err := bucket.Exists(ctx, want); err != nil || !ok {
			t.Errorf("%s is gone (%v)", strings.TrimPrefix(want, "org/"+org+"/"), err)
		}
	}
	small, err := bucket.ReadAll(ctx, d.BlobKey+".256.jpg")
	must(err)
	img, _, err := image.DecodeConfig(bytes.NewReader(small))
	must(err)
	if img.Width != 256 || img.Height != 192 {
		t.Errorf("the small thumbnail is %d × %d, want 256 × 192", img.Width, img.Height)
	}
}

// testPhoto is a JPEG of w × h pixels.
func testPhoto(t *testing.T, w, h int) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for x := 0; x < w; x += 4 {
		for y := 0; y < h; y += 4 {
			img.Set(x, y, color.RGBA{uint8(x), uint8(y), 90, 255})
		}
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, nil); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}
