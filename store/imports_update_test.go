package store_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"arbor"
	"arbor/store"
	"arbor/store/storetest"
)

// updateFixture is a project with a register imported last year: three trees numbered 1–3
// with external ids A1–A3, heights and a street, and one group (number 4, no external id).
type updateFixture struct {
	t       *testing.T
	db      *store.DB
	ctx     context.Context
	sc      store.Content
	who     store.Actor
	project string
}

func newUpdateFixture(t *testing.T, unique bool) *updateFixture {
	t.Helper()
	db := storetest.MustOpenDB(t)
	ctx := context.Background()
	u := newUser(t, db)
	f := &updateFixture{t: t, db: db, ctx: ctx, who: store.Actor{UserID: u.ID, Username: u.Email, Alias: "Importer"}}
	var org string
	db.Pool.QueryRow(ctx, `INSERT INTO organisation (name) VALUES ('Update town') RETURNING id`).Scan(&org)
	db.Pool.QueryRow(ctx, `INSERT INTO project (organisation_id, name, unique_number) VALUES ($1, 'Register', $2) RETURNING id`, org, unique).Scan(&f.project)
	f.sc = store.Content{OrganisationID: org, ProjectID: f.project, Lang: "en"}
	res, err := f.run(store.ImportPlan{FileName: "2025.csv", Format: "csv", SRID: 4326}, []store.ImportRow{
		{Line: 2, Values: values(t, `{"number": 1, "height": 10, "general01": "Hafenstr."}`), ExternalID: "A1", Species: "Tilia cordata", X: fp(9.43), Y: fp(54.78)},
		{Line: 3, Values: values(t, `{"number": 2, "height": 11}`), ExternalID: "A2", X: fp(9.431), Y: fp(54.781)},
		{Line: 4, Values: values(t, `{"number": 3, "height": 12}`), ExternalID: "A3", X: fp(9.432), Y: fp(54.782)},
		{Line: 5, Values: values(t, `{"number": 4}`), WKT: "POLYGON((9.44 54.79, 9.441 54.79, 9.441 54.791, 9.44 54.79))"},
	})
	if err != nil || !res.Written || res.Trees != 3 || res.Groups != 1 {
		t.Fatalf("last year's import: %+v %v", res, err)
	}
	return f
}

func (f *updateFixture) run(plan store.ImportPlan, rows []store.ImportRow) (*store.ImportResult, error) {
	var res *store.ImportResult
	err := f.db.InTx(f.ctx, func(tx *store.Tx) (err error) {
		res, err = tx.Import(f.ctx, f.sc, f.who, plan, rowsOf(rows))
		return err
	})
	return res, err
}

func (f *updateFixture) undo(id string) (*store.UndoneImport, error) {
	var out *store.UndoneImport
	err := f.db.InTx(f.ctx, func(tx *store.Tx) (err error) {
		out, err = tx.UndoImport(f.ctx, f.sc, f.who, id)
		return err
	})
	return out, err
}

// register is the project's objects as one line each: number, external id, height, street,
// species, where (rounded), version.
func (f *updateFixture) register() string {
	f.t.Helper()
	rows, err := f.db.Pool.Query(f.ctx, `SELECT t.number, t.external_id, coalesce(t.height::float8::text, '-'), t.general01,
		coalesce(s.botanical, '-'), round(ST_X(ST_Centroid(t.geom))::numeric, 4), round(ST_Y(ST_Centroid(t.geom))::numeric, 4), t.version
		FROM tree t LEFT JOIN list_entry s ON s.id = t.species_id WHERE t.project_id = $1 ORDER BY t.number, t.external_id`, f.project)
	if err != nil {
		f.t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var n, version int
		var ext, height, street, species, x, y string
		if err := rows.Scan(&n, &ext, &height, &street, &species, &x, &y, &version); err != nil {
			f.t.Fatal(err)
		}
		out = append(out, fmt.Sprintf("%d %s %s %s %s %s %s v%d", n, ext, height, street, species, x, y, version))
	}
	return strings.Join(out, "|")
}

func problemsOf(res *store.ImportResult) string {
	var got []string
	for _, p := range res.Problems {
		got = append(got, fmt.Sprintf("%d %s %s %s", p.Line, p.Field, p.Key, p.Value))
	}
	return strings.Join(got, "|")
}

// TestImportUpdateByExternalID: next year's export of the old system, matched by its ids,
// updates the trees it made last year (only the values the file gives: an empty cell leaves the
// value as it is, and a tree that did not move keeps its place), makes the new ones, leaves the
// unchanged alone; the history names the file; the undo puts the old values back exactly and
// removes the new ones, in one go.
func TestImportUpdateByExternalID(t *testing.T) {
	t.Parallel()
	f := newUpdateFixture(t, true)
	before := f.register()
	if want := "1 A1 10 Hafenstr. Tilia cordata 9.4300 54.7800 v1|2 A2 11  - 9.4310 54.7810 v1|3 A3 12  - 9.4320 54.7820 v1|4  -  - 9.4407 54.7903 v1"; before != want {
		t.Fatalf("fixture\n got %s\nwant %s", before, want)
	}
	file := []store.ImportRow{
		// A1: taller, a new street, the species as it was, the same place.
		{Line: 2, Values: values(t, `{"height": 10.5, "general01": "Hafenstraße"}`), ExternalID: "A1", Species: "Tilia cordata", X: fp(9.43), Y: fp(54.78)},
		// A2: moved a few metres, height cell empty; the number of the file is not the object's.
		{Line: 3, Values: values(t, `{"number": 77}`), ExternalID: "A2", Species: "Acer platanoides", X: fp(9.4311), Y: fp(54.781)},
		// A3: just as it is.
		{Line: 4, Values: values(t, `{"height": 12}`), ExternalID: "A3", X: fp(9.432), Y: fp(54.782)},
		// New: B1 with a number taken (moved on), B2 without one.
		{Line: 5, Values: values(t, `{"number": 3, "height": 4}`), ExternalID: "B1", X: fp(9.45), Y: fp(54.8)},
		{Line: 6, Values: values(t, `{"height": 5}`), ExternalID: "B2", X: fp(9.451), Y: fp(54.801)},
	}
	plan := store.ImportPlan{FileName: "2026.csv", Format: "csv", SRID: 4326, Match: store.MatchExternalID, DryRun: true,
		Columns: []string{"GUID", "Nr", "Hoehe", "lon", "lat"}}
	res, err := f.run(plan, file)
	if err != nil {
		t.Fatal(err)
	}
	if problemsOf(res) != "5 number import.number_taken 3" {
		t.Errorf("problems: %s", problemsOf(res))
	}
	if res.Trees != 2 || res.Groups != 0 || res.Updated != 2 || res.Unchanged != 1 || res.Written {
		t.Errorf("preview %+v", res)
	}
	if f.register() != before {
		t.Fatal("a dry run changed the register")
	}
	plan.DryRun, plan.NextFreeNumbers = false, true
	res, err = f.run(plan, file)
	if err != nil || !res.Written || res.Trees != 2 || res.Updated != 2 || res.Unchanged != 1 || res.Renumbered != 1 {
		t.Fatalf("import %+v %v", res, err)
	}
	after := "1 A1 10.5 Hafenstraße Tilia cordata 9.4300 54.7800 v2|2 A2 11  Acer platanoides 9.4311 54.7810 v2|3 A3 12  - 9.4320 54.7820 v1|4  -  - 9.4407 54.7903 v1|5 B1 4  - 9.4500 54.8000 v1|6 B2 5  - 9.4510 54.8010 v1"
	if got := f.register(); got != after {
		t.Errorf("after the import\n got %s\nwant %s", got, after)
	}
	// The History tab: the changed fields, each naming the file.
	var a1 string
	f.db.Pool.QueryRow(f.ctx, `SELECT id FROM tree WHERE project_id = $1 AND external_id = 'A1'`, f.project).Scan(&a1)
	changes, _, err := f.db.History(f.ctx, f.sc, a1, 10, 0)
	if err != nil {
		t.Fatal(err)
	}
	var hist []string
	for _, c := range changes {
		file := ""
		if c.ImportFile != nil {
			file = *c.ImportFile
		}
		field := ""
		if c.Field != nil {
			field = *c.Field
		}
		hist = append(hist, c.Op+" "+field+" "+file)
	}
	if got := strings.Join(hist, "|"); got != "update height 2026.csv|update general01 2026.csv|insert  2025.csv" &&
		got != "update general01 2026.csv|update height 2026.csv|insert  2025.csv" {
		t.Errorf("history: %s", got)
	}
	list, err := f.db.Imports(f.ctx, f.sc)
	if err != nil || len(list) != 2 || list[0].Updated != 2 || list[0].Trees != 2 || list[0].Match != store.MatchExternalID {
		t.Errorf("imports %+v %v", list, err)
	}
	// Next year's file with these columns is matched as this one was.
	if saved, err := f.db.ImportMapping(f.ctx, f.sc, plan.Columns); err != nil || saved == nil || saved.Match != store.MatchExternalID {
		t.Errorf("saved mapping %+v %v", saved, err)
	}

	// Undo: the old values back exactly, the new objects gone.
	undone, err := f.undo(res.ID)
	if err != nil || undone.Restored != 2 || undone.Removed != 2 {
		t.Fatalf("undo %+v %v", undone, err)
	}
	want := strings.NewReplacer("v1|", "v1|", "10 Hafenstr. Tilia cordata 9.4300 54.7800 v1", "10 Hafenstr. Tilia cordata 9.4300 54.7800 v3",
		"11  - 9.4310 54.7810 v1", "11  - 9.4310 54.7810 v3").Replace(before)
	if got := f.register(); got != want {
		t.Errorf("after the undo\n got %s\nwant %s", got, want)
	}
	var exact bool
	if err := f.db.Pool.QueryRow(f.ctx, `SELECT ST_AsBinary(geom) = ST_AsBinary(ST_SetSRID(ST_MakePoint(9.431, 54.781), 4326)) FROM tree
		WHERE project_id = $1 AND external_id = 'A2'`, f.project).Scan(&exact); err != nil || !exact {
		t.Errorf("the moved tree's place is not back exactly: %v", err)
	}
}

// TestImportUpdateByNumber: rows match by number; a number two objects share (a project without
// unique numbers) and two rows for one object are problems; a point for a group too; a
// row without a place may update (its place stays) but not make a new object.
func TestImportUpdateByNumber(t *testing.T) {
	t.Parallel()
	f := newUpdateFixture(t, false)
	if _, err := f.db.Pool.Exec(f.ctx, `INSERT INTO tree (organisation_id, project_id, geom, number)
		VALUES ($1, $2, ST_SetSRID(ST_MakePoint(9.46, 54.81), 4326), 2)`, f.sc.OrganisationID, f.project); err != nil {
		t.Fatal(err)
	}
	plan := store.ImportPlan{FileName: "update.csv", Format: "csv", SRID: 4326, Match: store.MatchNumber, DryRun: true}
	res, err := f.run(plan, []store.ImportRow{
		{Line: 2, Values: values(t, `{"number": 1, "height": 20}`)},
		{Line: 3, Values: values(t, `{"number": 2, "height": 21}`)},
		{Line: 4, Values: values(t, `{"number": 3, "height": 22}`), X: fp(9.432), Y: fp(54.782)},
		{Line: 5, Values: values(t, `{"number": 3, "height": 23}`), X: fp(9.432), Y: fp(54.782)},
		{Line: 6, Values: values(t, `{"number": 4}`), X: fp(9.44), Y: fp(54.79)},
		{Line: 7, Values: values(t, `{"number": 9, "height": 3}`)},
	})
	if err != nil {
		t.Fatal(err)
	}
	want := "3 number import.match_many 2|5 number import.match_twice 3|6 number import.match_kind 4|7 geom import.no_place "
	if got := problemsOf(res); got != want {
		t.Errorf("problems\n got %s\nwant %s", got, want)
	}
	// Fixed: the rows that update and one that makes a new tree with its own number.
	plan.DryRun = false
	res, err = f.run(plan, []store.ImportRow{
		{Line: 2, Values: values(t, `{"number": 1, "height": 20}`)},
		{Line: 4, Values: values(t, `{"number": 3, "height": 22}`), X: fp(9.4325), Y: fp(54.782)},
		{Line: 7, Values: values(t, `{"number": 9, "height": 3}`), X: fp(9.47), Y: fp(54.82)},
	})
	if err != nil || !res.Written || res.Updated != 2 || res.Trees != 1 || res.Numbered != 0 {
		t.Fatalf("import %+v %v", res, err)
	}
	got := f.register()
	for _, w := range []string{"1 A1 20 Hafenstr. Tilia cordata 9.4300 54.7800 v2", "3 A3 22  - 9.4325 54.7820 v2", "9  3  - 9.4700 54.8200 v1"} {
		if !strings.Contains(got, w) {
			t.Errorf("register lacks %q:\n%s", w, got)
		}
	}
}

// TestImportUndoAfterChange: an object the import updated and someone changed since keeps the
// import from being undone (the later change would be lost silently); so does a later import
// that updated its objects, until that one is undone. Refused undos change nothing.
func TestImportUndoAfterChange(t *testing.T) {
	t.Parallel()
	f := newUpdateFixture(t, true)
	plan := store.ImportPlan{FileName: "2026.csv", Format: "csv", SRID: 4326, Match: store.MatchExternalID}
	first, err := f.run(plan, []store.ImportRow{
		{Line: 2, Values: values(t, `{"height": 15}`), ExternalID: "A1"},
		{Line: 3, Values: values(t, `{"height": 16}`), ExternalID: "A2"},
	})
	if err != nil || first.Updated != 2 {
		t.Fatalf("first %+v %v", first, err)
	}
	plan.FileName = "2027.csv"
	second, err := f.run(plan, []store.ImportRow{{Line: 2, Values: values(t, `{"height": 17}`), ExternalID: "A2"}})
	if err != nil || second.Updated != 1 {
		t.Fatalf("second %+v %v", second, err)
	}
	state := f.register()
	_, err = f.undo(first.ID)
	var ae *arbor.Error
	if arbor.ErrorCode(err) != arbor.ECONFLICT || !errors.As(err, &ae) || ae.Key != "import.undo_later" {
		t.Fatalf("undo under a later import: %v", err)
	}
	if undone, err := f.undo(second.ID); err != nil || undone.Restored != 1 {
		t.Fatalf("undo of the later one: %+v %v", undone, err)
	}
	// Someone edits A1 after the first import: its undo is refused and changes nothing.
	if _, err := f.db.Pool.Exec(f.ctx, `UPDATE tree SET general01 = 'by hand', version = version + 1 WHERE project_id = $1 AND external_id = 'A1'`, f.project); err != nil {
		t.Fatal(err)
	}
	state = f.register()
	_, err = f.undo(first.ID)
	if arbor.ErrorCode(err) != arbor.ECONFLICT || !errors.As(err, &ae) || ae.Key != "import.undo_changed" || ae.Args["numbers"] != "1" {
		t.Fatalf("undo after a change: %v", err)
	}
	if f.register() != state {
		t.Error("a refused undo changed the register")
	}
}
