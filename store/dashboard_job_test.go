package store_test

import (
	"errors"
	"testing"

	"arbor"
	"arbor/store"
)

// TestJobDashboard builds a job of four objects with works and inspections on both sides of its
// start, beside objects of no job, and checks every figure of its progress.
func TestJobDashboard(t *testing.T) {
	ctx, db := openDB(t)
	must, id := sqlHelpers(t, db)
	org, project := newOrgProject(t, db, "Job town", "Avenue")
	other := newProject(t, db, org, "Elsewhere")
	work := newWork(t, db, org, "Work", "Work", "Work")
	tree := func(number int, single bool) string {
		geom := "ST_SetSRID(ST_MakePoint(9.43, 54.78), 4326)"
		if !single {
			geom = "ST_MakeEnvelope(9.44, 54.70, 9.45, 54.71, 4326)"
		}
		return id(`INSERT INTO tree (organisation_id, project_id, number, single_tree, geom) VALUES ($1, $2, $3, $4, `+geom+`) RETURNING id`,
			org, project, number, single)
	}
	action := func(tree string, security int, deadline string, done bool) string {
		return id(`INSERT INTO tree_action (organisation_id, project_id, tree_id, work_id, action, security_relevance, code_action_security,
			deadline, execute_timestamp) VALUES ($1, $2, $3, $4, 'Work', true, $5, current_date + $6::int, CASE WHEN $7 THEN now() END) RETURNING id`,
			org, project, tree, work, security, deadline, done)
	}
	t1, t2, t3, g1, t5 := tree(1, true), tree(2, true), tree(3, true), tree(4, false), tree(5, true)
	w1 := action(t1, 3, "-3", false) // felling, overdue: not safe
	w2 := action(t2, 1, "7", false)  // investigation within 2 weeks: doubtful
	w2b := action(t2, 2, "-30", true)
	action(t5, 3, "-1", false) // no job's
	job := id(`INSERT INTO job (organisation_id, project_id, name, created_at) VALUES ($1, $2, 'Round', now() - interval '1 day') RETURNING id`, org, project)
	must(`INSERT INTO job_item (organisation_id, job_id, tree_id, action_id) VALUES
		($1, $2, $3, NULL), ($1, $2, $3, $4), ($1, $2, $5, $6), ($1, $2, $5, $7), ($1, $2, $8, NULL), ($1, $2, $9, NULL)`,
		org, job, t1, w1, t2, w2, w2b, t3, g1)
	// Inspections: t1 once and g1 twice since the job began, t3 only before it, t5 is no job's.
	check := func(tree, ago string) {
		must(`INSERT INTO tree_check (organisation_id, tree_id, timestamp, created_at) VALUES ($1, $2, now() - $3::interval, now() - $3::interval)`, org, tree, ago)
	}
	check(t1, "1 hour")
	check(g1, "2 hours")
	check(g1, "1 hour")
	check(t3, "3 days")
	check(t5, "1 hour")
	// Next inspections: t1 overdue, t2 never, t3 later, g1 due.
	must(`UPDATE tree SET check_next = CASE number WHEN 1 THEN current_date - 100 WHEN 2 THEN NULL WHEN 3 THEN current_date + 400
		WHEN 4 THEN current_date + 20 ELSE current_date - 100 END WHERE project_id = $1`, project)

	sc := store.Content{OrganisationID: org, ProjectID: project, Lang: "en"}
	d, err := db.JobDashboard(ctx, sc, job)
	if err != nil {
		t.Fatal(err)
	}
	want := figureCheck(t)
	want("job", d.Job.ID, job)
	want("trees", d.Trees, 3)
	want("groups", d.Groups, 1)
	want("works done", d.Works.Done, 1)
	want("works open", d.Works.Open, 2)
	want("open works overdue", d.Works.Deadlines["overdue"], 1)
	want("open works within 2 weeks", d.Works.Deadlines["weeks2"], 1)
	want("open works without deadline", d.Works.Deadlines["none"], 0)
	want("objects inspected", d.Checks.Done, 2)
	want("objects not inspected", d.Checks.Open, 2)
	want("inspections", d.Checks.Count, 3)
	for k, v := range map[string]int{"0": 2, "1": 1, "2": 0, "3": 1} {
		want("safety "+k, d.Safety[k], v)
	}
	for k, v := range map[string]int{"0": 1, "1": 1, "2": 0, "3": 0, "4": 0, "5": 2} {
		want("deadline class "+k, d.Deadlines[k], v)
	}
	for k, v := range map[string]int{"0": 1, "1": 1, "2": 0, "3": 1, "4": 1} {
		want("inspection class "+k, d.Inspections[k], v)
	}

	// A member limited to trees 1 and 2 sees only their part of the job.
	limited := sc
	limited.Limit = &store.Filter{State: "all", Conditions: []store.Condition{{Field: "number", Op: "lte", Value: []byte("2")}}}
	d, err = db.JobDashboard(ctx, limited, job)
	if err != nil {
		t.Fatal(err)
	}
	want("limited trees", d.Trees, 2)
	want("limited groups", d.Groups, 0)
	want("limited works done", d.Works.Done, 1)
	want("limited objects inspected", d.Checks.Done, 1)
	want("limited inspections", d.Checks.Count, 1)

	// A job is found in its own project only.
	_, err = db.JobDashboard(ctx, store.Content{OrganisationID: org, ProjectID: other}, job)
	var ae *arbor.Error
	if !errors.As(err, &ae) || ae.Code != arbor.ENOTFOUND {
		t.Fatalf("job of another project: %v", err)
	}
}
