// Package domain holds Arbor's flows of several steps: each is one named function that runs in
// one transaction of the store, so it is all or nothing and can be tested without HTTP. The API
// parses and authorises a request and calls one of them (or one store method, for a single
// step); see docs/ARCHITECTURE.md.
package domain

import (
	"context"
	"net/url"
	"strings"
	"time"

	"arbor/i18n"
	"arbor/mail"
	"arbor/store"
)

// How long the links of e-mails work.
const (
	ConfirmTTL = 7 * 24 * time.Hour // confirming an account or a new e-mail address
	ResetTTL   = time.Hour          // resetting a password
)

// Service runs the flows against one database.
type Service struct {
	db        *store.DB
	mailQueue string
	baseURL   string
}

// New builds a Service: messages go into mailQueue (store.MailQueue but in tests), and their
// links point into the web app at baseURL.
func New(db *store.DB, mailQueue, baseURL string) *Service {
	if mailQueue == "" {
		mailQueue = store.MailQueue
	}
	return &Service{db: db, mailQueue: mailQueue, baseURL: baseURL}
}

// Send queues a message from the catalogue in tx: key+".subject" and a body of greeting,
// key+".body" and signature, in lang. It leaves once tx commits (store.Tx.Enqueue); a mail server
// that is down delays it, and the queue tries again.
func (d *Service) Send(ctx context.Context, tx *store.Tx, lang, to, key, name string, args map[string]any) error {
	body := i18n.T(lang, "mail.greeting", map[string]any{"name": name}) + "\n\n" +
		i18n.T(lang, key+".body", args) + "\n\n" + i18n.T(lang, "mail.signature", nil) + "\n"
	return tx.Enqueue(ctx, d.mailQueue, mail.Message{To: to, Subject: i18n.T(lang, key+".subject", args), Text: body})
}

// Link builds an absolute link into the web app.
func (d *Service) Link(path string, q url.Values) string {
	u := strings.TrimRight(d.baseURL, "/") + path
	if len(q) > 0 {
		u += "?" + q.Encode()
	}
	return u
}
