package domain

import (
	"context"
	"time"

	"arbor/i18n"
	"arbor/store"
)

// Book records a booking of a package at now and mails every administrator of the organisation
// a confirmation with the invoice's figures, in one transaction: without the confirmations
// nothing is booked (docs/PRODUCT.md "Packages and prices").
func (d *Service) Book(ctx context.Context, orgID string, who store.Actor, o store.Order, now time.Time) (*store.Booking, error) {
	var b *store.Booking
	err := d.db.InTx(ctx, func(tx *store.Tx) error {
		var err error
		if b, err = tx.Book(ctx, orgID, who, o, now); err != nil {
			return err
		}
		org, err := tx.Organisation(ctx, orgID, who.UserID)
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
			args := map[string]any{"org": org.Name, "by": who.Alias, "package": PackageName(u.Language, b.PackageID, b.Quantity),
				"invoice": b.InvoiceNumber, "net": i18n.Money(u.Language, b.NetCents), "gross": i18n.Money(u.Language, b.GrossCents),
				"link": d.Link("/organisations/"+orgID+"/documents", nil)}
			if err := d.Send(ctx, tx, u.Language, u.Email, "mail.booked", u.FirstName, args); err != nil {
				return err
			}
		}
		return nil
	})
	return b, err
}

// PackageName is what people read of a package in lang: "Tree data package 2,500 trees",
// "Photo storage +10 GB" (times quantity), an add-on's name.
func PackageName(lang, id string, quantity int) string {
	name := i18n.T(lang, "package.name."+id, nil)
	if quantity > 1 {
		name = i18n.T(lang, "package.times", map[string]any{"n": quantity, "name": name})
	}
	return name
}
