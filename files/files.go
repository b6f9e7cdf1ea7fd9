// Package files keeps photos and documents: uploads checked by their content, their bytes in a
// blob store (gocloud.dev/blob: a folder by default, S3-compatible storage in production), EXIF
// read from photos, thumbnails made by the queue, and the sweep of blobs whose records are gone.
// The records and the organisation's quota are the store's (store/files.go); this package knows
// no HTTP (docs/ARCHITECTURE.md).
package files

import (
	"context"
	"fmt"
	"net/url"
	"path/filepath"
	"strings"

	"arbor/store"

	"gocloud.dev/blob"
	_ "gocloud.dev/blob/fileblob" // file:// buckets
	_ "gocloud.dev/blob/s3blob"   // s3:// buckets
)

// MaxSize is the largest file taken (docs/API.md "Photos and documents").
const MaxSize = 50 << 20

// MaxPixels is the largest photo taken, in pixels: decoding one takes about four bytes a pixel,
// so a decompression bomb (a few kB that claim 50,000 × 50,000 pixels) is refused from its
// header, before anything is decoded. 64 MP covers today's phones and cameras.
const MaxPixels = 64_000_000

// Service keeps files: their bytes in the bucket, their records through the store.
type Service struct {
	db     *store.DB
	bucket *blob.Bucket
	queue  string // the queue thumbnails are made in (river's default but in tests)
	// archives keeps the directories of background maps being served (background.go)
	archives archiveCache
}

// New keeps files in bucket; queue names the queue of thumbnail jobs ("" for the default one).
func New(db *store.DB, bucket *blob.Bucket, queue string) *Service {
	return &Service{db: db, bucket: bucket, queue: queue}
}

// DefaultURL is the blob store under the data folder: a folder of its own, temporary files
// beside their final place (so renaming never crosses file systems), without side files of
// metadata (the records hold the type).
func DefaultURL(dataDir string) (string, error) {
	abs, err := filepath.Abs(filepath.Join(dataDir, "blobs"))
	if err != nil {
		return "", err
	}
	return "file://" + filepath.ToSlash(abs) + "?create_dir=1&no_tmp_dir=1&metadata=skip", nil
}

// OpenBucket opens the blob store of a URL: file:///a/folder or s3://bucket?region=… (any
// S3-compatible store: endpoint=…&use_path_style=true), as the README describes.
func OpenBucket(ctx context.Context, rawURL string) (*blob.Bucket, error) {
	u, err := url.Parse(rawURL)
	if err != nil || (u.Scheme != "file" && u.Scheme != "s3") {
		return nil, fmt.Errorf("ARBOR_BLOB_URL %q is not a file:// or s3:// URL", redactURL(rawURL))
	}
	b, err := blob.OpenBucket(ctx, rawURL)
	if err != nil {
		return nil, fmt.Errorf("ARBOR_BLOB_URL %s: %w", redactURL(rawURL), err)
	}
	return b, nil
}

func redactURL(raw string) string {
	if i := strings.Index(raw, "?"); i >= 0 {
		return raw[:i]
	}
	return raw
}

// Thumbnail sizes: the gallery's and the lightbox's, the longer side in pixels.
const (
	Small = 256
	Large = 1280
)

// thumbKey is the blob of a photo's thumbnail of a size.
func thumbKey(key string, size int) string { return fmt.Sprintf("%s.%d.jpg", key, size) }

// baseKey is the key of the file a blob belongs to (itself, or the photo of a thumbnail).
func baseKey(key string) string {
	for _, size := range []int{Small, Large} {
		if s := fmt.Sprintf(".%d.jpg", size); strings.HasSuffix(key, s) {
			return strings.TrimSuffix(key, s)
		}
	}
	return key
}
