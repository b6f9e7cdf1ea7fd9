package store

import (
	"context"
	"errors"
	"strings"
	"time"

	"arbor"

	"github.com/jackc/pgx/v5"
)

// Organisation is a tenant: a city or a tree-care firm. JSON names follow docs/PRODUCT.md §3.
type Organisation struct {
	ID string `json:"id"`
	OrganisationFields
	Avv          bool       `json:"avv"`
	Agb          bool       `json:"agb"`
	Terminated   bool       `json:"terminated"`
	TerminatedAt *time.Time `json:"terminated_at"`
	TerminatedBy *string    `json:"terminated_by"`
	MaxObject    int        `json:"max_object"`
	DemoUntil    time.Time  `json:"demo_until"`
	Status       string     `json:"status"` // demo, expired, terminated
	DemoDaysLeft int        `json:"demo_days_left"`
	TreePackage  *string    `json:"tree_package"` // the booked tree data package, nil in the demo

	// The tree data package: what the objects count against it (docs/PRODUCT.md §9), its size
	// and how much of it is in use.
	TreeCount             int64      `json:"tree_count"`
	TreeCountMax          int        `json:"tree_count_max"`
	TreeSpacePercentInUse float64    `json:"tree_space_percent_in_use"`
	ProjectCount          int        `json:"project_count"`
	Roles                 []string   `json:"roles"` // the caller's: admin, member (auth.OrganisationRoles of Membership)
	Membership            Membership `json:"-"`     // the caller's membership rows
	Version               int        `json:"version"`
	CreatedAt             time.Time  `json:"created_at"`

	// Storage for photos and documents: the size in MB and how much of it is in use.
	DataSpaceMBMax        int     `json:"data_space_mb_max"`
	DataSpaceMBUsed       float64 `json:"data_space_mb_used"`
	DataSpacePercentInUse float64 `json:"data_space_percent_in_use"`
}

// OrganisationFields are the fields a person edits (address and billing).
type OrganisationFields struct {
	Name                     string `json:"name"`
	Street                   string `json:"street"`
	Number                   string `json:"number"`
	Zip                      string `json:"zip"`
	City                     string `json:"city"`
	Country                  string `json:"country"`
	Phone                    string `json:"phone"`
	AddressSupplementInvoice string `json:"address_supplement_invoice"`
	ContactInvoice           string `json:"contact_invoice"`
	EmailInvoice             string `json:"email_invoice"`
	InvoiceNote              string `json:"invoice_note"`
	InvoiceSupplement        string `json:"invoice_supplement"`
	InvoiceType              string `json:"invoice_type"`
	LeitwegIDInvoice         string `json:"leitweg_id_invoice"`
	SubjectInvoice           string `json:"subject_invoice"`
	TaxIDInvoice             string `json:"tax_id_invoice"`
	Location                 string `json:"location"`
}

// The caller's roles come with every organisation read: $1 is the caller.
const organisationSelect = `
	SELECT o.id, o.name, o.street, o.number, o.zip, o.city, o.country, o.phone,
	       o.address_supplement_invoice, o.contact_invoice, o.email_invoice, o.invoice_note,
	       o.invoice_supplement, o.invoice_type, o.leitweg_id_invoice, o.subject_invoice, o.tax_id_invoice,
	       o.avv, o.agb, o.terminated, o.terminated_at, o.terminated_by, o.location, o.max_object,
	       o.demo_until, o.version, o.created_at, o.data_space_mb_max, o.tree_package, o.tree_units,
	       (SELECT coalesce(sum(d.size), 0) FROM document d WHERE d.organisation_id = o.id)::bigint,
	       (SELECT count(*) FROM project p WHERE p.organisation_id = o.id)::int,
	       EXISTS (SELECT 1 FROM organisation_admin a WHERE a.organisation_id = o.id AND a.user_id = $1),
	       EXISTS (SELECT 1 FROM project_member m WHERE m.organisation_id = o.id AND m.user_id = $1)
	FROM organisation o`

func scanOrganisation(row pgx.Row) (*Organisation, error) {
	var o Organisation
	var admin, member bool
	var used int64
	err := row.Scan(&o.ID, &o.Name, &o.Street, &o.Number, &o.Zip, &o.City, &o.Country, &o.Phone,
		&o.AddressSupplementInvoice, &o.ContactInvoice, &o.EmailInvoice, &o.InvoiceNote,
		&o.InvoiceSupplement, &o.InvoiceType, &o.LeitwegIDInvoice, &o.SubjectInvoice, &o.TaxIDInvoice,
		&o.Avv, &o.Agb, &o.Terminated, &o.TerminatedAt, &o.TerminatedBy, &o.Location, &o.MaxObject,
		&o.DemoUntil, &o.Version, &o.CreatedAt, &o.DataSpaceMBMax, &o.TreePackage, &o.TreeCount, &used, &o.ProjectCount, &admin, &member)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, arbor.Errorf(arbor.ENOTFOUND, "error.not_found", nil)
	}
	if err != nil {
		return nil, err
	}
	o.Roles = []string{}
	space := newDataSpace(o.DataSpaceMBMax, used)
	o.DataSpaceMBUsed, o.DataSpacePercentInUse = space.MBUsed, space.PercentInUse
	o.Membership = Membership{Admin: admin, Member: member}
	o.TreeCountMax = o.MaxObject
	if o.MaxObject > 0 {
		o.TreeSpacePercentInUse = roundTo(float64(o.TreeCount)*100/float64(o.MaxObject), 1)
	}
	o.Status = organisationStatus(o.Terminated, o.TreePackage != nil, o.DemoUntil, time.Now())
	if o.Status == "demo" {
		left := time.Until(o.DemoUntil)
		o.DemoDaysLeft = int((left + 24*time.Hour - time.Nanosecond) / (24 * time.Hour))
	}
	return &o, nil
}

// Organisation reads one organisation as userID sees it.
func (s *Queries) Organisation(ctx context.Context, orgID, userID string) (*Organisation, error) {
	return scanOrganisation(s.q.QueryRow(ctx, organisationSelect+` WHERE o.id = $2`, userID, orgID))
}

// OrganisationsOf lists the organisations userID administers or works in, by name.
func (s *Queries) OrganisationsOf(ctx context.Context, userID string) ([]*Organisation, error) {
	rows, err := s.q.Query(ctx, organisationSelect+`
		WHERE EXISTS (SELECT 1 FROM organisation_admin a WHERE a.organisation_id = o.id AND a.user_id = $1)
		   OR EXISTS (SELECT 1 FROM project_member m WHERE m.organisation_id = o.id AND m.user_id = $1)
		ORDER BY lower(o.name)`, userID)
	return scanAll(rows, err, scanOrganisation)
}

// AllOrganisations lists every organisation, for platform support.
func (s *Queries) AllOrganisations(ctx context.Context, userID string) ([]*Organisation, error) {
	rows, err := s.q.Query(ctx, organisationSelect+` ORDER BY lower(o.name)`, userID)
	return scanAll(rows, err, scanOrganisation)
}

// CreateOrganisation creates an organisation in its 28-day demo; the creator administers it.
func (s *Queries) CreateOrganisation(ctx context.Context, userID string, f OrganisationFields) (*Organisation, error) {
	var id string
	err := s.q.QueryRow(ctx, `
		WITH o AS (
			INSERT INTO organisation (name, street, number, zip, city, country, phone,
				address_supplement_invoice, contact_invoice, email_invoice, invoice_note, invoice_supplement,
				invoice_type, leitweg_id_invoice, subject_invoice, tax_id_invoice, location, created_by, max_object)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18,
				(SELECT demo_trees FROM billing_terms))
			RETURNING id
		), a AS (
			INSERT INTO organisation_admin (organisation_id, user_id) SELECT id, $18 FROM o
		)
		SELECT id FROM o`,
		f.Name, f.Street, f.Number, f.Zip, f.City, f.Country, f.Phone, f.AddressSupplementInvoice,
		f.ContactInvoice, f.EmailInvoice, f.InvoiceNote, f.InvoiceSupplement, f.InvoiceType,
		f.LeitwegIDInvoice, f.SubjectInvoice, f.TaxIDInvoice, f.Location, userID).Scan(&id)
	if err != nil {
		return nil, err
	}
	return s.Organisation(ctx, id, userID)
}

// UpdateOrganisation changes address and billing if version is current; ECONFLICT with the
// current organisation otherwise.
func (s *Queries) UpdateOrganisation(ctx context.Context, orgID, userID string, version int, f OrganisationFields) (*Organisation, error) {
	tag, err := s.q.Exec(ctx, `
		UPDATE organisation SET name = $3, street = $4, number = $5, zip = $6, city = $7, country = $8, phone = $9,
			address_supplement_invoice = $10, contact_invoice = $11, email_invoice = $12, invoice_note = $13,
			invoice_supplement = $14, invoice_type = $15, leitweg_id_invoice = $16, subject_invoice = $17,
			tax_id_invoice = $18, location = $19, version = version + 1, updated_at = now()
		WHERE id = $1 AND version = $2`,
		orgID, version, f.Name, f.Street, f.Number, f.Zip, f.City, f.Country, f.Phone, f.AddressSupplementInvoice,
		f.ContactInvoice, f.EmailInvoice, f.InvoiceNote, f.InvoiceSupplement, f.InvoiceType,
		f.LeitwegIDInvoice, f.SubjectInvoice, f.TaxIDInvoice, f.Location)
	return afterVersionedWrite(tag, err, func() (*Organisation, error) { return s.Organisation(ctx, orgID, userID) })
}

// Person is a user as others see them.
type Person struct {
	ID        string `json:"id"`
	FirstName string `json:"firstName"`
	LastName  string `json:"lastName"`
	Email     string `json:"email"`
}

// Administrators lists an organisation's administrators by name.
func (s *Queries) Administrators(ctx context.Context, orgID string) ([]Person, error) {
	rows, err := s.q.Query(ctx, `
		SELECT u.id, u.first_name, u.last_name, u.email
		FROM organisation_admin a JOIN app_user u ON u.id = a.user_id
		WHERE a.organisation_id = $1 ORDER BY lower(u.last_name), lower(u.first_name)`, orgID)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[Person])
}

// RemoveAdministrator removes one administrator; the last one stays, so an organisation is never
// left without anyone who can manage it.
func (s *Queries) RemoveAdministrator(ctx context.Context, orgID, userID string) error {
	var remaining int
	err := s.q.QueryRow(ctx, `
		WITH locked AS (
			SELECT user_id FROM organisation_admin WHERE organisation_id = $1 FOR UPDATE
		)
		SELECT count(*) FROM locked WHERE user_id <> $2`, orgID, userID).Scan(&remaining)
	if err != nil {
		return err
	}
	if remaining == 0 {
		return arbor.Errorf(arbor.ECONFLICT, "org.last_admin", nil)
	}
	tag, err := s.q.Exec(ctx, `DELETE FROM organisation_admin WHERE organisation_id = $1 AND user_id = $2`, orgID, userID)
	if err == nil && tag.RowsAffected() == 0 {
		return arbor.Errorf(arbor.ENOTFOUND, "error.not_found", nil)
	}
	return err
}

// CancelOrganisation terminates an organisation. Its data stays readable; writes are refused.
func (s *Queries) CancelOrganisation(ctx context.Context, orgID, userID string) error {
	tag, err := s.q.Exec(ctx, `
		UPDATE organisation SET terminated = true, terminated_at = now(), terminated_by = $2,
			version = version + 1, updated_at = now()
		WHERE id = $1 AND NOT terminated`, orgID, userID)
	if err == nil && tag.RowsAffected() == 0 {
		return arbor.Errorf(arbor.ECONFLICT, "org.terminated", nil)
	}
	return err
}

// RecordSupportAction keeps what platform support did, on which organisation.
func (s *Queries) RecordSupportAction(ctx context.Context, userID, orgID, action string, detail map[string]any) error {
	if detail == nil {
		detail = map[string]any{}
	}
	var org *string
	if orgID != "" {
		org = &orgID
	}
	_, err := s.q.Exec(ctx, `INSERT INTO support_audit (user_id, organisation_id, action, detail) VALUES ($1, $2, $3, $4)`,
		userID, org, action, detail)
	return err
}

// SplitEmails splits a comma-separated list of addresses (docs/PRODUCT.md §5), dropping blanks and repeats.
func SplitEmails(list string) []string {
	seen := map[string]bool{}
	var out []string
	for _, e := range strings.Split(list, ",") {
		e = strings.TrimSpace(e)
		if e == "" || seen[strings.ToLower(e)] {
			continue
		}
		seen[strings.ToLower(e)] = true
		out = append(out, e)
	}
	return out
}

// OrganisationAccess is what a caller is in an organisation, and its state.
type OrganisationAccess struct {
	Exists     bool
	Terminated bool
	Membership Membership
	Plan       // the demo's end and the add-ons, judged on the server's clock
}

// OrganisationAccess looks up an organisation's existence, state and userID's membership in it.
func (s *Queries) OrganisationAccess(ctx context.Context, orgID, userID string) (OrganisationAccess, error) {
	var a OrganisationAccess
	var admin, member bool
	err := s.q.QueryRow(ctx, `
		SELECT o.terminated,
		       EXISTS (SELECT 1 FROM organisation_admin WHERE organisation_id = o.id AND user_id = $2),
		       EXISTS (SELECT 1 FROM project_member WHERE organisation_id = o.id AND user_id = $2),
		       `+planColumns+`
		FROM organisation o WHERE o.id = $1`, orgID, userID).Scan(append([]any{&a.Terminated, &admin, &member}, a.Plan.dest()...)...)
	if errors.Is(err, pgx.ErrNoRows) {
		return a, nil
	}
	if err != nil {
		return a, err
	}
	a.Exists = true
	a.Membership = Membership{Admin: admin, Member: member}
	return a, nil
}
