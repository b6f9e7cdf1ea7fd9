package domain

import (
	"context"
	"net/url"
	"slices"

	"arbor/store"
)

// Sharer is who shares: their account, their display name (named in the e-mails) and the
// language of their request (for addresses without an account).
type Sharer struct {
	UserID, Alias, Language string
}

// ShareProject gives every address the access level in the project, all or none, in one
// transaction. People with an account are told by e-mail; addresses without one get an
// invitation, and the access once they register.
func (d *Service) ShareProject(ctx context.Context, orgID, projectID string, by Sharer, emails []string, access int16) error {
	return d.db.InTx(ctx, func(tx *store.Tx) error {
		p, err := tx.Project(ctx, projectID, by.UserID)
		if err != nil {
			return err
		}
		invited, err := tx.ShareProject(ctx, orgID, projectID, by.UserID, emails, access)
		if err != nil {
			return err
		}
		for _, e := range emails {
			args := map[string]any{"by": by.Alias, "project": p.Name}
			lang, name, key := by.Language, "", "mail.invite"
			if slices.Contains(invited, e) {
				args["link"] = d.Link("/register", url.Values{"email": {e}})
			} else {
				u, err := tx.UserByEmail(ctx, e)
				if err != nil {
					return err
				}
				lang, name, key = u.Language, u.FirstName, "mail.shared"
				args["link"] = d.Link("/", nil)
			}
			if name == "" {
				name = e
			}
			if err := d.Send(ctx, tx, lang, e, key, name, args); err != nil {
				return err
			}
		}
		return nil
	})
}
