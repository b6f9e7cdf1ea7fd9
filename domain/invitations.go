package domain

import (
	"context"
	"net/url"

	"arbor"
	"arbor/store"
)

// Invitations (docs/PRODUCT.md §5): an organisation's administrators, a project's members and a
// job's participants are invited by e-mail and take the role only once they accept. The answer
// to whoever invites is the same whether the address has an account or not; only the e-mail
// differs, and only its recipient reads it: an account holder gets a link to accept in the app
// (/invitations), an address without account a link to register, which accepts.

// sendInvitation mails one invitation: key for an address without account (in the inviter's
// language), key + "_account" for an account (in its own language, by its first name).
func (d *Service) sendInvitation(ctx context.Context, tx *store.Tx, by Sharer, to, key string, args map[string]any) error {
	u, err := tx.UserByEmail(ctx, to)
	switch {
	case arbor.ErrorCode(err) == arbor.ENOTFOUND:
		args["link"] = d.Link("/register", url.Values{"email": {to}})
		return d.Send(ctx, tx, by.Language, to, key, to, args)
	case err != nil:
		return err
	}
	args["link"] = d.Link("/invitations", nil)
	name := u.FirstName
	if name == "" {
		name = to
	}
	return d.Send(ctx, tx, u.Language, to, key+"_account", name, args)
}

// InviteAdministrators invites every address to administer the organisation, all or none, in
// one transaction with the e-mails.
func (d *Service) InviteAdministrators(ctx context.Context, orgID string, by Sharer, emails []string) error {
	return d.db.InTx(ctx, func(tx *store.Tx) error {
		o, err := tx.Organisation(ctx, orgID, by.UserID)
		if err != nil {
			return err
		}
		if err := tx.InviteAdministrators(ctx, orgID, by.UserID, emails); err != nil {
			return err
		}
		for _, e := range emails {
			if err := d.sendInvitation(ctx, tx, by, e, "mail.admin_invite", map[string]any{"by": by.Alias, "org": o.Name}); err != nil {
				return err
			}
		}
		return nil
	})
}

// AcceptInvitation gives userID the role an invitation to their address offers.
func (d *Service) AcceptInvitation(ctx context.Context, userID, kind, id string) error {
	return d.db.InTx(ctx, func(tx *store.Tx) error {
		return tx.AcceptInvitation(ctx, userID, kind, id)
	})
}
