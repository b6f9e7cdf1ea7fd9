package files_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"arbor"
	"arbor/files"
	"arbor/store"
	"arbor/store/storetest"

	exif "github.com/dsoprea/go-exif/v3"
	exifcommon "github.com/dsoprea/go-exif/v3/common"
)

func TestMain(m *testing.M) { os.Exit(storetest.Run(m)) }

// world is an organisation with a project and a tree, and a blob folder of its own.
type world struct {
	db      *store.DB
	svc     *files.Service
	dir     string
	org     string
	sc      store.Content
	tree    string
	who     store.Actor
	treeObj *store.DocumentOwner
}

func newWorld(t *testing.T) *world {
	t.Helper()
	ctx := context.Background()
	db := storetest.MustOpenDB(t)
	w := &world{db: db, dir: t.TempDir()}
	q := db.Pool
	var project, user string
	if err := q.QueryRow(ctx, `INSERT INTO organisation (name) VALUES ('Files') RETURNING id`).Scan(&w.org); err != nil {
		t.Fatal(err)
	}
	if err := q.QueryRow(ctx, `INSERT INTO project (organisation_id, name) VALUES ($1, 'Park') RETURNING id`, w.org).Scan(&project); err != nil {
		t.Fatal(err)
	}
	if err := q.QueryRow(ctx, `INSERT INTO tree (organisation_id, project_id, geom, number)
		VALUES ($1, $2, ST_SetSRID(ST_MakePoint(9.43, 54.78), 4326), 7) RETURNING id`, w.org, project).Scan(&w.tree); err != nil {
		t.Fatal(err)
	}
	if err := q.QueryRow(ctx, `INSERT INTO app_user (email, first_name, last_name, password_hash, confirmed_at, agb_accepted_at)
		VALUES ($1, 'Fiona', 'Field', 'x', now(), now()) RETURNING id`, fmt.Sprintf("fiona%d@example.org", time.Now().UnixNano())).Scan(&user); err != nil {
		t.Fatal(err)
	}
	w.who = store.Actor{UserID: user}
	w.sc = store.Content{OrganisationID: w.org, ProjectID: project, Lang: "en"}
	bucket, err := files.OpenBucket(ctx, "file://"+w.dir+"?create_dir=1&no_tmp_dir=1&metadata=skip")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { bucket.Close() })
	w.svc = files.New(db, bucket, "files_test")
	if w.treeObj, err = db.DocumentOwner(ctx, w.sc, "tree", w.tree); err != nil {
		t.Fatal(err)
	}
	return w
}

func (w *world) save(t *testing.T, name string, data []byte, clientID string) (*store.Document, bool, error) {
	t.Helper()
	return w.svc.Save(context.Background(), files.Upload{Owner: *w.treeObj, Who: w.who, Name: name, ClientID: clientID},
		bytes.NewReader(data))
}

// blobs lists the files in the blob folder.
func (w *world) blobs(t *testing.T) []string {
	t.Helper()
	var out []string
	err := filepath.Walk(w.dir, func(p string, info os.FileInfo, err error) error {
		if err == nil && !info.IsDir() {
			out = append(out, strings.TrimPrefix(p, w.dir+"/"))
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// photo is a JPEG of w × h pixels; with exifData, EXIF in an APP1 segment as a camera writes it.
func photo(t *testing.T, w, h int, exifData []byte) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for x := 0; x < w; x++ {
		for y := 0; y < h; y++ {
			img.Set(x, y, color.RGBA{uint8(x), uint8(y), 120, 255})
		}
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 90}); err != nil {
		t.Fatal(err)
	}
	b := buf.Bytes()
	if exifData == nil {
		return b
	}
	payload := append([]byte("Exif\x00\x00"), exifData...)
	seg := []byte{0xFF, 0xE1, 0, 0}
	binary.BigEndian.PutUint16(seg[2:], uint16(len(payload)+2))
	out := append([]byte{}, b[:2]...)
	out = append(out, seg...)
	out = append(out, payload...)
	return append(out, b[2:]...)
}

// cameraEXIF says: turned 90° clockwise (orientation 6), taken on 3 May 2025 at 14:30:15 in
// Flensburg (54.7833 N, 9.4333 E).
func cameraEXIF(t *testing.T) []byte {
	t.Helper()
	im, err := exifcommon.NewIfdMappingWithStandard()
	if err != nil {
		t.Fatal(err)
	}
	ti := exif.NewTagIndex()
	root := exif.NewIfdBuilder(im, ti, exifcommon.IfdStandardIfdIdentity, binary.BigEndian)
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(root.AddStandardWithName("Orientation", []uint16{6}))
	sub, err := exif.GetOrCreateIbFromRootIb(root, "IFD/Exif")
	must(err)
	must(sub.AddStandardWithName("DateTimeOriginal", "2025:05:03 14:30:15"))
	gps, err := exif.GetOrCreateIbFromRootIb(root, "IFD/GPSInfo")
	must(err)
	must(gps.AddStandardWithName("GPSVersionID", []uint8{2, 2, 0, 0}))
	must(gps.AddStandardWithName("GPSLatitudeRef", "N"))
	must(gps.AddStandardWithName("GPSLatitude", []exifcommon.Rational{{Numerator: 54, Denominator: 1}, {Numerator: 47, Denominator: 1}, {Numerator: 0, Denominator: 1}}))
	must(gps.AddStandardWithName("GPSLongitudeRef", "E"))
	must(gps.AddStandardWithName("GPSLongitude", []exifcommon.Rational{{Numerator: 9, Denominator: 1}, {Numerator: 26, Denominator: 1}, {Numerator: 0, Denominator: 1}}))
	data, err := exif.NewIfdByteEncoder().EncodeToExif(root)
	must(err)
	return data
}

func pdf(size int) []byte {
	b := []byte("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n")
	for len(b) < size-6 {
		b = append(b, ' ')
	}
	return append(b, "%%EOF\n"...)
}

// TestSavePhoto: a photo is checked by content, stored in the blob folder, its EXIF time and
// place read, its thumbnails made upright and without the place, and its upload in history.
func TestSavePhoto(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	data := photo(t, 400, 200, cameraEXIF(t))
	d, created, err := w.save(t, "Stamm Nord.JPG", data, "")
	if err != nil || !created {
		t.Fatalf("save: %v, created %v", err, created)
	}
	if d.Kind != "photo" || d.ContentType != "image/jpeg" || d.Name != "Stamm Nord.JPG.jpg" && d.Name != "Stamm Nord.JPG" || d.Size != int64(len(data)) || d.Thumbs != "pending" {
		t.Fatalf("stored %+v", d)
	}
	if d.TakenAt == nil || d.TakenAt.Format("2006-01-02 15:04:05") != "2025-05-03 14:30:15" {
		t.Fatalf("taken at %v", d.TakenAt)
	}
	if d.TakenLat == nil || *d.TakenLat < 54.78 || *d.TakenLat > 54.79 || d.TakenLon == nil || *d.TakenLon < 9.43 || *d.TakenLon > 9.44 {
		t.Fatalf("taken at %v, %v", d.TakenLat, d.TakenLon)
	}
	if got := w.blobs(t); len(got) != 1 {
		t.Fatalf("blobs %v", got)
	}
	var jobs int
	if err := w.db.Pool.QueryRow(ctx, `SELECT count(*) FROM river_job WHERE kind = 'document_thumbnails' AND args->>'document' = $1`, d.ID).Scan(&jobs); err != nil || jobs != 1 {
		t.Fatalf("thumbnail jobs %d, %v", jobs, err)
	}

	if err := w.svc.MakeThumbnails(ctx, w.org, d.ID); err != nil {
		t.Fatal(err)
	}
	d, err = w.db.Document(ctx, w.sc, d.ID)
	if err != nil || d.Thumbs != "ready" || *d.Width != 200 || *d.Height != 400 {
		t.Fatalf("after thumbnails %+v %v", d, err)
	}
	for _, v := range []struct {
		variant files.Variant
		w, h    int
	}{{files.Thumb, 128, 256}, {files.Preview, 200, 400}} {
		r, _, ct, err := w.svc.Open(ctx, d, v.variant)
		if err != nil || ct != "image/jpeg" {
			t.Fatalf("open %d: %v %s", v.variant, err, ct)
		}
		var buf bytes.Buffer
		buf.ReadFrom(r)
		r.Close()
		cfg, err := jpeg.DecodeConfig(bytes.NewReader(buf.Bytes()))
		if err != nil || cfg.Width != v.w || cfg.Height != v.h {
			t.Fatalf("thumbnail %d is %dx%d (%v), want %dx%d upright", v.variant, cfg.Width, cfg.Height, err, v.w, v.h)
		}
		if _, err := exif.SearchAndExtractExif(buf.Bytes()); err == nil {
			t.Fatalf("thumbnail %d carries EXIF (the place the photo was taken)", v.variant)
		}
		// Turned the right way: the stored photo's bottom-left corner (red 0, green 199) is the
		// upright top-left, its top-left (0, 0) the upright top-right.
		img, err := jpeg.Decode(bytes.NewReader(buf.Bytes()))
		if err != nil {
			t.Fatal(err)
		}
		near := func(x, y int, r0, g0 uint32) bool {
			r, g, _, _ := img.At(x, y).RGBA()
			return absDiff(r>>8, r0) < 24 && absDiff(g>>8, g0) < 24
		}
		if !near(1, 1, 0, 199) || !near(v.w-2, 1, 0, 0) {
			t.Errorf("thumbnail %d is not upright: top-left %v, top-right %v", v.variant, img.At(1, 1), img.At(v.w-2, 1))
		}
	}

	ops := storetest.Strings(t, w.db.Pool, `SELECT op || ':' || coalesce(new_value->>'name', '') FROM history
		WHERE object_id = $1 AND entity = 'file' ORDER BY id`, w.tree)
	if len(ops) != 1 || !strings.HasPrefix(ops[0], "insert:Stamm Nord") {
		t.Fatalf("history %v", ops)
	}
}

// TestBadFiles: what is not a taken file, or is broken, too large or badly named, is refused
// with a clear error and leaves neither a record nor a blob.
func TestBadFiles(t *testing.T) {
	w := newWorld(t)
	good := photo(t, 64, 64, nil)
	var bomb bytes.Buffer
	// A PNG header claiming 60,000 × 60,000 pixels: refused before decoding.
	big := image.NewGray(image.Rect(0, 0, 1, 1))
	png.Encode(&bomb, big)
	bb := bomb.Bytes()
	binary.BigEndian.PutUint32(bb[16:20], 60000)
	binary.BigEndian.PutUint32(bb[20:24], 60000)
	binary.BigEndian.PutUint32(bb[29:33], crc32.ChecksumIEEE(bb[12:29]))
	cases := []struct {
		name, file string
		data       []byte
		code       string
	}{
		{"html", "page.html", []byte("<!DOCTYPE html><html><body><script>alert(1)</script></body></html>"), arbor.EFORMAT},
		{"html renamed to jpg", "photo.jpg", []byte("<html><script>alert(1)</script></html>"), arbor.EFORMAT},
		{"program renamed to jpg", "photo.jpg", append([]byte("\x7fELF\x02\x01\x01\x00"), make([]byte, 200)...), arbor.EFORMAT},
		{"empty", "empty.jpg", nil, arbor.EINVALID},
		{"truncated jpeg", "cut.jpg", good[:len(good)*2/3], arbor.EINVALID},
		{"decompression bomb", "bomb.png", bb, arbor.ETOOLARGE},
		{"path traversal", "../../etc/passwd.jpg", good, arbor.EINVALID},
		{"windows path", `..\..\boot.jpg`, good, arbor.EINVALID},
		{"control character", "a\x00b.jpg", good, arbor.EINVALID},
		{"direction override", "gpj\u202Eexe.jpg", good, arbor.EINVALID},
		{"too large", "big.pdf", pdf(files.MaxSize + 1), arbor.ETOOLARGE},
	}
	for _, c := range cases {
		_, _, err := w.save(t, c.file, c.data, "")
		if arbor.ErrorCode(err) != c.code {
			t.Errorf("%s: %v, want %s", c.name, err, c.code)
		}
	}
	if got := w.blobs(t); len(got) != 0 {
		t.Fatalf("refused files left blobs: %v", got)
	}
	docs, err := w.db.Documents(context.Background(), w.sc, w.treeObj)
	if err != nil || len(docs) != 0 {
		t.Fatalf("refused files left records: %d %v", len(docs), err)
	}
	// A PDF called .jpg is a PDF: kept as a document, its name telling so.
	d, _, err := w.save(t, "scan.jpg", pdf(1000), "")
	if err != nil || d.Kind != "document" || d.Name != "scan.jpg.pdf" || d.ContentType != "application/pdf" {
		t.Fatalf("pdf named .jpg: %+v %v", d, err)
	}
}

// TestRetryWithClientID: the field app's retry of an upload answers the stored file, once.
func TestRetryWithClientID(t *testing.T) {
	w := newWorld(t)
	data := photo(t, 32, 32, nil)
	first, created, err := w.save(t, "a.jpg", data, "device-1/photo-17")
	if err != nil || !created {
		t.Fatal(err)
	}
	again, created, err := w.save(t, "a.jpg", data, "device-1/photo-17")
	if err != nil || created || again.ID != first.ID {
		t.Fatalf("retry: %v, created %v, %s vs %s", err, created, again.ID, first.ID)
	}
	if got := w.blobs(t); len(got) != 1 {
		t.Fatalf("blobs after a retry: %v", got)
	}
	if _, _, err := w.save(t, "a.jpg", data, "bad id with spaces"); arbor.ErrorCode(err) != arbor.EINVALID {
		t.Fatalf("bad client id: %v", err)
	}
}

// TestQuotaUnderConcurrentUploads: twenty uploads at once into a 2 MB storage: exactly as many
// as fit are stored, the rest refused as 'photo storage full', and their bytes removed.
func TestQuotaUnderConcurrentUploads(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	if err := w.db.SetDataSpace(ctx, w.org, 2); err != nil {
		t.Fatal(err)
	}
	const each = 300 << 10 // 6 fit into 2 MB, the seventh does not
	var wg sync.WaitGroup
	var mu sync.Mutex
	stored, full := 0, 0
	var other []error
	for i := 0; i < 20; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, _, err := w.save(t, fmt.Sprintf("report-%d.pdf", i), pdf(each), "")
			mu.Lock()
			defer mu.Unlock()
			var e *arbor.Error
			switch {
			case err == nil:
				stored++
			case errors.As(err, &e) && e.Key == "files.storage_full":
				full++
			default:
				other = append(other, err)
			}
		}()
	}
	wg.Wait()
	if stored != 6 || full != 14 || len(other) > 0 {
		t.Fatalf("stored %d, full %d, other %v", stored, full, other)
	}
	space, err := w.db.DataSpace(ctx, w.org)
	if err != nil || space.BytesUsed != 6*each || space.BytesUsed > 2<<20 {
		t.Fatalf("space %+v %v", space, err)
	}
	if got := w.blobs(t); len(got) != 6 {
		t.Fatalf("%d blobs, want the 6 stored", len(got))
	}
	org, err := w.db.Organisation(ctx, w.org, w.who.UserID)
	if err != nil || org.DataSpaceMBMax != 2 || org.DataSpacePercentInUse < 87 || org.DataSpacePercentInUse > 88 {
		t.Fatalf("organisation's space: %d MB, %.1f%% (%v)", org.DataSpaceMBMax, org.DataSpacePercentInUse, err)
	}
}

// TestDeleteAndSweep: deleting a file frees its space and removes its bytes; deleting a tree
// deletes its files, whose bytes the sweep removes; a blob no record knows is swept too.
func TestDeleteAndSweep(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	a, _, err := w.save(t, "a.pdf", pdf(5000), "")
	if err != nil {
		t.Fatal(err)
	}
	b, _, err := w.save(t, "b.jpg", photo(t, 300, 300, nil), "")
	if err != nil {
		t.Fatal(err)
	}
	if err := w.svc.MakeThumbnails(ctx, w.org, b.ID); err != nil {
		t.Fatal(err)
	}
	if got := w.blobs(t); len(got) != 4 {
		t.Fatalf("blobs %v", got)
	}
	if err := w.svc.Delete(ctx, w.who, a); err != nil {
		t.Fatal(err)
	}
	if got := w.blobs(t); len(got) != 3 {
		t.Fatalf("after deleting a file: %v", got)
	}
	if _, err := w.db.Document(ctx, w.sc, a.ID); arbor.ErrorCode(err) != arbor.ENOTFOUND {
		t.Fatalf("deleted file still read: %v", err)
	}
	if err := w.db.InTx(ctx, func(tx *store.Tx) error { return tx.DeleteTree(ctx, w.sc, w.who, w.tree) }); err != nil {
		t.Fatal(err)
	}
	if docs, err := w.db.Documents(ctx, w.sc, w.treeObj); err != nil || len(docs) != 0 {
		t.Fatalf("a deleted tree's files: %d %v", len(docs), err)
	}
	stray := "org/" + w.org + "/left-by-a-crash"
	if err := w.svc.Bucket().WriteAll(ctx, stray, []byte("x"), nil); err != nil {
		t.Fatal(err)
	}
	removed, err := w.svc.Sweep(ctx, 0)
	if err != nil || removed != 4 {
		t.Fatalf("sweep removed %d: %v", removed, err)
	}
	if got := w.blobs(t); len(got) != 0 {
		t.Fatalf("after the sweep: %v", got)
	}
	var orphans int
	w.db.Pool.QueryRow(ctx, `SELECT count(*) FROM document_orphan`).Scan(&orphans)
	if orphans != 0 {
		t.Fatalf("%d orphans noted after the sweep", orphans)
	}
	hist := storetest.Strings(t, w.db.Pool, `SELECT op FROM history WHERE entity = 'file' AND entity_id = $1 ORDER BY id`, a.ID)
	if strings.Join(hist, ",") != "insert,delete" {
		t.Fatalf("history of a deleted file: %v", hist)
	}
}

func absDiff(a, b uint32) uint32 {
	if a > b {
		return a - b
	}
	return b - a
}
