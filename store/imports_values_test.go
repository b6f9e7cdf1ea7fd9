package store_test

import (
	"context"
	"testing"

	"arbor/store"
	"arbor/store/storetest"
)

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
