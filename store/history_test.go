package store_test

import (
	"testing"
)

// TestHistoryOfGeometry: history keeps a geometry as plain GeoJSON where an object is new,
// removed or moved, and leaves it out of every other change; inspections carry none.
func TestHistoryOfGeometry(t *testing.T) {
	ctx, db := openDB(t)
	must, id := sqlHelpers(t, db)
	org, project := newOrgProject(t, db, "History town", "Moves")
	tree := id(`INSERT INTO tree (organisation_id, project_id, number, geom) VALUES ($1, $2, 1, ST_SetSRID(ST_MakePoint(9.5, 54.5), 4326)) RETURNING id`, org, project)
	must(`UPDATE tree SET height = 12 WHERE id = $1`, tree)
	must(`UPDATE tree SET archive = true WHERE id = $1`, tree)
	must(`UPDATE tree SET geom = ST_SetSRID(ST_MakePoint(9.25, 54.75), 4326) WHERE id = $1`, tree)
	group := id(`INSERT INTO tree (organisation_id, project_id, number, single_tree, geom)
		VALUES ($1, $2, 2, false, ST_MakeEnvelope(9.5, 54.5, 9.501, 54.501, 4326)) RETURNING id`, org, project)
	work := newWork(t, db, org, "Pruning", "Schnitt", "Taille")
	must(`INSERT INTO tree_action (organisation_id, project_id, tree_id, work_id, action) VALUES ($1, $2, $3, $4, 'Pruning')`, org, project, group, work)
	must(`INSERT INTO tree_check (organisation_id, project_id, tree_id, vitality) VALUES ($1, $2, $3, 1)`, org, project, tree)

	var fields string
	if err := db.Pool.QueryRow(ctx, `SELECT string_agg(field, ',' ORDER BY id) FROM history WHERE entity_id = $1 AND op = 'update'`, tree).Scan(&fields); err != nil {
		t.Fatal(err)
	}
	// The inspection writes its findings onto the tree too (vitality), after the move.
	if fields != "height,archive,geom,vitality" {
		t.Fatalf("changes recorded %q, want height,archive,geom,vitality", fields)
	}
	var oldGeom, newGeom, inserted, group0, workGeom, check string
	q := func(sql string, dest *string, args ...any) {
		t.Helper()
		if err := db.Pool.QueryRow(ctx, sql, args...).Scan(dest); err != nil {
			t.Fatalf("%s: %v", sql, err)
		}
	}
	q(`SELECT old_value::text FROM history WHERE entity_id = $1 AND field = 'geom'`, &oldGeom, tree)
	q(`SELECT new_value::text FROM history WHERE entity_id = $1 AND field = 'geom'`, &newGeom, tree)
	q(`SELECT (new_value->'geom')::text FROM history WHERE entity_id = $1 AND op = 'insert'`, &inserted, tree)
	q(`SELECT (new_value->'geom'->>'type') FROM history WHERE entity_id = $1 AND op = 'insert'`, &group0, group)
	q(`SELECT coalesce((new_value->'geom')::text, 'absent') FROM history WHERE entity = 'action' AND object_id = $1`, &workGeom, group)
	q(`SELECT (new_value ? 'geom')::text FROM history WHERE entity = 'check' AND object_id = $1`, &check, tree)
	if oldGeom != `{"type": "Point", "coordinates": [9.5, 54.5]}` || newGeom != `{"type": "Point", "coordinates": [9.25, 54.75]}` {
		t.Fatalf("move recorded from %s to %s", oldGeom, newGeom)
	}
	if inserted != `{"type": "Point", "coordinates": [9.5, 54.5]}` || group0 != "Polygon" {
		t.Fatalf("new objects recorded with %s and %s", inserted, group0)
	}
	// A new object's record holds its fields, not the bookkeeping ones nor the tiles' geometry.
	var shape string
	q(`SELECT (new_value ? 'number')::text || (new_value ? 'single_tree')::text || (new_value ? 'version')::text ||
		(new_value ? 'geom_3857')::text || (new_value ? 'id')::text FROM history WHERE entity_id = $1 AND op = 'insert'`, &shape, tree)
	if shape != "truetruefalsefalsefalse" {
		t.Errorf("new tree's record: number, single_tree, version, geom_3857, id present = %s", shape)
	}
	if workGeom != "null" || check != "false" {
		t.Fatalf("a work without a point recorded geom %s; an inspection has a geom key: %s", workGeom, check)
	}
}
