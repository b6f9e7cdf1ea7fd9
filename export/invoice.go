package export

import (
	"encoding/json"
	"io"
	"strconv"
	"strings"

	"arbor/i18n"
	"arbor/store"
)

// seller is who invoices (the installation's operator, billing_terms.seller).
type seller struct {
	Name    string   `json:"name"`
	Address []string `json:"address"`
	TaxID   string   `json:"tax_id"`
	Bank    string   `json:"bank"`
	Email   string   `json:"email"`
}

// InvoicePDF writes the invoice of a booking in the organisation's language: seller and
// recipient, the Leitweg-ID and tax id, the package, net, VAT and gross. Its figures are the
// booking's, fixed when it was made; printing it again gives the same invoice.
func InvoicePDF(w io.Writer, b *store.Booking) error {
	var bill store.OrganisationFields // the billing data as the booking kept it (store.Tx.Book)
	var sell seller
	if err := json.Unmarshal(b.Billing, &bill); err != nil {
		return err
	}
	if len(b.Seller) > 0 {
		if err := json.Unmarshal(b.Seller, &sell); err != nil {
			return err
		}
	}
	lang := bill.Location
	if !i18n.Supported(lang) {
		lang = "en"
	}
	d := Document{Lang: lang, Organisation: sell.Name, Project: b.InvoiceNumber, Made: b.CreatedAt}
	title := i18n.T(lang, "invoice.title", map[string]any{"number": b.InvoiceNumber})
	p := newPDF(d, title)
	p.SetFooterFunc(func() {
		p.footerStart()
		parts := append([]string{sell.Name}, sell.Address...)
		if sell.TaxID != "" {
			parts = append(parts, p.t("invoice.seller_tax_id", map[string]any{"id": sell.TaxID}))
		}
		if sell.Bank != "" {
			parts = append(parts, sell.Bank)
		}
		p.MultiCell(contentW, 3.4, strings.Join(parts, " · "), "", "C", false)
	})
	p.AddPage()

	// The seller, small, above the window; the recipient in it.
	p.font("B", 16, accent)
	p.CellFormat(contentW/2, 8, sell.Name, "", 0, "L", false, 0, "")
	p.font("", 8, muted)
	y := p.GetY()
	p.SetXY(margin+contentW/2, y)
	p.MultiCell(contentW/2, 3.8, strings.Join(append(append([]string{}, sell.Address...), sell.Email), "\n"), "", "R", false)
	p.SetY(max(p.GetY(), y+10) + 8)
	p.font("", 10, ink)
	var to []string
	for _, s := range []string{bill.Name, bill.AddressSupplementInvoice, bill.ContactInvoice,
		strings.TrimSpace(bill.Street + " " + bill.Number), strings.TrimSpace(bill.Zip + " " + bill.City), bill.Country} {
		if strings.TrimSpace(s) != "" {
			to = append(to, s)
		}
	}
	p.MultiCell(contentW/2, 5, strings.Join(to, "\n"), "", "L", false)
	p.Ln(8)

	p.font("B", 15, ink)
	p.CellFormat(contentW, 8, title, "", 1, "L", false, 0, "")
	p.Ln(1)
	facts := [][2]string{
		{p.t("invoice.date", nil), p.dayOf(b.CreatedAt)},
		{p.t("invoice.period", nil), p.dayOf(b.PeriodStart) + " – " + p.dayOf(b.PeriodEnd.AddDate(0, 0, -1))},
	}
	if bill.LeitwegIDInvoice != "" {
		facts = append(facts, [2]string{p.t("invoice.leitweg_id", nil), bill.LeitwegIDInvoice})
	}
	if bill.TaxIDInvoice != "" {
		facts = append(facts, [2]string{p.t("invoice.tax_id", nil), bill.TaxIDInvoice})
	}
	if bill.SubjectInvoice != "" {
		facts = append(facts, [2]string{p.t("invoice.reference", nil), bill.SubjectInvoice})
	}
	if bill.EmailInvoice != "" {
		facts = append(facts, [2]string{p.t("invoice.email", nil), bill.EmailInvoice})
	}
	p.fields(facts)
	p.Ln(4)

	money := func(c int64) string { return i18n.Money(lang, c) }
	name := i18n.T(lang, "package.name."+b.PackageID, nil)
	rows := [][]string{{"1", name + "\n" + p.t("invoice.yearly", nil), strconv.Itoa(b.Quantity), money(b.UnitCents), money(b.UnitCents * int64(b.Quantity))}}
	if b.CreditCents > 0 {
		rows = append(rows, []string{"2", p.t("invoice.credit", nil), "1", "-" + money(b.CreditCents), "-" + money(b.CreditCents)})
	}
	widths := []float64{10, 96, 16, 29, 29}
	p.table([]string{p.t("invoice.pos", nil), p.t("invoice.description", nil), p.t("invoice.quantity", nil),
		p.t("invoice.unit_price", nil), p.t("invoice.amount", nil)}, widths, rows)
	p.Ln(3)

	total := func(label, value string, bold bool) {
		style := ""
		if bold {
			style = "B"
		}
		p.font(style, 9.5, ink)
		p.SetX(margin + contentW - 90)
		p.CellFormat(61, 6, label, "", 0, "R", false, 0, "")
		p.CellFormat(29, 6, value, "", 1, "R", false, 0, "")
	}
	total(p.t("invoice.net", nil), money(b.NetCents), false)
	total(p.t("invoice.vat", map[string]any{"rate": vatRate(lang, b.VATPercent)}), money(b.VATCents), false)
	p.color(rule, false)
	p.Line(margin+contentW-70, p.GetY(), margin+contentW, p.GetY())
	total(p.t("invoice.gross", nil), money(b.GrossCents), true)
	p.Ln(6)

	p.font("", 9, ink)
	var notes []string
	if bill.InvoiceType == "paypal" {
		notes = append(notes, p.t("invoice.pay_paypal", map[string]any{"email": sell.Email}))
	} else {
		notes = append(notes, p.t("invoice.pay_transfer", map[string]any{"number": b.InvoiceNumber, "bank": sell.Bank}))
	}
	if b.SetupHourCts != nil {
		notes = append(notes, p.t("invoice.setup", map[string]any{"price": money(int64(*b.SetupHourCts))}))
	}
	for _, s := range []string{bill.InvoiceSupplement, bill.InvoiceNote} {
		if strings.TrimSpace(s) != "" {
			notes = append(notes, s)
		}
	}
	for _, n := range notes {
		p.MultiCell(contentW, 4.6, n, "", "L", false)
		p.Ln(1.5)
	}
	return p.output(w)
}

// vatRate writes a rate such as 19 or 7.5 as lang does.
func vatRate(lang string, pct float64) string {
	s := strconv.FormatFloat(pct, 'f', -1, 64)
	if lang != "en" {
		s = strings.ReplaceAll(s, ".", ",")
	}
	return s
}
