package store_test

import (
	"encoding/json"
	"reflect"
	"testing"

	"arbor/store"
)

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
