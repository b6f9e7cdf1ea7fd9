package domain

import (
	"context"

	"arbor/store"
)

// Sharer is who shares: their account, their display name (named in the e-mails) and the
// language of their request (for addresses without an account).
type Sharer struct {
	UserID, Alias, Language string
}

// ShareProject invites every address to the project with the access level, all or none, in
// one transaction with the e-mails (domain/invitations.go).
func (d *Service) ShareProject(ctx context.Context, orgID, projectID string, by Sharer, emails []string, access int16) error {
	return d.db.InTx(ctx, func(tx *store.Tx) error {
		p, err := tx.Project(ctx, projectID, by.UserID)
		if err != nil {
			return err
		}
		if err := tx.ShareProject(ctx, orgID, projectID, by.UserID, emails, access); err != nil {
			return err
		}
		for _, e := range emails {
			if err := d.sendInvitation(ctx, tx, by, e, "mail.invite", map[string]any{"by": by.Alias, "project": p.Name}); err != nil {
				return err
			}
		}
		return nil
	})
}
