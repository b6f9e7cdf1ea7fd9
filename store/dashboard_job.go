package store

import (
	"context"
	"encoding/json"
)

// JobDashboard is a job's progress (docs/PRODUCT.md §2 "the job dashboard shows progress"): its works done
// and open, its objects inspected since the job was created and not yet, and its objects by
// safety, work deadline and inspection class. Objects are counted whatever their stock state
// (a tree felled by the job's own work is still the job's), inside the caller's access limit.
type JobDashboard struct {
	Job    *Job `json:"job"`
	Trees  int  `json:"trees"`
	Groups int  `json:"groups"`
	// The job's works: done, open, and the open ones by deadline class.
	Works struct {
		Done      int            `json:"done"`
		Open      int            `json:"open"`
		Deadlines map[string]int `json:"deadlines"` // overdue, weeks2, months3, months6, later, none
	} `json:"works"`
	// The job's objects: inspected since the job was created (done) or not yet (open), and the
	// number of inspections recorded since.
	Checks struct {
		Done  int `json:"done"`
		Open  int `json:"open"`
		Count int `json:"count"`
	} `json:"checks"`
	// The job's objects by value: safety 0–3, deadline class 0–5 of their earliest open work,
	// inspection class 0–3 and 4 never inspected (the numbers the filter fields
	// action_security, deadline_class and check_class use).
	Safety      map[string]int `json:"safety"`
	Deadlines   map[string]int `json:"deadlines"`
	Inspections map[string]int `json:"inspections"`
}

// JobDashboard counts the progress of job id in one statement.
func (s *Queries) JobDashboard(ctx context.Context, sc Content, id string) (*JobDashboard, error) {
	job, err := s.Job(ctx, sc, id)
	if err != nil {
		return nil, err
	}
	within, args, err := sc.limitSQL([]any{sc.OrganisationID, sc.ProjectID, id})
	if err != nil {
		return nil, err
	}
	var raw []byte
	err = s.q.QueryRow(ctx, `
		WITH j AS (
			SELECT id, created_at FROM job WHERE organisation_id = $1 AND project_id = $2 AND id = $3
		), t AS MATERIALIZED (
			SELECT t.id, t.single_tree, t.action_security, t.action_deadline, t.check_next,
			       EXISTS (SELECT 1 FROM tree_check c WHERE c.tree_id = t.id AND c.created_at >= j.created_at) AS inspected,
			       (SELECT count(*) FROM tree_check c WHERE c.tree_id = t.id AND c.created_at >= j.created_at) AS inspections
			FROM j, tree t
			WHERE t.organisation_id = $1 AND t.project_id = $2
			  AND t.id IN (SELECT i.tree_id FROM job_item i WHERE i.organisation_id = $1 AND i.job_id = j.id)`+within+`
		), objects AS (
			SELECT jsonb_build_object(
				'trees', count(*) FILTER (WHERE single_tree), 'groups', count(*) FILTER (WHERE NOT single_tree),
				'checks', jsonb_build_object('done', count(*) FILTER (WHERE inspected), 'open', count(*) FILTER (WHERE NOT inspected),
					'count', coalesce(sum(inspections), 0)),
				'safety', jsonb_build_object('0', count(*) FILTER (WHERE action_security = 0), '1', count(*) FILTER (WHERE action_security = 1),
					'2', count(*) FILTER (WHERE action_security = 2), '3', count(*) FILTER (WHERE action_security = 3)),
				'deadlines', jsonb_build_object('0', count(*) FILTER (WHERE dc = 0), '1', count(*) FILTER (WHERE dc = 1),
					'2', count(*) FILTER (WHERE dc = 2), '3', count(*) FILTER (WHERE dc = 3), '4', count(*) FILTER (WHERE dc = 4),
					'5', count(*) FILTER (WHERE dc = 5)),
				'inspections', jsonb_build_object('0', count(*) FILTER (WHERE ic = 0), '1', count(*) FILTER (WHERE ic = 1),
					'2', count(*) FILTER (WHERE ic = 2), '3', count(*) FILTER (WHERE ic = 3), '4', count(*) FILTER (WHERE ic = 4))) AS o
			FROM (SELECT *, arbor_deadline_class(action_deadline, current_date) AS dc,
			             coalesce(arbor_inspection_class(check_next, current_date), 4) AS ic FROM t) x
		), works AS (
			SELECT jsonb_build_object('works', jsonb_build_object(
				'done', count(*) FILTER (WHERE a.execute_timestamp IS NOT NULL),
				'open', count(*) FILTER (WHERE a.execute_timestamp IS NULL),
				'deadlines', jsonb_build_object(
					'overdue', count(*) FILTER (WHERE a.execute_timestamp IS NULL AND c = 0),
					'weeks2', count(*) FILTER (WHERE a.execute_timestamp IS NULL AND c = 1),
					'months3', count(*) FILTER (WHERE a.execute_timestamp IS NULL AND c = 2),
					'months6', count(*) FILTER (WHERE a.execute_timestamp IS NULL AND c = 3),
					'later', count(*) FILTER (WHERE a.execute_timestamp IS NULL AND c = 4),
					'none', count(*) FILTER (WHERE a.execute_timestamp IS NULL AND c = 5)))) AS w
			FROM (SELECT a.execute_timestamp, arbor_deadline_class(a.deadline, current_date) AS c
			      FROM j JOIN job_item i ON i.organisation_id = $1 AND i.job_id = j.id
			      JOIN tree_action a ON a.id = i.action_id JOIN t ON t.id = a.tree_id) a
		)
		SELECT objects.o || works.w FROM objects, works`, args...).Scan(&raw)
	if err != nil {
		return nil, err
	}
	d := &JobDashboard{}
	if err := json.Unmarshal(raw, d); err != nil {
		return nil, err
	}
	d.Job = job
	return d, nil
}
