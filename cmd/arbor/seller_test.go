package main

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"arbor/export"
	"arbor/export/exporttest"
	"arbor/store"
)

// TestSellerCommand: `arbor seller` sets who invoices, and an invoice prints it (name, address
// lines, VAT id, bank); without flags it shows the seller; a seller without a name is refused.
func TestSellerCommand(t *testing.T) {
	ctx, db := commandDB(t)
	if code := run([]string{"seller", "-address", "Somewhere 1"}); code != 2 {
		t.Fatalf("a seller without a name: exit %d, want 2", code)
	}
	if code := run([]string{"seller", "-name", "Baumdienst Nord GmbH", "-address", "Holmstraße 7", "-address", "24937 Flensburg",
		"-vat-id", "DE812345678", "-bank", "IBAN DE02 1203 0000 0000 2020 51"}); code != 0 {
		t.Fatalf("arbor seller: exit %d", code)
	}
	got, err := db.CurrentSeller(ctx)
	if err != nil || got.Name != "Baumdienst Nord GmbH" || len(got.Address) != 2 || got.TaxID != "DE812345678" {
		t.Fatalf("seller %+v, %v", got, err)
	}

	var org string
	if err := db.Pool.QueryRow(ctx, `INSERT INTO organisation (name, location) VALUES ('Stadt Kiel', 'de') RETURNING id`).Scan(&org); err != nil {
		t.Fatal(err)
	}
	var b *store.Booking
	if err := db.InTx(ctx, func(tx *store.Tx) error {
		var err error
		b, err = tx.Book(ctx, org, store.Actor{Username: "kiel@example.org", Alias: "Kiel"}, store.Order{Package: "trees-500", Quantity: 1}, time.Now())
		return err
	}); err != nil {
		t.Fatal(err)
	}
	printed, err := db.BookingOf(ctx, org, b.ID)
	if err != nil {
		t.Fatal(err)
	}
	var pdf bytes.Buffer
	if err := export.InvoicePDF(&pdf, printed); err != nil {
		t.Fatal(err)
	}
	text := exporttest.PDFText(t, pdf.Bytes(), "-layout")
	for _, want := range []string{"Baumdienst Nord GmbH", "Holmstraße 7", "24937 Flensburg", "DE812345678", "IBAN DE02 1203 0000 0000 2020 51"} {
		if !strings.Contains(text, want) {
			t.Errorf("the invoice does not print %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "Musterstraße") {
		t.Errorf("the invoice still prints the placeholder seller:\n%s", text)
	}
}
