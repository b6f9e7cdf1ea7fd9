package domain

import (
	"context"
	"time"

	"arbor/store"
)

// CancelOrganisation terminates the organisation and mails every administrator a confirmation,
// all in one transaction: without the confirmation e-mails nothing is cancelled. by names who
// cancelled (their display name goes into the e-mails).
func (d *Service) CancelOrganisation(ctx context.Context, orgID, userID, byAlias string) error {
	return d.db.InTx(ctx, func(tx *store.Tx) error {
		if err := tx.CancelOrganisation(ctx, orgID, userID); err != nil {
			return err
		}
		o, err := tx.Organisation(ctx, orgID, userID)
		if err != nil {
			return err
		}
		admins, err := tx.Administrators(ctx, orgID)
		if err != nil {
			return err
		}
		for _, a := range admins {
			u, err := tx.UserByID(ctx, a.ID)
			if err != nil {
				return err
			}
			args := map[string]any{"org": o.Name, "by": byAlias, "date": time.Now().Format("2006-01-02")}
			if err := d.Send(ctx, tx, u.Language, u.Email, "mail.cancelled", u.FirstName, args); err != nil {
				return err
			}
		}
		return nil
	})
}
