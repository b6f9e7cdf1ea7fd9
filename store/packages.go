package store

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"arbor"
	"arbor/fields"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// Packages, their prices and bookings (docs/PRODUCT.md "Packages and prices"). Prices are read
// from the database only: a request names a package and a quantity, never an amount.

// Package is one entry of the price list. Amounts are euro cents a year, net of VAT.
type Package struct {
	ID             string `json:"id"`
	Kind           string `json:"kind"` // trees, storage, addon
	Trees          *int   `json:"trees"`
	StorageMB      *int   `json:"storage_mb"`
	PriceCents     int    `json:"price_cents"`
	SetupHourCents *int   `json:"setup_hour_cents"`
}

// Packages reads the price list in its order.
func (s *Queries) Packages(ctx context.Context) ([]Package, error) {
	rows, err := s.q.Query(ctx, `SELECT id, kind, trees, storage_mb, price_cents, setup_hour_cents FROM package ORDER BY sort`)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[Package])
}

// Usage is what an organisation has booked and how much of it is in use.
type Usage struct {
	Status                string    `json:"status"` // demo, expired, booked, terminated
	DemoUntil             time.Time `json:"demo_until"`
	TreePackage           *string   `json:"tree_package"`
	TreeCount             int64     `json:"tree_count"` // what the objects count against the package
	TreeCountMax          int       `json:"tree_count_max"`
	TreeSpacePercentInUse float64   `json:"tree_space_percent_in_use"`
	DataSpaceMBMax        int       `json:"data_space_mb_max"`
	DataSpaceMBUsed       float64   `json:"data_space_mb_used"`
	DataSpacePercentInUse float64   `json:"data_space_percent_in_use"`
	StoragePackages       int       `json:"storage_packages"` // booked +10 GB packages
	Addons                []string  `json:"addons"`           // the add-ons usable now
	BookedAddons          []string  `json:"booked_addons"`
	VATPercent            float64   `json:"vat_percent"`
	Notices               []string  `json:"notices"` // tree_package_almost_full, tree_package_full, storage_almost_full, storage_full
}

// NoticeShare is the share of a package in use from which the app warns (docs/PRODUCT.md §4).
const NoticeShare = 90.0

// Usage reads an organisation's packages and their use at now.
func (s *Queries) Usage(ctx context.Context, orgID string, now time.Time) (*Usage, error) {
	var u Usage
	var terminated bool
	var used int64
	var plan Plan
	err := s.q.QueryRow(ctx, `
		SELECT o.terminated, o.tree_package, o.tree_units, o.max_object, o.data_space_mb_max,
		       (SELECT coalesce(sum(d.size), 0) FROM document d WHERE d.organisation_id = o.id)::bigint,
		       (SELECT coalesce(sum(b.quantity), 0) FROM booking b JOIN package p ON p.id = b.package_id
		         WHERE b.organisation_id = o.id AND p.kind = 'storage')::int,
		       (SELECT vat_percent FROM billing_terms)::float8, `+planColumns+`
		FROM organisation o WHERE o.id = $1`, orgID).Scan(append([]any{&terminated, &u.TreePackage, &u.TreeCount,
		&u.TreeCountMax, &u.DataSpaceMBMax, &used, &u.StoragePackages, &u.VATPercent}, plan.dest()...)...)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, arbor.Errorf(arbor.ENOTFOUND, "error.not_found", nil)
	}
	if err != nil {
		return nil, err
	}
	u.DemoUntil, u.Addons, u.BookedAddons = plan.DemoUntil, plan.Addons(now), plan.BookedAddons
	u.Status = organisationStatus(terminated, u.TreePackage != nil, u.DemoUntil, now)
	space := newDataSpace(u.DataSpaceMBMax, used)
	u.DataSpaceMBUsed, u.DataSpacePercentInUse = space.MBUsed, space.PercentInUse
	if u.TreeCountMax > 0 {
		u.TreeSpacePercentInUse = roundTo(float64(u.TreeCount)*100/float64(u.TreeCountMax), 1)
	}
	u.Notices = notices(u.TreeSpacePercentInUse, u.TreeCount >= int64(u.TreeCountMax), u.DataSpacePercentInUse, space.BytesAvailable <= 0)
	return &u, nil
}

// notices names the warnings of a use: full at the limit, almost full from NoticeShare.
func notices(treePercent float64, treesFull bool, dataPercent float64, dataFull bool) []string {
	out := []string{}
	switch {
	case treesFull:
		out = append(out, "tree_package_full")
	case treePercent >= NoticeShare:
		out = append(out, "tree_package_almost_full")
	}
	switch {
	case dataFull:
		out = append(out, "storage_full")
	case dataPercent >= NoticeShare:
		out = append(out, "storage_almost_full")
	}
	return out
}

// organisationStatus is docs/PRODUCT.md §4's state of an organisation at now.
func organisationStatus(terminated, booked bool, demoUntil, now time.Time) string {
	switch {
	case terminated:
		return "terminated"
	case booked:
		return "booked"
	case !now.Before(demoUntil):
		return "expired"
	}
	return "demo"
}

func roundTo(v float64, digits int) float64 {
	p := 1.0
	for range digits {
		p *= 10
	}
	return float64(int64(v*p+0.5)) / p
}

// InvoiceFigures are an invoice's amounts in euro cents.
type InvoiceFigures struct {
	Net   int64
	VAT   int64
	Gross int64
}

// Figures computes an invoice: quantity × unit less a credit is the net amount; VAT is the net
// times the rate (in hundredths of a percent, 1900 for 19 %), rounded half up to the cent, as
// German invoices round the tax of the total.
func Figures(unitCents int64, quantity int, creditCents int64, vatBasisPoints int64) InvoiceFigures {
	net := unitCents*int64(quantity) - creditCents
	if net < 0 {
		net = 0
	}
	vat := (net*vatBasisPoints + 5000) / 10000
	return InvoiceFigures{Net: net, VAT: vat, Gross: net + vat}
}

// Booking is a package bought by an organisation, with its invoice's figures.
type Booking struct {
	ID            string          `json:"id"`
	Number        int64           `json:"number"`
	InvoiceNumber string          `json:"invoice_number"`
	PackageID     string          `json:"package"`
	Kind          string          `json:"kind"`
	Trees         *int            `json:"trees"`
	StorageMB     *int            `json:"storage_mb"`
	SetupHourCts  *int            `json:"setup_hour_cents"`
	Quantity      int             `json:"quantity"`
	UnitCents     int64           `json:"unit_cents"`
	CreditCents   int64           `json:"credit_cents"`
	NetCents      int64           `json:"net_cents"`
	VATPercent    float64         `json:"vat_percent"`
	VATCents      int64           `json:"vat_cents"`
	GrossCents    int64           `json:"gross_cents"`
	PeriodStart   time.Time       `json:"period_start"`
	PeriodEnd     time.Time       `json:"period_end"`
	Billing       json.RawMessage `json:"billing"`
	Seller        json.RawMessage `json:"-"`
	Username      string          `json:"username"`
	CreatedAt     time.Time       `json:"created_at"`
}

const bookingSelect = `SELECT b.id, b.number, b.package_id, p.kind, p.trees, p.storage_mb, p.setup_hour_cents, b.quantity,
	b.unit_cents, b.credit_cents, b.net_cents, b.vat_percent::float8, b.vat_cents, b.gross_cents, b.period_start, b.period_end,
	b.billing, (SELECT seller FROM billing_terms), b.username, b.created_at
	FROM booking b JOIN package p ON p.id = b.package_id`

func scanBooking(row pgx.Row) (*Booking, error) {
	var b Booking
	err := row.Scan(&b.ID, &b.Number, &b.PackageID, &b.Kind, &b.Trees, &b.StorageMB, &b.SetupHourCts, &b.Quantity,
		&b.UnitCents, &b.CreditCents, &b.NetCents, &b.VATPercent, &b.VATCents, &b.GrossCents, &b.PeriodStart, &b.PeriodEnd,
		&b.Billing, &b.Seller, &b.Username, &b.CreatedAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, arbor.Errorf(arbor.ENOTFOUND, "error.not_found", nil)
	}
	if err != nil {
		return nil, err
	}
	b.InvoiceNumber = InvoiceNumber(b.CreatedAt, b.Number)
	return &b, nil
}

// InvoiceNumber is how an invoice is named: the year and the booking's number.
func InvoiceNumber(at time.Time, number int64) string {
	return at.UTC().Format("2006") + "-" + padNumber(number, 5)
}

func padNumber(n int64, width int) string {
	s := []byte{}
	for n > 0 || len(s) == 0 {
		s = append([]byte{byte('0' + n%10)}, s...)
		n /= 10
	}
	for len(s) < width {
		s = append([]byte{'0'}, s...)
	}
	return string(s)
}

// Bookings lists an organisation's bookings, newest first.
func (s *Queries) Bookings(ctx context.Context, orgID string) ([]*Booking, error) {
	rows, err := s.q.Query(ctx, bookingSelect+` WHERE b.organisation_id = $1 ORDER BY b.created_at DESC, b.number DESC`, orgID)
	return scanAll(rows, err, scanBooking)
}

// BookingOf reads one booking of an organisation.
func (s *Queries) BookingOf(ctx context.Context, orgID, id string) (*Booking, error) {
	if !fields.IsUUID(id) {
		return nil, arbor.Errorf(arbor.ENOTFOUND, "error.not_found", nil)
	}
	return scanBooking(s.q.QueryRow(ctx, bookingSelect+` WHERE b.organisation_id = $1 AND b.id = $2`, orgID, id))
}

// Order is what an administrator books: a package of the price list and how many (photo storage).
type Order struct {
	Package  string
	Quantity int
}

// Book records a booking at now and applies it to the organisation, under a lock of the
// organisation's row (so two bookings at the same moment are one after the other):
//   - a tree data package becomes the organisation's limit; it must hold the objects there are
//     and be bigger than a booked one (an upgrade credits the unused rest of the old year);
//   - photo storage adds its space to the organisation's storage;
//   - an add-on is booked once.
func (tx *Tx) Book(ctx context.Context, orgID string, who Actor, o Order, now time.Time) (*Booking, error) {
	var pkg Package
	err := tx.q.QueryRow(ctx, `SELECT id, kind, trees, storage_mb, price_cents, setup_hour_cents FROM package WHERE id = $1`,
		o.Package).Scan(&pkg.ID, &pkg.Kind, &pkg.Trees, &pkg.StorageMB, &pkg.PriceCents, &pkg.SetupHourCents)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, arbor.Invalid(map[string]string{"package": "package.unknown"})
	}
	if err != nil {
		return nil, err
	}
	if o.Quantity == 0 {
		o.Quantity = 1
	}
	if o.Quantity < 1 || o.Quantity > 100 || (pkg.Kind != "storage" && o.Quantity != 1) {
		return nil, arbor.Invalid(map[string]string{"quantity": "package.bad_quantity"})
	}
	var terminated bool
	var units int64
	var current *string
	var currentTrees *int
	var billing json.RawMessage
	err = tx.q.QueryRow(ctx, `
		SELECT o.terminated, o.tree_units, o.tree_package, p.trees,
		       jsonb_build_object('name', o.name, 'street', o.street, 'number', o.number, 'zip', o.zip, 'city', o.city,
		           'country', o.country, 'address_supplement_invoice', o.address_supplement_invoice,
		           'contact_invoice', o.contact_invoice, 'email_invoice', o.email_invoice, 'invoice_note', o.invoice_note,
		           'invoice_supplement', o.invoice_supplement, 'invoice_type', o.invoice_type,
		           'leitweg_id_invoice', o.leitweg_id_invoice, 'subject_invoice', o.subject_invoice,
		           'tax_id_invoice', o.tax_id_invoice, 'location', o.location)
		FROM organisation o LEFT JOIN package p ON p.id = o.tree_package
		WHERE o.id = $1 FOR UPDATE OF o`, orgID).Scan(&terminated, &units, &current, &currentTrees, &billing)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, arbor.Errorf(arbor.ENOTFOUND, "error.not_found", nil)
	}
	if err != nil {
		return nil, err
	}
	if terminated {
		return nil, arbor.Errorf(arbor.ECONFLICT, "org.terminated", nil)
	}
	today := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
	var credit int64
	var replaces *string
	switch pkg.Kind {
	case "trees":
		if int64(*pkg.Trees) < units {
			return nil, &arbor.Error{Code: arbor.EINVALID, Key: "package.too_small",
				Args:   map[string]any{"count": arbor.Count(int(units)), "size": arbor.Count(*pkg.Trees)},
				Fields: map[string]string{"package": "package.too_small"}}
		}
		if currentTrees != nil && *pkg.Trees <= *currentTrees {
			return nil, &arbor.Error{Code: arbor.EINVALID, Key: "package.not_an_upgrade",
				Args: map[string]any{"size": arbor.Count(*currentTrees)}, Fields: map[string]string{"package": "package.not_an_upgrade"}}
		}
		if current != nil {
			// The unused rest of the old package's year is credited, by the day.
			var id string
			var unit int64
			var start, end time.Time
			err := tx.q.QueryRow(ctx, `SELECT b.id, b.unit_cents, b.period_start, b.period_end FROM booking b
				WHERE b.organisation_id = $1 AND b.package_id = $2 ORDER BY b.created_at DESC LIMIT 1`, orgID, *current).
				Scan(&id, &unit, &start, &end)
			if err != nil && !errors.Is(err, pgx.ErrNoRows) {
				return nil, err
			}
			if err == nil {
				replaces = &id
				credit = Credit(unit, start, end, today)
			}
		}
	case "addon":
		var booked bool
		if err := tx.q.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM booking WHERE organisation_id = $1 AND package_id = $2)`,
			orgID, pkg.ID).Scan(&booked); err != nil {
			return nil, err
		}
		if booked {
			return nil, arbor.Errorf(arbor.ECONFLICT, "package.addon_booked", nil)
		}
	}
	var vatBP int64
	if err := tx.q.QueryRow(ctx, `SELECT (vat_percent * 100)::bigint FROM billing_terms`).Scan(&vatBP); err != nil {
		return nil, err
	}
	f := Figures(int64(pkg.PriceCents), o.Quantity, credit, vatBP)
	var id string
	err = tx.q.QueryRow(ctx, `
		INSERT INTO booking (organisation_id, package_id, quantity, unit_cents, credit_cents, net_cents, vat_percent,
			vat_cents, gross_cents, replaces, period_start, period_end, billing, user_id, username, created_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7::numeric / 100, $8, $9, $10, $11, $12, $13, nullif($14, '')::uuid, $15, $16)
		RETURNING id`,
		orgID, pkg.ID, o.Quantity, pkg.PriceCents, credit, f.Net, vatBP, f.VAT, f.Gross, replaces,
		today, today.AddDate(1, 0, 0), billing, who.UserID, who.Alias, now).Scan(&id)
	if err != nil {
		return nil, err
	}
	switch pkg.Kind {
	case "trees":
		_, err = tx.q.Exec(ctx, `UPDATE organisation SET tree_package = $2, max_object = $3 WHERE id = $1`, orgID, pkg.ID, *pkg.Trees)
	case "storage":
		_, err = tx.q.Exec(ctx, `UPDATE organisation SET data_space_mb_max = data_space_mb_max + $2 WHERE id = $1`,
			orgID, *pkg.StorageMB*o.Quantity)
	}
	if err != nil {
		return nil, err
	}
	return tx.BookingOf(ctx, orgID, id)
}

// Credit is the unused rest of a yearly price at today, by the day, rounded to the cent.
func Credit(unitCents int64, start, end, today time.Time) int64 {
	total := int64(end.Sub(start).Hours() / 24)
	left := int64(end.Sub(today).Hours() / 24)
	if total <= 0 || left <= 0 {
		return 0
	}
	if left > total {
		left = total
	}
	return (unitCents*left*2 + total) / (2 * total)
}

// PackageFull reports whether err is the database refusing new trees beyond the tree data
// package (sql/085_packages.sql), and answers it as the notice people see.
func PackageFull(err error) error {
	var pg *pgconn.PgError
	if errors.As(err, &pg) && pg.Code == "AR001" {
		return arbor.Errorf(arbor.ECONFLICT, "package.trees_full", nil)
	}
	return err
}

// Seller is who invoices: the installation's operator (billing_terms.seller), printed on every
// invoice.
type Seller struct {
	Name    string   `json:"name"`
	Address []string `json:"address"`
	TaxID   string   `json:"tax_id"`
	Bank    string   `json:"bank"`
	Email   string   `json:"email"`
}

// SetSeller replaces the seller printed on invoices (`arbor seller`, docs/OPERATIONS.md).
func (s *Queries) SetSeller(ctx context.Context, seller Seller) error {
	if seller.Address == nil {
		seller.Address = []string{}
	}
	_, err := s.q.Exec(ctx, `UPDATE billing_terms SET seller = $1`, seller)
	return err
}

// CurrentSeller reads the seller printed on invoices.
func (s *Queries) CurrentSeller(ctx context.Context) (Seller, error) {
	var seller Seller
	err := s.q.QueryRow(ctx, `SELECT seller FROM billing_terms`).Scan(&seller)
	return seller, err
}
