package main

import (
	"context"
	"encoding/json"
	"flag"
	"io"
	"log/slog"
	"strings"

	"arbor/store"
)

// lines is a flag given once per line (-address "Musterstraße 1" -address "24937 Flensburg").
type lines []string

func (l *lines) String() string     { return strings.Join(*l, ", ") }
func (l *lines) Set(v string) error { *l = append(*l, strings.TrimSpace(v)); return nil }

// sellerCmd: `arbor seller -name … -address … [-address …] -vat-id … [-bank …] [-email …]` sets
// who invoices (the installation's operator), printed on every invoice; without flags it prints
// the current seller as JSON (docs/OPERATIONS.md "Invoices").
func sellerCmd(ctx context.Context, cfg config, log *slog.Logger, args []string, out io.Writer) error {
	fs := flag.NewFlagSet("seller", flag.ContinueOnError)
	name := fs.String("name", "", "the seller's name (required to change it)")
	var address lines
	fs.Var(&address, "address", "one line of the seller's address; give it once per line")
	vatID := fs.String("vat-id", "", "the seller's VAT id, e.g. DE123456789")
	bank := fs.String("bank", "", "bank account for transfers, e.g. IBAN DE… BIC …")
	email := fs.String("email", "", "e-mail address for questions about invoices")
	if err := fs.Parse(args); err != nil {
		return configError{err.Error()}
	}
	db, err := store.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		return err
	}
	defer db.Close()
	if fs.NFlag() == 0 {
		seller, err := db.CurrentSeller(ctx)
		if err != nil {
			return err
		}
		enc := json.NewEncoder(out)
		enc.SetIndent("", "  ")
		return enc.Encode(seller)
	}
	if strings.TrimSpace(*name) == "" || len(address) == 0 {
		return configError{"usage: arbor seller -name NAME -address LINE [-address LINE …] [-vat-id ID] [-bank ACCOUNT] [-email ADDRESS]"}
	}
	seller := store.Seller{Name: strings.TrimSpace(*name), Address: address, TaxID: strings.TrimSpace(*vatID),
		Bank: strings.TrimSpace(*bank), Email: strings.TrimSpace(*email)}
	if err := db.SetSeller(ctx, seller); err != nil {
		return err
	}
	log.Info("seller set: invoices print it from now on", "name", seller.Name)
	return nil
}
