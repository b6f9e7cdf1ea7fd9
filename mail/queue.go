package mail

import (
	"errors"

	"github.com/riverqueue/river"
)

// Messages wait in the application's job queue (river, in PostgreSQL): a request puts them there
// in its own transaction, so a message leaves only when what it tells of was saved, the
// transaction never waits for a mail server, and a mail server that is down delays a message
// instead of refusing the request. The queue's worker that sends them is worker.Mail.

// Kind names queued messages among the queue's jobs.
func (Message) Kind() string { return "mail" }

// Attempts is how often a message is tried before it is given up: with river's backoff
// (attempt⁴ seconds) the last try comes about an hour and a half after the first, when the links
// of confirmation and reset mails are still good.
const Attempts = 8

// InsertOpts are the queue's options for every message.
func (Message) InsertOpts() river.InsertOpts {
	return river.InsertOpts{MaxAttempts: Attempts}
}

// ErrBadMessage marks a message no mail server will ever take (a malformed address).
var ErrBadMessage = errors.New("mail: malformed message")
