package export_test

import (
	"bytes"
	"context"
	"os"
	"strings"
	"testing"

	"arbor"
	"arbor/export"
	"arbor/store"
	"arbor/store/storetest"

	"github.com/xuri/excelize/v2"
)

func TestMain(m *testing.M) { os.Exit(storetest.Run(m)) }

// openDB gives a test its own database and the context its calls run in.
func openDB(t *testing.T) (context.Context, *store.DB) {
	t.Helper()
	return context.Background(), storetest.MustOpenDB(t)
}

// TestTrees: the view's objects become the rows of the workbook, in the view's order, without
// HTTP; an empty view is refused and writes nothing.
func TestTrees(t *testing.T) {
	ctx, db := openDB(t)
	var org, project string
	if err := db.Pool.QueryRow(ctx, `INSERT INTO organisation (name) VALUES ('Export') RETURNING id`).Scan(&org); err != nil {
		t.Fatal(err)
	}
	if err := db.Pool.QueryRow(ctx, `INSERT INTO project (organisation_id, name) VALUES ($1, 'Allee') RETURNING id`, org).Scan(&project); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Pool.Exec(ctx, `INSERT INTO tree (organisation_id, project_id, geom, number)
		SELECT $1, $2, ST_SetSRID(ST_MakePoint(9.43 + n * 0.0001, 54.78), 4326), n FROM generate_series(1, 3) n`, org, project); err != nil {
		t.Fatal(err)
	}
	sc := store.Content{OrganisationID: org, ProjectID: project, Lang: "en"}
	req := export.TreeRequest{Sort: []string{"-number"}, Sheet: "Trees", Columns: []export.Column{{ID: "number", Label: "No."}}}
	var buf bytes.Buffer
	if _, err := export.Trees(ctx, db, sc, req, export.ListOptions{Lang: "en"}, &buf); err != nil {
		t.Fatal(err)
	}
	f, err := excelize.OpenReader(&buf)
	if err != nil {
		t.Fatal(err)
	}
	rows, err := f.GetRows("Trees")
	if err != nil || len(rows) != 4 || rows[0][0] != "No." || rows[1][0] != "3" || rows[3][0] != "1" {
		t.Fatalf("rows %q, %v", rows, err)
	}

	buf.Reset()
	req.Filter = store.Filter{State: "archived"}
	if _, err := export.Trees(ctx, db, sc, req, export.ListOptions{Lang: "en"}, &buf); arbor.ErrorCode(err) != arbor.EINVALID || buf.Len() != 0 {
		t.Fatalf("an empty view: %v, %d bytes written", err, buf.Len())
	}
}

// TestAllTreesEveryField: the whole project, past the view's 10,000 limit, with every field:
// headings and value names in the person's language, custom fields by their names, numbers as
// numbers, dates as dates, text that looks like a formula as text, a frozen filtering heading and
// a link to each live record.
func TestAllTreesEveryField(t *testing.T) {
	ctx, db := openDB(t)
	f := pdfFixture(t, db)
	if _, err := db.Pool.Exec(ctx, `UPDATE tree SET general01 = '=1+1', check_next = DATE '2027-03-04' WHERE id = $1`, f.b); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Pool.Exec(ctx, `INSERT INTO tree (organisation_id, project_id, geom, number)
		SELECT $1, $2, ST_SetSRID(ST_MakePoint(9.5 + n * 0.00001, 54.7), 4326), 1000 + n FROM generate_series(1, $3::int) n`,
		f.sc.OrganisationID, f.sc.ProjectID, export.TreeLimit); err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	n, err := export.AllTrees(ctx, db, f.sc, store.Filter{}, "Bäume", export.ListOptions{Lang: "de", BaseURL: "https://arbor.example", Project: f.sc.ProjectID}, &buf)
	if err != nil {
		t.Fatal(err)
	}
	if n != export.TreeLimit+4 {
		t.Fatalf("%d objects, want %d", n, export.TreeLimit+4)
	}
	x, err := excelize.OpenReader(&buf)
	if err != nil {
		t.Fatal(err)
	}
	rows, err := x.GetRows("Bäume")
	if err != nil || len(rows) != n+1 {
		t.Fatalf("%d rows, %v", len(rows), err)
	}
	col := map[string]int{}
	for i, h := range rows[0] {
		col[h] = i
	}
	for _, h := range []string{"Nummer", "Baumart", "Vitalität", "Höhe (m)", "Straße", "Bezirk", "Nächste Kontrolle", "Länge (WGS 84)", "Aktueller Datensatz"} {
		if _, ok := col[h]; !ok {
			t.Fatalf("no column %q in %q", h, rows[0])
		}
	}
	cell := func(row int, head string) string {
		name, _ := excelize.CoordinatesToCellName(col[head]+1, row)
		return name
	}
	// Row 2 is tree 12 (by number), row 3 tree 13.
	if v, _ := x.GetCellValue("Bäume", cell(2, "Vitalität")); v != "Leicht geschwächt" {
		t.Errorf("vitality %q", v)
	}
	if typ, _ := x.GetCellType("Bäume", cell(2, "Höhe (m)")); typ != excelize.CellTypeUnset && typ != excelize.CellTypeNumber {
		t.Errorf("height is of type %v", typ)
	}
	if v, _ := x.GetCellValue("Bäume", cell(2, "Höhe (m)")); v != "18.5" {
		t.Errorf("height %q", v)
	}
	if v, _ := x.GetCellValue("Bäume", cell(3, "Nächste Kontrolle")); v != "04.03.2027" {
		t.Errorf("a date reads %q", v)
	}
	if v, _ := x.GetCellValue("Bäume", cell(3, "Nächste Kontrolle"), excelize.Options{RawCellValue: true}); v != "46450" {
		t.Errorf("a date is stored as %q, not as a day number", v)
	}
	formula, _ := x.GetCellFormula("Bäume", cell(3, "Straße"))
	typ, _ := x.GetCellType("Bäume", cell(3, "Straße"))
	if v, _ := x.GetCellValue("Bäume", cell(3, "Straße")); v != "=1+1" || formula != "" || (typ != excelize.CellTypeSharedString && typ != excelize.CellTypeInlineString) {
		t.Errorf("text like a formula: %q, formula %q, type %v", v, formula, typ)
	}
	if v, _ := x.GetCellValue("Bäume", cell(2, "Bezirk")); v != "Łódź · Ørsted · Żabka · Москва" {
		t.Errorf("custom field %q", v)
	}
	link, _ := x.GetCellFormula("Bäume", cell(2, "Aktueller Datensatz"))
	if !strings.Contains(link, "https://arbor.example/projects/"+f.sc.ProjectID+"/map?tree="+f.a) {
		t.Errorf("link %q", link)
	}
	panes, err := x.GetPanes("Bäume")
	if err != nil || !panes.Freeze || panes.YSplit != 1 {
		t.Errorf("heading not frozen: %+v %v", panes, err)
	}
	if tables, err := x.GetTables("Bäume"); err != nil || len(tables) != 1 || !strings.HasPrefix(tables[0].Range, "A1:") {
		t.Errorf("no filtering table over the rows: %+v %v", tables, err)
	}
}
