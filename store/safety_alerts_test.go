package store_test

import (
	"testing"
)

// TestSafetyAlerts: only open safety-relevant works past their deadline on objects in stock count,
// each object once, in the projects the user sees whole.
func TestSafetyAlerts(t *testing.T) {
	ctx, db := openDB(t)
	must, id := sqlHelpers(t, db)
	user := newAgreedUser(t, db, "safety")
	org, park := newOrgProject(t, db, "Safety", "Park")
	calm := newProject(t, db, org, "Calm")
	limited := newProject(t, db, org, "Limited")
	other := newProject(t, db, org, "Other")
	for _, p := range []string{park, calm} {
		must(`INSERT INTO project_member (organisation_id, project_id, user_id, access) VALUES ($1, $2, $3, 1)`, org, p, user)
	}
	must(`INSERT INTO project_member (organisation_id, project_id, user_id, access, limit_filter)
		VALUES ($1, $2, $3, 1, '{"conditions":[]}')`, org, limited, user)
	work := newWork(t, db, org, "Fell", "Fällen", "Abattre")
	tree := func(project string, number int, archived, felled bool) string {
		return id(`INSERT INTO tree (organisation_id, project_id, number, archive, cut, geom)
			VALUES ($1, $2, $3, $4, $5, ST_SetSRID(ST_MakePoint(9.43, 54.78), 4326)) RETURNING id`, org, project, number, archived, felled)
	}
	// action: deadline in days, safety relevant, done
	action := func(project, tree string, deadline int, relevant, done bool) {
		must(`INSERT INTO tree_action (organisation_id, project_id, tree_id, work_id, action, deadline, security_relevance, execute_timestamp)
			VALUES ($1, $2, $3, $4, 'Fell', current_date + $5::int, $6, CASE WHEN $7 THEN now() END)`, org, project, tree, work, deadline, relevant, done)
	}
	late := tree(park, 1, false, false)
	action(park, late, -3, true, false)
	action(park, late, -1, true, false) // the same tree twice: counted once
	late2 := tree(park, 2, false, false)
	action(park, late2, -30, true, false)
	action(park, tree(park, 3, false, false), -3, false, false) // not safety relevant
	action(park, tree(park, 4, false, false), -3, true, true)   // done
	action(park, tree(park, 5, false, false), 0, true, false)   // due today, not yet late
	action(park, tree(park, 6, true, false), -3, true, false)   // archived
	action(park, tree(park, 7, false, true), -3, true, false)   // felled
	action(calm, tree(calm, 1, false, false), 10, true, false)
	action(limited, tree(limited, 1, false, false), -3, true, false) // seen through a limit only
	action(other, tree(other, 1, false, false), -3, true, false)     // not the user's

	alerts, err := db.SafetyAlerts(ctx, user)
	if err != nil {
		t.Fatal(err)
	}
	if len(alerts) != 1 || alerts[0].ProjectID != park || alerts[0].ProjectName != "Park" || alerts[0].Objects != 2 {
		t.Fatalf("alerts = %+v, want Park with 2 objects only", alerts)
	}
}
