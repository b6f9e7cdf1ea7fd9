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
		link := d.Link("/organisations/"+orgID+"/documents", nil)
		return d.mailAdministrators(ctx, tx, orgID, "mail.booked", func(lang string) map[string]any {
			return map[string]any{"org": org.Name, "by": who.Alias, "package": PackageName(lang, b.PackageID, b.Quantity),
				"invoice": b.InvoiceNumber, "net": i18n.Money(lang, b.NetCents), "gross": i18n.Money(lang, b.GrossCents),
				"link": link}
		})
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
