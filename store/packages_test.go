package store_test

import (
	"testing"
	"time"

	"arbor/i18n"
	"arbor/store"
)

// TestInvoiceFigures: VAT is the net times the rate, rounded half up to the cent; a credit
// lowers the net, never below zero.
func TestInvoiceFigures(t *testing.T) {
	for _, c := range []struct {
		unit            int64
		qty             int
		credit, bp      int64
		net, vat, gross int64
	}{
		{29000, 1, 0, 1900, 29000, 5510, 34510}, // 290 € + 19 %
		{11250, 1, 0, 1900, 11250, 2138, 13388}, // 21.375 → 21.38 (half up)
		{6000, 3, 0, 1900, 18000, 3420, 21420},  // three photo storage packages
		{5, 1, 0, 1900, 5, 1, 6},                // 0.95 cent → 1
		{2, 1, 0, 1900, 2, 0, 2},                // 0.38 cent → 0
		{59000, 1, 29000, 1900, 30000, 5700, 35700},
		{18000, 1, 29000, 1900, 0, 0, 0},      // a credit beyond the price
		{10050, 1, 0, 700, 10050, 704, 10754}, // 7 %: 703.5 → 704
	} {
		f := store.Figures(c.unit, c.qty, c.credit, c.bp)
		if f.Net != c.net || f.VAT != c.vat || f.Gross != c.gross {
			t.Errorf("Figures(%d, %d, %d, %d) = %+v, want %d/%d/%d", c.unit, c.qty, c.credit, c.bp, f, c.net, c.vat, c.gross)
		}
	}
}

// TestCredit: the unused rest of a year, by the day.
func TestCredit(t *testing.T) {
	day := func(s string) time.Time { d, _ := time.Parse("2006-01-02", s); return d }
	start, end := day("2026-01-01"), day("2027-01-01")
	for _, c := range []struct {
		today string
		want  int64
	}{
		{"2026-01-01", 29000}, {"2026-07-02", 14540}, {"2026-12-31", 79}, {"2027-01-01", 0}, {"2027-06-01", 0},
	} {
		if got := store.Credit(29000, start, end, day(c.today)); got != c.want {
			t.Errorf("Credit at %s = %d, want %d", c.today, got, c.want)
		}
	}
	if got := i18n.Money("de", 169000); got != "1.690,00\u00a0€" {
		t.Errorf("Money de = %q", got)
	}
	if got := i18n.Money("en", 34510); got != "€345.10" {
		t.Errorf("Money en = %q", got)
	}
}
