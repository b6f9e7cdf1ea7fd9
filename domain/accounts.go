package domain

import (
	"context"
	"net/url"
	"strings"
	"time"

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
		}
		return d.mailLink(ctx, tx, u, u.Email, store.TokenConfirm, ConfirmTTL, "mail.confirm", "/confirm")
	})
}

// mailLink replaces u's links of purpose (a token's) by a new one, good for ttl, and mails it
// to email: the message template's link to path of the web app.
func (d *Service) mailLink(ctx context.Context, tx *store.Tx, u *store.User, email, purpose string, ttl time.Duration,
	template, path string) error {
	if err := tx.DeleteTokens(ctx, u.ID, purpose); err != nil {
		return err
	}
	token := auth.RandomToken()
	if err := tx.InsertToken(ctx, u.ID, purpose, email, auth.TokenHash(token), ttl); err != nil {
		return err
	}
	return d.Send(ctx, tx, u.Language, email, template, u.FirstName, map[string]any{
		"link": d.Link(path, url.Values{"email": {email}, "token": {token}})})
}

// ProfileChange is what a person changes of their own profile; Email empty keeps the address.
type ProfileChange struct {
	FirstName, LastName, Language, Email string
	Version                              int
}

// UpdateProfile changes userID's profile in one transaction. A new e-mail address is only
// pending until confirmed through the link this queues to it (an address another account has
// is refused); asking for the current address again forgets a pending one.
func (d *Service) UpdateProfile(ctx context.Context, userID string, c ProfileChange) (*store.User, error) {
	var updated *store.User
	err := d.db.InTx(ctx, func(tx *store.Tx) error {
		cur, err := tx.UserByID(ctx, userID)
		if err != nil {
			return err
		}
		up := store.ProfileUpdate{FirstName: c.FirstName, LastName: c.LastName, Language: c.Language, Version: c.Version}
		changeEmail := c.Email != "" && !strings.EqualFold(c.Email, cur.Email)
		if c.Email != "" && !changeEmail && cur.PendingEmail != nil {
			up.SetPending = true // back to the current address: forget the pending one
		}
		if changeEmail && (cur.PendingEmail == nil || !strings.EqualFold(*cur.PendingEmail, c.Email)) {
			other, err := tx.UserByEmail(ctx, c.Email)
			if err == nil && other.ID != userID {
				return &arbor.Error{Code: arbor.ECONFLICT, Key: "error.invalid_fields", Fields: map[string]string{"email": "field.email_taken"}}
			}
			if err != nil && arbor.ErrorCode(err) != arbor.ENOTFOUND {
				return err
			}
			up.SetPending, up.PendingEmail = true, &c.Email
		}
		if updated, err = tx.UpdateProfile(ctx, userID, up); err != nil {
			return err
		}
		if !up.SetPending || up.PendingEmail == nil {
			return nil
		}
		return d.mailLink(ctx, tx, updated, c.Email, store.TokenEmail, ConfirmTTL, "mail.email", "/confirm")
	})
	return updated, err
}

// Confirm uses up a confirmation link in one transaction: of a registration (the account is
// confirmed) or of a changed e-mail address (the address becomes the account's). Projects shared
// with the address before it had an account open up either way. It answers the link's purpose,
// store.TokenConfirm or store.TokenEmail; EINVALIDTOKEN for a link that is not (or no longer)
// good.
func (d *Service) Confirm(ctx context.Context, email, token string) (purpose string, err error) {
	err = d.db.InTx(ctx, func(tx *store.Tx) error {
		var userID string
		userID, purpose, err = tx.TakeToken(ctx, email, auth.TokenHash(token), store.TokenConfirm, store.TokenEmail)
		if err != nil {
			return err
		}
		if purpose == store.TokenEmail {
			err = tx.ConfirmEmailChange(ctx, userID, email)
		} else {
			err = tx.ConfirmUser(ctx, userID)
		}
		if err != nil {
			return err
		}
		return tx.AcceptInvitations(ctx, userID, email)
	})
	return purpose, err
}

// RequestReset queues a single-use link to set a new password, good for ResetTTL, in one
// transaction; an earlier link stops working. An address without an account gets nothing, and
// the caller answers alike.
func (d *Service) RequestReset(ctx context.Context, email string) error {
	return d.db.InTx(ctx, func(tx *store.Tx) error {
		u, err := tx.UserByEmail(ctx, email)
		if arbor.ErrorCode(err) == arbor.ENOTFOUND {
			return nil
		}
		if err != nil {
			return err
		}
		return d.mailLink(ctx, tx, u, u.Email, store.TokenReset, ResetTTL, "mail.reset", "/reset-password")
	})
}

// ResetPassword sets a new password with a reset link, in one transaction. The link proves the
// address, so an unconfirmed account becomes confirmed; every session of the account is revoked
// and the address's failed log-ins are forgotten.
func (d *Service) ResetPassword(ctx context.Context, email, token, password string) error {
	hash, err := auth.HashPassword(password)
	if err != nil {
		return err
	}
	return d.db.InTx(ctx, func(tx *store.Tx) error {
		userID, _, err := tx.TakeToken(ctx, email, auth.TokenHash(token), store.TokenReset)
		if err != nil {
			return err
		}
		for _, step := range []func() error{
			func() error { return tx.SetPassword(ctx, userID, hash) },
			func() error { return tx.DeleteTokens(ctx, userID, store.TokenReset) },
			func() error { return tx.DeleteSessions(ctx, userID) },
			func() error { return tx.ConfirmUser(ctx, userID) },
			func() error { return tx.ClearLoginFailures(ctx, email) },
		} {
			if err := step(); err != nil {
				return err
			}
		}
		return nil
	})
}

// ChangePassword sets a new password for userID and revokes every session of the account, in
// one transaction; the caller has checked the current password.
func (d *Service) ChangePassword(ctx context.Context, userID, password string) error {
	hash, err := auth.HashPassword(password)
	if err != nil {
		return err
	}
	return d.db.InTx(ctx, func(tx *store.Tx) error {
		if err := tx.SetPassword(ctx, userID, hash); err != nil {
			return err
		}
		return tx.DeleteSessions(ctx, userID)
	})
}
