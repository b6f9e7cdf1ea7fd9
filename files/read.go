package files

import (
	"bytes"
	"context"
	"io"

	"arbor"
	"arbor/store"

	"gocloud.dev/blob"
	"gocloud.dev/gcerrors"
)

func bytesReader(b []byte) io.Reader { return bytes.NewReader(b) }

// Variant names what of a file is read: the file itself or one of a photo's thumbnails.
type Variant int

const (
	Original Variant = 0
	Thumb    Variant = Small
	Preview  Variant = Large
)

// Open reads a file, or a photo's thumbnail; a thumbnail not made yet (or that could not be
// made) is the photo itself, which a browser shows as well. ENOTFOUND ('Image could not be
// loaded') when the bytes are missing from the blob store.
func (s *Service) Open(ctx context.Context, d *store.Document, v Variant) (io.ReadCloser, int64, string, error) {
	key, contentType := d.BlobKey, d.ContentType
	if v != Original && d.Kind == "photo" && d.Thumbs == "ready" {
		key, contentType = thumbKey(d.BlobKey, int(v)), "image/jpeg"
	}
	r, err := s.bucket.NewReader(ctx, key, nil)
	if gcerrors.Code(err) == gcerrors.NotFound {
		return nil, 0, "", arbor.Errorf(arbor.ENOTFOUND, "files.missing", nil)
	}
	if err != nil {
		return nil, 0, "", err
	}
	return r, r.Size(), contentType, nil
}

// Delete removes a file's record and then its bytes; bytes that cannot be removed now stay
// noted for the sweep.
func (s *Service) Delete(ctx context.Context, who store.Actor, d *store.Document) error {
	if err := s.db.InTx(ctx, func(tx *store.Tx) error { return tx.DeleteDocument(ctx, who, d) }); err != nil {
		return err
	}
	if _, err := s.removeBlobs(context.WithoutCancel(ctx), d.BlobKey); err != nil {
		return nil // the sweep tries again
	}
	return s.db.ForgetOrphans(context.WithoutCancel(ctx), []string{d.BlobKey})
}

// removeBlobs removes a file's bytes and its thumbnails, answering how many blobs it removed;
// what is missing already is no error.
func (s *Service) removeBlobs(ctx context.Context, key string) (int, error) {
	n := 0
	for _, k := range []string{key, thumbKey(key, Small), thumbKey(key, Large)} {
		err := s.bucket.Delete(ctx, k)
		switch {
		case err == nil:
			n++
		case gcerrors.Code(err) != gcerrors.NotFound:
			return n, err
		}
	}
	return n, nil
}

// Exists says whether a blob is in the store (tests and the sweep's checks).
func (s *Service) Exists(ctx context.Context, key string) (bool, error) {
	return s.bucket.Exists(ctx, key)
}

// Bucket is the blob store itself, for tests that look into it.
func (s *Service) Bucket() *blob.Bucket { return s.bucket }
