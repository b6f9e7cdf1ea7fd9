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
		args := map[string]any{"org": o.Name, "by": byAlias, "date": time.Now().Format("2006-01-02")}
		return d.mailAdministrators(ctx, tx, orgID, "mail.cancelled", func(string) map[string]any { return args })
	})
}
