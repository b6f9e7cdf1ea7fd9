package store

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"
)

// BenchCity is a synthetic city for benchmarks: a project of n trees, most of them along streets
// and the rest in parks, with groups and works, over about 20 km × 20 km around Hamburg.
type BenchCity struct {
	OrganisationID, ProjectID string
	Trees, Groups, Works      int
}

// SeedBenchCity builds the benchmark city for userID (who becomes its organisation's
// administrator). The same seed gives the same city. Triggers are switched off for the bulk
// insert when the role may (superuser), and the derived fields are then filled set-based.
func (db *DB) SeedBenchCity(ctx context.Context, userID string, n int, seed float64) (*BenchCity, error) {
	c := &BenchCity{}
	err := db.InTx(ctx, func(tx *Tx) error {
		// Building a million trees takes longer than the statement timeout meant for requests.
		if _, err := tx.q.Exec(ctx, `SET LOCAL statement_timeout = 0`); err != nil {
			return err
		}
		if _, err := tx.q.Exec(ctx, `SELECT setseed($1)`, seed); err != nil {
			return err
		}
		if err := tx.q.QueryRow(ctx, `INSERT INTO organisation (name, max_object) VALUES ('Bench city', $1) RETURNING id`, n*2).Scan(&c.OrganisationID); err != nil {
			return err
		}
		if err := tx.q.QueryRow(ctx, `INSERT INTO project (organisation_id, name, unique_number, created_by)
			VALUES ($1, $2, false, $3) RETURNING id`, c.OrganisationID, fmt.Sprintf("Bench city %d", n), userID).Scan(&c.ProjectID); err != nil {
			return err
		}
		if _, err := tx.q.Exec(ctx, `INSERT INTO organisation_admin VALUES ($1, $2)`, c.OrganisationID, userID); err != nil {
			return err
		}
		if _, err := tx.q.Exec(ctx, `SELECT arbor_set_actor($1, NULL, NULL)`, userID); err != nil {
			return err
		}
		// Without the row triggers a million inserts take seconds instead of minutes; they are
		// made up for below. A role that may not do this simply runs them.
		_, _ = tx.q.Exec(ctx, `SAVEPOINT fast`)
		if _, err := tx.q.Exec(ctx, `SET LOCAL session_replication_role = replica`); err != nil {
			_, _ = tx.q.Exec(ctx, `ROLLBACK TO SAVEPOINT fast`)
		}
		// Streets: 70% of the trees, ten metres apart on alternating sides, each street a straight
		// run in a random direction. Parks: 30%, spread over discs of 100–400 m.
		tag, err := tx.q.Exec(ctx, `
			WITH streets AS (
				SELECT s, 9.85 + random() * 0.30 AS lon, 53.46 + random() * 0.18 AS lat, random() * 2 * pi() AS dir
				FROM generate_series(1, greatest($3::int * 7 / 10 / 250, 1)) s
			), street_trees AS (
				SELECT lon + (i * 10 * cos(dir) + (CASE WHEN i % 2 = 0 THEN 8 ELSE -8 END) * -sin(dir)) / (111320 * cos(radians(lat))) AS x,
				       lat + (i * 10 * sin(dir) + (CASE WHEN i % 2 = 0 THEN 8 ELSE -8 END) * cos(dir)) / 110540 AS y
				FROM streets, generate_series(1, 250) i
			), parks AS (
				SELECT p, 9.85 + random() * 0.30 AS lon, 53.46 + random() * 0.18 AS lat, 100 + random() * 300 AS radius
				FROM generate_series(1, greatest($3::int * 3 / 10 / 1500, 1)) p
			), park_trees AS (
				SELECT lon + r * cos(a) / (111320 * cos(radians(lat))) AS x, lat + r * sin(a) / 110540 AS y
				FROM parks, LATERAL (SELECT radius * sqrt(random()) AS r, random() * 2 * pi() AS a, i
				                     FROM generate_series(1, 1500) i) d
			), points AS (
				SELECT x, y FROM street_trees UNION ALL SELECT x, y FROM park_trees LIMIT $3
			)
			INSERT INTO tree (organisation_id, project_id, geom, number, vitality, development, damage_tree,
				security_expectation, check_next, planting_year, species_id, height, diameter, top_diameter, symptoms)
			SELECT $1, $2, ST_SetSRID(ST_MakePoint(x, y), 4326), row_number() OVER (),
			       floor(random() * random() * 5)::int, floor(random() * 4)::int, floor(random() * random() * 4)::int,
			       floor(random() * 2)::int, current_date + ((random() * 1500) - 300)::int, planted,
			       species.ids[1 + floor(array_length(species.ids, 1) * power(random(), 3))::int],
			       round((2 + (2026 - planted) * 0.3 + random() * 4)::numeric, 1),
			       round(((2026 - planted) * 0.9 + random() * 10)::numeric, 1),
			       round((1 + (2026 - planted) * 0.15 + random() * 3)::numeric, 1),
			       CASE WHEN random() < 0.1 THEN ARRAY[symptoms.names[1 + floor(random() * array_length(symptoms.names, 1))::int]] ELSE '{}' END
			FROM (SELECT x, y, 1950 + (random() * 70)::int AS planted FROM points) pt,
			     -- Street-tree cities plant a few species a lot: the first of 80 common ones most.
			     (SELECT array_agg(id ORDER BY botanical) AS ids FROM (SELECT id, botanical FROM list_entry
			      WHERE list = 'species' AND organisation_id IS NULL ORDER BY botanical LIMIT 80) s) species,
			     (SELECT array_agg(name_en ORDER BY name_en) AS names FROM list_entry
			      WHERE list = 'symptom' AND organisation_id IS NULL) symptoms`, c.OrganisationID, c.ProjectID, n)
		if err != nil {
			return err
		}
		c.Trees = int(tag.RowsAffected())
		// Groups: one per 200 trees, 15–40 m round, near the parks and streets.
		tag, err = tx.q.Exec(ctx, `
			INSERT INTO tree (organisation_id, project_id, geom, single_tree, number, tree_count, vitality)
			SELECT $1, $2, ST_Buffer(ST_SetSRID(ST_MakePoint(9.85 + random() * 0.30, 53.46 + random() * 0.18), 4326)::geography,
			                         15 + random() * 25, 'quad_segs=4')::geometry,
			       false, $3::int + g, 5 + floor(random() * 30)::int, floor(random() * 3)::int
			FROM generate_series(1, greatest($3::int / 200, 1)) g`, c.OrganisationID, c.ProjectID, n)
		if err != nil {
			return err
		}
		c.Groups = int(tag.RowsAffected())
		if _, err := tx.q.Exec(ctx, `UPDATE tree SET area = ST_Area(geom::geography) WHERE project_id = $1 AND NOT single_tree`, c.ProjectID); err != nil {
			return err
		}
		// Works on one object in ten, of the organisation's own work list.
		if _, err := tx.q.Exec(ctx, `
			INSERT INTO list_entry (organisation_id, list, name_en, name_de, name_fr, security_relevance, action_security)
			VALUES ($1, 'work', 'Deadwood removal', 'Totholzentfernung', 'Suppression du bois mort', true, 2),
			       ($1, 'work', 'Detailed investigation', 'Eingehende Untersuchung', 'Examen approfondi', true, 1),
			       ($1, 'work', 'Felling', 'Fällung', 'Abattage', true, 3),
			       ($1, 'work', 'Watering', 'Wässern', 'Arrosage', false, 2)`, c.OrganisationID); err != nil {
			return err
		}
		tag, err = tx.q.Exec(ctx, `
			INSERT INTO tree_action (organisation_id, project_id, tree_id, work_id, action, security_relevance,
				code_action_security, deadline, execute_timestamp)
			SELECT t.organisation_id, t.project_id, t.id, w.id, w.name_en, w.security_relevance, w.action_security,
			       current_date + ((random() * 400) - 60)::int, CASE WHEN random() < 0.2 THEN now() END
			FROM tree t
			JOIN LATERAL (SELECT * FROM list_entry WHERE organisation_id = t.organisation_id AND list = 'work'
			              ORDER BY random() + (t.fid % 1) LIMIT 1) w ON true
			WHERE t.project_id = $1 AND random() < 0.1`, c.ProjectID)
		if err != nil {
			return err
		}
		c.Works = int(tag.RowsAffected())
		if _, err := tx.q.Exec(ctx, `SELECT arbor_refresh_tree_actions(array_agg(DISTINCT tree_id)) FROM tree_action WHERE project_id = $1`, c.ProjectID); err != nil {
			return err
		}
		// The tallies' statement triggers did not run either.
		if _, err := tx.q.Exec(ctx, `SELECT arbor_tally_project($1)`, c.ProjectID); err != nil {
			return err
		}
		_, err = tx.q.Exec(ctx, `UPDATE project SET content_revision = content_revision + 1 WHERE id = $1`, c.ProjectID)
		return err
	})
	if err != nil {
		return nil, err
	}
	// Left as autovacuum would leave it a few minutes later: statistics for the planner, and the
	// visibility map set so index-only scans skip the table. The machines this is measured on
	// may run PostgreSQL with autovacuum off (a CI setting); without statistics of the tallies
	// the planner took the project's species for one row and sorted page 50 by species in a
	// second instead of 40 ms.
	return c, db.vacuum(ctx, `VACUUM (ANALYZE) tree, tree_action, project_tally, list_entry, project`)
}

// BenchCityProject is the content scope of a bench city: the project named, or, when project is
// empty, the bench city of the most objects.
func (s *Queries) BenchCityProject(ctx context.Context, project string) (Content, error) {
	if project == "" {
		err := s.q.QueryRow(ctx, `SELECT p.id FROM project p JOIN organisation o ON o.id = p.organisation_id
			WHERE o.name = 'Bench city' ORDER BY (SELECT count(*) FROM tree t WHERE t.project_id = p.id) DESC LIMIT 1`).Scan(&project)
		if err != nil {
			return Content{}, fmt.Errorf("no bench city: run `arbor bench city` first (%w)", err)
		}
	}
	var org string
	if err := s.q.QueryRow(ctx, `SELECT organisation_id FROM project WHERE id = $1`, project).Scan(&org); err != nil {
		return Content{}, err
	}
	return Content{OrganisationID: org, ProjectID: project, Lang: "en"}, nil
}

// DatabaseSettings are the PostgreSQL settings benchmark figures depend on most.
type DatabaseSettings struct {
	Version, SharedBuffers, Autovacuum, ParallelWorkersPerGather string
}

// DatabaseSettings reads the settings a benchmark run names beside its figures.
func (s *Queries) DatabaseSettings(ctx context.Context) (DatabaseSettings, error) {
	var d DatabaseSettings
	err := s.q.QueryRow(ctx, `SELECT current_setting('server_version'), current_setting('shared_buffers'),
		current_setting('autovacuum'), current_setting('max_parallel_workers_per_gather')`).
		Scan(&d.Version, &d.SharedBuffers, &d.Autovacuum, &d.ParallelWorkersPerGather)
	return d, err
}

// SampleTreePoints answers the positions (longitude, latitude) of up to n single trees of the
// project, spread over it and the same on every call.
func (s *Queries) SampleTreePoints(ctx context.Context, projectID string, n int) ([][2]float64, error) {
	rows, err := s.q.Query(ctx, `SELECT ST_X(geom), ST_Y(geom) FROM tree WHERE project_id = $1 AND single_tree
		ORDER BY fid % 7919, fid LIMIT $2`, projectID, n)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) ([2]float64, error) {
		var p [2]float64
		err := r.Scan(&p[0], &p[1])
		return p, err
	})
}

// AnyActiveTree answers the id of one object of the project that is not archived.
func (s *Queries) AnyActiveTree(ctx context.Context, projectID string) (string, error) {
	var id string
	err := s.q.QueryRow(ctx, `SELECT id FROM tree WHERE project_id = $1 AND NOT archive LIMIT 1`, projectID).Scan(&id)
	return id, err
}

// VacuumTrees vacuums and analyses the objects and their history, leaving them as autovacuum
// would, so that each measured run starts alike.
func (db *DB) VacuumTrees(ctx context.Context) error {
	return db.vacuum(ctx, `VACUUM (ANALYZE) tree, history`)
}

// vacuum runs a VACUUM without the pool's statement timeout: over a million rows on a busy
// machine it outlasts the 30 s, and VACUUM cannot run in a transaction to SET LOCAL it.
func (db *DB) vacuum(ctx context.Context, statement string) error {
	conn, err := db.Pool.Acquire(ctx)
	if err != nil {
		return err
	}
	defer conn.Release()
	if _, err := conn.Exec(ctx, `SET statement_timeout = 0`); err != nil {
		return err
	}
	_, err = conn.Exec(ctx, statement)
	if _, resetErr := conn.Exec(ctx, `RESET statement_timeout`); resetErr != nil {
		conn.Conn().Close(ctx) // not back into the pool without its timeout
	}
	return err
}

// BumpProject moves the project's content revision as any saved change does, so that nothing
// kept per revision answers the next question.
func (s *Queries) BumpProject(ctx context.Context, projectID string) error {
	_, err := s.q.Exec(ctx, `SELECT arbor_bump_projects(ARRAY[$1::uuid])`, projectID)
	return err
}

// RoomForBench lets a benchmark's organisation hold n objects whatever its package: a new
// organisation is in its demo, whose package holds far fewer than a benchmark writes.
func (db *DB) RoomForBench(ctx context.Context, orgID string, n int) error {
	_, err := db.Pool.Exec(ctx, `UPDATE organisation SET max_object = greatest(max_object, $2) WHERE id = $1`, orgID, n)
	return err
}
