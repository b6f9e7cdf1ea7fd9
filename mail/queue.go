package mail

import (
	"context"
	"errors"
	"time"

	"github.com/riverqueue/river"
)

// Messages wait in the application's job queue (river, in PostgreSQL): a request puts them there
// in its own transaction, so a message leaves only when what it tells of was saved, the
// transaction never waits for a mail server, and a mail server that is down delays a message
// instead of refusing the request.

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

// Worker sends queued messages through a Sender.
type Worker struct {
	river.WorkerDefaults[Message]
	Sender Sender
}

// Work sends one message; a failure is retried later, a malformed message is given up at once.
func (w *Worker) Work(ctx context.Context, job *river.Job[Message]) error {
	err := w.Sender.Send(ctx, job.Args)
	if errors.Is(err, ErrBadMessage) {
		return river.JobCancel(err)
	}
	return err
}

// Timeout bounds one attempt (an SMTP conversation has its own 20 s limit).
func (w *Worker) Timeout(*river.Job[Message]) time.Duration { return time.Minute }
