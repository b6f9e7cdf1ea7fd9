package main

import (
	"os"
	"path/filepath"
	"testing"
)

// TestImportCommand brings the real Flensburg register in from the command line: its dBase
// headings and Gauss-Krüger coordinates read, its tags (" 20", "B 30") kept as tags with numbers
// given on, every species matched or added; a dry run writes nothing, a bad file is refused.
func TestImportCommand(t *testing.T) {
	ctx, db := commandDB(t)
	var org, project string
	if err := db.Pool.QueryRow(ctx, `INSERT INTO organisation (name) VALUES ('Flensburg') RETURNING id`).Scan(&org); err != nil {
		t.Fatal(err)
	}
	if err := db.Pool.QueryRow(ctx, `INSERT INTO project (organisation_id, name, custom_fields) VALUES ($1, 'Kataster',
		'{"general01": {"alias": "Straße", "active": true, "type": "text"}, "general02": {"alias": "Gebiet", "active": true, "type": "text"}}')
		RETURNING id`, org).Scan(&project); err != nil {
		t.Fatal(err)
	}
	register, err := filepath.Abs("../../seed/demodata/flensburg-baumkataster-2023.csv")
	if err != nil {
		t.Fatal(err)
	}
	mapping := filepath.Join(t.TempDir(), "mapping.json")
	os.WriteFile(mapping, []byte(`[{"target": "number_text"}, {"target": "y"}, {"target": "x"}, {"target": "species"},
		{"target": "general02"}, {"target": "general01"}]`), 0o600)
	count := func() int {
		var n int
		if err := db.Pool.QueryRow(ctx, `SELECT count(*) FROM tree WHERE project_id = $1`, project).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}

	if code := run([]string{"import", "-project", project, "-file", register, "-mapping", mapping, "-dry-run"}); code != 0 {
		t.Fatalf("dry run = %d", code)
	}
	if n := count(); n != 0 {
		t.Fatalf("a dry run wrote %d objects", n)
	}
	if code := run([]string{"import", "-project", project, "-file", register, "-mapping", mapping, "-add-species"}); code != 0 {
		t.Fatalf("import = %d", code)
	}
	var n, tagged, streets, species, inFlensburg int
	if err := db.Pool.QueryRow(ctx, `SELECT count(*), count(*) FILTER (WHERE number_text <> ''),
		count(*) FILTER (WHERE general01 <> ''), count(*) FILTER (WHERE species_id IS NOT NULL),
		count(*) FILTER (WHERE ST_Intersects(geom, ST_MakeEnvelope(9.3, 54.7, 9.6, 54.9, 4326)))
		FROM tree WHERE project_id = $1 AND import_id IS NOT NULL`, project).Scan(&n, &tagged, &streets, &species, &inFlensburg); err != nil {
		t.Fatal(err)
	}
	if n < 18000 || tagged != n || streets < n*9/10 || species < n*9/10 || inFlensburg != n {
		t.Errorf("imported %d: %d tagged, %d with a street, %d with a species, %d in Flensburg", n, tagged, streets, species, inFlensburg)
	}

	// Another file than a register, and a project that does not exist.
	notes := filepath.Join(t.TempDir(), "notes.png")
	os.WriteFile(notes, []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\x00"), 0o600)
	if code := run([]string{"import", "-project", project, "-file", notes}); code != 1 {
		t.Errorf("a picture = %d, want 1", code)
	}
	if code := run([]string{"import", "-project", "00000000-0000-0000-0000-000000000001", "-file", register}); code != 2 {
		t.Errorf("no such project = %d, want 2", code)
	}
	if code := run([]string{"import", "-file", register}); code != 2 {
		t.Errorf("no project = %d, want 2", code)
	}
	// -match names a column the file has, or number (which needs a number column: refused).
	if code := run([]string{"import", "-project", project, "-file", register, "-mapping", mapping, "-match", "external_id:Keine Spalte"}); code != 2 {
		t.Errorf("-match of a column the file lacks = %d, want 2", code)
	}
	if code := run([]string{"import", "-project", project, "-file", register, "-mapping", mapping, "-match", "name"}); code != 2 {
		t.Errorf("-match name = %d, want 2", code)
	}
	if code := run([]string{"import", "-project", project, "-file", register, "-mapping", mapping, "-match", "number"}); code != 1 {
		t.Errorf("-match number without a number column = %d, want 1", code)
	}
	if count() != n {
		t.Errorf("refused imports changed the project")
	}
}
