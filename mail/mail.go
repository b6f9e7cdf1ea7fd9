// Package mail sends the messages Arbor writes to people: through SMTP when configured,
// otherwise as .eml files in an outbox folder so a developer's machine needs no mail server.
package mail

import (
	"context"
	"fmt"
	"log/slog"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	gomail "github.com/wneessen/go-mail"
)

// Message is one e-mail in plain text. It is also what waits in the queue (queue.go).
type Message struct {
	To      string `json:"to"`
	Subject string `json:"subject"`
	Text    string `json:"text"`
}

// Sender delivers messages.
type Sender interface {
	Send(ctx context.Context, m Message) error
}

// New returns an SMTP sender for an smtp:// or smtps:// URL, or an outbox writer in dir when
// smtpURL is empty.
//
//	smtp://user:pass@host:587             STARTTLS required (the default)
//	smtp://host:25?tls=opportunistic      STARTTLS when the server offers it
//	smtp://host:25?tls=none               no TLS (local relays only)
//	smtps://user:pass@host:465            implicit TLS
func New(smtpURL, from, outboxDir string, log *slog.Logger) (Sender, error) {
	if smtpURL == "" {
		if err := os.MkdirAll(outboxDir, 0o750); err != nil {
			return nil, fmt.Errorf("mail outbox: %w", err)
		}
		return &Outbox{Dir: outboxDir, From: from, Log: log}, nil
	}
	return NewSMTP(smtpURL, from)
}

// ValidateURL checks an SMTP URL without connecting.
func ValidateURL(smtpURL string) error {
	_, err := NewSMTP(smtpURL, "a@b.c")
	return err
}

// SMTP delivers through a mail server.
type SMTP struct {
	host     string
	port     int
	user     string
	pass     string
	implicit bool
	policy   gomail.TLSPolicy
	from     string
}

// NewSMTP parses an SMTP URL (see New).
func NewSMTP(smtpURL, from string) (*SMTP, error) {
	u, err := url.Parse(smtpURL)
	if err != nil || (u.Scheme != "smtp" && u.Scheme != "smtps") || u.Hostname() == "" {
		return nil, fmt.Errorf("ARBOR_SMTP_URL must look like smtp://user:password@host:587 (got %q)", smtpURL)
	}
	s := &SMTP{host: u.Hostname(), from: from, implicit: u.Scheme == "smtps", policy: gomail.TLSMandatory}
	s.port = 587
	if s.implicit {
		s.port = 465
	}
	if p := u.Port(); p != "" {
		if s.port, err = strconv.Atoi(p); err != nil {
			return nil, fmt.Errorf("ARBOR_SMTP_URL: bad port %q", p)
		}
	}
	if u.User != nil {
		s.user = u.User.Username()
		s.pass, _ = u.User.Password()
	}
	switch u.Query().Get("tls") {
	case "", "mandatory":
	case "opportunistic":
		s.policy = gomail.TLSOpportunistic
	case "none":
		s.policy = gomail.NoTLS
	default:
		return nil, fmt.Errorf("ARBOR_SMTP_URL: tls must be mandatory, opportunistic or none")
	}
	return s, nil
}

// Send delivers one message in one SMTP conversation.
func (s *SMTP) Send(ctx context.Context, m Message) error {
	msg, err := build(s.from, m)
	if err != nil {
		return err
	}
	opts := []gomail.Option{gomail.WithPort(s.port), gomail.WithTimeout(20 * time.Second)}
	if s.implicit {
		opts = append(opts, gomail.WithSSL())
	} else {
		opts = append(opts, gomail.WithTLSPolicy(s.policy))
	}
	if s.user != "" {
		opts = append(opts, gomail.WithSMTPAuth(gomail.SMTPAuthPlain), gomail.WithUsername(s.user), gomail.WithPassword(s.pass))
	}
	c, err := gomail.NewClient(s.host, opts...)
	if err != nil {
		return err
	}
	return c.DialAndSendWithContext(ctx, msg)
}

// Outbox writes each message as an .eml file and logs where it is.
type Outbox struct {
	Dir  string
	From string
	Log  *slog.Logger
	seq  atomic.Int64
}

// Send writes the message to the outbox folder.
func (o *Outbox) Send(_ context.Context, m Message) error {
	msg, err := build(o.From, m)
	if err != nil {
		return err
	}
	name := fmt.Sprintf("%s-%04d-%s.eml", time.Now().UTC().Format("20060102T150405.000000"), o.seq.Add(1)%10000, safe(m.To))
	path := filepath.Join(o.Dir, name)
	f, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY|os.O_EXCL, 0o640)
	if err != nil {
		return err
	}
	if _, err := msg.WriteTo(f); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	if o.Log != nil {
		o.Log.Info("mail written to outbox", "to", m.To, "subject", m.Subject, "file", path, "links", links(m.Text))
	}
	return nil
}

func build(from string, m Message) (*gomail.Msg, error) {
	msg := gomail.NewMsg()
	if err := msg.From(from); err != nil {
		return nil, fmt.Errorf("%w: from %q: %v", ErrBadMessage, from, err)
	}
	if err := msg.To(m.To); err != nil {
		return nil, fmt.Errorf("%w: to %q: %v", ErrBadMessage, m.To, err)
	}
	msg.Subject(m.Subject)
	msg.SetBodyString(gomail.TypeTextPlain, m.Text)
	return msg, nil
}

func safe(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '.' || r == '-' {
			return r
		}
		return '_'
	}, s)
}

// links returns the URLs in a text, so the log shows the link a developer needs to click.
func links(text string) []string {
	var out []string
	for _, w := range strings.Fields(text) {
		if strings.HasPrefix(w, "http://") || strings.HasPrefix(w, "https://") {
			out = append(out, w)
		}
	}
	return out
}
