package store_test

import (
	"testing"

	"arbor/store"
)

// TestUserDashboard: a user administers organisation A (projects P1 with trees, P2 empty) and
// is a reader of P3 in organisation B limited to trees 1 and 2; P4 of B is not theirs. Each
// figure has objects on both sides of what it counts.
func TestUserDashboard(t *testing.T) {
	ctx, db := openDB(t)
	must, id := sqlHelpers(t, db)
	user := newAgreedUser(t, db, "dash")
	orgA := newOrg(t, db, "Dash A")
	orgB := newOrg(t, db, "Dash B")
	p1 := newProject(t, db, orgA, "P1")
	p2 := newProject(t, db, orgA, "P2")
	p3 := newProject(t, db, orgB, "P3")
	p4 := newProject(t, db, orgB, "P4")
	must(`INSERT INTO organisation_admin VALUES ($1, $2)`, orgA, user)
	must(`INSERT INTO project_member (organisation_id, project_id, user_id, access, limit_filter)
		VALUES ($1, $2, $3, 1, '{"conditions":[{"field":"number","op":"lte","value":2}]}')`, orgB, p3, user)
	workA := newWork(t, db, orgA, "W", "W", "W")
	workB := newWork(t, db, orgB, "W", "W", "W")
	// tree: organisation, project, number, next inspection in days (nil: never), group, archived, felled
	tree := func(org, project string, number int, next any, group, archived, felled bool) string {
		geom := "ST_SetSRID(ST_MakePoint(9.43, 54.78), 4326)"
		if group {
			geom = "ST_MakeEnvelope(9.44, 54.70, 9.45, 54.71, 4326)"
		}
		return id(`INSERT INTO tree (organisation_id, project_id, number, check_next, single_tree, archive, cut, geom)
			VALUES ($1, $2, $3, current_date + $4::int, $5, $6, $7, `+geom+`) RETURNING id`, org, project, number, next, !group, archived, felled)
	}
	// action: open or done, deadline in days (nil: none)
	action := func(org, project, tree, work string, deadline any, done bool) {
		must(`INSERT INTO tree_action (organisation_id, project_id, tree_id, work_id, action, deadline, execute_timestamp)
			VALUES ($1, $2, $3, $4, 'W', current_date + $5::int, CASE WHEN $6 THEN now() END)`, org, project, tree, work, deadline, done)
	}
	a1 := tree(orgA, p1, 1, -100, false, false, false) // overdue
	a2 := tree(orgA, p1, 2, 10, false, false, false)   // due
	a3 := tree(orgA, p1, 3, 60, false, false, false)   // within 3 months
	tree(orgA, p1, 4, nil, false, false, false)        // never inspected
	tree(orgA, p1, 5, 400, true, false, false)         // a group, later
	archived := tree(orgA, p1, 6, -100, false, true, false)
	tree(orgA, p1, 7, -100, false, false, true) // felled
	action(orgA, p1, a1, workA, -1, false)      // overdue
	action(orgA, p1, a2, workA, 5, false)       // within 2 weeks
	action(orgA, p1, a2, workA, -5, true)       // done
	action(orgA, p1, a3, workA, nil, false)     // no deadline
	action(orgA, p1, archived, workA, -1, false)
	b1 := tree(orgB, p3, 1, -100, false, false, false)
	tree(orgB, p3, 2, -50, false, false, false)
	b3 := tree(orgB, p3, 3, -100, false, false, false) // outside the limit
	action(orgB, p3, b1, workB, 120, false)            // 3 to 6 months
	action(orgB, p3, b3, workB, -1, false)
	c1 := tree(orgB, p4, 1, -100, false, false, false) // not the user's project
	action(orgB, p4, c1, workB, -1, false)
	// Jobs: open and completed in P1, one in P4 the user takes part in, one in P4 they do not.
	must(`INSERT INTO job (organisation_id, project_id, name, status) VALUES ($1, $2, 'Open round', 0), ($1, $2, 'Done round', 2)`, orgA, p1)
	mine := id(`INSERT INTO job (organisation_id, project_id, name, status) VALUES ($1, $2, 'Crew job', 1) RETURNING id`, orgB, p4)
	must(`INSERT INTO job (organisation_id, project_id, name) VALUES ($1, $2, 'Other crew')`, orgB, p4)
	must(`INSERT INTO job_member (organisation_id, job_id, user_id, role) VALUES ($1, $2, $3, 'editor')`, orgB, mine, user)

	d, err := db.UserDashboard(ctx, user, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := figureCheck(t)
	byID := map[string]*store.UserProject{}
	for _, p := range d.Projects {
		byID[p.ID] = p
	}
	want("projects", len(d.Projects), 3)
	if byID[p4] != nil {
		t.Fatal("a project of someone else is listed")
	}
	f1 := byID[p1].Figures
	want("P1 access", *byID[p1].Membership.Access, int16(0)) // management (auth.ProjectRole)
	want("P1 trees", f1.Trees, 4)
	want("P1 groups", f1.Groups, 1)
	for k, v := range map[string]int{"overdue": 1, "due": 1, "months3": 1, "later": 1, "never": 1} {
		want("P1 checks "+k, f1.Checks[k], v)
	}
	want("P1 open checks", f1.OpenChecks, 2)
	want("P1 open works", f1.OpenWorks, 3)
	for k, v := range map[string]int{"overdue": 1, "weeks2": 1, "months3": 0, "months6": 0, "later": 0, "none": 1} {
		want("P1 works "+k, f1.Works[k], v)
	}
	want("P2 trees", byID[p2].Figures.Trees, 0)
	want("P2 works overdue", byID[p2].Figures.Works["overdue"], 0)
	f3 := byID[p3].Figures
	want("P3 limited", byID[p3].Limited, true)
	want("P3 access", *byID[p3].Membership.Access, int16(1)) // view
	want("P3 trees", f3.Trees, 2)
	want("P3 checks overdue", f3.Checks["overdue"], 2)
	want("P3 open works", f3.OpenWorks, 1)
	want("P3 works months6", f3.Works["months6"], 1)

	tt := d.Totals
	want("total projects", tt.Projects, 3)
	want("total trees", tt.Trees, 6)
	want("total groups", tt.Groups, 1)
	want("total checks overdue", tt.Checks["overdue"], 3)
	want("total checks due", tt.Checks["due"], 1)
	want("total checks months3", tt.Checks["months3"], 1)
	want("total open checks", tt.OpenChecks, 4)
	want("total open works", tt.OpenWorks, 4)
	want("total works overdue", tt.Works["overdue"], 1)
	want("total works months6", tt.Works["months6"], 1)
	want("unfinished jobs", tt.Jobs, 2)
	names := map[string]bool{}
	for _, j := range d.Jobs {
		names[j.Name] = true
	}
	if len(d.Jobs) != 2 || !names["Open round"] || !names["Crew job"] {
		t.Fatalf("jobs %v", names)
	}

	// Someone with no project has empty figures, not an error.
	nobody := id(`INSERT INTO app_user (email, first_name, last_name, password_hash, agb_accepted_at)
		VALUES ('dash-'||gen_random_uuid()||'@example.org', 'No', 'Body', 'x', now()) RETURNING id`)
	d, err = db.UserDashboard(ctx, nobody, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Projects) != 0 || d.Totals.Trees != 0 || d.Totals.Checks["overdue"] != 0 || len(d.Jobs) != 0 {
		t.Fatalf("nobody's dashboard %+v", d)
	}
}
