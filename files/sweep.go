package files

import (
	"context"
	"errors"
	"io"
	"time"

	"gocloud.dev/blob"
)

// Sweep removes blobs no file record holds (docs/API.md "Photos and documents"): first those
// noted when their records went (a file deleted, or the tree, job, project or organisation it
// belonged to), then, walking the whole store, any left by an upload that stopped between
// storing its bytes and recording them, older than grace so that uploads under way are spared.
// It answers how many blobs it removed.
func (s *Service) Sweep(ctx context.Context, grace time.Duration) (int, error) {
	removed := 0
	for {
		keys, err := s.db.OrphanBlobs(ctx, 500)
		if err != nil || len(keys) == 0 {
			if err != nil {
				return removed, err
			}
			break
		}
		for _, k := range keys {
			n, err := s.removeBlobs(ctx, k)
			removed += n
			if err != nil {
				return removed, err
			}
		}
		if err := s.db.ForgetOrphans(ctx, keys); err != nil {
			return removed, err
		}
	}
	n, err := s.sweepUnknown(ctx, time.Now().Add(-grace))
	return removed + n, err
}

// sweepUnknown walks the blob store and removes blobs older than before whose file has no record.
func (s *Service) sweepUnknown(ctx context.Context, before time.Time) (int, error) {
	removed := 0
	var batch []*blob.ListObject
	flush := func() error {
		if len(batch) == 0 {
			return nil
		}
		keys := make([]string, 0, len(batch))
		for _, o := range batch {
			keys = append(keys, baseKey(o.Key))
		}
		unknown, err := s.db.UnknownBlobs(ctx, keys)
		if err != nil {
			return err
		}
		gone := map[string]bool{}
		for _, k := range unknown {
			gone[k] = true
		}
		for _, o := range batch {
			if gone[baseKey(o.Key)] {
				if err := s.bucket.Delete(ctx, o.Key); err != nil {
					return err
				}
				removed++
			}
		}
		batch = batch[:0]
		return nil
	}
	it := s.bucket.List(&blob.ListOptions{Prefix: "org/"})
	for {
		o, err := it.Next(ctx)
		if err != nil {
			if errors.Is(err, io.EOF) {
				break
			}
			return removed, err
		}
		if o.IsDir || o.ModTime.After(before) {
			continue
		}
		batch = append(batch, o)
		if len(batch) == 500 {
			if err := flush(); err != nil {
				return removed, err
			}
		}
	}
	return removed, flush()
}
