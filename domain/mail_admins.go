package domain

import (
	"context"

	"arbor/store"
)

// mailAdministrators sends key to every administrator of the organisation in their own language,
// within tx (the mail goes only if the change commits); args gives each language its values.
func (d *Service) mailAdministrators(ctx context.Context, tx *store.Tx, orgID, key string, args func(lang string) map[string]any) error {
	admins, err := tx.Administrators(ctx, orgID)
	if err != nil {
		return err
	}
	for _, a := range admins {
		u, err := tx.UserByID(ctx, a.ID)
		if err != nil {
			return err
		}
		if err := d.Send(ctx, tx, u.Language, u.Email, key, u.FirstName, args(u.Language)); err != nil {
			return err
		}
	}
	return nil
}
