package api

import (
	"context"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"arbor/auth"
	"arbor/store"
)

// freshness keeps what tile requests look up on every call — session validity, project access
// and the project's content revision — for a short while, because a map asks for dozens of tiles
// a second and each lookup cost as much as a small tile. It is used only while the server
// listens for the database's change notices (sql/040_notify.sql), which drop entries the moment
// a session is revoked, an access changes or content moves; without them every lookup goes to
// the database as before.
type freshness struct {
	listening atomic.Bool
	mu        sync.Mutex
	sessions  map[string]cachedSession // token → its claims, valid until (checked)
	access    map[string]cachedAccess  // project + user → access
	revisions map[string]int64         // project → content revision
}

type cachedSession struct {
	claims auth.Claims
	until  time.Time
}

type cachedAccess struct {
	acc   store.ProjectAccess
	until time.Time
}

// freshFor is the longest an entry is trusted even without a notice, in case one is lost.
const freshFor = 30 * time.Second

func newFreshness() *freshness {
	return &freshness{sessions: map[string]cachedSession{}, access: map[string]cachedAccess{}, revisions: map[string]int64{}}
}

func (f *freshness) clear() {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.sessions, f.access, f.revisions = map[string]cachedSession{}, map[string]cachedAccess{}, map[string]int64{}
}

// notice applies one change notice.
func (f *freshness) notice(payload string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	switch {
	case payload == "sessions":
		f.sessions = map[string]cachedSession{}
	case payload == "access":
		f.access = map[string]cachedAccess{}
	case strings.HasPrefix(payload, "rev:"):
		parts := strings.Split(payload, ":")
		if len(parts) == 3 {
			if n, err := strconv.ParseInt(parts[2], 10, 64); err == nil && n > f.revisions[parts[1]] {
				f.revisions[parts[1]] = n
			}
		}
	}
}

// Listen follows the database's change notices until ctx ends, reconnecting after failures;
// while it is not connected the caches are not used.
func (s *Server) Listen(ctx context.Context) {
	for ctx.Err() == nil {
		err := s.db.Listen(ctx, "arbor", func() { s.fresh.clear(); s.fresh.listening.Store(true) }, s.fresh.notice)
		s.fresh.listening.Store(false)
		s.fresh.clear()
		if ctx.Err() != nil {
			return
		}
		s.log.Warn("change notices interrupted; caches off until reconnected", "err", err)
		select {
		case <-ctx.Done():
		case <-time.After(2 * time.Second):
		}
	}
}

// Listening reports whether the server follows the change notices (and so uses its caches).
func (s *Server) Listening() bool { return s.fresh.listening.Load() }

// checkToken checks a token: its claims if its signature holds, and whether its session is still
// valid. Where allowed (tile reads) both are taken from the cache: a map asks for dozens of tiles
// a second, and the signature check alone cost a fifth of a small tile's server time.
func (s *Server) checkToken(ctx context.Context, token string, cached bool) (auth.Claims, bool, error) {
	useCache := cached && s.fresh.listening.Load()
	if useCache {
		s.fresh.mu.Lock()
		c, ok := s.fresh.sessions[token]
		s.fresh.mu.Unlock()
		if ok && time.Now().Before(c.until) {
			return c.claims, true, nil
		}
	}
	claims, err := s.signer.Verify(token)
	if err != nil {
		return auth.Claims{}, false, nil
	}
	valid, err := s.db.SessionValid(ctx, auth.TokenHash(token), claims.Sub)
	if err != nil || !valid {
		return claims, false, err
	}
	if useCache {
		until := time.Now().Add(freshFor)
		if exp := time.Unix(claims.Exp, 0); exp.Before(until) {
			until = exp
		}
		s.fresh.mu.Lock()
		s.fresh.sessions[token] = cachedSession{claims: claims, until: until}
		s.fresh.mu.Unlock()
	}
	return claims, true, nil
}

// projectAccess is ProjectAccess, from the cache when allowed.
func (s *Server) projectAccess(ctx context.Context, projectID, userID string, cached bool) (store.ProjectAccess, error) {
	if !cached || !s.fresh.listening.Load() {
		return s.db.ProjectAccess(ctx, projectID, userID)
	}
	key := projectID + "/" + userID
	s.fresh.mu.Lock()
	c, ok := s.fresh.access[key]
	s.fresh.mu.Unlock()
	if ok && time.Now().Before(c.until) {
		return c.acc, nil
	}
	acc, err := s.db.ProjectAccess(ctx, projectID, userID)
	if err == nil {
		s.fresh.mu.Lock()
		s.fresh.access[key] = cachedAccess{acc: acc, until: time.Now().Add(freshFor)}
		s.fresh.mu.Unlock()
	}
	return acc, err
}

// Revision implements tiles.Revisions: the project's content revision, from the notices when
// listening; a revision the server has not heard of yet is read from the database.
func (s *Server) Revision(ctx context.Context, sc store.Content) (int64, error) {
	if s.fresh.listening.Load() {
		s.fresh.mu.Lock()
		rev, ok := s.fresh.revisions[sc.ProjectID]
		s.fresh.mu.Unlock()
		if ok {
			return rev, nil
		}
	}
	rev, err := s.db.ContentRevision(ctx, sc)
	if err == nil && s.fresh.listening.Load() {
		s.fresh.mu.Lock()
		if rev > s.fresh.revisions[sc.ProjectID] {
			s.fresh.revisions[sc.ProjectID] = rev
		}
		s.fresh.mu.Unlock()
	}
	return rev, err
}
