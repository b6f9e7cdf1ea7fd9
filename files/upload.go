package files

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"strings"
	"unicode/utf8"

	"arbor"
	"arbor/store"

	"github.com/google/uuid"
	"gocloud.dev/blob"
)

// headSize is how much of a file is read before anything is stored: enough for the type, a
// photo's header (its size in pixels) and its EXIF.
const headSize = 128 << 10

// Upload is a file on its way in: the object it is attached to and what the person said of it.
type Upload struct {
	Owner    store.DocumentOwner
	Who      store.Actor
	Name     string // the file name as sent: checked, never used as a path
	ClientID string // the app's id of the file, so a retry is answered with the stored file
	Caption  string
	Expected int64 // the request's announced length, when known: a file that cannot fit is refused before it is read
}

// Save checks, stores and records a file read from r (never whole in memory), within the
// organisation's quota. It answers the stored file and whether it was made now (false: the
// same client id was stored before). Nothing is left behind when it fails.
func (s *Service) Save(ctx context.Context, u Upload, r io.Reader) (*store.Document, bool, error) {
	if err := checkUpload(u); err != nil {
		return nil, false, err
	}
	org := u.Owner.Organisation
	if u.ClientID != "" {
		if d, err := s.db.DocumentByClientID(ctx, org, u.ClientID); err != nil || d != nil {
			return d, false, err
		}
	}
	space, err := s.db.DataSpace(ctx, org)
	if err != nil {
		return nil, false, err
	}
	if space.BytesAvailable <= 0 || u.Expected > space.BytesAvailable+(1<<20) {
		return nil, false, arbor.Errorf(arbor.ETOOLARGE, "files.storage_full", nil)
	}

	head := make([]byte, headSize)
	n, err := io.ReadFull(r, head)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF) {
		return nil, false, err
	}
	head = head[:n]
	if n == 0 {
		return nil, false, arbor.Errorf(arbor.EINVALID, "files.empty", nil)
	}
	t, err := Detect(head, u.Name)
	if err != nil {
		return nil, false, err
	}
	name, err := CleanName(u.Name, t)
	if err != nil {
		return nil, false, err
	}
	doc := store.NewDocument{Owner: u.Owner, ClientID: u.ClientID, Kind: t.Kind, Name: name, ContentType: t.ContentType,
		Caption: strings.TrimSpace(u.Caption), BlobKey: "org/" + org + "/" + uuid.NewString()}
	if t.Kind == "photo" {
		w, h, err := photoHeader(head)
		if err != nil {
			return nil, false, err
		}
		doc.Width, doc.Height = &w, &h
		taken := readTaken(head)
		doc.TakenAt, doc.TakenLat, doc.TakenLon = taken.At, taken.Lat, taken.Lon
	}
	if doc.Size, doc.SHA256, err = s.put(ctx, doc.BlobKey, t, head, r); err != nil {
		return nil, false, err
	}
	var stored *store.Document
	created := false
	err = s.db.InTx(ctx, func(tx *store.Tx) error {
		stored, created, err = tx.AddDocument(ctx, u.Who, s.queue, doc)
		return err
	})
	if err != nil || !created {
		// Not recorded (the quota, or the same client id stored meanwhile): the bytes go too.
		if derr := s.bucket.Delete(context.WithoutCancel(ctx), doc.BlobKey); derr != nil && err == nil {
			err = derr
		}
	}
	if err != nil {
		return nil, false, err
	}
	return stored, created, nil
}

func checkUpload(u Upload) error {
	if utf8.RuneCountInString(u.ClientID) > 100 || strings.ContainsFunc(u.ClientID, func(r rune) bool { return r < 0x21 || r == 0x7F }) {
		return arbor.Invalid(map[string]string{"client_id": "files.bad_client_id"})
	}
	if utf8.RuneCountInString(u.Caption) > 2000 || !utf8.ValidString(u.Caption) {
		return arbor.Invalid(map[string]string{"caption": "files.caption_too_long"})
	}
	return nil
}

// put streams head and the rest of r into the blob store under key, at most MaxSize bytes,
// and answers the size and SHA-256. A file too large, cut short or failing midway is not
// stored: the writer is cancelled before it commits.
func (s *Service) put(ctx context.Context, key string, t Type, head []byte, r io.Reader) (int64, string, error) {
	wctx, cancel := context.WithCancel(ctx)
	defer cancel()
	w, err := s.bucket.NewWriter(wctx, key, &blob.WriterOptions{ContentType: t.ContentType, DisableContentTypeDetection: true})
	if err != nil {
		return 0, "", err
	}
	hash := sha256.New()
	tail := &tailWriter{}
	size, err := io.Copy(io.MultiWriter(w, hash, tail), io.LimitReader(io.MultiReader(bytesReader(head), r), MaxSize+1))
	fail := func(err error) (int64, string, error) {
		cancel()
		w.Close() // discards what was written: its context is cancelled
		return 0, "", err
	}
	switch {
	case err != nil:
		return fail(err)
	case size > MaxSize:
		return fail(arbor.Errorf(arbor.ETOOLARGE, "files.too_large", map[string]any{"limit": "50 MB"}))
	case !complete(t.ContentType, tail.last(), head, size):
		return fail(arbor.Errorf(arbor.EINVALID, "files.broken", nil))
	}
	if err := w.Close(); err != nil {
		return 0, "", err
	}
	return size, hex.EncodeToString(hash.Sum(nil)), nil
}

// tailWriter keeps the last bytes written through it.
type tailWriter struct{ buf []byte }

const tailSize = 64

func (t *tailWriter) Write(p []byte) (int, error) {
	if len(p) >= tailSize {
		t.buf = append(t.buf[:0], p[len(p)-tailSize:]...)
		return len(p), nil
	}
	t.buf = append(t.buf, p...)
	if len(t.buf) > tailSize {
		t.buf = append(t.buf[:0], t.buf[len(t.buf)-tailSize:]...)
	}
	return len(p), nil
}

func (t *tailWriter) last() []byte { return t.buf }
