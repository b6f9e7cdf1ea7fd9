package domain

import (
	"context"
	"net/url"

	"arbor"
	"arbor/auth"
	"arbor/store"
)

// Register creates an unconfirmed account and queues the confirmation link, in one transaction.
// Registering again with an unconfirmed address replaces that account and sends a new link (the
// old one stops working); with a confirmed one the owner gets a note instead, and the caller
// answers alike, so nobody learns which addresses have accounts. nu is checked already;
// password is hashed here.
func (d *Service) Register(ctx context.Context, nu store.NewUser, password string) error {
	hash, err := auth.HashPassword(password)
	if err != nil {
		return err
	}
	nu.PasswordHash = hash
	return d.db.InTx(ctx, func(tx *store.Tx) error {
		existing, err := tx.UserByEmail(ctx, nu.Email)
		var u *store.User
		switch {
		case arbor.ErrorCode(err) == arbor.ENOTFOUND:
			if u, err = tx.InsertUser(ctx, nu); err != nil {
				return err
			}
		case err != nil:
			return err
		case existing.ConfirmedAt != nil:
			return d.Send(ctx, tx, existing.Language, existing.Email, "mail.exists", existing.FirstName, map[string]any{
				"login": d.Link("/login", nil), "reset": d.Link("/reset", nil)})
		default:
			if u, err = tx.ReplaceUnconfirmed(ctx, existing.ID, nu); err != nil {
				return err
			}
			if err := tx.DeleteTokens(ctx, u.ID, store.TokenConfirm); err != nil {
				return err
			}
		}
		token := auth.RandomToken()
		if err := tx.InsertToken(ctx, u.ID, store.TokenConfirm, u.Email, auth.TokenHash(token), ConfirmTTL); err != nil {
			return err
		}
		return d.Send(ctx, tx, u.Language, u.Email, "mail.confirm", u.FirstName, map[string]any{
			"link": d.Link("/confirm", url.Values{"email": {u.Email}, "token": {token}})})
	})
}
