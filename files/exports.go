package files

import (
	"context"
	"errors"
	"io"
	"strings"
	"time"

	"arbor/store"

	"gocloud.dev/blob"
	"gocloud.dev/gcerrors"
)

// exportPrefix holds queued exports' files in the blob store, apart from the organisations'
// files (org/…), whose sweep knows nothing of them.
const exportPrefix = "exports/"

// ExportQueue is the queue this store's big exports are made in (store.ExportQueue).
func (s *Service) ExportQueue() string { return store.ExportQueue(s.queue) }

// ExportKey is where a queued export's file lies: by organisation and task.
func ExportKey(org, task, ext string) string { return exportPrefix + org + "/" + task + "." + ext }

// StoreExport keeps a queued export's file in the blob store and answers its size.
func (s *Service) StoreExport(ctx context.Context, key, contentType string, r io.Reader) (int64, error) {
	w, err := s.bucket.NewWriter(ctx, key, &blob.WriterOptions{ContentType: contentType})
	if err != nil {
		return 0, err
	}
	n, err := io.Copy(w, r)
	if err != nil {
		w.Close()
		return n, err
	}
	return n, w.Close()
}

// OpenExport reads a queued export's file.
func (s *Service) OpenExport(ctx context.Context, key string) (io.ReadCloser, error) {
	return s.bucket.NewReader(ctx, key, nil)
}

// SweepExports removes the files of queued exports whose time was up before now, and any file
// under the exports' prefix older than grace that no task holds (a try that failed after
// storing it). It answers how many files it removed.
func (s *Service) SweepExports(ctx context.Context, now time.Time, grace time.Duration) (int, error) {
	removed := 0
	for {
		list, err := s.db.ExpiredExports(ctx, now, 500)
		if err != nil || len(list) == 0 {
			if err != nil {
				return removed, err
			}
			break
		}
		for _, e := range list {
			if err := s.bucket.Delete(ctx, e.Key); err != nil && gcerrors.Code(err) != gcerrors.NotFound {
				return removed, err
			} else if err == nil {
				removed++
			}
			if err := s.db.ForgetExport(ctx, e.Task); err != nil {
				return removed, err
			}
		}
	}
	var keys []string
	it := s.bucket.List(&blob.ListOptions{Prefix: exportPrefix})
	for {
		o, err := it.Next(ctx)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return removed, err
		}
		if !o.IsDir && strings.HasPrefix(o.Key, exportPrefix) && o.ModTime.Before(now.Add(-grace)) {
			keys = append(keys, o.Key)
		}
	}
	if len(keys) == 0 {
		return removed, nil
	}
	unknown, err := s.db.UnknownExports(ctx, keys)
	if err != nil {
		return removed, err
	}
	for _, k := range unknown {
		if err := s.bucket.Delete(ctx, k); err != nil && gcerrors.Code(err) != gcerrors.NotFound {
			return removed, err
		}
		removed++
	}
	return removed, nil
}
