package api

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"arbor/store"
	"arbor/tiles"

	"golang.org/x/sync/singleflight"
)

// answerCacheBytes is the memory for cached answers per server: figures and value lists are
// small, a few kilobytes each.
const answerCacheBytes = 32 << 20

// answers keeps computed read answers of a project — dashboard figures, filter values, list
// totals — under a key that carries the project's content revision, today's date, the caller's
// access limit and language, and the question. Every write to trees, groups, works or job items
// moves the revision (sql/030_tiles.sql), so a stale answer is never served; on a big project
// the full count is paid once per change instead of once per view.
type answers struct {
	cache *tiles.Cache[answer]
	group singleflight.Group // one computation per key at a time, however many ask
}

// answer is a JSON answer as sent.
type answer []byte

// Size is what the answer costs the cache.
func (a answer) Size() int64 { return int64(len(a)) + 128 }

func newAnswers(maxBytes int64) *answers {
	return &answers{cache: tiles.NewCache[answer](maxBytes)}
}

// cached answers the JSON of compute for the question (kind and parts) in the request's
// content scope, from the cache when the project has not changed since it was computed.
func (s *Server) cached(ctx context.Context, sc store.Content, kind string, compute func() (any, error), parts ...any) (answer, error) {
	key, err := s.answerKey(ctx, sc, kind, parts...)
	if err != nil {
		return nil, err
	}
	return s.answers.get(key, compute)
}

// kept answers the JSON for the question only if it is kept already (nil otherwise).
func (s *Server) kept(ctx context.Context, sc store.Content, kind string, parts ...any) (answer, error) {
	key, err := s.answerKey(ctx, sc, kind, parts...)
	if err != nil {
		return nil, err
	}
	v, _ := s.answers.cache.Get(key)
	return v, nil
}

// answerKey names a question in the project as it is now.
func (s *Server) answerKey(ctx context.Context, sc store.Content, kind string, parts ...any) (string, error) {
	// Read from the database, not from the notices: a notice may trail a write by a moment, and
	// whoever just saved must see it counted. The read is one row by its key.
	rev, err := s.db.ContentRevision(ctx, sc)
	if err != nil {
		return "", err
	}
	question, err := json.Marshal(append([]any{sc.Limit, sc.Lang}, parts...))
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256(question)
	return fmt.Sprintf("%s/%d/%s/%s/%x", sc.ProjectID, rev, s.now().Format(time.DateOnly), kind, sum[:16]), nil
}

// get answers the JSON under key from the cache, or computes and keeps it.
func (a *answers) get(key string, compute func() (any, error)) (answer, error) {
	if v, ok := a.cache.Get(key); ok {
		return v, nil
	}
	v, err, _ := a.group.Do(key, func() (any, error) {
		v, err := compute()
		if err != nil {
			return nil, err
		}
		b, err := json.Marshal(v)
		if err != nil {
			return nil, err
		}
		a.cache.Put(key, answer(b))
		return answer(b), nil
	})
	if err != nil {
		return nil, err
	}
	return v.(answer), nil
}

// writeCached answers the JSON of compute through the cache.
func (s *Server) writeCached(w http.ResponseWriter, r *http.Request, kind string, compute func() (any, error), parts ...any) error {
	a, err := s.cached(r.Context(), content(r), kind, compute, parts...)
	if err != nil {
		return err
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(append(a, '\n'))
	return nil
}
