package store

import (
	"arbor/fields"
	"context"
	"encoding/json"
	"strings"
)

// The database keeps counts per project of the stock's values in the fields below, and of the
// open works by deadline (sql/050_tally.sql). The stock dashboard and the filter panel's pickers
// read them instead of counting rows, when nothing narrows the stock: no filter and no access
// limit. Anything narrower is counted row by row.

// talliedFields are the filter fields the database keeps counts of (arbor_tally_values).
var talliedFields = func() map[string]bool {
	m := map[string]bool{"check_next": true, "action_security": true, "vitality": true, "damage_tree": true,
		"development": true, "species": true, "top_form": true, "symptoms": true}
	for _, name := range fields.Custom() {
		m[name] = true
	}
	return m
}()

// isWholeStock reports whether the filter asks for exactly the stock: nothing but the default state.
func (f *Filter) isWholeStock() bool {
	return f == nil || ((f.State == "" || f.State == "stock") && strings.TrimSpace(f.Search) == "" &&
		len(f.Conditions) == 0 && (len(f.Geometry) == 0 || string(f.Geometry) == "null") && len(f.IDs) == 0)
}

// canUseTally reports whether a question about the scope and filter may be answered from the tallies.
func (sc Content) canUseTally(f *Filter) bool {
	return sc.Limit == nil && f.isWholeStock()
}

// tallyDashboard reads the project dashboard of the whole stock from the tallies. Open works are
// tallied for every object, so those of felled and archived objects (few; index tree_not_stock)
// are taken off.
func (s *Queries) tallyDashboard(ctx context.Context, sc Content) (*ProjectDashboard, error) {
	var raw []byte
	err := s.q.QueryRow(ctx, `
		WITH v AS (
			SELECT field, value, n FROM project_tally
			WHERE project_id = $2 AND n <> 0 AND EXISTS (SELECT 1 FROM project p WHERE p.id = $2 AND p.organisation_id = $1)
		), works AS (
			SELECT arbor_deadline_class(d, current_date) AS c, sum(n) AS n FROM (
				SELECT nullif(value, '')::date AS d, n FROM v WHERE field = 'work_deadline'
				UNION ALL
				SELECT a.deadline, -1 FROM tree t JOIN tree_action a ON a.tree_id = t.id
				WHERE t.organisation_id = $1 AND t.project_id = $2 AND (t.archive OR t.cut)
				  AND a.execute_timestamp IS NULL
			) w GROUP BY 1
		), checks AS (
			SELECT arbor_inspection_class(nullif(value, '')::date, current_date) AS c, n FROM v WHERE field = 'check_next'
		), safe AS (
			SELECT arbor_inspection_class(nullif(value, '')::date, current_date) AS c, n FROM v WHERE field = 'safe_check_next'
		), objects AS (
			SELECT arbor_deadline_class(nullif(value, 'none')::date, current_date) AS c, n
			FROM v WHERE field = 'open_deadline' AND value <> ''
		)
		SELECT jsonb_build_object(
			'trees', coalesce((SELECT sum(n) FROM v WHERE field = 'kind' AND value = 'tree'), 0),
			'groups', coalesce((SELECT sum(n) FROM v WHERE field = 'kind' AND value = 'group'), 0),
			'checks', (SELECT jsonb_build_object(
				'overdue', coalesce(sum(n) FILTER (WHERE c = 0), 0), 'due', coalesce(sum(n) FILTER (WHERE c = 1), 0),
				'months3', coalesce(sum(n) FILTER (WHERE c = 2), 0), 'later', coalesce(sum(n) FILTER (WHERE c = 3), 0),
				'never', coalesce(sum(n) FILTER (WHERE c IS NULL), 0)) FROM checks),
			'safety', (SELECT jsonb_object_agg(k, coalesce((SELECT sum(n) FROM v WHERE field = 'action_security' AND value = k), 0))
			           FROM unnest(ARRAY['1','2','3']) k) || (SELECT jsonb_build_object(
				'0', coalesce(sum(n) FILTER (WHERE c >= 1), 0), 'overdue', coalesce(sum(n) FILTER (WHERE c = 0), 0),
				'unassessed', coalesce(sum(n) FILTER (WHERE c IS NULL), 0)) FROM safe),
			'vitality', (SELECT jsonb_object_agg(k, coalesce((SELECT sum(n) FROM v WHERE field = 'vitality' AND coalesce(nullif(value, ''), 'none') = k), 0))
			             FROM unnest(ARRAY['0','1','2','3','4','none']) k),
			'damage', (SELECT jsonb_object_agg(k, coalesce((SELECT sum(n) FROM v WHERE field = 'damage_tree' AND coalesce(nullif(value, ''), 'none') = k), 0))
			           FROM unnest(ARRAY['0','1','2','3','none']) k),
			'development', (SELECT jsonb_object_agg(k, coalesce((SELECT sum(n) FROM v WHERE field = 'development' AND coalesce(nullif(value, ''), 'none') = k), 0))
			                FROM unnest(ARRAY['0','1','2','3','none']) k),
			'open_works', coalesce((SELECT sum(n) FROM works), 0),
			'works', (SELECT jsonb_build_object(
				'overdue', coalesce(sum(n) FILTER (WHERE c = 0), 0), 'weeks2', coalesce(sum(n) FILTER (WHERE c = 1), 0),
				'months3', coalesce(sum(n) FILTER (WHERE c = 2), 0), 'months6', coalesce(sum(n) FILTER (WHERE c = 3), 0),
				'later', coalesce(sum(n) FILTER (WHERE c = 4), 0), 'none', coalesce(sum(n) FILTER (WHERE c = 5), 0)) FROM objects),
			-- The two safety warnings are few objects, found from the open works past their
			-- deadline (index tree_action_project_open) and the objects not safe.
			'safety_overdue', (SELECT count(*) FROM tree t WHERE t.organisation_id = $1 AND t.project_id = $2
				AND NOT t.archive AND NOT t.cut AND t.id IN (SELECT a.tree_id FROM tree_action a
					WHERE a.project_id = $2 AND a.execute_timestamp IS NULL AND a.deadline < current_date AND a.security_relevance)),
			'fellings_late', (SELECT count(*) FROM tree t WHERE t.organisation_id = $1 AND t.project_id = $2
				AND NOT t.archive AND NOT t.cut AND `+fellingLateSQL+`))`,
		sc.OrganisationID, sc.ProjectID).Scan(&raw)
	if err != nil {
		return nil, err
	}
	d := ProjectDashboard{FellingWarnDays: FellingWarnDays}
	return &d, json.Unmarshal(raw, &d)
}

// tallyValues reads a tallied field's values in the stock, most frequent first.
func (s *Queries) tallyValues(ctx context.Context, sc Content, field, label string, limit int) ([]FilterValue, error) {
	rows, err := s.q.Query(ctx, `
		SELECT v.value, `+label+`, v.n::int FROM project_tally v
		WHERE v.project_id = $2 AND v.field = $3 AND v.value <> '' AND v.n > 0
		  AND EXISTS (SELECT 1 FROM project p WHERE p.id = $2 AND p.organisation_id = $1)
		ORDER BY v.n DESC, v.value LIMIT $4`, sc.OrganisationID, sc.ProjectID, field, limit)
	return scanAllValues(rows, err)
}

// tallyStock counts the objects in stock from the tallies.
func (s *Queries) tallyStock(ctx context.Context, sc Content) (int, error) {
	var n int
	err := s.q.QueryRow(ctx, `
		SELECT coalesce(sum(v.n), 0)::int FROM project_tally v
		WHERE v.project_id = $2 AND v.field = 'kind'
		  AND EXISTS (SELECT 1 FROM project p WHERE p.id = $2 AND p.organisation_id = $1)`,
		sc.OrganisationID, sc.ProjectID).Scan(&n)
	return n, err
}
