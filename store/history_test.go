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

// TestHistoryOfBigUpdate: an update of many objects (written for the whole statement at once)
// records what an update of one object records: an entry for each field that changed, old and
// new, the geometry as GeoJSON only where an object moved, no bookkeeping field, and the import
// that changed them where one did.
func TestHistoryOfBigUpdate(t *testing.T) {
	ctx, db := openDB(t)
	must, _ := sqlHelpers(t, db)
	org, project := newOrgProject(t, db, "History city", "Mass edit")
	must(`INSERT INTO tree (organisation_id, project_id, number, geom)
		SELECT $1, $2, i, ST_SetSRID(ST_MakePoint(9.5 + i / 10000.0, 54.5), 4326) FROM generate_series(1, 251) i`, org, project)
	recorded := func(numbers string) string {
		t.Helper()
		var got string
		if err := db.Pool.QueryRow(ctx, `SELECT string_agg(h.field || ':' || coalesce(h.old_value::text, '-') || '>' || coalesce(h.new_value::text, '-'), ' ' ORDER BY h.field)
			FROM history h JOIN tree t ON t.id = h.object_id WHERE h.op = 'update' AND t.project_id = $1 AND t.number::text = ANY (string_to_array($2, ','))`,
			project, numbers).Scan(&got); err != nil {
			t.Fatal(err)
		}
		return got
	}
	// One object, then 250 at once (above the 200 a save's static query takes), the same change.
	must(`UPDATE tree SET height = 7, vitality = 2, geom = ST_SetSRID(ST_MakePoint(9.25, 54.75), 4326) WHERE project_id = $1 AND number = 1`, project)
	must(`UPDATE tree SET height = 7, vitality = 2, geom = CASE WHEN number = 2 THEN ST_SetSRID(ST_MakePoint(9.25, 54.75), 4326) ELSE geom END
		WHERE project_id = $1 AND number > 1`, project)
	one, big := recorded("1"), recorded("2")
	want := `geom:{"type": "Point", "coordinates": [9.5001, 54.5]}>{"type": "Point", "coordinates": [9.25, 54.75]} height:null>7.0 vitality:null>2`
	if one != want {
		t.Errorf("one object's update recorded\n%s\nwant\n%s", one, want)
	}
	if want2 := `geom:{"type": "Point", "coordinates": [9.5002, 54.5]}>{"type": "Point", "coordinates": [9.25, 54.75]} height:null>7.0 vitality:null>2`; big != want2 {
		t.Errorf("a moved object of the big update recorded\n%s\nwant\n%s", big, want2)
	}
	if unmoved := recorded("3"); unmoved != "height:null>7.0 vitality:null>2" {
		t.Errorf("an object the big update did not move recorded %q", unmoved)
	}
	var entries, objects int
	if err := db.Pool.QueryRow(ctx, `SELECT count(*), count(DISTINCT object_id) FROM history WHERE op = 'update' AND project_id = $1`, project).Scan(&entries, &objects); err != nil {
		t.Fatal(err)
	}
	if entries != 2*251+2 || objects != 251 {
		t.Errorf("%d entries for %d objects, want %d for 251", entries, objects, 2*251+2)
	}
	// An import that updates names itself in each entry.
	tx, err := db.Pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback(ctx)
	for _, q := range []string{
		`INSERT INTO tree_import (id, organisation_id, project_id, file_name, format, srid)
			VALUES ('00000000-0000-4000-8000-000000000001', $1, $2, 'kataster.csv', 'csv', 4326)`,
		`SELECT set_config('arbor.import_id', '00000000-0000-4000-8000-000000000001', true) WHERE $1::uuid IS NOT NULL AND $2::uuid IS NOT NULL`,
		`UPDATE tree SET height = 8 WHERE organisation_id = $1 AND project_id = $2`,
	} {
		if _, err := tx.Exec(ctx, q, org, project); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	if err := tx.Commit(ctx); err != nil {
		t.Fatal(err)
	}
	var named int
	if err := db.Pool.QueryRow(ctx, `SELECT count(*) FROM history WHERE field = 'height' AND new_value = '8.0' AND import_id IS NOT NULL AND project_id = $1`, project).Scan(&named); err != nil {
		t.Fatal(err)
	}
	if named != 251 {
		t.Errorf("%d of 251 entries name the import", named)
	}
}
