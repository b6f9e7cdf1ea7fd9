package worker

import (
	"context"
	"errors"
	"time"

	"arbor/mail"

	"github.com/riverqueue/river"
)

// Mail sends queued messages through a Sender; a failure is tried again later (mail.Attempts
// times in all).
type Mail struct {
	river.WorkerDefaults[mail.Message]
	Sender mail.Sender
}

// Work sends one message; a failure is retried later, a malformed message is given up at once.
func (w *Mail) Work(ctx context.Context, job *river.Job[mail.Message]) error {
	err := w.Sender.Send(ctx, job.Args)
	if errors.Is(err, mail.ErrBadMessage) {
		return river.JobCancel(err)
	}
	return err
}

// Timeout bounds one attempt (an SMTP conversation has its own 20 s limit).
func (w *Mail) Timeout(*river.Job[mail.Message]) time.Duration { return time.Minute }
