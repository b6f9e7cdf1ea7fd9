package mail_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"log/slog"
	"mime"
	"mime/quotedprintable"
	"net"
	netmail "net/mail"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"arbor/mail"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// received is one message an SMTP test server accepted.
type received struct {
	from string
	to   []string
	data []byte
	user string
}

// smtpServer is an in-process SMTP server that demands PLAIN authentication.
type smtpServer struct {
	user, pass string
	mu         sync.Mutex
	msgs       []received
	authFails  int
	addr       string
}

func (s *smtpServer) NewSession(*smtp.Conn) (smtp.Session, error) { return &smtpSession{srv: s}, nil }

func (s *smtpServer) messages() []received {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]received(nil), s.msgs...)
}

type smtpSession struct {
	srv  *smtpServer
	user string
	cur  received
}

func (s *smtpSession) AuthMechanisms() []string { return []string{sasl.Plain} }

func (s *smtpSession) Auth(mech string) (sasl.Server, error) {
	return sasl.NewPlainServer(func(identity, username, password string) error {
		if username != s.srv.user || password != s.srv.pass {
			s.srv.mu.Lock()
			s.srv.authFails++
			s.srv.mu.Unlock()
			return errors.New("invalid username or password")
		}
		s.user = username
		return nil
	}), nil
}

func (s *smtpSession) Mail(from string, _ *smtp.MailOptions) error {
	if s.user == "" {
		return smtp.ErrAuthRequired
	}
	s.cur = received{from: from, user: s.user}
	return nil
}

func (s *smtpSession) Rcpt(to string, _ *smtp.RcptOptions) error {
	if s.user == "" {
		return smtp.ErrAuthRequired
	}
	s.cur.to = append(s.cur.to, to)
	return nil
}

func (s *smtpSession) Data(r io.Reader) error {
	if s.user == "" {
		return smtp.ErrAuthRequired
	}
	b, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	s.cur.data = b
	s.srv.mu.Lock()
	s.srv.msgs = append(s.srv.msgs, s.cur)
	s.srv.mu.Unlock()
	return nil
}

func (s *smtpSession) Reset()        { s.cur = received{} }
func (s *smtpSession) Logout() error { return nil }

// startSMTP runs a server on 127.0.0.1:0 for the duration of the test.
func startSMTP(t *testing.T) *smtpServer {
	t.Helper()
	be := &smtpServer{user: "arbor", pass: "s3cret pass"}
	srv := smtp.NewServer(be)
	srv.Domain = "localhost"
	srv.AllowInsecureAuth = true
	srv.ReadTimeout = 10 * time.Second
	srv.WriteTimeout = 10 * time.Second
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	be.addr = l.Addr().String()
	go func() { _ = srv.Serve(l) }()
	t.Cleanup(func() { _ = srv.Close() })
	return be
}

// parsed is a message as a mail program shows it.
type parsed struct {
	from, to, subject, body string
	header                  netmail.Header
}

func parse(t *testing.T, raw []byte) parsed {
	t.Helper()
	m, err := netmail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		t.Fatalf("not an RFC 5322 message: %v\n%s", err, raw)
	}
	dec := new(mime.WordDecoder)
	subject, err := dec.DecodeHeader(m.Header.Get("Subject"))
	if err != nil {
		t.Fatal(err)
	}
	var body io.Reader = m.Body
	switch cte := strings.ToLower(m.Header.Get("Content-Transfer-Encoding")); cte {
	case "quoted-printable":
		body = quotedprintable.NewReader(m.Body)
	case "", "7bit", "8bit":
	default:
		t.Fatalf("unexpected transfer encoding %q", cte)
	}
	b, err := io.ReadAll(body)
	if err != nil {
		t.Fatal(err)
	}
	if ct := m.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/plain") || !strings.Contains(strings.ToLower(ct), "utf-8") {
		t.Fatalf("content type %q, want text/plain in UTF-8", ct)
	}
	return parsed{from: m.Header.Get("From"), to: m.Header.Get("To"), subject: subject,
		body: strings.ReplaceAll(string(b), "\r\n", "\n"), header: m.Header}
}

// A German message with umlauts and a link longer than a mail line.
var german = mail.Message{
	To:      "ada.baum@example.org",
	Subject: "Bestätigen Sie Ihre Registrierung bei Arbor",
	Text: "Hallo Jürgen,\n\nbitte öffnen Sie diesen Link:\n\n" +
		"https://arbor.example.org/confirm?email=ada.baum%40example.org&token=" + strings.Repeat("Zq9_", 16) +
		"\n\nIhr Arbor-Team\n",
}

func checkGerman(t *testing.T, p parsed) {
	t.Helper()
	if p.subject != german.Subject {
		t.Errorf("subject %q, want %q", p.subject, german.Subject)
	}
	if !strings.Contains(p.to, german.To) {
		t.Errorf("To %q", p.to)
	}
	if !strings.Contains(p.from, "no-reply@arbor.test") {
		t.Errorf("From %q", p.from)
	}
	if strings.TrimRight(p.body, "\n") != strings.TrimRight(german.Text, "\n") {
		t.Errorf("body after decoding:\n%q\nwant\n%q", p.body, german.Text)
	}
	if p.header.Get("Date") == "" || p.header.Get("Message-Id") == "" {
		t.Errorf("Date or Message-ID missing: %v", p.header)
	}
}

func TestSMTPSend(t *testing.T) {
	for _, policy := range []string{"opportunistic", "none"} {
		t.Run(policy, func(t *testing.T) {
			t.Parallel()
			srv := startSMTP(t)
			s, err := mail.New("smtp://arbor:s3cret%20pass@"+srv.addr+"?tls="+policy, "Arbor <no-reply@arbor.test>", "", nil)
			if err != nil {
				t.Fatal(err)
			}
			if _, ok := s.(*mail.SMTP); !ok {
				t.Fatalf("mail.New with a URL returned %T", s)
			}
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			if err := s.Send(ctx, german); err != nil {
				t.Fatalf("send: %v", err)
			}
			msgs := srv.messages()
			if len(msgs) != 1 {
				t.Fatalf("%d messages received, want 1", len(msgs))
			}
			m := msgs[0]
			if m.user != "arbor" {
				t.Errorf("authenticated as %q", m.user)
			}
			if m.from != "no-reply@arbor.test" {
				t.Errorf("MAIL FROM %q", m.from)
			}
			if len(m.to) != 1 || m.to[0] != german.To {
				t.Errorf("RCPT TO %v", m.to)
			}
			for _, line := range strings.Split(string(m.data), "\r\n") {
				if len(line) > 998 {
					t.Errorf("line of %d characters violates RFC 5322", len(line))
				}
			}
			checkGerman(t, parse(t, m.data))
		})
	}
}

// sendGerman sends the German message through the server of url, from Arbor, and answers how it went.
func sendGerman(t *testing.T, url string) error {
	t.Helper()
	s, err := mail.New(url, "Arbor <no-reply@arbor.test>", "", nil)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	return s.Send(ctx, german)
}

func TestSMTPWrongPassword(t *testing.T) {
	t.Parallel()
	srv := startSMTP(t)
	if err := sendGerman(t, "smtp://arbor:wrong@"+srv.addr+"?tls=none"); err == nil {
		t.Fatal("sending with a wrong password succeeded")
	}
	if n := len(srv.messages()); n != 0 {
		t.Fatalf("%d messages delivered with a wrong password", n)
	}
	srv.mu.Lock()
	defer srv.mu.Unlock()
	if srv.authFails == 0 {
		t.Fatal("the server never saw the authentication attempt")
	}
}

// The default policy is mandatory STARTTLS: a server without TLS must not get the password.
func TestSMTPMandatoryTLS(t *testing.T) {
	t.Parallel()
	srv := startSMTP(t)
	if err := sendGerman(t, "smtp://arbor:s3cret%20pass@"+srv.addr); err == nil {
		t.Fatal("sent without TLS although TLS is mandatory")
	}
	srv.mu.Lock()
	defer srv.mu.Unlock()
	if len(srv.msgs) != 0 || srv.authFails != 0 {
		t.Fatal("credentials or a message went over a connection without TLS")
	}
}

func TestSMTPUnreachable(t *testing.T) {
	t.Parallel()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close() // nobody listens here now
	if err := sendGerman(t, "smtp://"+addr+"?tls=none"); err == nil {
		t.Fatal("sending to a closed port succeeded")
	}
}

func TestSMTPBadAddresses(t *testing.T) {
	t.Parallel()
	srv := startSMTP(t)
	s, err := mail.New("smtp://arbor:s3cret%20pass@"+srv.addr+"?tls=none", "not an address", "", nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Send(context.Background(), german); !errors.Is(err, mail.ErrBadMessage) || !strings.Contains(err.Error(), "from") {
		t.Fatalf("a bad sender address: %v", err)
	}
	s, _ = mail.New("smtp://arbor:s3cret%20pass@"+srv.addr+"?tls=none", "no-reply@arbor.test", "", nil)
	bad := german
	bad.To = "two@example.org, three@example.org>"
	if err := s.Send(context.Background(), bad); !errors.Is(err, mail.ErrBadMessage) || !strings.Contains(err.Error(), "to \"two@") {
		t.Fatalf("a bad recipient: %v", err)
	}
	if n := len(srv.messages()); n != 0 {
		t.Fatalf("%d messages delivered", n)
	}
}

func TestOutbox(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "var", "outbox") // created by New
	var logs bytes.Buffer
	s, err := mail.New("", "Arbor <no-reply@arbor.test>", dir, slog.New(slog.NewTextHandler(&logs, nil)))
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := s.(*mail.Outbox); !ok {
		t.Fatalf("mail.New without a URL returned %T", s)
	}
	second := german
	second.To = "berta+test@example.org"
	for _, m := range []mail.Message{german, second} {
		if err := s.Send(context.Background(), m); err != nil {
			t.Fatal(err)
		}
	}
	files, err := filepath.Glob(filepath.Join(dir, "*.eml"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 2 {
		t.Fatalf("%d .eml files, want 2: %v", len(files), files)
	}
	var sawFirst bool
	for _, f := range files {
		st, err := os.Stat(f)
		if err != nil {
			t.Fatal(err)
		}
		if st.Mode().Perm()&0o007 != 0 {
			t.Errorf("%s is readable by everyone: %v", f, st.Mode())
		}
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		p := parse(t, raw)
		if strings.Contains(p.to, german.To) {
			sawFirst = true
			checkGerman(t, p)
			if !strings.Contains(filepath.Base(f), "ada.baum_example.org") {
				t.Errorf("file name %q does not name the recipient", filepath.Base(f))
			}
		} else if !strings.Contains(filepath.Base(f), "berta_test_example.org") {
			t.Errorf("file name %q: unsafe characters not replaced", filepath.Base(f))
		}
	}
	if !sawFirst {
		t.Fatal("the first message is not in the outbox")
	}
	// The log names the file and the link a developer has to open.
	if !strings.Contains(logs.String(), "mail written to outbox") || !strings.Contains(logs.String(), "https://arbor.example.org/confirm?") {
		t.Fatalf("log does not show the link:\n%s", logs.String())
	}
}

func TestOutboxUnwritable(t *testing.T) {
	t.Parallel()
	file := filepath.Join(t.TempDir(), "a-file")
	if err := os.WriteFile(file, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := mail.New("", "a@b.cd", filepath.Join(file, "outbox"), nil); err == nil {
		t.Fatal("an outbox below a file was accepted")
	}
	o := &mail.Outbox{Dir: filepath.Join(t.TempDir(), "missing"), From: "a@b.cd"}
	if err := o.Send(context.Background(), german); err == nil {
		t.Fatal("writing into a missing folder succeeded")
	}
}

func TestValidateURL(t *testing.T) {
	t.Parallel()
	for _, ok := range []string{
		"smtp://mail.example.org",
		"smtp://user:pass@mail.example.org:587",
		"smtp://mail.example.org:25?tls=opportunistic",
		"smtp://127.0.0.1:2525?tls=none",
		"smtp://h?tls=mandatory",
		"smtps://user:pass@mail.example.org:465",
		"smtps://mail.example.org",
	} {
		if err := mail.ValidateURL(ok); err != nil {
			t.Errorf("ValidateURL(%q) = %v, want nil", ok, err)
		}
	}
	for _, bad := range []string{
		"http://x",
		"mail.example.org:587",
		"smtp://",
		"smtp:///path",
		"smtp://user:pass@:587",
		"smtp://mail.example.org?tls=maybe",
		"smtp://mail.example.org:port",
		"smtps://mail.example.org:99999999999999999999",
		"://",
		"",
	} {
		if err := mail.ValidateURL(bad); err == nil {
			t.Errorf("ValidateURL(%q) = nil, want an error", bad)
		}
	}
}
