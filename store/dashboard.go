package store

import (
	"context"
	"encoding/json"
	"fmt"
)

// FellingWarnDays is how far out a felling may be set on a tree that is not safe before Arbor
// warns (the dashboard's "fellings far out", the work form, the info window): four weeks, the
// time a tree-care firm needs to schedule urgent work; a tree judged not safe should not wait
// longer for the work that makes it safe. The web app keeps the same number
// (web/src/features/trees/safety.ts).
const FellingWarnDays = 28

// fellingLateSQL is true for an object on alias t that is not safe (3) and has no open
// safety-relevant felling (code 3) due within FellingWarnDays: none at all, one without a date,
// or only ones set further out. Overdue ones are due "within", and counted as overdue instead.
var fellingLateSQL = fmt.Sprintf(`(t.action_security = 3 AND NOT EXISTS (SELECT 1 FROM tree_action a
	WHERE a.tree_id = t.id AND a.security_relevance AND a.execute_timestamp IS NULL AND a.code_action_security = 3
	  AND a.deadline <= current_date + %d))`, FellingWarnDays)

// safetyOverdueSQL is true for an object on alias t with an open safety-relevant work whose
// deadline has passed.
const safetyOverdueSQL = `EXISTS (SELECT 1 FROM tree_action a WHERE a.tree_id = t.id AND a.security_relevance
	AND a.execute_timestamp IS NULL AND a.deadline < current_date)`

// ProjectDashboard holds the figures of the project dashboard's cards (docs/PRODUCT.md §2, §9), for the
// objects that pass a filter (default: the stock) within the caller's limit.
type ProjectDashboard struct {
	Trees  int `json:"trees"`
	Groups int `json:"groups"`
	// Inspections by class: overdue, due (±6 weeks), within 3 months, later, never inspected.
	Checks map[string]int `json:"checks"`
	// Objects with open works by the deadline class of their earliest open work: overdue,
	// 2 weeks, 3 months, 6 months, later, none (no open work has a deadline) — the objects the
	// data view's deadline_class shows. OpenWorks counts the open works themselves.
	Works     map[string]int `json:"works"`
	OpenWorks int            `json:"open_works"`
	// Objects by value: vitality 0–4, damage 0–3, development 0–3; "none" unset. Safety 1–3 as
	// the works give it; safe (0) is split by inspection: "0" safe and inspected in time,
	// "overdue" safe but the inspection is overdue, "unassessed" never inspected.
	Safety      map[string]int `json:"safety"`
	Vitality    map[string]int `json:"vitality"`
	Damage      map[string]int `json:"damage"`
	Development map[string]int `json:"development"`
	// Objects with an open safety-relevant work past its deadline, and objects not safe whose
	// felling is not due within FellingWarnDays (FellingWarnDays says how many days).
	SafetyOverdue   int `json:"safety_overdue"`
	FellingsLate    int `json:"fellings_late"`
	FellingWarnDays int `json:"felling_warn_days"`
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
// project), so the many counts are taken over those groups, not over every row. The works card
// counts objects by their earliest open deadline (tree.action_deadline) and the open works are
// the sum of tree.action_count, so no work is read but those of objects with open works, for
// the two safety warnings.
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
			       CASE WHEN t.action_count > 0 THEN arbor_deadline_class(t.action_deadline, current_date) END AS dc,
			       t.action_count > 0 AND `+safetyOverdueSQL+` AS overdue,
			       `+fellingLateSQL+` AS late,
			       count(*) AS n, sum(t.action_count) AS works
			FROM tree t WHERE `+scope+`
			GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9
		)
		SELECT jsonb_build_object(
			'trees', coalesce(sum(n) FILTER (WHERE single_tree), 0),
			'groups', coalesce(sum(n) FILTER (WHERE NOT single_tree), 0),
			'checks', jsonb_build_object(
				'overdue', coalesce(sum(n) FILTER (WHERE cls = 0), 0), 'due', coalesce(sum(n) FILTER (WHERE cls = 1), 0),
				'months3', coalesce(sum(n) FILTER (WHERE cls = 2), 0), 'later', coalesce(sum(n) FILTER (WHERE cls = 3), 0),
				'never', coalesce(sum(n) FILTER (WHERE cls IS NULL), 0)),
			'safety', jsonb_build_object(
				'0', coalesce(sum(n) FILTER (WHERE safety = 0 AND cls >= 1), 0),
				'overdue', coalesce(sum(n) FILTER (WHERE safety = 0 AND cls = 0), 0),
				'unassessed', coalesce(sum(n) FILTER (WHERE safety = 0 AND cls IS NULL), 0),
				'1', coalesce(sum(n) FILTER (WHERE safety = 1), 0), '2', coalesce(sum(n) FILTER (WHERE safety = 2), 0),
				'3', coalesce(sum(n) FILTER (WHERE safety = 3), 0)),
			'vitality', (SELECT jsonb_object_agg(k, coalesce((SELECT sum(n) FROM g WHERE coalesce(g.vitality::text, 'none') = k), 0))
			             FROM unnest(ARRAY['0','1','2','3','4','none']) k),
			'damage', (SELECT jsonb_object_agg(k, coalesce((SELECT sum(n) FROM g WHERE coalesce(g.damage_tree::text, 'none') = k), 0))
			           FROM unnest(ARRAY['0','1','2','3','none']) k),
			'development', (SELECT jsonb_object_agg(k, coalesce((SELECT sum(n) FROM g WHERE coalesce(g.development::text, 'none') = k), 0))
			                FROM unnest(ARRAY['0','1','2','3','none']) k),
			'open_works', coalesce(sum(works), 0),
			'works', jsonb_build_object(
				'overdue', coalesce(sum(n) FILTER (WHERE dc = 0), 0), 'weeks2', coalesce(sum(n) FILTER (WHERE dc = 1), 0),
				'months3', coalesce(sum(n) FILTER (WHERE dc = 2), 0), 'months6', coalesce(sum(n) FILTER (WHERE dc = 3), 0),
				'later', coalesce(sum(n) FILTER (WHERE dc = 4), 0), 'none', coalesce(sum(n) FILTER (WHERE dc = 5), 0)),
			'safety_overdue', coalesce(sum(n) FILTER (WHERE overdue), 0),
			'fellings_late', coalesce(sum(n) FILTER (WHERE late), 0))
		FROM g`, args...).Scan(&raw)
	})
	if err != nil {
		return nil, err
	}
	d := ProjectDashboard{FellingWarnDays: FellingWarnDays}
	return &d, json.Unmarshal(raw, &d)
}
