package store

import (
	"context"
	"encoding/json"
)

// ProjectDashboard holds the figures of the project dashboard's cards (SPEC §2, §9), for the
// objects that pass a filter (default: the stock) within the caller's limit.
type ProjectDashboard struct {
	Trees  int `json:"trees"`
	Groups int `json:"groups"`
	// Inspections by class: overdue, due (±6 weeks), within 3 months, later, never inspected.
	Checks map[string]int `json:"checks"`
	// Open works by deadline class: overdue, 2 weeks, 3 months, 6 months, later, none; and count.
	Works     map[string]int `json:"works"`
	OpenWorks int            `json:"open_works"`
	// Objects by value: safety 0–3, vitality 0–4, damage 0–3, development 0–3; "none" unset.
	Safety      map[string]int `json:"safety"`
	Vitality    map[string]int `json:"vitality"`
	Damage      map[string]int `json:"damage"`
	Development map[string]int `json:"development"`
}

// ProjectDashboard counts in one pass over the project's objects and one over its open works.
func (s *Queries) ProjectDashboard(ctx context.Context, sc Content, f Filter) (*ProjectDashboard, error) {
	cond, args, err := f.Compile([]any{sc.OrganisationID, sc.ProjectID})
	if err != nil {
		return nil, err
	}
	within, args, err := sc.limitSQL(args)
	if err != nil {
		return nil, err
	}
	var raw []byte
	err = s.q.QueryRow(ctx, `
		WITH t AS (
			SELECT t.* FROM tree t WHERE t.organisation_id = $1 AND t.project_id = $2 AND `+cond+within+`
		), objects AS (
			SELECT jsonb_build_object(
				'trees', count(*) FILTER (WHERE single_tree),
				'groups', count(*) FILTER (WHERE NOT single_tree),
				'checks', jsonb_build_object(
					'overdue', count(*) FILTER (WHERE arbor_inspection_class(check_next, current_date) = 0),
					'due', count(*) FILTER (WHERE arbor_inspection_class(check_next, current_date) = 1),
					'months3', count(*) FILTER (WHERE arbor_inspection_class(check_next, current_date) = 2),
					'later', count(*) FILTER (WHERE arbor_inspection_class(check_next, current_date) = 3),
					'never', count(*) FILTER (WHERE check_next IS NULL)),
				'safety', jsonb_build_object('0', count(*) FILTER (WHERE action_security = 0), '1', count(*) FILTER (WHERE action_security = 1),
					'2', count(*) FILTER (WHERE action_security = 2), '3', count(*) FILTER (WHERE action_security = 3)),
				'vitality', jsonb_build_object('0', count(*) FILTER (WHERE vitality = 0), '1', count(*) FILTER (WHERE vitality = 1),
					'2', count(*) FILTER (WHERE vitality = 2), '3', count(*) FILTER (WHERE vitality = 3), '4', count(*) FILTER (WHERE vitality = 4),
					'none', count(*) FILTER (WHERE vitality IS NULL)),
				'damage', jsonb_build_object('0', count(*) FILTER (WHERE damage_tree = 0), '1', count(*) FILTER (WHERE damage_tree = 1),
					'2', count(*) FILTER (WHERE damage_tree = 2), '3', count(*) FILTER (WHERE damage_tree = 3),
					'none', count(*) FILTER (WHERE damage_tree IS NULL)),
				'development', jsonb_build_object('0', count(*) FILTER (WHERE development = 0), '1', count(*) FILTER (WHERE development = 1),
					'2', count(*) FILTER (WHERE development = 2), '3', count(*) FILTER (WHERE development = 3),
					'none', count(*) FILTER (WHERE development IS NULL))) AS o
			FROM t
		), works AS (
			SELECT jsonb_build_object(
				'open_works', count(*),
				'works', jsonb_build_object(
					'overdue', count(*) FILTER (WHERE c = 0), 'weeks2', count(*) FILTER (WHERE c = 1),
					'months3', count(*) FILTER (WHERE c = 2), 'months6', count(*) FILTER (WHERE c = 3),
					'later', count(*) FILTER (WHERE c = 4), 'none', count(*) FILTER (WHERE c = 5))) AS w
			FROM (SELECT arbor_deadline_class(a.deadline, current_date) AS c
			      FROM tree_action a JOIN t ON t.id = a.tree_id WHERE a.execute_timestamp IS NULL) open
		)
		SELECT objects.o || works.w FROM objects, works`, args...).Scan(&raw)
	if err != nil {
		return nil, err
	}
	var d ProjectDashboard
	return &d, json.Unmarshal(raw, &d)
}
