package api

import (
	"net/http"
	"net/url"
	"regexp"
	"strings"

	"arbor"
	"arbor/auth"
	"arbor/domain"
	"arbor/i18n"
	"arbor/store"

	"github.com/go-chi/chi/v5"
)

// Countries an organisation may be in (docs/PRODUCT.md §3: European countries), ISO 3166-1 alpha-2.
var Countries = []string{"AT", "BE", "BG", "CH", "CY", "CZ", "DE", "DK", "EE", "ES", "FI", "FR", "GR", "HR",
	"HU", "IE", "IT", "LI", "LT", "LU", "LV", "NL", "NO", "PL", "PT", "RO", "SE", "SI", "SK"}

var (
	zipPattern = regexp.MustCompile(`^[0-9]{4,5}$`)
	// Leitweg-ID (German e-invoicing routing): coarse address, optional fine address, two check digits.
	leitwegPattern = regexp.MustCompile(`^[0-9]{2,12}(-[0-9A-Za-z]{1,30})?-[0-9]{2}$`)
)

func (s *Server) listOrganisations(w http.ResponseWriter, r *http.Request) error {
	si := sessionOf(r)
	var list []*store.Organisation
	var err error
	if r.URL.Query().Get("all") == "true" {
		if !may(r, auth.ActOrganisationSupport) {
			return arbor.Errorf(arbor.EFORBIDDEN, "error.forbidden", nil)
		}
		if err := s.db.RecordSupportAction(r.Context(), si.claims.Sub, "", "list organisations", nil); err != nil {
			return err
		}
		list, err = s.db.AllOrganisations(r.Context(), si.claims.Sub)
	} else {
		list, err = s.db.OrganisationsOf(r.Context(), si.claims.Sub)
	}
	if err != nil {
		return err
	}
	organisationRoles(list...)
	writeJSON(w, http.StatusOK, map[string]any{"items": list, "total": len(list)})
	return nil
}

type organisationRequest struct {
	store.OrganisationFields
	Version int `json:"version"`
}

// check trims the fields, fills the defaults and validates them.
func (req *organisationRequest) check(r *http.Request) error {
	req.normalise(language(r))
	return validateOrganisation(&req.OrganisationFields)
}

// normalise trims the fields and fills the defaults: billing by invoice, Germany, the
// person's language.
func (req *organisationRequest) normalise(lang string) {
	f := &req.OrganisationFields
	for _, p := range []*string{&f.Name, &f.Street, &f.Number, &f.Zip, &f.City, &f.Country, &f.Phone, &f.EmailInvoice,
		&f.LeitwegIDInvoice, &f.TaxIDInvoice, &f.ContactInvoice, &f.SubjectInvoice} {
		*p = strings.TrimSpace(*p)
	}
	if f.InvoiceType == "" {
		f.InvoiceType = "billing"
	}
	if f.Country == "" {
		f.Country = "DE"
	}
	f.Country = strings.ToUpper(f.Country)
	if f.Location == "" {
		f.Location = lang
	}
}

// validateOrganisation checks an organisation's fields; zip, e-mail and Leitweg-ID are checked
// when given.
func validateOrganisation(f *store.OrganisationFields) error {
	c := checks{}
	if c.required("name", f.Name) {
		c.maxLen("name", f.Name, 100)
	}
	for field, v := range map[string]string{"street": f.Street, "number": f.Number, "city": f.City, "phone": f.Phone,
		"contact_invoice": f.ContactInvoice, "subject_invoice": f.SubjectInvoice, "tax_id_invoice": f.TaxIDInvoice,
		"address_supplement_invoice": f.AddressSupplementInvoice, "invoice_supplement": f.InvoiceSupplement} {
		c.maxLen(field, v, 100)
	}
	c.maxLen("invoice_note", f.InvoiceNote, 2000)
	if f.Zip != "" && !zipPattern.MatchString(f.Zip) {
		c["zip"] = "field.zip"
	}
	if !contains(Countries, f.Country) {
		c["country"] = "field.country"
	}
	if f.InvoiceType != "billing" && f.InvoiceType != "paypal" {
		c["invoice_type"] = "field.invoice_type"
	}
	if f.EmailInvoice != "" {
		c.email("email_invoice", f.EmailInvoice)
	}
	if f.LeitwegIDInvoice != "" && !leitwegPattern.MatchString(f.LeitwegIDInvoice) {
		c["leitweg_id_invoice"] = "field.leitweg"
	}
	c.language("location", f.Location)
	return c.err()
}

func contains(list []string, v string) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}

func (s *Server) createOrganisation(w http.ResponseWriter, r *http.Request) error {
	req, err := decodeChecked[organisationRequest](r)
	if err != nil {
		return err
	}
	var o *store.Organisation
	err = s.db.InTx(r.Context(), func(tx *store.Tx) error {
		var err error
		o, err = tx.CreateOrganisation(r.Context(), sessionOf(r).claims.Sub, req.OrganisationFields)
		return err
	})
	return writeOrganisation(w, http.StatusCreated, o, err)
}

func (s *Server) getOrganisation(w http.ResponseWriter, r *http.Request) error {
	id, _ := pathID(r, "id") // checked by authorise
	o, err := s.db.Organisation(r.Context(), id, sessionOf(r).claims.Sub)
	return writeOrganisation(w, http.StatusOK, o, err)
}

func (s *Server) updateOrganisation(w http.ResponseWriter, r *http.Request) error {
	id, _ := pathID(r, "id")
	req, err := decodeChecked[organisationRequest](r)
	if err != nil {
		return err
	}
	if req.Version <= 0 {
		return arbor.Invalid(map[string]string{"version": "field.required"})
	}
	o, err := s.db.UpdateOrganisation(r.Context(), id, sessionOf(r).claims.Sub, req.Version, req.OrganisationFields)
	return writeOrganisation(w, http.StatusOK, o, err)
}

// writeOrganisation answers the organisation with the caller's roles in it, or the error.
func writeOrganisation(w http.ResponseWriter, status int, o *store.Organisation, err error) error {
	if err != nil {
		return err
	}
	organisationRoles(o)
	writeJSON(w, status, o)
	return nil
}

func (s *Server) listAdministrators(w http.ResponseWriter, r *http.Request) error {
	return s.writeAdministrators(w, r, "")
}

// writeAdministrators answers the organisation's administrators and its open invitations (by
// address only: whether an address has an account is not told), with a message when given.
func (s *Server) writeAdministrators(w http.ResponseWriter, r *http.Request, message string) error {
	id, _ := pathID(r, "id")
	list, err := s.db.Administrators(r.Context(), id)
	if err != nil {
		return err
	}
	invited, err := s.db.AdministratorInvitations(r.Context(), id)
	if err != nil {
		return err
	}
	answer := map[string]any{"items": list, "total": len(list), "invitations": invited}
	if message != "" {
		answer["message"] = message
	}
	writeJSON(w, http.StatusOK, answer)
	return nil
}

// emailsRequest is a list of addresses to share with or invite.
type emailsRequest struct {
	Emails string `json:"emails"` // comma separated (docs/PRODUCT.md §5)
}

// decodeEmails reads an emailsRequest and checks each address.
func decodeEmails(r *http.Request) ([]string, error) {
	var req emailsRequest
	if err := decode(r, &req); err != nil {
		return nil, err
	}
	c := checks{}
	emails := c.emailList("emails", req.Emails)
	return emails, c.err()
}

// sharerOf is the caller as someone who shares or invites.
func sharerOf(r *http.Request) domain.Sharer {
	me := sessionOf(r).claims
	return domain.Sharer{UserID: me.Sub, Alias: me.Alias, Language: language(r)}
}

// addAdministrators invites every listed address to administer the organisation, or none when
// one of them is refused (domain.InviteAdministrators). The answer is the same whether an
// address has an account or not; nobody is an administrator before accepting.
func (s *Server) addAdministrators(w http.ResponseWriter, r *http.Request) error {
	id, _ := pathID(r, "id")
	emails, err := decodeEmails(r)
	if err != nil {
		return err
	}
	if err := s.app.InviteAdministrators(r.Context(), id, sharerOf(r), emails); err != nil {
		return err
	}
	return s.writeAdministrators(w, r, i18n.T(language(r), "org.admins_invited", map[string]any{"count": len(emails)}))
}

// removeAdministrator removes an administrator (userId: the account's id) or withdraws an open
// invitation (userId: the invited address).
func (s *Server) removeAdministrator(w http.ResponseWriter, r *http.Request) error {
	id, _ := pathID(r, "id")
	if member, err := url.PathUnescape(chi.URLParam(r, "userId")); err == nil && strings.Contains(member, "@") {
		if err := s.db.RevokeAdministratorInvitation(r.Context(), id, member); err != nil {
			return err
		}
		w.WriteHeader(http.StatusNoContent)
		return nil
	}
	userID, err := pathID(r, "userId")
	if err != nil {
		return err
	}
	err = s.db.InTx(r.Context(), func(tx *store.Tx) error {
		return tx.RemoveAdministrator(r.Context(), id, userID)
	})
	if err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// cancelOrganisation terminates the organisation and mails every administrator a confirmation
// (domain.CancelOrganisation).
func (s *Server) cancelOrganisation(w http.ResponseWriter, r *http.Request) error {
	id, _ := pathID(r, "id")
	me := sessionOf(r).claims
	if err := s.app.CancelOrganisation(r.Context(), id, me.Sub, me.Alias); err != nil {
		return err
	}
	return writeMessage(w, r, http.StatusOK, "org.cancelled")
}

func (s *Server) listAssignments(w http.ResponseWriter, r *http.Request) error {
	list, err := s.db.Assignments(r.Context(), targetOf(r).organisationID)
	return writeList(w, list, err)
}

type extendDemoRequest struct {
	Days int `json:"days"` // 1–90
}

// extendDemo is platform support extending an organisation's demo by days; the action is kept in
// the support record (domain.ExtendDemo). Anyone else is refused by the route's action.
func (s *Server) extendDemo(w http.ResponseWriter, r *http.Request) error {
	id, _ := pathID(r, "id")
	var req extendDemoRequest
	if err := decode(r, &req); err != nil {
		return err
	}
	if req.Days < 1 || req.Days > 90 {
		return arbor.Invalid(map[string]string{"days": "field.demo_days"})
	}
	if _, err := s.app.ExtendDemo(r.Context(), id, sessionOf(r).claims.Sub, req.Days, s.now()); err != nil {
		return err
	}
	o, err := s.db.Organisation(r.Context(), id, sessionOf(r).claims.Sub)
	return writeOrganisation(w, http.StatusOK, o, err)
}
