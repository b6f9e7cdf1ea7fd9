package api

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"mime/multipart"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/textproto"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"arbor/auth"
	"arbor/files"
	"arbor/mail"
	"arbor/store"
	"arbor/store/storetest"
	"arbor/worker"
)

func TestMain(m *testing.M) { os.Exit(storetest.Run(m)) }

const testBaseURL = "http://arbor.test"

// ---- mail ----------------------------------------------------------------------------------

// mailRecorder is a mail.Sender that keeps every message the env's queue worker sends.
type mailRecorder struct {
	mu      sync.Mutex
	msgs    []mail.Message
	fail    error      // when set, Send fails with it
	waiting func() int // messages of the env's queue not yet tried
	tb      testing.TB
}

func (m *mailRecorder) Send(_ context.Context, msg mail.Message) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.fail != nil {
		return m.fail
	}
	m.msgs = append(m.msgs, msg)
	return nil
}

// setFail makes every following attempt fail with err (nil: succeed again).
func (m *mailRecorder) setFail(err error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.fail = err
}

// settle waits until the queue has tried every message put in it so far (requests answer
// once their transaction committed, so what they queued is there by then).
func (m *mailRecorder) settle() {
	m.tb.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for m.waiting() > 0 {
		if time.Now().After(deadline) {
			m.tb.Fatalf("the mail queue did not send its %d messages within 15 s", m.waiting())
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// to returns the messages sent to addr, oldest first, once the queue has tried what it holds.
func (m *mailRecorder) to(addr string) []mail.Message {
	m.settle()
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []mail.Message
	for _, msg := range m.msgs {
		if strings.EqualFold(msg.To, addr) {
			out = append(out, msg)
		}
	}
	return out
}

// wantTo returns the messages sent to addr and fails the test unless there are n.
func (m *mailRecorder) wantTo(t *testing.T, addr string, n int) []mail.Message {
	t.Helper()
	msgs := m.to(addr)
	if len(msgs) != n {
		t.Fatalf("%d mails to %s, want %d", len(msgs), addr, n)
	}
	return msgs
}

// last returns the newest message to addr and fails the test when there is none.
func (m *mailRecorder) last(t *testing.T, addr string) mail.Message {
	t.Helper()
	msgs := m.to(addr)
	if len(msgs) == 0 {
		t.Fatalf("no mail was sent to %s", addr)
	}
	return msgs[len(msgs)-1]
}

// startMailWorker works a queue of the env's own (the package's tests share one database) into rec.
// It also makes the thumbnails of fs's photos, in a files queue of the env's own.
func startMailWorker(t *testing.T, db *store.DB, rec *mailRecorder, fs *files.Service, fileQueue string) string {
	t.Helper()
	queue := "mail_" + strings.ReplaceAll(strings.ToLower(rand.Text()), "-", "")[:16]
	stop, err := worker.Start(t.Context(), db, worker.Config{MailQueue: queue, Mail: rec,
		Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Files: fs, FileQueue: fileQueue})
	if err != nil {
		t.Fatal(err)
	}
	// Registered before the database's Close (MustOpenDB), so it runs first.
	t.Cleanup(func() {
		if err := stop(context.Background()); err != nil {
			t.Errorf("stop the mail worker: %v", err)
		}
	})
	rec.tb = t
	rec.waiting = func() int {
		var n int
		if err := db.Pool.QueryRow(context.Background(), `SELECT count(*) FROM river_job
			WHERE queue = $1 AND state IN ('available', 'running', 'pending')`, queue).Scan(&n); err != nil {
			t.Errorf("mail queue: %v", err)
		}
		return n
	}
	return queue
}

var linkRE = regexp.MustCompile(`https?://\S+`)

// emailLink is the parsed link of a mail: its path and its email/token parameters.
type emailLink struct {
	path, email, token string
}

// linkIn finds the one link into the app with path in a mail text.
func linkIn(t *testing.T, text, path string) emailLink {
	t.Helper()
	for _, raw := range linkRE.FindAllString(text, -1) {
		u, err := url.Parse(raw)
		if err != nil {
			t.Fatalf("bad link %q in mail: %v", raw, err)
		}
		if u.Path != path {
			continue
		}
		if got := u.Scheme + "://" + u.Host; got != testBaseURL {
			t.Fatalf("link %q does not start with the base URL %s", raw, testBaseURL)
		}
		return emailLink{path: u.Path, email: u.Query().Get("email"), token: u.Query().Get("token")}
	}
	t.Fatalf("no %s link in mail:\n%s", path, text)
	return emailLink{}
}

// ---- server --------------------------------------------------------------------------------

// env is one test's server with its database, mail and signer.
type env struct {
	t      *testing.T
	srv    *Server
	ts     *httptest.Server
	db     *store.DB
	mail   *mailRecorder
	signer *auth.Signer
	secret []byte
	client net.IP // every browser of this env connects from this address
	logs   *syncBuffer
	blobs  string // the folder of the file store's blobs
}

type envOption func(*Config)

func withThrottle(th store.Throttle) envOption { return func(c *Config) { c.Throttle = th } }
func withNotice(n string) envOption            { return func(c *Config) { c.Notice = n } }
func withNow(now func() time.Time) envOption   { return func(c *Config) { c.Now = now } }
func withoutDB() envOption                     { return func(c *Config) { c.DB = nil } }

var clientSeq atomic.Uint32

// nextClientIP returns a loopback address no other test uses, so the per-client throttle of
// one test never counts the failures of another.
func nextClientIP() net.IP {
	n := clientSeq.Add(1)
	return net.IPv4(127, 1+byte(n/250), byte(n%250)+1, 9)
}

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// testFiles is a file store in a blob folder of the test's own (dir), whose thumbnails are made
// in a queue of its own.
func testFiles(t *testing.T, db *store.DB) (svc *files.Service, queue, dir string) {
	t.Helper()
	dir = t.TempDir()
	bucket, err := files.OpenBucket(context.Background(), "file://"+dir+"?create_dir=1&no_tmp_dir=1&metadata=skip")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { bucket.Close() })
	queue = "files_" + strings.ReplaceAll(strings.ToLower(rand.Text()), "-", "")[:16]
	return files.New(db, bucket, queue), queue, dir
}

// newEnvWith is a test's own server with what build puts in it.
func newEnvWith[W any](t *testing.T, build func(*env, *testing.T) W) (*env, W) {
	t.Helper()
	e := newEnv(t)
	return e, build(e, t)
}

// newWorld is a test's own server with a world in it (scoped_test.go).
func newWorld(t *testing.T) (*env, *world) {
	t.Helper()
	return newEnvWith(t, (*env).buildWorld)
}

// newTreeWorld is a test's own server with a tree world in it (tree_test.go), the opening most
// tests share.
func newTreeWorld(t *testing.T) (*env, *treeWorld) {
	t.Helper()
	return newEnvWith(t, (*env).buildTreeWorld)
}

func newEnv(t *testing.T, opts ...envOption) *env {
	t.Helper()
	return newEnvOn(t, storetest.MustOpenDB(t), opts...)
}

// newEnvOn is newEnv on a database opened by the test (through a proxy, under another name).
func newEnvOn(t *testing.T, db *store.DB, opts ...envOption) *env {
	t.Helper()
	secret := []byte(fmt.Sprintf("test-secret-%s-0123456789abcdefghijklmnop", t.Name()))
	signer, err := auth.NewSigner(secret)
	if err != nil {
		t.Fatal(err)
	}
	logs := &syncBuffer{}
	rec := &mailRecorder{}
	fs, fileQueue, blobs := testFiles(t, db)
	cfg := Config{DB: db, Signer: signer, MailQueue: startMailWorker(t, db, rec, fs, fileQueue), BaseURL: testBaseURL,
		Log: slog.New(slog.NewTextHandler(logs, nil)), Files: fs}
	for _, o := range opts {
		o(&cfg)
	}
	srv := New(cfg)
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(ts.Close)
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("server log:\n%s", logs.String())
		}
	})
	return &env{t: t, srv: srv, ts: ts, db: db, mail: rec, signer: signer, secret: secret, client: nextClientIP(), logs: logs, blobs: blobs}
}

// ---- browser -------------------------------------------------------------------------------

// browser is an HTTP client with a cookie jar that sends the CSRF header like the web app.
type browser struct {
	t      *testing.T
	e      *env
	hc     *http.Client
	jar    *cookiejar.Jar
	bearer string // when set, sent as Authorization: Bearer
	lang   string // Accept-Language
}

func (e *env) browserFrom(ip net.IP) *browser {
	jar, err := cookiejar.New(nil)
	if err != nil {
		e.t.Fatal(err)
	}
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: ip}, Timeout: 5 * time.Second}
	hc := &http.Client{Jar: jar, Timeout: 30 * time.Second,
		Transport: &http.Transport{DialContext: d.DialContext}}
	e.t.Cleanup(hc.CloseIdleConnections)
	return &browser{t: e.t, e: e, hc: hc, jar: jar, lang: "en"}
}

func (e *env) browser() *browser { return e.browserFrom(e.client) }

// bearerClient is a script: no cookies, a Bearer token.
func (e *env) bearerClient(token string) *browser {
	b := e.browser()
	b.hc.Jar = nil
	b.jar = nil
	b.bearer = token
	return b
}

// in makes the browser report failures to t (a subtest).
func (b *browser) in(t *testing.T) *browser {
	b.t = t
	return b
}

type reqOpt func(*http.Request)

func header(k, v string) reqOpt { return func(r *http.Request) { r.Header.Set(k, v) } }
func noCSRF() reqOpt            { return func(r *http.Request) { r.Header.Del(csrfHeader) } }

// formFile is a file part of a multipart body, sent as the form field "file".
type formFile struct {
	name        string // the filename parameter, as it is
	contentType string
	data        []byte
}

// multipartForm is a multipart body: first the text fields (name, value, name, value …; a field
// with an empty value is left out), then the files.
func multipartForm(fields []string, files ...formFile) ([]byte, reqOpt) {
	var form bytes.Buffer
	mw := multipart.NewWriter(&form)
	for i := 0; i+1 < len(fields); i += 2 {
		if fields[i+1] != "" {
			_ = mw.WriteField(fields[i], fields[i+1])
		}
	}
	for _, f := range files {
		h := textproto.MIMEHeader{}
		h.Set("Content-Disposition", `form-data; name="file"; filename="`+f.name+`"`)
		h.Set("Content-Type", f.contentType)
		part, _ := mw.CreatePart(h)
		part.Write(f.data)
	}
	mw.Close()
	return form.Bytes(), header("Content-Type", mw.FormDataContentType())
}

// resp is an answer with its body read.
type resp struct {
	*http.Response
	body []byte
}

func (r *resp) json(t *testing.T) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(r.body, &m); err != nil {
		t.Fatalf("%s: body is not a JSON object: %v\n%s", r.Request.URL.Path, err, r.body)
	}
	return m
}

// cookie returns the Set-Cookie of name in this answer, or nil.
func (r *resp) cookie(name string) *http.Cookie {
	for _, c := range r.Cookies() {
		if c.Name == name {
			return c
		}
	}
	return nil
}

// cookie returns the value of a cookie in the jar.
func (b *browser) cookie(name string) string {
	if b.jar == nil {
		return ""
	}
	u, _ := url.Parse(b.e.ts.URL)
	for _, c := range b.jar.Cookies(u) {
		if c.Name == name {
			return c.Value
		}
	}
	return ""
}

// do sends a request. body is sent as is when it is a string or []byte, else as JSON. On
// state-changing calls the X-CSRF-Token header carries the arbor_csrf cookie (like the web app)
// unless an option removes it.
func (b *browser) do(method, path string, body any, opts ...reqOpt) *resp {
	b.t.Helper()
	var rd io.Reader
	switch v := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(v)
	case []byte:
		rd = bytes.NewReader(v)
	default:
		raw, err := json.Marshal(v)
		if err != nil {
			b.t.Fatal(err)
		}
		rd = bytes.NewReader(raw)
	}
	req, err := http.NewRequest(method, b.e.ts.URL+path, rd)
	if err != nil {
		b.t.Fatal(err)
	}
	if rd != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if b.lang != "" {
		req.Header.Set("Accept-Language", b.lang)
	}
	if b.bearer != "" {
		req.Header.Set("Authorization", "Bearer "+b.bearer)
	}
	if changesState(method) {
		if c := b.cookie(csrfCookie); c != "" {
			req.Header.Set(csrfHeader, c)
		}
	}
	for _, o := range opts {
		o(req)
	}
	res, err := b.hc.Do(req)
	if err != nil {
		b.t.Fatalf("%s %s: %v", method, path, err)
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(res.Body)
	if err != nil {
		b.t.Fatalf("%s %s: reading body: %v", method, path, err)
	}
	return &resp{Response: res, body: raw}
}

// ---- assertions ----------------------------------------------------------------------------

// wantStatus fails unless the answer has status.
func wantStatus(t *testing.T, r *resp, status int) {
	t.Helper()
	if r.StatusCode != status {
		t.Fatalf("%s %s: status %d, want %d; body: %s", r.Request.Method, r.Request.URL.Path, r.StatusCode, status, r.body)
	}
}

// wantError checks an error answer: status, JSON content type, code and (when not empty) message.
func wantError(t *testing.T, r *resp, status int, code, message string) map[string]any {
	t.Helper()
	wantStatus(t, r, status)
	if ct := r.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		t.Fatalf("error answer has content type %q", ct)
	}
	m := r.json(t)
	if m["code"] != code {
		t.Fatalf("code %v, want %q; body %s", m["code"], code, r.body)
	}
	if message != "" && m["message"] != message {
		t.Fatalf("message %q, want %q", m["message"], message)
	}
	if s, _ := m["message"].(string); s == "" {
		t.Fatalf("error without message: %s", r.body)
	}
	return m
}

// fieldsOf returns the fields object of an error answer.
func fieldsOf(t *testing.T, m map[string]any) map[string]string {
	t.Helper()
	raw, _ := m["fields"].(map[string]any)
	out := map[string]string{}
	for k, v := range raw {
		out[k], _ = v.(string)
	}
	return out
}

// wantFields checks that the error names exactly these fields with these messages.
func wantFields(t *testing.T, m map[string]any, want map[string]string) {
	t.Helper()
	got := fieldsOf(t, m)
	if len(got) != len(want) {
		t.Fatalf("fields %v, want %v", got, want)
	}
	for f, msg := range want {
		g, ok := got[f]
		if !ok {
			t.Fatalf("field %q not named; fields %v", f, got)
		}
		if msg != "" && g != msg {
			t.Fatalf("field %q: %q, want %q", f, g, msg)
		}
	}
}

// ---- accounts ------------------------------------------------------------------------------

var emailSeq atomic.Int64

// newEmail returns an address no other test uses.
func newEmail(t *testing.T) string {
	name := strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			return r
		}
		if r >= 'A' && r <= 'Z' {
			return r + 'a' - 'A'
		}
		return '-'
	}, t.Name())
	if len(name) > 40 {
		name = name[len(name)-40:]
	}
	return fmt.Sprintf("%s-%d@example.org", strings.Trim(name, "-"), emailSeq.Add(1))
}

const testPassword = "correct horse battery"

func registration(email, password string) map[string]any {
	return map[string]any{"firstName": "Ada", "lastName": "Baum", "email": email, "password": password,
		"passwordConfirm": password, "language": "en", "agb": true}
}

// concurrently sends do(0) … do(n-1) at the same moment, each from a goroutine of its own, and
// answers each one's status and how many ended in each status.
func concurrently(n int, do func(i int) *resp) ([]int, map[int]int) {
	statuses := make([]int, n)
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := range n {
		wg.Go(func() {
			<-start
			statuses[i] = do(i).StatusCode
		})
	}
	close(start)
	wg.Wait()
	counts := map[int]int{}
	for _, s := range statuses {
		counts[s]++
	}
	return statuses, counts
}

// register registers a new address with password from a new browser; the account is not
// confirmed yet.
func (e *env) register(t *testing.T, password string) (*browser, string) {
	t.Helper()
	email := newEmail(t)
	return e.registerAs(t, email, password), email
}

// registerAs registers email with password from a new browser.
func (e *env) registerAs(t *testing.T, email, password string) *browser {
	t.Helper()
	b := e.browser().in(t)
	wantStatus(t, b.do("POST", "/api/auth/register", registration(email, password)), http.StatusCreated)
	return b
}

// signUp registers and confirms an account through the API and returns its id.
func (e *env) signUp(t *testing.T, email, password string) string {
	t.Helper()
	b := e.registerAs(t, email, password)
	l := linkIn(t, e.mail.last(t, email).Text, "/confirm")
	wantStatus(t, b.do("POST", "/api/auth/confirm", map[string]string{"email": l.email, "token": l.token}), http.StatusOK)
	return e.userID(t, email)
}

// newAccount signs up a confirmed account with testPassword and returns its address.
func (e *env) newAccount(t *testing.T) string {
	t.Helper()
	email := newEmail(t)
	e.signUp(t, email, testPassword)
	return email
}

// loggedIn signs up an account and returns a browser logged in to it.
func (e *env) loggedIn(t *testing.T) (*browser, string, string) {
	t.Helper()
	email := newEmail(t)
	id := e.signUp(t, email, testPassword)
	b := e.browser().in(t)
	wantStatus(t, b.do("POST", "/api/auth/login", map[string]any{"email": email, "password": testPassword}), http.StatusOK)
	return b, email, id
}

// newLoggedIn is a test's own server with one account signed up and logged in: its browser,
// address and id.
func newLoggedIn(t *testing.T) (*env, *browser, string, string) {
	t.Helper()
	e := newEnv(t)
	b, email, id := e.loggedIn(t)
	return e, b, email, id
}

// login logs a new browser in.
func (e *env) login(t *testing.T, email, password string) *browser {
	t.Helper()
	b := e.browser().in(t)
	wantStatus(t, b.do("POST", "/api/auth/login", map[string]any{"email": email, "password": password}), http.StatusOK)
	return b
}

// userID reads an account's id from the database; "" when there is none.
func (e *env) userID(t *testing.T, email string) string {
	t.Helper()
	var id string
	err := e.db.Pool.QueryRow(context.Background(), `SELECT id::text FROM app_user WHERE lower(email) = lower($1)`, email).Scan(&id)
	if err != nil && !strings.Contains(err.Error(), "no rows") {
		t.Fatal(err)
	}
	return id
}

// exec runs SQL on the test database.
func (e *env) exec(t *testing.T, sql string, args ...any) {
	t.Helper()
	if _, err := e.db.Pool.Exec(context.Background(), sql, args...); err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
}

// count runs a SELECT count(*) query.
func (e *env) count(t *testing.T, sql string, args ...any) int {
	t.Helper()
	return queryOne[int](t, e, sql, args...)
}

// queryOne runs a query of one row of one value on the test database.
func queryOne[T any](t *testing.T, e *env, sql string, args ...any) T {
	t.Helper()
	var v T
	if err := e.db.Pool.QueryRow(context.Background(), sql, args...).Scan(&v); err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
	return v
}

// ---- sources -------------------------------------------------------------------------------

// sourceFile is a Go file of the module as read.
type sourceFile struct{ path, text string }

// goSources reads the Go files of dir that are not tests, in the order of their names.
func goSources(t *testing.T, dir string) []sourceFile {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	var out []sourceFile
	for _, p := range paths {
		if strings.HasSuffix(p, "_test.go") {
			continue
		}
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, sourceFile{p, string(b)})
	}
	return out
}

// ---- tokens --------------------------------------------------------------------------------

// jwtPayload decodes the claims part of a JWT into raw JSON fields.
func jwtPayload(t *testing.T, token string) map[string]json.RawMessage {
	t.Helper()
	parts := strings.Split(token, ".")
	if len(parts) != 3 {
		t.Fatalf("token %q is not a JWT", token)
	}
	raw, err := base64.RawURLEncoding.DecodeString(parts[1])
	if err != nil {
		t.Fatalf("JWT payload: %v", err)
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatalf("JWT payload: %v", err)
	}
	return m
}

// wantClaimKeys checks the JWT carries exactly these claim keys.
func wantClaimKeys(t *testing.T, token string, keys ...string) {
	t.Helper()
	var got []string
	for k := range jwtPayload(t, token) {
		got = append(got, k)
	}
	slices.Sort(got)
	want := slices.Clone(keys)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Fatalf("JWT claim keys %v, want exactly %v", got, want)
	}
}

var errMailDown = errors.New("smtp: connection refused by relay.internal:25")
