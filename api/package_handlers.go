package api

import (
	"bytes"
	"encoding/json"
	"net/http"

	"arbor"
	"arbor/export"
	"arbor/store"

	"github.com/go-chi/chi/v5"
)

// The organisation's packages, bookings and invoices (docs/API.md "Packages and invoices").

// getPackages answers the price list, the organisation's usage and its bookings.
func (s *Server) getPackages(w http.ResponseWriter, r *http.Request) error {
	org := targetOf(r).organisationID
	list, err := s.db.Packages(r.Context())
	if err != nil {
		return err
	}
	usage, err := s.db.Usage(r.Context(), org, s.now())
	if err != nil {
		return err
	}
	bookings, err := s.db.Bookings(r.Context(), org)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]any{"packages": list, "usage": usage, "bookings": bookings})
	return nil
}

// bookPackage books a package. The body names a package and a quantity only: an amount sent
// along (a price, a total) is refused, so nobody can believe they set one.
func (s *Server) bookPackage(w http.ResponseWriter, r *http.Request) error {
	var raw map[string]json.RawMessage
	if err := decode(r, &raw); err != nil {
		return err
	}
	var o store.Order
	for k, v := range raw {
		var err error
		switch k {
		case "package":
			err = json.Unmarshal(v, &o.Package)
		case "quantity":
			err = json.Unmarshal(v, &o.Quantity)
		default:
			return &arbor.Error{Code: arbor.EINVALID, Key: "package.order_only", Fields: map[string]string{k: "package.order_only"}}
		}
		if err != nil {
			return &arbor.Error{Code: arbor.EINVALID, Key: "error.bad_field_type", Args: map[string]any{"field": k},
				Fields: map[string]string{k: "error.bad_field_type"}}
		}
	}
	if o.Package == "" {
		return arbor.Invalid(map[string]string{"package": "field.required"})
	}
	current, err := s.currentConsentDocuments()
	if err != nil {
		return err
	}
	me := sessionOf(r).claims
	b, err := s.app.Book(r.Context(), targetOf(r).organisationID, store.Actor{UserID: me.Sub, Username: me.Sub, Alias: me.Alias}, o, current, s.now())
	return writeResult(w, http.StatusCreated, b, err)
}

// listInvoices answers the organisation's bookings, each one an invoice.
func (s *Server) listInvoices(w http.ResponseWriter, r *http.Request) error {
	list, err := s.db.Bookings(r.Context(), targetOf(r).organisationID)
	return writeList(w, list, err)
}

// downloadInvoice prints a booking's invoice from its fixed figures.
func (s *Server) downloadInvoice(w http.ResponseWriter, r *http.Request) error {
	b, err := s.db.BookingOf(r.Context(), targetOf(r).organisationID, chi.URLParam(r, "bookingId"))
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	if err := export.InvoicePDF(&buf, b); err != nil {
		return err
	}
	w.Header().Set("Content-Type", "application/pdf")
	w.Header().Set("Content-Disposition", `attachment; filename="invoice-`+b.InvoiceNumber+`.pdf"`)
	w.Header().Set("Cache-Control", "private, no-store")
	_, err = w.Write(buf.Bytes())
	return err
}
