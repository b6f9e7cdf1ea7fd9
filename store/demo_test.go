package store_test

import (
	"context"
	"testing"

	"arbor/store/storetest"
)

// TestLoadDemo: the demo holds the whole Flensburg register in the right place, with species
// matched, valid groups, inspections that moved the trees' next dates and works that moved
// safety; a second run adds nothing.
func TestLoadDemo(t *testing.T) {
	t.Parallel()
	db := storetest.MustOpenDB(t)
	ctx := context.Background()
	u := newUser(t, db)
	res, err := db.LoadDemo(ctx, u.ID)
	if err != nil {
		t.Fatal(err)
	}
	if !res.Created || res.Trees+res.Groups != 18697 || res.Groups != 559 || res.Checks < 5000 || res.Works < 300 {
		t.Fatalf("demo %+v", res)
	}
	var outside, badGroups, unmatched, named, checked, unsafe, ownSpecies int
	q := db.Pool
	q.QueryRow(ctx, `SELECT count(*) FROM tree WHERE project_id = $1 AND NOT ST_Intersects(geom, ST_MakeEnvelope(9.3, 54.7, 9.6, 54.9, 4326))`, res.ProjectID).Scan(&outside)
	q.QueryRow(ctx, `SELECT count(*) FROM tree WHERE project_id = $1 AND NOT single_tree AND (NOT ST_IsValid(geom) OR area < 300)`, res.ProjectID).Scan(&badGroups)
	q.QueryRow(ctx, `SELECT count(*) FILTER (WHERE species_id IS NULL), count(*) FROM tree WHERE project_id = $1 AND single_tree`, res.ProjectID).Scan(&unmatched, &named)
	q.QueryRow(ctx, `SELECT count(*) FROM tree WHERE project_id = $1 AND check_next IS NOT NULL AND check_next > check_timestamp::date`, res.ProjectID).Scan(&checked)
	q.QueryRow(ctx, `SELECT count(*) FROM tree WHERE project_id = $1 AND action_security > 0`, res.ProjectID).Scan(&unsafe)
	q.QueryRow(ctx, `SELECT count(*) FROM list_entry WHERE organisation_id = $1 AND list = 'species'`, res.OrganisationID).Scan(&ownSpecies)
	if outside != 0 || badGroups != 0 {
		t.Fatalf("%d objects outside Flensburg, %d bad groups", outside, badGroups)
	}
	if unmatched > named/20 {
		t.Fatalf("%d of %d trees without a species", unmatched, named)
	}
	if checked != res.Checks || unsafe == 0 {
		t.Fatalf("%d trees with a next inspection (checks %d), %d not safe", checked, res.Checks, unsafe)
	}
	t.Logf("demo: %+v; %d trees without species, %d own species entries", res, unmatched, ownSpecies)

	again, err := db.LoadDemo(ctx, u.ID)
	if err != nil || again.Created || again.Trees != res.Trees || again.Checks != res.Checks {
		t.Fatalf("second run %+v, %v", again, err)
	}
}
