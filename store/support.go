package store

import (
	"context"
	"strconv"
	"strings"
	"time"

	"arbor/fields"

	"github.com/jackc/pgx/v5"
)

// Platform support's overview (docs/PRODUCT.md §6, issue #21 item 6): every organisation's state,
// bookings and usage, and the support record of what support did.

// SupportOrganisation is one organisation as platform support's overview shows it.
type SupportOrganisation struct {
	ID              string    `json:"id"`
	Name            string    `json:"name"`
	City            string    `json:"city"`
	Status          string    `json:"status"` // demo, expired, booked, terminated (at the server's clock)
	DemoUntil       time.Time `json:"demo_until"`
	DemoDaysLeft    int       `json:"demo_days_left"`
	TreePackage     *string   `json:"tree_package"`
	Addons          []string  `json:"addons"`           // the booked add-ons
	StoragePackages int       `json:"storage_packages"` // booked +10 GB packages
	TreeCount       int64     `json:"tree_count"`
	TreeCountMax    int       `json:"tree_count_max"`
	DataSpaceMBUsed float64   `json:"data_space_mb_used"`
	DataSpaceMBMax  int       `json:"data_space_mb_max"`
	ProjectCount    int       `json:"project_count"`
	Administrators  []string  `json:"administrators"` // their e-mail addresses
	CreatedAt       time.Time `json:"created_at"`
}

// SupportQuery narrows platform support's overview: Search in the name, the city, an
// administrator's e-mail address or the id; Status one of demo, expired, booked, terminated.
type SupportQuery struct {
	Search string
	Status string
	Limit  int
	Offset int
}

// supportStatus is organisationStatus in SQL, at $1.
const supportStatus = `CASE WHEN o.terminated THEN 'terminated' WHEN o.tree_package IS NOT NULL THEN 'booked'
	WHEN o.demo_until <= $1 THEN 'expired' ELSE 'demo' END`

// SupportOrganisations lists the organisations platform support asks for, by name, with their
// state at now, and how many there are in all.
func (s *Queries) SupportOrganisations(ctx context.Context, q SupportQuery, now time.Time) ([]*SupportOrganisation, int, error) {
	args := []any{now}
	cond := []string{"$1::timestamptz IS NOT NULL"} // the count reads $1 too, with or without a status
	if search := strings.TrimSpace(q.Search); search != "" {
		args = append(args, "%"+likeEscape(strings.ToLower(search))+"%")
		c := `(lower(o.name) LIKE $2 OR lower(o.city) LIKE $2 OR EXISTS (SELECT 1 FROM organisation_admin a
			JOIN app_user u ON u.id = a.user_id WHERE a.organisation_id = o.id AND lower(u.email) LIKE $2))`
		if fields.IsUUID(search) {
			args = append(args, strings.ToLower(search))
			c = `(o.id = $3::uuid OR ` + c + `)`
		}
		cond = append(cond, c)
	}
	if q.Status != "" {
		args = append(args, q.Status)
		cond = append(cond, supportStatus+` = $`+strconv.Itoa(len(args)))
	}
	where := ` FROM organisation o WHERE ` + strings.Join(cond, " AND ")
	var total int
	if err := s.q.QueryRow(ctx, `SELECT count(*)`+where, args...).Scan(&total); err != nil {
		return nil, 0, err
	}
	args = append(args, q.Limit, q.Offset)
	rows, err := s.q.Query(ctx, `
		SELECT o.id, o.name, o.city, `+supportStatus+`, o.demo_until, o.tree_package, arbor_booked_addons(o.id),
		       (SELECT coalesce(sum(b.quantity), 0) FROM booking b JOIN package p ON p.id = b.package_id
		         WHERE b.organisation_id = o.id AND p.kind = 'storage')::int,
		       o.tree_units, o.max_object,
		       (SELECT coalesce(sum(d.size), 0) FROM document d WHERE d.organisation_id = o.id)::bigint, o.data_space_mb_max,
		       (SELECT count(*) FROM project p WHERE p.organisation_id = o.id)::int,
		       ARRAY(SELECT u.email FROM organisation_admin a JOIN app_user u ON u.id = a.user_id
		             WHERE a.organisation_id = o.id ORDER BY lower(u.email)),
		       o.created_at`+where+`
		ORDER BY lower(o.name), o.id LIMIT $`+strconv.Itoa(len(args)-1)+` OFFSET $`+strconv.Itoa(len(args)), args...)
	list, err := scanAll(rows, err, func(row pgx.Row) (*SupportOrganisation, error) {
		var o SupportOrganisation
		var used int64
		err := row.Scan(&o.ID, &o.Name, &o.City, &o.Status, &o.DemoUntil, &o.TreePackage, &o.Addons, &o.StoragePackages,
			&o.TreeCount, &o.TreeCountMax, &used, &o.DataSpaceMBMax, &o.ProjectCount, &o.Administrators, &o.CreatedAt)
		if o.Status == "demo" {
			o.DemoDaysLeft = DaysLeft(o.DemoUntil, now)
		}
		o.DataSpaceMBUsed = roundTo(newDataSpace(o.DataSpaceMBMax, used).MBUsed, 1)
		return &o, err
	})
	return list, total, err
}

// SupportRecord is one entry of the support record: who of platform support did what, on which
// organisation, when.
type SupportRecord struct {
	ID               int64          `json:"id"`
	At               time.Time      `json:"at"`
	UserID           *string        `json:"user_id"`
	UserName         string         `json:"user_name"`
	UserEmail        string         `json:"user_email"`
	OrganisationID   *string        `json:"organisation_id"`
	OrganisationName string         `json:"organisation_name"`
	Action           string         `json:"action"` // "extend demo", "list organisations" or the call ("PUT /api/…")
	Detail           map[string]any `json:"detail"`
}

// SupportRecords lists the support record newest first, of one organisation when orgID is given,
// and how many entries there are in all.
func (s *Queries) SupportRecords(ctx context.Context, orgID string, limit, offset int) ([]*SupportRecord, int, error) {
	where := ` FROM support_audit r WHERE ($1 = '' OR r.organisation_id = nullif($1, '')::uuid)`
	var total int
	if err := s.q.QueryRow(ctx, `SELECT count(*)`+where, orgID).Scan(&total); err != nil {
		return nil, 0, err
	}
	rows, err := s.q.Query(ctx, `
		SELECT r.id, r.at, r.user_id::text, coalesce(trim(u.first_name || ' ' || u.last_name), ''), coalesce(u.email, ''),
		       r.organisation_id::text, coalesce(o.name, ''), r.action, r.detail
		FROM support_audit r LEFT JOIN app_user u ON u.id = r.user_id LEFT JOIN organisation o ON o.id = r.organisation_id
		WHERE ($1 = '' OR r.organisation_id = nullif($1, '')::uuid)
		ORDER BY r.id DESC LIMIT $2 OFFSET $3`, orgID, limit, offset)
	list, err := scanAll(rows, err, func(row pgx.Row) (*SupportRecord, error) {
		var r SupportRecord
		err := row.Scan(&r.ID, &r.At, &r.UserID, &r.UserName, &r.UserEmail, &r.OrganisationID, &r.OrganisationName, &r.Action, &r.Detail)
		return &r, err
	})
	return list, total, err
}
