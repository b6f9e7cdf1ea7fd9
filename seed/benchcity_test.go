package seed_test

import (
	"testing"

	"arbor/seed"
)

// TestSeedBenchCity: the benchmark city has what it promises, with derived fields as the rules
// of sql/010_trees.sql would have made them.
func TestSeedBenchCity(t *testing.T) {
	ctx, db := openDB(t)
	u, err := seed.BenchUser(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	c, err := seed.BenchCity(ctx, db, u.ID, 3000, 0.1)
	if err != nil {
		t.Fatal(err)
	}
	if c.Trees != 3000 || c.Groups != 15 || c.Works == 0 {
		t.Fatalf("city %+v", c)
	}
	var wrongSafety, outside, badArea int
	db.Pool.QueryRow(ctx, `SELECT count(*) FROM tree WHERE project_id = $1 AND action_security <> arbor_tree_safety(id)`, c.ProjectID).Scan(&wrongSafety)
	db.Pool.QueryRow(ctx, `SELECT count(*) FROM tree WHERE project_id = $1 AND NOT ST_Intersects(geom, ST_MakeEnvelope(9.7, 53.3, 10.3, 53.8, 4326))`, c.ProjectID).Scan(&outside)
	db.Pool.QueryRow(ctx, `SELECT count(*) FROM tree WHERE project_id = $1 AND NOT single_tree AND (area IS NULL OR area < 500 OR NOT ST_IsValid(geom))`, c.ProjectID).Scan(&badArea)
	if wrongSafety != 0 || outside != 0 || badArea != 0 {
		t.Fatalf("%d trees with a wrong safety, %d outside the city, %d bad groups", wrongSafety, outside, badArea)
	}
	// The tallies are those of a fresh count, though the bulk load ran without triggers.
	var tallies, wrongTallies int
	db.Pool.QueryRow(ctx, `SELECT count(*) FROM project_tally WHERE project_id = $1 AND n > 0`, c.ProjectID).Scan(&tallies)
	db.Pool.QueryRow(ctx, `
		WITH fresh AS (SELECT field, value, n FROM arbor_tally_count($1)), kept AS (SELECT field, value, n FROM project_tally WHERE project_id = $1 AND n > 0)
		SELECT count(*) FROM ((SELECT * FROM fresh EXCEPT SELECT * FROM kept) UNION ALL (SELECT * FROM kept EXCEPT SELECT * FROM fresh)) d`,
		c.ProjectID).Scan(&wrongTallies)
	if tallies == 0 || wrongTallies != 0 {
		t.Fatalf("%d tallies, %d of them wrong or missing", tallies, wrongTallies)
	}
}
