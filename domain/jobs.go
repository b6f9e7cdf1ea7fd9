package domain

import (
	"context"

	"arbor/store"
)

// AddParticipants invites people to a job in a role (editor, care, reader), all or none, in one
// transaction with the e-mails (domain/invitations.go).
func (d *Service) AddParticipants(ctx context.Context, sc store.Content, jobID string, by Sharer, emails []string, role string) error {
	return d.db.InTx(ctx, func(tx *store.Tx) error {
		if err := tx.AddParticipants(ctx, sc, jobID, by.UserID, emails, role); err != nil {
			return err
		}
		job, err := tx.Job(ctx, sc, jobID)
		if err != nil {
			return err
		}
		for _, to := range emails {
			args := map[string]any{"by": by.Alias, "job": job.Name, "project": job.ProjectName}
			if err := d.sendInvitation(ctx, tx, by, to, "mail.job_invite", args); err != nil {
				return err
			}
		}
		return nil
	})
}

// JobContent is a change of what a job holds: Op is add, add-new (into a new job of Name and
// Note), remove or reset (back to the job's works as planned).
type JobContent struct {
	Op         string
	Job        string // the job; "" for add-new
	Name, Note string // of a new job
	Selection  store.JobSelection
	Most       int // the most objects one change may touch
}

// ChangeJobContent changes what a job holds in one transaction (a new job and its objects are
// made together or not at all) and answers the job as it is afterwards and how many objects
// changed. A new job's name and note are checked already.
func (d *Service) ChangeJobContent(ctx context.Context, sc store.Content, userID string, c JobContent) (*store.Job, int, error) {
	var changed int
	var job *store.Job
	err := d.db.InTx(ctx, func(tx *store.Tx) (err error) {
		if c.Op == "add-new" {
			if job, err = tx.CreateJob(ctx, sc, userID, c.Name, c.Note); err != nil {
				return err
			}
			c.Job = job.ID
		}
		switch c.Op {
		case "add", "add-new":
			changed, err = tx.AddToJob(ctx, sc, userID, c.Job, c.Selection, c.Most)
		case "remove":
			changed, err = tx.RemoveFromJob(ctx, sc, userID, c.Job, c.Selection, c.Most)
		case "reset":
			changed, err = tx.ResetJob(ctx, sc, userID, c.Job)
		}
		if err != nil {
			return err
		}
		job, err = tx.Job(ctx, sc, c.Job)
		return err
	})
	return job, changed, err
}
