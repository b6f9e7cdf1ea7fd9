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

// ProjectDashboard reads the whole stock's figures from the tallies the database keeps
// (store/tally.go); for a filter or an access limit it counts in one pass over the project's
// objects (countDashboard).
func (s *Queries) ProjectDashboard(ctx context.Context, sc Content, f Filter) (*ProjectDashboard, error) {
	if sc.canUseTally(&f) {
		return s.tallyDashboard(ctx, sc)
	}
	return s.countDashboard(ctx, sc, f)
}

// countDashboard counts the dashboard of any filter in one pass over the objects it passes.
// The objects are grouped by the few values the cards show (a few thousand groups on a big
// project), so the many counts are taken over those groups, not over every row. The open works
// come with their objects: an object with one open work (nearly all of them) has that work's
// deadline as its earliest (tree.action_deadline), so only the works of objects with several
// are read, found along the small index tree_several_works.
func (s *Queries) countDashboard(ctx context.Context, sc Content, f Filter) (*ProjectDashboard, error) {
	cond, args, err := f.Compile([]any{sc.OrganisationID, sc.ProjectID})
	if err != nil {
		return nil, err
	}
	within, args, err := sc.limitSQL(args)
	if err != nil {
		return nil, err
	}
	scope := `t.organisation_id = $1 AND t.project_id = $2 AND ` + cond + within
	var raw []byte
	// The planner cannot guess how few groups the computed classes make, takes every object for
	// a group of its own, and so neither hashes them nor lets parallel workers read the objects.
	// Told to, it reads them on every core and groups them in a hash (600 → 350 ms for a third
	// of a million-tree city on two cores).
	err = s.withPlanner(ctx, countPlanned+`; SET LOCAL enable_sort = off; SET LOCAL parallel_setup_cost = 0; SET LOCAL parallel_tuple_cost = 0`, func(q *Queries) error {
		return q.q.QueryRow(ctx, `
		WITH g AS (
			SELECT t.single_tree, arbor_inspection_class(t.check_next, current_date) AS cls, t.action_security AS safety,
			       t.vitality, t.damage_tree, t.development,
			       CASE WHEN t.action_count = 1 THEN arbor_deadline_class(t.action_deadline, current_date) END AS one,
			       count(*) AS n
			FROM tree t WHERE `+scope+`
			GROUP BY 1, 2, 3, 4, 5, 6, 7
		), several AS (
			SELECT arbor_deadline_class(a.deadline, current_date) AS c, count(*) AS n
			FROM tree t JOIN tree_action a ON a.tree_id = t.id AND a.execute_timestamp IS NULL
			WHERE t.action_count > 1 AND `+scope+`
			GROUP BY 1
		), open AS (
			SELECT one AS c, n FROM g WHERE one IS NOT NULL
			UNION ALL SELECT c, n FROM several
		), objects AS (
			SELECT jsonb_build_object(
				'trees', coalesce(sum(n) FILTER (WHERE single_tree), 0),
				'groups', coalesce(sum(n) FILTER (WHERE NOT single_tree), 0),
				'checks', jsonb_build_object(
					'overdue', coalesce(sum(n) FILTER (WHERE cls = 0), 0), 'due', coalesce(sum(n) FILTER (WHERE cls = 1), 0),
					'months3', coalesce(sum(n) FILTER (WHERE cls = 2), 0), 'later', coalesce(sum(n) FILTER (WHERE cls = 3), 0),
					'never', coalesce(sum(n) FILTER (WHERE cls IS NULL), 0)),
				'safety', (SELECT jsonb_object_agg(k, coalesce((SELECT sum(n) FROM g WHERE g.safety = k::int), 0))
				           FROM unnest(ARRAY['0','1','2','3']) k),
				'vitality', (SELECT jsonb_object_agg(k, coalesce((SELECT sum(n) FROM g WHERE coalesce(g.vitality::text, 'none') = k), 0))
				             FROM unnest(ARRAY['0','1','2','3','4','none']) k),
				'damage', (SELECT jsonb_object_agg(k, coalesce((SELECT sum(n) FROM g WHERE coalesce(g.damage_tree::text, 'none') = k), 0))
				           FROM unnest(ARRAY['0','1','2','3','none']) k),
				'development', (SELECT jsonb_object_agg(k, coalesce((SELECT sum(n) FROM g WHERE coalesce(g.development::text, 'none') = k), 0))
				                FROM unnest(ARRAY['0','1','2','3','none']) k)) AS o
			FROM g
		), works AS (
			SELECT jsonb_build_object(
				'open_works', coalesce(sum(n), 0),
				'works', jsonb_build_object(
					'overdue', coalesce(sum(n) FILTER (WHERE c = 0), 0), 'weeks2', coalesce(sum(n) FILTER (WHERE c = 1), 0),
					'months3', coalesce(sum(n) FILTER (WHERE c = 2), 0), 'months6', coalesce(sum(n) FILTER (WHERE c = 3), 0),
					'later', coalesce(sum(n) FILTER (WHERE c = 4), 0), 'none', coalesce(sum(n) FILTER (WHERE c = 5), 0))) AS w
			FROM open
		)
		SELECT objects.o || works.w FROM objects, works`, args...).Scan(&raw)
	})
	if err != nil {
		return nil, err
	}
	var d ProjectDashboard
	return &d, json.Unmarshal(raw, &d)
}
