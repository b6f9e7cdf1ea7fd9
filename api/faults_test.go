package api

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"arbor/store"
	"arbor/store/storetest"

	"github.com/jackc/pgx/v5"
)

// Faults of the database (README.md, "When PostgreSQL restarts"): a database that cannot be reached
// answers 503 with Retry-After and a plain message, and the server serves again by itself once
// PostgreSQL is back, without losing a write it acknowledged.

const unavailableEN = "The service is currently unavailable. Please try again later."
const unavailableDE = "Der Dienst ist derzeit nicht verfügbar. Bitte versuchen Sie es später erneut."

// tcpProxy forwards connections to PostgreSQL; cut closes its port and every connection through
// it (as a stopped database or a network cut does), resume opens the same port again.
type tcpProxy struct {
	target string
	addr   string
	mu     sync.Mutex
	ln     net.Listener
	conns  map[net.Conn]bool
}

func startProxy(t *testing.T, target string) *tcpProxy {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &tcpProxy{target: target, addr: ln.Addr().String(), conns: map[net.Conn]bool{}}
	p.serve(ln)
	t.Cleanup(p.cut)
	return p
}

func (p *tcpProxy) serve(ln net.Listener) {
	p.mu.Lock()
	p.ln = ln
	p.mu.Unlock()
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go p.pipe(c)
		}
	}()
}

func (p *tcpProxy) pipe(c net.Conn) {
	up, err := net.Dial("tcp", p.target)
	if err != nil {
		c.Close()
		return
	}
	p.mu.Lock()
	p.conns[c], p.conns[up] = true, true
	p.mu.Unlock()
	done := make(chan struct{}, 2)
	go func() { _, _ = io.Copy(up, c); done <- struct{}{} }()
	go func() { _, _ = io.Copy(c, up); done <- struct{}{} }()
	<-done
	c.Close()
	up.Close()
	p.mu.Lock()
	delete(p.conns, c)
	delete(p.conns, up)
	p.mu.Unlock()
}

func (p *tcpProxy) cut() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.ln != nil {
		p.ln.Close()
		p.ln = nil
	}
	for c := range p.conns {
		c.Close()
	}
}

func (p *tcpProxy) resume(t *testing.T) {
	t.Helper()
	ln, err := net.Listen("tcp", p.addr)
	if err != nil {
		t.Fatal(err)
	}
	p.serve(ln)
}

// dbURLWith returns the package's database URL with its host replaced (when host is not "") and
// its connections named app (when app is not "").
func dbURLWith(t *testing.T, host, app string) string {
	t.Helper()
	u, err := url.Parse(storetest.URL(t))
	if err != nil {
		t.Fatal(err)
	}
	if host != "" {
		u.Host = host
	}
	if app != "" {
		q := u.Query()
		q.Set("application_name", app)
		u.RawQuery = q.Encode()
	}
	return u.String()
}

func openDB(t *testing.T, dbURL string) *store.DB {
	t.Helper()
	db, err := store.Open(context.Background(), dbURL)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(db.Close)
	return db
}

// wantUnavailable checks a 503 answer: Retry-After and the plain message in the language asked.
func wantUnavailable(t *testing.T, r *resp, message string) {
	t.Helper()
	wantError(t, r, http.StatusServiceUnavailable, "unavailable", message)
	if r.Header.Get("Retry-After") == "" {
		t.Fatalf("%s %s: 503 without Retry-After", r.Request.Method, r.Request.URL.Path)
	}
	if internalDetail.Match(r.body) {
		t.Fatalf("details leaked: %s", r.body)
	}
}

// A database that cannot be reached (its port closed) answers 503 with Retry-After and "currently
// unavailable" in the user's language — for reads, writes and logins alike — never 500; once it
// is back, the same server serves again.
func TestDatabaseUnreachableAnswers503(t *testing.T) {
	t.Parallel()
	u, err := url.Parse(storetest.URL(t))
	if err != nil {
		t.Fatal(err)
	}
	proxy := startProxy(t, u.Host)
	e := newEnvOn(t, openDB(t, dbURLWith(t, proxy.addr, "")))
	b, email, _ := e.loggedIn(t)
	org := opNewOrg(t, b, "Unreachable")

	proxy.cut()
	for _, lang := range []string{"en", "de"} {
		want := map[string]string{"en": unavailableEN, "de": unavailableDE}[lang]
		b.lang = lang
		anon := e.browser()
		anon.lang = lang
		for _, r := range []*resp{
			b.do("GET", "/api/management/user/user", nil),
			b.do("GET", opOrgPath(org.ID), nil),
			b.do("POST", opOrgPath(org.ID, "/projects"), map[string]any{"name": "Never"}),
			anon.do("POST", "/api/auth/login", map[string]any{"email": email, "password": testPassword}),
			anon.do("PUT", "/api/auth/reset", map[string]string{"email": email}),
		} {
			wantUnavailable(t, r, want)
		}
	}
	if strings.Contains(e.logs.String(), "internal error") {
		t.Fatalf("an unreachable database was logged as an internal error:\n%s", e.logs.String())
	}

	// Back again: the same server answers without a restart.
	proxy.resume(t)
	b.lang = "en"
	// Within moments; the limit is generous for a machine running every package's tests at once.
	for deadline := time.Now().Add(30 * time.Second); b.do("GET", opOrgPath(org.ID), nil).StatusCode != http.StatusOK; {
		if time.Now().After(deadline) {
			t.Fatal("the server did not serve again within 30 s of the database coming back")
		}
		time.Sleep(50 * time.Millisecond)
	}
	wantStatus(t, b.do("POST", opOrgPath(org.ID, "/projects"), map[string]any{"name": "After"}), http.StatusCreated)
}

// writeLoad creates trees with ids of its own, as the app's offline queue does: an answer 503
// is tried again with the same id (a repeated id answers the stored tree), a 201 is acknowledged.
type writeLoad struct {
	b     *browser
	path  string
	mu    sync.Mutex
	acked map[string]bool
	// pending: sent and not (yet) acknowledged. Such a write may be committed with its answer lost:
	// a 503 after the commit, or the load stopped while it was on its way.
	pending map[string]bool
	status  map[int]int
	strange []string     // answers other than 201 and a proper 503
	number  atomic.Int64 // each tree its own number: numbers are unique in a project
	// first503 and last503 span the time the server answered 503.
	first503, last503 time.Time
}

func (l *writeLoad) ackedCount() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.acked)
}

func (l *writeLoad) write(ctx context.Context) {
	id, number := newUUID(), l.number.Add(1)
	for ctx.Err() == nil {
		raw, _ := json.Marshal(map[string]any{"id": id, "number": number, "geom": point(9.43, 54.78)})
		req, _ := http.NewRequestWithContext(ctx, "POST", l.b.e.ts.URL+l.path, bytes.NewReader(raw))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set(csrfHeader, l.b.cookie(csrfCookie))
		l.mu.Lock()
		l.pending[id] = true
		l.mu.Unlock()
		res, err := l.b.hc.Do(req)
		if err != nil {
			if ctx.Err() == nil {
				l.note(0, "transport: "+err.Error())
			}
			return
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		switch {
		case res.StatusCode == http.StatusCreated || res.StatusCode == http.StatusOK:
			l.mu.Lock()
			l.acked[id] = true
			delete(l.pending, id)
			l.status[res.StatusCode]++
			l.mu.Unlock()
			id, number = newUUID(), l.number.Add(1)
		case res.StatusCode == http.StatusServiceUnavailable && res.Header.Get("Retry-After") != "" &&
			strings.Contains(string(body), unavailableEN):
			l.note(res.StatusCode, "")
			time.Sleep(20 * time.Millisecond)
		default:
			l.note(res.StatusCode, fmt.Sprintf("%d %s", res.StatusCode, body))
			return
		}
	}
}

func (l *writeLoad) note(status int, strange string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.status[status]++
	if status == http.StatusServiceUnavailable {
		if l.first503.IsZero() {
			l.first503 = time.Now()
		}
		l.last503 = time.Now()
	}
	if strange != "" {
		l.strange = append(l.strange, strange)
	}
}

func newUUID() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:])
}

// Every connection of a running server is killed (pg_terminate_backend) three times while eight
// clients write: the server answers 503 in between, serves again without a restart, and every
// write it acknowledged with 2xx is in the database, each once.
//
// ARBOR_FAULT_COMMAND replaces the kills with a shell command, run once under the same load:
// scripts/pg-restart-under-load.sh restarts the PostgreSQL cluster with it (not in make test, as
// it cuts every other user of the cluster too).
func TestConnectionKillUnderWrites(t *testing.T) {
	t.Parallel()
	app := "arbor_fault_" + strings.ToLower(rand.Text()[:10])
	e := newEnvOn(t, openDB(t, dbURLWith(t, "", app)))
	b, _, _ := e.loggedIn(t)
	org := opNewOrg(t, b, "Faults")
	project := opNewProject(t, b, org.ID, "Under load")
	load := &writeLoad{b: b, path: "/api/content/tree?project=" + project.ID, acked: map[string]bool{}, pending: map[string]bool{}, status: map[int]int{}}

	ctx, stop := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() { load.write(ctx) })
	}
	defer func() { stop(); wg.Wait() }()
	waitUntil := func(what string, limit time.Duration, cond func() bool) {
		t.Helper()
		deadline := time.Now().Add(limit)
		for !cond() {
			if time.Now().After(deadline) {
				stop()
				wg.Wait()
				t.Fatalf("%s: not within %s; statuses %v, strange answers %v", what, limit, load.status, load.strange)
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
	waitUntil("40 writes before the fault", 30*time.Second, func() bool { return load.ackedCount() >= 40 })

	admin, err := pgx.Connect(context.Background(), storetest.URL(t))
	if err != nil {
		t.Fatal(err)
	}
	defer func() { admin.Close(context.Background()) }()
	killed := 0
	if cmd := os.Getenv("ARBOR_FAULT_COMMAND"); cmd != "" {
		t.Logf("fault: %s", cmd)
		if out, err := exec.Command("sh", "-c", cmd).CombinedOutput(); err != nil {
			t.Fatalf("%s: %v\n%s", cmd, err, out)
		}
		admin.Close(context.Background())
		// The admin connection died with the cluster; the check below needs a new one.
		waitUntil("PostgreSQL to accept connections", 60*time.Second, func() bool {
			admin, err = pgx.Connect(context.Background(), storetest.URL(t))
			return err == nil
		})
	} else {
		for range 3 {
			var n int
			if err := admin.QueryRow(context.Background(), `SELECT count(*) FILTER (WHERE pg_terminate_backend(pid))
				FROM pg_stat_activity WHERE application_name = $1`, app).Scan(&n); err != nil {
				t.Fatal(err)
			}
			killed += n
			time.Sleep(150 * time.Millisecond)
		}
		if killed == 0 {
			t.Fatalf("no connection of the server (%s) was found to kill", app)
		}
	}
	after := load.ackedCount()
	waitUntil("40 writes after the fault", 60*time.Second, func() bool { return load.ackedCount() >= after+40 })
	stop()
	wg.Wait()

	if len(load.strange) > 0 {
		t.Fatalf("answers other than 2xx and 503 with Retry-After: %v (statuses %v)", load.strange, load.status)
	}
	ids := make([]string, 0, len(load.acked))
	for id := range load.acked {
		ids = append(ids, id)
	}
	pending := make([]string, 0, len(load.pending))
	for id := range load.pending {
		pending = append(pending, id)
	}
	// Every acknowledged write is stored; nothing else is, but for writes sent and not acknowledged
	// when the load stopped (committed, answer lost: the client would send them again).
	var found, stored, unknown int
	if err := admin.QueryRow(context.Background(), `SELECT count(*) FILTER (WHERE id = ANY($1::uuid[])), count(*),
		       count(*) FILTER (WHERE NOT id = ANY($1::uuid[]) AND NOT id = ANY($3::uuid[]))
		FROM tree WHERE project_id = $2`, ids, project.ID, pending).Scan(&found, &stored, &unknown); err != nil {
		t.Fatal(err)
	}
	t.Logf("connections killed %d; writes acknowledged %d, found %d, trees stored %d (%d sent, unanswered at the end); answers %v; 503 for %s",
		killed, len(ids), found, stored, len(pending), load.status, load.last503.Sub(load.first503).Round(time.Millisecond))
	if found != len(ids) || unknown != 0 {
		t.Fatalf("acknowledged %d writes, found %d of them; %d trees stored, %d of them never sent", len(ids), found, stored, unknown)
	}
}
