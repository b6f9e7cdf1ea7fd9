package seed_test

import (
	"testing"

	"arbor/seed"
)

// TestLoadDemo: the demo holds the whole Flensburg register in the right place, with species
// matched to the global list, valid groups, inspections that set the trees' next dates and works
// that moved safety; a second run adds nothing.
func TestLoadDemo(t *testing.T) {
	ctx, db := openDB(t)
	email := uniqueEmail(t)
	res, err := seed.Demo(ctx, db, email, "arbor-demo")
	if err != nil {
		t.Fatal(err)
	}
	u, err := db.UserByID(ctx, res.UserID)
	if err != nil || !res.UserCreated || u.Language != "de" || u.ConfirmedAt == nil {
		t.Fatalf("demo account %+v, %v", u, err)
	}
	var member, admin bool
	if err := db.Pool.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM project_member WHERE project_id = $1 AND user_id = $2 AND access = 0),
		EXISTS (SELECT 1 FROM organisation_admin WHERE organisation_id = $3 AND user_id = $2)`, res.ProjectID, u.ID, res.OrganisationID).
		Scan(&member, &admin); err != nil || !member || !admin {
		t.Fatalf("demo account manages the project %v, administers the organisation %v, %v", member, admin, err)
	}
	if !res.Created || res.Trees+res.Groups != 18697 || res.Groups != 559 || res.Checks < 5000 || res.Works < 200 || res.Works > 1000 {
		t.Fatalf("demo %+v", res)
	}
	ps, err := db.ProjectSettings(ctx, res.OrganisationID, res.ProjectID)
	if err != nil {
		t.Fatal(err)
	}
	if f := ps.CustomFields["general01"]; f.Alias != "Straße" || !f.Active || f.Type != "text" {
		t.Fatalf("general01 %+v", f)
	}
	if f := ps.CustomFields["general02"]; f.Alias != "Gebiet" || !f.Active || f.Type != "text" {
		t.Fatalf("general02 %+v", f)
	}
	q := db.Pool
	var streets, withNumber int
	if err := q.QueryRow(ctx, `SELECT count(*) FILTER (WHERE general01 <> '' AND general02 <> ''), count(*) FILTER (WHERE number > 0 AND number_text <> '')
		FROM tree WHERE project_id = $1`, res.ProjectID).Scan(&streets, &withNumber); err != nil || streets < 18000 || withNumber < 18000 {
		t.Fatalf("%d objects with street and site, %d with a number, %v", streets, withNumber, err)
	}
	one := func(sql string, dest ...any) {
		t.Helper()
		if err := q.QueryRow(ctx, sql, res.ProjectID).Scan(dest...); err != nil {
			t.Fatalf("%s: %v", sql, err)
		}
	}
	var outside, badGroups, groupCountsOff int
	one(`SELECT count(*) FROM tree WHERE project_id = $1 AND NOT ST_Within(geom, ST_MakeEnvelope(9.3, 54.7, 9.6, 54.9, 4326))`, &outside)
	one(`SELECT count(*) FILTER (WHERE NOT ST_IsValid(geom) OR GeometryType(geom) <> 'POLYGON' OR area NOT BETWEEN 400 AND 1600),
	            count(*) FILTER (WHERE tree_count NOT BETWEEN 5 AND 25)
	     FROM tree WHERE project_id = $1 AND NOT single_tree`, &badGroups, &groupCountsOff)
	if outside != 0 || badGroups != 0 || groupCountsOff != 0 {
		t.Fatalf("%d objects outside Flensburg, %d bad group polygons, %d groups with odd tree counts", outside, badGroups, groupCountsOff)
	}

	// Species: every tree that names one has one; the large majority from the global list
	// (when it is seeded), the rest as the organisation's own entries.
	var globalSpecies, named, global, none int
	if err := q.QueryRow(ctx, `SELECT count(*) FROM list_entry WHERE list = 'species' AND organisation_id IS NULL`).Scan(&globalSpecies); err != nil {
		t.Fatal(err)
	}
	one(`SELECT count(*), count(*) FILTER (WHERE s.organisation_id IS NULL AND s.id IS NOT NULL), count(*) FILTER (WHERE s.id IS NULL)
	     FROM tree t LEFT JOIN list_entry s ON s.id = t.species_id WHERE t.project_id = $1 AND t.single_tree`, &named, &global, &none)
	if none != 0 {
		t.Fatalf("%d of %d trees without a species", none, named)
	}
	if globalSpecies > 500 && global*100 < named*95 {
		t.Fatalf("only %d of %d trees matched to the global species list", global, named)
	}

	// Inspections: every one has a next date, the tree carries it, and most trees are vital.
	var checkedTrees, nextOK, vital, ailing, highExpectation int
	one(`SELECT count(*), count(*) FILTER (WHERE t.check_next = c.check_next AND c.check_next > c.timestamp::date
	                                       AND c.timestamp > now() - interval '3 years 1 day' AND c.timestamp <= now()),
	            count(*) FILTER (WHERE t.vitality <= 1), count(*) FILTER (WHERE t.vitality >= 2),
	            count(*) FILTER (WHERE t.security_expectation = 1)
	     FROM tree t JOIN tree_check c ON c.tree_id = t.id WHERE t.project_id = $1`, &checkedTrees, &nextOK, &vital, &ailing, &highExpectation)
	if checkedTrees != res.Checks || nextOK != res.Checks || vital < 2*ailing || ailing == 0 || highExpectation == 0 {
		t.Fatalf("checks %d: on trees %d, next date right %d, vital %d, ailing %d, high expectation %d",
			res.Checks, checkedTrees, nextOK, vital, ailing, highExpectation)
	}

	// Works: some trees not safe, about a fifth done, deadlines from two months ago to nine ahead.
	var unsafe, done, early, late int
	one(`SELECT count(*) FROM tree WHERE project_id = $1 AND action_security > 0`, &unsafe)
	one(`SELECT count(*) FILTER (WHERE execute_timestamp IS NOT NULL), count(*) FILTER (WHERE deadline < current_date - 62),
	            count(*) FILTER (WHERE deadline > current_date + 280) FROM tree_action WHERE project_id = $1`, &done, &early, &late)
	if unsafe == 0 || done*10 < res.Works || done*10 > res.Works*3 || early+late != 0 {
		t.Fatalf("works %d: %d trees not safe, %d done, %d deadlines too early, %d too late", res.Works, unsafe, done, early, late)
	}
	var ownSpecies, ownWorks int
	counts := func() (int, int) {
		var s, w int
		q.QueryRow(ctx, `SELECT count(*) FILTER (WHERE list = 'species'), count(*) FILTER (WHERE list = 'work')
			FROM list_entry WHERE organisation_id = $1`, res.OrganisationID).Scan(&s, &w)
		return s, w
	}
	ownSpecies, ownWorks = counts()
	t.Logf("demo: %+v; %d of %d trees on global species, %d own species entries, %d own works, %d trees not safe",
		res, global, named, ownSpecies, ownWorks, unsafe)

	again, err := seed.Demo(ctx, db, email, "") // an existing account needs no password

	if err != nil || again.Created || again.UserCreated || again.UserID != u.ID || again.OrganisationID != res.OrganisationID || again.Trees != res.Trees ||
		again.Groups != res.Groups || again.Checks != res.Checks || again.Works != res.Works {
		t.Fatalf("second run %+v, %v", again, err)
	}
	var orgs int
	if err := q.QueryRow(ctx, `SELECT count(*) FROM organisation o JOIN organisation_admin a ON a.organisation_id = o.id
		WHERE a.user_id = $1`, u.ID).Scan(&orgs); err != nil || orgs != 1 {
		t.Fatalf("%d organisations after two runs, %v", orgs, err)
	}
	if s, w := counts(); s != ownSpecies || w != ownWorks {
		t.Fatalf("second run added list entries: species %d → %d, works %d → %d", ownSpecies, s, ownWorks, w)
	}
}
