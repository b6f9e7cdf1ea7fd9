package store_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"reflect"
	"strings"
	"testing"

	"arbor"
	"arbor/fields"
	"arbor/store"
	"arbor/store/storetest"
)

func fp(v float64) *float64 { return &v }

// rowsOf feeds rows to an import as a file reader would, one at a time.
func rowsOf(rows []store.ImportRow) func() (*store.ImportRow, error) {
	i := 0
	return func() (*store.ImportRow, error) {
		if i == len(rows) {
			return nil, io.EOF
		}
		i++
		return &rows[i-1], nil
	}
}

func values(t *testing.T, raw string) fields.Values {
	t.Helper()
	var m map[string]json.RawMessage
	if err := json.Unmarshal([]byte(raw), &m); err != nil {
		t.Fatal(err)
	}
	v, err := fields.Parse(m, false)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// TestImport: a register in Gauss-Krüger zone 3 with species by botanical and by common name, a
// group as WKT, a row without a number and one whose number is taken; a dry run reports every
// problem by line and writes nothing; the fixed file is written whole, numbered on, reprojected,
// its unknown species added; and the import is undone as a whole.
func TestImport(t *testing.T) {
	ctx, db := openDB(t)
	u := newUser(t, db)
	who := store.Actor{UserID: u.ID, Username: u.Email, Alias: "Importer"}
	var org, project string
	db.Pool.QueryRow(ctx, `INSERT INTO organisation (name) VALUES ('Import town') RETURNING id`).Scan(&org)
	db.Pool.QueryRow(ctx, `INSERT INTO project (organisation_id, name) VALUES ($1, 'Register') RETURNING id`, org).Scan(&project)
	if _, err := db.Pool.Exec(ctx, `INSERT INTO tree (organisation_id, project_id, geom, number)
		VALUES ($1, $2, ST_SetSRID(ST_MakePoint(9.43, 54.78), 4326), 1)`, org, project); err != nil {
		t.Fatal(err)
	}
	sc := store.Content{OrganisationID: org, ProjectID: project, Lang: "en"}
	file := []store.ImportRow{
		{Line: 2, Values: values(t, `{"number": 10, "height": 12.5, "general01": "Toosbüystr."}`), Species: "Alnus glutinosa, Schwarz-Erle", X: fp(3527505.2), Y: fp(6073645.2)},
		{Line: 3, Values: values(t, `{"number": 1}`), SpeciesCommon: "Winter-Linde", X: fp(3527515.6), Y: fp(6073649.8)},
		{Line: 4, Values: values(t, `{}`), Species: "Fantasia arborea", X: fp(3527520), Y: fp(6073650)},
		{Line: 5, Values: values(t, `{"number": 11, "tree_count": 12}`), WKT: "POLYGON((3527600 6073600, 3527650 6073600, 3527650 6073650, 3527600 6073600))"},
		{Line: 6, Values: values(t, `{"number": 12}`), WKT: "POLYGON((3527600 6073600, 3527650 6073650, 3527650 6073600, 3527600 6073650, 3527600 6073600))"},
		{Line: 7, Values: values(t, `{"number": 13}`), WKT: "POINT(broken"},
		{Line: 8, Values: values(t, `{"number": 14}`)},
		{Line: 9, Values: values(t, `{"number": 10}`), X: fp(3527530), Y: fp(6073660)},
	}
	plan := store.ImportPlan{FileName: "kataster.csv", Format: "csv", SRID: 31467, DryRun: true}
	run := func(plan store.ImportPlan, rows []store.ImportRow) (*store.ImportResult, error) {
		var res *store.ImportResult
		err := db.InTx(ctx, func(tx *store.Tx) (err error) {
			res, err = tx.Import(ctx, sc, who, plan, rowsOf(rows))
			return err
		})
		return res, err
	}
	count := func(q string) int {
		var n int
		if err := db.Pool.QueryRow(ctx, q, project).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}

	res, err := run(plan, file)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range res.Problems {
		got = append(got, fmt.Sprintf("%d %s %s", p.Line, p.Field, p.Key))
	}
	want := "3 number import.number_taken|6 geom import.invalid_area|7 geom import.bad_place|8 geom import.no_place|9 number import.number_taken"
	if strings.Join(got, "|") != want {
		t.Errorf("problems\n got %s\nwant %s", strings.Join(got, "|"), want)
	}
	if len(res.UnknownSpecies) != 1 || res.UnknownSpecies[0].Name != "Fantasia arborea" || res.UnknownSpecies[0].Rows != 1 {
		t.Errorf("unknown species %+v", res.UnknownSpecies)
	}
	if res.Rows != 8 || res.Written || res.Trees != 4 || res.Groups != 2 {
		t.Errorf("dry run %+v", res)
	}
	if n := count(`SELECT count(*) FROM tree WHERE project_id = $1`); n != 1 {
		t.Fatalf("a dry run wrote %d objects", n-1)
	}

	// Not written while problems remain, even when asked to.
	plan.DryRun = false
	if res, err = run(plan, file); err != nil || res.Written {
		t.Fatalf("written with problems: %+v %v", res, err)
	}

	// The rows fixed (7 and 8 left out, 6 valid), taken numbers moved on, unknown species added.
	file[4].WKT = "POLYGON((3527700 6073700, 3527750 6073700, 3527750 6073750, 3527700 6073700))"
	fixed := append(append([]store.ImportRow{}, file[:5]...), file[7])
	plan.NextFreeNumbers, plan.AddSpecies = true, true
	res, err = run(plan, fixed)
	if err != nil {
		t.Fatal(err)
	}
	if !res.Written || res.ID == "" || res.Trees != 4 || res.Groups != 2 || res.Renumbered != 2 || res.Numbered != 1 || res.AddedSpecies != 1 || len(res.Problems) != 0 {
		t.Fatalf("import %+v", res)
	}
	if n := count(`SELECT count(*) FROM tree WHERE project_id = $1 AND import_id IS NOT NULL`); n != 6 {
		t.Errorf("%d imported objects", n)
	}
	// Numbers: 10, 11, 12 as given; the taken 1 and the repeated 10 and the row without one after
	// the highest (12), in the file's order.
	rows, _ := db.Pool.Query(ctx, `SELECT t.number, coalesce(s.botanical, ''), t.single_tree, t.tree_count, t.general01,
		coalesce(t.height, 0)::float8, ST_X(ST_Centroid(t.geom)), ST_Y(ST_Centroid(t.geom))
		FROM tree t LEFT JOIN list_entry s ON s.id = t.species_id
		WHERE t.project_id = $1 AND t.import_id IS NOT NULL ORDER BY t.number`, project)
	var lines []string
	for rows.Next() {
		var n, count int
		var species, street string
		var single bool
		var height, x, y float64
		if err := rows.Scan(&n, &species, &single, &count, &street, &height, &x, &y); err != nil {
			t.Fatal(err)
		}
		if math.Abs(x-9.43) > 0.05 || math.Abs(y-54.78) > 0.05 {
			t.Errorf("number %d is at %f %f, not in Flensburg", n, x, y)
		}
		lines = append(lines, fmt.Sprintf("%d %s %t %d %s %v", n, species, single, count, street, height))
	}
	want = "10 Alnus glutinosa true 1 Toosbüystr. 12.5|11  false 12  0|12  false 1  0|13 Tilia cordata true 1  0|14 Fantasia arborea true 1  0|15  true 1  0"
	if strings.Join(lines, "|") != want {
		t.Errorf("objects\n got %s\nwant %s", strings.Join(lines, "|"), want)
	}
	if n := count(`SELECT count(*) FROM list_entry WHERE organisation_id = (SELECT organisation_id FROM project WHERE id = $1) AND botanical = 'Fantasia arborea'`); n != 1 {
		t.Errorf("species added %d times", n)
	}
	// Stamped by the import's INSERT (trees) or tree_stamp_insert (groups, which need their area)
	// alike: the person, the time, a group's area.
	if n := count(`SELECT count(*) FROM tree WHERE project_id = $1 AND import_id IS NOT NULL
		AND create_alias = 'Importer' AND object_alias = 'Importer' AND create_username <> '' AND object_username = create_username
		AND object_timestamp = create_timestamp AND (area IS NULL) = single_tree`); n != 6 {
		t.Errorf("%d imported objects stamped", n)
	}
	if n := count(`SELECT count(*) FROM history WHERE project_id = $1 AND op = 'insert' AND new_value->>'import_id' IS NOT NULL`); n != 6 {
		t.Errorf("%d objects' history names their import", n)
	}
	var first string
	db.Pool.QueryRow(ctx, `SELECT id FROM tree WHERE import_id = $1 ORDER BY number LIMIT 1`, res.ID).Scan(&first)
	changes, _, err := db.History(ctx, sc, first, 10, 0)
	if err != nil || len(changes) != 1 || changes[0].ImportFile == nil || *changes[0].ImportFile != "kataster.csv" {
		t.Errorf("history of an imported tree: %+v %v", changes, err)
	}
	list, err := db.Imports(ctx, sc)
	if err != nil || len(list) != 1 || list[0].Trees != 4 || list[0].Groups != 2 || list[0].FileName != "kataster.csv" || list[0].UndoneAt != nil {
		t.Fatalf("imports %+v %v", list, err)
	}

	// Undone as a whole; not twice; an import whose objects were worked on since stays.
	var undone *store.UndoneImport
	if err := db.InTx(ctx, func(tx *store.Tx) (err error) {
		undone, err = tx.UndoImport(ctx, sc, who, res.ID)
		return err
	}); err != nil || undone.Removed != 6 || undone.Restored != 0 {
		t.Fatalf("undo: %+v %v", undone, err)
	}
	if n := count(`SELECT count(*) FROM tree WHERE project_id = $1`); n != 1 {
		t.Errorf("%d objects after the undo", n)
	}
	err = db.InTx(ctx, func(tx *store.Tx) error { _, err := tx.UndoImport(ctx, sc, who, res.ID); return err })
	if arbor.ErrorCode(err) != arbor.ECONFLICT {
		t.Errorf("second undo: %v", err)
	}
	res, err = run(plan, fixed[:1])
	if err != nil || !res.Written {
		t.Fatalf("again: %+v %v", res, err)
	}
	if _, err := db.Pool.Exec(ctx, `INSERT INTO tree_check (organisation_id, project_id, tree_id)
		SELECT organisation_id, project_id, id FROM tree WHERE import_id = $1`, res.ID); err != nil {
		t.Fatal(err)
	}
	err = db.InTx(ctx, func(tx *store.Tx) error { _, err := tx.UndoImport(ctx, sc, who, res.ID); return err })
	if arbor.ErrorCode(err) != arbor.ECONFLICT {
		t.Errorf("undo of inspected objects: %v", err)
	}
}

// TestImportChecks: a project's required fields are asked of every row, an unknown reference
// system is refused, and a file without rows too.
func TestImportChecks(t *testing.T) {
	ctx, db := openDB(t)
	var org, project string
	db.Pool.QueryRow(ctx, `INSERT INTO organisation (name) VALUES ('Strict town') RETURNING id`).Scan(&org)
	db.Pool.QueryRow(ctx, `INSERT INTO project (organisation_id, name, required_fields) VALUES ($1, 'Strict', '{height}') RETURNING id`, org).Scan(&project)
	sc := store.Content{OrganisationID: org, ProjectID: project, Lang: "en"}
	run := func(plan store.ImportPlan, rows []store.ImportRow) (*store.ImportResult, error) {
		var res *store.ImportResult
		err := db.InTx(ctx, func(tx *store.Tx) (err error) {
			res, err = tx.Import(ctx, sc, store.Actor{}, plan, rowsOf(rows))
			return err
		})
		return res, err
	}
	rows := []store.ImportRow{
		{Line: 2, Values: values(t, `{"height": 3}`), X: fp(9.43), Y: fp(54.78)},
		{Line: 3, Values: values(t, `{}`), X: fp(9.44), Y: fp(54.78)},
	}
	res, err := run(store.ImportPlan{SRID: 4326, FileName: "a.csv", Format: "csv"}, rows)
	if err != nil || res.Written || len(res.Problems) != 1 || res.Problems[0].Line != 3 || res.Problems[0].Field != "height" {
		t.Errorf("required: %+v %v", res, err)
	}
	if _, err := run(store.ImportPlan{SRID: 999999, FileName: "a.csv"}, rows); arbor.ErrorCode(err) != arbor.EINVALID {
		t.Errorf("unknown srid: %v", err)
	}
	if _, err := run(store.ImportPlan{SRID: 4326, FileName: "a.csv"}, nil); arbor.ErrorCode(err) != arbor.EINVALID {
		t.Errorf("no rows: %v", err)
	}
}

// TestImportValuesOfEveryKind: an imported object holds each kind of field as given (text,
// texts, enumeration, decimal, whole number, custom text) and, where its row gives none, the
// field's empty value: an empty text, no symptoms, one tree, no species count, else nothing.
func TestImportValuesOfEveryKind(t *testing.T) {
	t.Parallel()
	db := storetest.MustOpenDB(t)
	ctx := context.Background()
	u := newUser(t, db)
	who := store.Actor{UserID: u.ID, Username: u.Email, Alias: "Importer"}
	org, project := newOrgProject(t, db, "Kinds town", "Every field")
	sc := store.Content{OrganisationID: org, ProjectID: project, Lang: "en"}
	file := []store.ImportRow{
		{Line: 2, Values: values(t, `{"number": 1, "number_text": "1a", "top_form": "Kopfbaum", "vitality": 2, "symptoms": ["Totholz", "Risse"],
			"height": 12.5, "diameter": 40, "planting_year": 1931, "general03": "=1+1"}`), X: fp(9.43), Y: fp(54.78)},
		{Line: 3, Values: values(t, `{"number": 2}`), X: fp(9.431), Y: fp(54.781)},
		{Line: 4, Values: values(t, `{"number": 3, "tree_count": 7, "species_count": 2}`),
			WKT: "POLYGON((9.44 54.78, 9.441 54.78, 9.441 54.781, 9.44 54.78))"},
	}
	var res *store.ImportResult
	if err := db.InTx(ctx, func(tx *store.Tx) (err error) {
		res, err = tx.Import(ctx, sc, who, store.ImportPlan{FileName: "kinds.csv", Format: "csv", SRID: 4326}, rowsOf(file))
		return err
	}); err != nil || !res.Written {
		t.Fatalf("import: %+v %v", res, err)
	}
	want := map[int]string{
		1: `1a|Kopfbaum|2|{Totholz,Risse}|12.5|40.0|1931|=1+1|1|0`,
		2: `|||{}|||||1|0`,
		3: `|||{}|||||7|2`,
	}
	rows, err := db.Pool.Query(ctx, `SELECT number, concat_ws('|', number_text, top_form, coalesce(vitality::text, ''), symptoms::text,
		coalesce(height::text, ''), coalesce(diameter::text, ''), coalesce(planting_year::text, ''), general03, tree_count, species_count)
		FROM tree WHERE project_id = $1`, project)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	seen := 0
	for rows.Next() {
		var n int
		var got string
		if err := rows.Scan(&n, &got); err != nil {
			t.Fatal(err)
		}
		if seen++; got != want[n] {
			t.Errorf("tree %d holds %s, want %s", n, got, want[n])
		}
	}
	if seen != len(want) {
		t.Errorf("%d objects, want %d", seen, len(want))
	}
}

// TestImportSpeciesChoices: names no list knows come with the closest species of the lists (a
// misspelt botanical name, a German common name misspelt); the person maps one to a
// species, imports another without one, and the import writes only when every name is decided;
// another organisation's species cannot be chosen. The import keeps its columns, and the next
// file with the same columns is given its mapping.
func TestImportSpeciesChoices(t *testing.T) {
	ctx, db := openDB(t)
	u := newUser(t, db)
	who := store.Actor{UserID: u.ID, Username: u.Email, Alias: "Importer"}
	var org, other, project, foreign string
	db.Pool.QueryRow(ctx, `INSERT INTO organisation (name) VALUES ('Species town') RETURNING id`).Scan(&org)
	db.Pool.QueryRow(ctx, `INSERT INTO organisation (name) VALUES ('Elsewhere') RETURNING id`).Scan(&other)
	db.Pool.QueryRow(ctx, `INSERT INTO project (organisation_id, name) VALUES ($1, 'Register') RETURNING id`, org).Scan(&project)
	db.Pool.QueryRow(ctx, `INSERT INTO list_entry (organisation_id, list, botanical, name_en, name_de, name_fr)
		VALUES ($1, 'species', 'Fantasia foreign', 'Fantasia foreign', 'Fantasia foreign', 'Fantasia foreign') RETURNING id`, other).Scan(&foreign)
	sc := store.Content{OrganisationID: org, ProjectID: project, Lang: "en"}
	file := []store.ImportRow{
		{Line: 2, Values: values(t, `{"number": 1}`), Species: "Acer platanoids", X: fp(9.43), Y: fp(54.78)},
		{Line: 3, Values: values(t, `{"number": 2}`), Species: "Acer platanoids", X: fp(9.431), Y: fp(54.78)},
		{Line: 4, Values: values(t, `{"number": 3}`), SpeciesCommon: "Spitzahorm", X: fp(9.432), Y: fp(54.78)},
		{Line: 5, Values: values(t, `{"number": 4}`), Species: "unbekannt", X: fp(9.433), Y: fp(54.78)},
	}
	run := func(plan store.ImportPlan) *store.ImportResult {
		t.Helper()
		var res *store.ImportResult
		err := db.InTx(ctx, func(tx *store.Tx) (err error) {
			res, err = tx.Import(ctx, sc, who, plan, rowsOf(file))
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	columns := []string{"Nr", "Art", "Rechtswert", "Hochwert"}
	plan := store.ImportPlan{FileName: "kataster.csv", Format: "csv", SRID: 4326, DryRun: true,
		Columns: columns, Mapping: []byte(`[{"target":"number"},{"target":"species"},{"target":"x"},{"target":"y"}]`)}
	res := run(plan)
	unknown := map[string]store.ImportSpecies{}
	for _, s := range res.UnknownSpecies {
		unknown[s.Name] = s
	}
	maple := unknown["Acer platanoids"]
	if len(unknown) != 3 || maple.Rows != 2 || len(maple.Suggestions) == 0 || maple.Suggestions[0].Botanical != "Acer platanoides" {
		t.Fatalf("unknown species %+v", res.UnknownSpecies)
	}
	found := false
	for _, s := range unknown["Spitzahorm"].Suggestions {
		found = found || s.Botanical == "Acer platanoides"
	}
	if !found {
		t.Errorf("Spitzahorm suggests %+v", unknown["Spitzahorm"].Suggestions)
	}
	for _, s := range unknown["unbekannt"].Suggestions {
		if s.Botanical == "Fantasia foreign" {
			t.Errorf("another organisation's species suggested")
		}
	}

	// Two names decided, one left: still unknown, nothing written.
	plan.DryRun = false
	plan.SpeciesMap = map[string]string{"Acer platanoids": maple.Suggestions[0].ID, "unbekannt": store.SpeciesNone}
	if res := run(plan); res.Written || len(res.UnknownSpecies) != 1 || res.UnknownSpecies[0].Name != "Spitzahorm" {
		t.Fatalf("partly decided %+v", res)
	}
	// Another organisation's species is no choice: the name stays unknown.
	plan.SpeciesMap["Spitzahorm"] = foreign
	if res := run(plan); res.Written || len(res.UnknownSpecies) != 1 {
		t.Fatalf("foreign species taken %+v", res)
	}
	plan.SpeciesMap["Spitzahorm"] = maple.Suggestions[0].ID
	if res := run(plan); !res.Written || res.Trees != 4 {
		t.Fatalf("import %+v", res)
	}
	var mapped, none int
	db.Pool.QueryRow(ctx, `SELECT count(*) FILTER (WHERE e.botanical = 'Acer platanoides'), count(*) FILTER (WHERE t.species_id IS NULL)
		FROM tree t LEFT JOIN list_entry e ON e.id = t.species_id WHERE t.project_id = $1`, project).Scan(&mapped, &none)
	if mapped != 3 || none != 1 {
		t.Errorf("%d maples and %d without species, want 3 and 1", mapped, none)
	}

	// Next year's file with the same columns is read the same way; other columns are not.
	saved, err := db.ImportMapping(ctx, sc, columns)
	if err != nil || saved == nil || saved.FileName != "kataster.csv" || saved.SRID != 4326 || !sameJSON(saved.Mapping, plan.Mapping) {
		t.Fatalf("saved mapping %+v %v", saved, err)
	}
	if saved, err := db.ImportMapping(ctx, sc, []string{"Nr", "Art"}); err != nil || saved != nil {
		t.Errorf("mapping for other columns %+v %v", saved, err)
	}
	if saved, err := db.ImportMapping(ctx, store.Content{OrganisationID: other, ProjectID: project}, columns); err != nil || saved != nil {
		t.Errorf("another organisation sees the mapping %+v %v", saved, err)
	}
}

func sameJSON(a, b []byte) bool {
	var x, y any
	return json.Unmarshal(a, &x) == nil && json.Unmarshal(b, &y) == nil && reflect.DeepEqual(x, y)
}
