package domain

import (
	"context"
	"strings"
	"time"

	"arbor"
	"arbor/i18n"
	"arbor/store"
)

// Book records a booking of a package at now and mails every administrator of the organisation
// a confirmation with the invoice's figures, in one transaction: without the confirmations
// nothing is booked (docs/PRODUCT.md "Packages and prices"). An organisation that has not
// consented to the terms and the data processing agreement books nothing: 409 naming what is
// missing (docs/API.md "Legal texts and consent"); current holds, by kind (agb, avv), the
// SHA-256 of each document as served now, so a consent to replaced terms does not count.
func (d *Service) Book(ctx context.Context, orgID string, who store.Actor, o store.Order, current map[string][]string, now time.Time) (*store.Booking, error) {
	var b *store.Booking
	err := d.db.InTx(ctx, func(tx *store.Tx) error {
		missing, err := tx.MissingConsents(ctx, orgID, current)
		if err != nil {
			return err
		}
		if len(missing) > 0 {
			return ConsentNeeded(missing)
		}
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

// ConsentNeeded is the refusal of a booking without the consents it needs: the message names
// them, and each is a field (agb, avv) for programs.
func ConsentNeeded(missing []string) *arbor.Error {
	key := "package.consent_needed." + missing[0]
	if len(missing) > 1 {
		key = "package.consent_needed.both"
	}
	fields := map[string]string{}
	for _, m := range missing {
		fields[m] = "package.consent_needed." + m
	}
	return &arbor.Error{Code: arbor.ECONFLICT, Key: key, Fields: fields, Args: map[string]any{"missing": strings.Join(missing, ", ")}}
}
