package store

import (
	"arbor/fields"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"
	"time"

	"arbor"

	"github.com/jackc/pgx/v5"
)

// SavedFilter is a named filter: one's own, shared with people, or project-wide (by management).
type SavedFilter struct {
	ID          string    `json:"id"`
	Name        string    `json:"name"`
	Filter      Filter    `json:"filter"`
	ProjectWide bool      `json:"project_wide"`
	Owner       *string   `json:"owner"`
	OwnerAlias  string    `json:"owner_alias"`
	Mine        bool      `json:"mine"`
	SharedWith  []string  `json:"shared_with"` // e-mail addresses, for the owner
	Version     int       `json:"version"`
	UpdatedAt   time.Time `json:"updated_at"`
}

// savedFilterSelect reads filters as userID ($3) sees them.
const savedFilterSelect = `
	SELECT f.id, f.name, f.filter, f.project_wide, f.owner_id, coalesce(trim(u.first_name || ' ' || u.last_name), ''),
	       f.owner_id IS NOT DISTINCT FROM $3::uuid,
	       CASE WHEN f.owner_id = $3::uuid THEN coalesce((SELECT array_agg(x.email ORDER BY x.email)
	            FROM saved_filter_share sh JOIN app_user x ON x.id = sh.user_id WHERE sh.filter_id = f.id), '{}') ELSE '{}' END,
	       f.version, f.updated_at
	FROM saved_filter f LEFT JOIN app_user u ON u.id = f.owner_id`

func scanSavedFilter(row pgx.Row) (*SavedFilter, error) {
	var f SavedFilter
	var raw []byte
	err := row.Scan(&f.ID, &f.Name, &raw, &f.ProjectWide, &f.Owner, &f.OwnerAlias, &f.Mine, &f.SharedWith, &f.Version, &f.UpdatedAt)
	if err != nil {
		return nil, err
	}
	return &f, json.Unmarshal(raw, &f.Filter)
}

// SavedFilters lists the filters userID may use in the project: own, project-wide and shared.
func (s *Queries) SavedFilters(ctx context.Context, sc Content, userID string) ([]*SavedFilter, error) {
	rows, err := s.q.Query(ctx, savedFilterSelect+`
		WHERE f.organisation_id = $1 AND f.project_id = $2
		  AND (f.owner_id = $3::uuid OR f.project_wide OR EXISTS (SELECT 1 FROM saved_filter_share sh WHERE sh.filter_id = f.id AND sh.user_id = $3::uuid))
		ORDER BY f.project_wide DESC, lower(f.name)`, sc.OrganisationID, sc.ProjectID, userID)
	return scanAll(rows, err, scanSavedFilter)
}

// SavedFilter reads one filter userID may use.
func (s *Queries) SavedFilter(ctx context.Context, sc Content, userID, id string) (*SavedFilter, error) {
	if !fields.IsUUID(id) {
		return nil, arbor.Errorf(arbor.ENOTFOUND, "error.not_found", nil)
	}
	f, err := scanSavedFilter(s.q.QueryRow(ctx, savedFilterSelect+`
		WHERE f.organisation_id = $1 AND f.project_id = $2 AND f.id = $4
		  AND (f.owner_id = $3::uuid OR f.project_wide OR EXISTS (SELECT 1 FROM saved_filter_share sh WHERE sh.filter_id = f.id AND sh.user_id = $3::uuid))`,
		sc.OrganisationID, sc.ProjectID, userID, id))
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, arbor.Errorf(arbor.ENOTFOUND, "error.not_found", nil)
	}
	return f, err
}

// checkFilter compiles a filter and checks its polygon, so a saved filter always works.
func (s *Queries) checkFilter(ctx context.Context, f *Filter) error {
	if _, _, err := f.Compile(nil); err != nil {
		return err
	}
	if len(f.Geometry) > 0 && string(f.Geometry) != "null" {
		if _, err := s.CheckGeometry(ctx, f.Geometry, "filter.geometry"); err != nil {
			return err
		}
	}
	return nil
}

// SaveFilter creates a filter owned by userID; projectWide only for management (the caller checks).
func (s *Queries) SaveFilter(ctx context.Context, sc Content, userID, name string, f Filter, projectWide bool) (*SavedFilter, error) {
	if err := s.checkFilter(ctx, &f); err != nil {
		return nil, err
	}
	raw, err := json.Marshal(f)
	if err != nil {
		return nil, err
	}
	var id string
	if err := s.q.QueryRow(ctx, `INSERT INTO saved_filter (organisation_id, project_id, owner_id, name, filter, project_wide)
		VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`, sc.OrganisationID, sc.ProjectID, userID, name, raw, projectWide).Scan(&id); err != nil {
		return nil, err
	}
	return s.SavedFilter(ctx, sc, userID, id)
}

// UpdateFilter changes a filter if version is current. Its owner may; a project-wide one also
// management (manager true).
func (s *Queries) UpdateFilter(ctx context.Context, sc Content, userID, id string, version int, name string, f Filter, projectWide, manager bool) (*SavedFilter, error) {
	cur, err := s.SavedFilter(ctx, sc, userID, id)
	if err != nil {
		return nil, err
	}
	if !cur.Mine && !(cur.ProjectWide && manager) {
		return nil, arbor.Errorf(arbor.EFORBIDDEN, "filter.not_yours", nil)
	}
	if err := s.checkFilter(ctx, &f); err != nil {
		return nil, err
	}
	raw, err := json.Marshal(f)
	if err != nil {
		return nil, err
	}
	tag, err := s.q.Exec(ctx, `UPDATE saved_filter SET name = $5, filter = $6, project_wide = $7, version = version + 1, updated_at = now()
		WHERE organisation_id = $1 AND project_id = $2 AND id = $3 AND version = $4`, sc.OrganisationID, sc.ProjectID, id, version, name, raw, projectWide)
	return afterVersionedWrite(tag, err, func() (*SavedFilter, error) { return s.SavedFilter(ctx, sc, userID, id) })
}

// DeleteFilter removes a filter (its owner, or management for a project-wide one).
func (s *Queries) DeleteFilter(ctx context.Context, sc Content, userID, id string, manager bool) error {
	cur, err := s.SavedFilter(ctx, sc, userID, id)
	if err != nil {
		return err
	}
	if !cur.Mine && !(cur.ProjectWide && manager) {
		return arbor.Errorf(arbor.EFORBIDDEN, "filter.not_yours", nil)
	}
	_, err = s.q.Exec(ctx, `DELETE FROM saved_filter WHERE organisation_id = $1 AND project_id = $2 AND id = $3`, sc.OrganisationID, sc.ProjectID, id)
	return err
}

// ShareFilter shares one's own filter with people who have access to the project. An address
// without access is refused, naming it, and nothing is shared.
func (tx *Tx) ShareFilter(ctx context.Context, sc Content, userID, id string, emails []string) (*SavedFilter, error) {
	cur, err := tx.SavedFilter(ctx, sc, userID, id)
	if err != nil {
		return nil, err
	}
	if !cur.Mine {
		return nil, arbor.Errorf(arbor.EFORBIDDEN, "filter.not_yours", nil)
	}
	var unknown []string
	for _, email := range emails {
		var member string
		err := tx.q.QueryRow(ctx, `
			SELECT u.id FROM app_user u
			WHERE lower(u.email) = lower($3) AND (
				EXISTS (SELECT 1 FROM project_member m WHERE m.project_id = $2 AND m.user_id = u.id)
				OR EXISTS (SELECT 1 FROM organisation_admin a WHERE a.organisation_id = $1 AND a.user_id = u.id))`,
			sc.OrganisationID, sc.ProjectID, email).Scan(&member)
		if errors.Is(err, pgx.ErrNoRows) {
			unknown = append(unknown, email)
			continue
		}
		if err != nil {
			return nil, err
		}
		if _, err := tx.q.Exec(ctx, `INSERT INTO saved_filter_share VALUES ($1, $2) ON CONFLICT DO NOTHING`, id, member); err != nil {
			return nil, err
		}
	}
	if len(unknown) > 0 {
		return nil, &arbor.Error{Code: arbor.EINVALID, Key: "filter.share_unknown", Args: map[string]any{"emails": strings.Join(unknown, ", ")},
			Fields: map[string]string{"emails": "filter.share_unknown"}}
	}
	return tx.SavedFilter(ctx, sc, userID, id)
}

// FilterValues lists the distinct values of a field in the scope (within the caller's limit),
// most frequent first, for the pickers of the filter panel.
func (s *Queries) FilterValues(ctx context.Context, sc Content, field string, limit int) ([]FilterValue, error) {
	if field == "genus" {
		return s.genusValues(ctx, sc, limit)
	}
	f, ok := filterFields[field]
	if !ok || f.kind == fBool {
		return nil, arbor.Invalid(map[string]string{"field": "filter.field"})
	}
	if limit <= 0 || limit > 1000 {
		limit = 200
	}
	label := "NULL::text"
	if f.kind == fID {
		label = "(SELECT coalesce(nullif(e.botanical, ''), e." + nameColumn(sc.Lang) + ") FROM list_entry e WHERE e.id = v.value::uuid)"
	}
	// The whole stock's values of most picker fields are kept by the database (store/tally.go).
	if sc.canUseTally(nil) && talliedFields[field] {
		return s.tallyValues(ctx, sc, field, label, limit)
	}
	within, args, err := sc.limitSQL([]any{sc.OrganisationID, sc.ProjectID, limit})
	if err != nil {
		return nil, err
	}
	expr, from := f.expr, ""
	if f.kind == fTexts {
		expr, from = "item.value", " CROSS JOIN LATERAL unnest("+f.expr+") AS item(value)"
	}
	// Grouped by the value as stored and written out as text only once per value: a numeric
	// turned into text for each of a million objects cost more than the counting.
	rows, err := s.q.Query(ctx, fmt.Sprintf(`
		SELECT v.value::text, %s, v.n FROM (
			SELECT %s AS value, count(*)::int AS n FROM tree t%s
			WHERE t.organisation_id = $1 AND t.project_id = $2 AND NOT t.archive AND NOT t.cut%s
			GROUP BY 1
		) v WHERE v.value IS NOT NULL AND v.value::text <> ''
		ORDER BY v.n DESC, v.value::text LIMIT $3`, label, expr, from, within), args...)
	return scanAllValues(rows, err)
}

// genusValues are the genera of the project's species, most objects first: the species' values
// (from the tallies where they serve) summed per genus, so asking for them costs what asking
// for the species does.
func (s *Queries) genusValues(ctx context.Context, sc Content, limit int) ([]FilterValue, error) {
	if limit <= 0 || limit > 1000 {
		limit = 200
	}
	species, err := s.FilterValues(ctx, sc, "species", 1000)
	if err != nil {
		return nil, err
	}
	var ids []string
	counts := map[string]int{}
	for _, v := range species {
		ids = append(ids, v.Value)
		counts[v.Value] = v.Count
	}
	rows, err := s.q.Query(ctx, `SELECT s.id::text, `+genusSQL("s.botanical")+` FROM list_entry s
		WHERE s.id = ANY($1::uuid[]) AND s.botanical <> ''`, ids)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	byGenus := map[string]int{}
	for rows.Next() {
		var id, genus string
		if err := rows.Scan(&id, &genus); err != nil {
			return nil, err
		}
		if genus != "" {
			byGenus[genus] += counts[id]
		}
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	out := make([]FilterValue, 0, len(byGenus))
	for g, n := range byGenus {
		out = append(out, FilterValue{Value: g, Count: n})
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Count != out[j].Count {
			return out[i].Count > out[j].Count
		}
		return out[i].Value < out[j].Value
	})
	if len(out) > limit {
		out = out[:limit]
	}
	return out, nil
}

// FilterValue is a value of a field and how many objects have it.
type FilterValue struct {
	Value string  `json:"value"`
	Label *string `json:"label,omitempty"`
	Count int     `json:"count"`
}

func scanAllValues(rows pgx.Rows, err error) ([]FilterValue, error) {
	return collect(rows, err, func(row pgx.Row, v *FilterValue) error { return row.Scan(&v.Value, &v.Label, &v.Count) })
}
