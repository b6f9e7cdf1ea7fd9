package export_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"arbor"
	"arbor/export"
	"arbor/export/exporttest"
	"arbor/store"
)

// pdfText reads a PDF back as text with pdftotext (poppler), as a person's viewer would show it.
func pdfText(t *testing.T, pdf []byte) string {
	t.Helper()
	if dst := os.Getenv("ARBOR_PDF_OUT"); dst != "" {
		_ = os.WriteFile(filepath.Join(dst, strings.ReplaceAll(t.Name(), "/", "-")+".pdf"), pdf, 0o644)
	}
	return exporttest.PDFText(t, pdf, "-layout")
}

// pdfFixture adds inspections, works and neighbours to the tender fixture's trees.
func pdfFixture(t *testing.T, db *store.DB) gaebFixture {
	f := newGAEBFixture(t, db)
	ctx := context.Background()
	for _, q := range []string{
		`UPDATE tree SET height = 18.5, diameter = 64, planting_year = 1962, vitality = 1, development = 2,
			general02 = 'Łódź · Ørsted · Żabka · Москва' WHERE id = $1`,
		`INSERT INTO tree_check (organisation_id, project_id, tree_id, timestamp, username, alias, vitality, symptoms, comment, check_next)
			SELECT organisation_id, project_id, id, '2024-05-02 10:00+02', 'ines@example.org', 'Ines Prüfer', 0, '{}', 'Ohne Befund', DATE '2025-05-02' FROM tree WHERE id = $1`,
		`INSERT INTO tree_check (organisation_id, project_id, tree_id, timestamp, username, alias, vitality, symptoms, comment, check_next)
			SELECT organisation_id, project_id, id, '2025-06-11 09:30+02', 'ines@example.org', 'Ines Prüfer', 1, '{Totholz,Stammriss}', 'Totholz über Gehweg', DATE '2026-06-11' FROM tree WHERE id = $1`,
	} {
		if _, err := db.Pool.Exec(ctx, q, f.a); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := db.Pool.Exec(ctx, `UPDATE project SET custom_fields = custom_fields || '{"general02": {"alias": "Bezirk", "active": true, "type": "text"}}' WHERE id = $1`, f.sc.ProjectID); err != nil {
		t.Fatal(err)
	}
	return f
}

// TestTreeRecordPDF: one tree's record names every part with the labels of the person's
// language, the custom fields by their names, the inspections, the works, the live record's
// address, and characters beyond Latin-1; an object outside the scope is not found.
func TestTreeRecordPDF(t *testing.T) {
	ctx, db := openDB(t)
	f := pdfFixture(t, db)
	berlin, _ := time.LoadLocation("Europe/Berlin")
	o := export.PDFOptions{BaseURL: "https://arbor.example", Lang: "de", Now: time.Date(2026, 11, 25, 9, 0, 0, 0, time.UTC), Location: berlin}
	var buf bytes.Buffer
	if err := export.TreeRecordPDF(ctx, db, f.sc, f.a, o, &buf); err != nil {
		t.Fatal(err)
	}
	text := pdfText(t, buf.Bytes())
	flat := strings.Join(strings.Fields(text), " ")
	for _, want := range []string{
		"Baumdatenblatt 12", "Tilia cordata – Winter-Linde", "Stadt Flensburg · Straßenbäume",
		"https://arbor.example/projects/" + f.sc.ProjectID + "/map?tree=" + f.a,
		"Baumdaten", "Höhe (m) 18,5", "Pflanzjahr 1962", "Straße Holm", "Bezirk Łódź · Ørsted · Żabka · Москва",
		"Vitalität 1 – ", "Verkehrssicherheit", "Letzte Kontrolle", "11.06.2025 09:30", "Ines Prüfer", "Totholz über Gehweg",
		"Kontrollhistorie", "02.05.2024 10:00", "Offene Maßnahmen", "Kronenpflege", "01.12.2026", "Erledigte Maßnahmen",
		"Keine erledigten Maßnahmen.", "Lage", "erstellt am 25.11.2026 10:00", "Seite 1 von",
	} {
		if !strings.Contains(flat, want) {
			t.Errorf("the record lacks %q:\n%s", want, text)
		}
	}
	if strings.Contains(flat, "{nb}") {
		t.Error("page count not filled in")
	}

	// Another organisation's view of the same id: not found, nothing written.
	buf.Reset()
	other := store.Content{OrganisationID: f.otherOrg, ProjectID: f.otherPrj, Lang: "en"}
	if err := export.TreeRecordPDF(ctx, db, other, f.a, o, &buf); arbor.ErrorCode(err) != arbor.ENOTFOUND || buf.Len() != 0 {
		t.Fatalf("another project's tree: %v, %d bytes", err, buf.Len())
	}
	// An access limit that leaves the tree out: not found either.
	limited := f.sc
	limited.Limit = &store.Filter{State: "all", IDs: []string{f.b}}
	if err := export.TreeRecordPDF(ctx, db, limited, f.a, o, &buf); arbor.ErrorCode(err) != arbor.ENOTFOUND {
		t.Fatalf("outside the limit: %v", err)
	}
}

// TestTreeListPDF: a list of objects is a table, then one record page each, in English; none
// and more than 100 are refused with their own messages.
func TestTreeListPDF(t *testing.T) {
	ctx, db := openDB(t)
	f := pdfFixture(t, db)
	f.sc.Lang = "en"
	o := export.PDFOptions{BaseURL: "http://localhost:8080", Lang: "en", Now: time.Now(), Location: time.UTC}
	var buf bytes.Buffer
	if err := export.TreeListRecordsPDF(ctx, db, f.sc, []string{f.g, f.a, f.c, f.a}, o, &buf); err != nil {
		t.Fatal(err)
	}
	text := pdfText(t, buf.Bytes())
	pages := strings.Split(text, "\f")
	if len(pages) < 4 {
		t.Fatalf("%d pages, want a table and three records", len(pages))
	}
	if !strings.Contains(pages[0], "Tree list") || !strings.Contains(pages[0], "3 objects") {
		t.Fatalf("first page:\n%s", pages[0])
	}
	order := []int{strings.Index(text, "Tree record 12"), strings.Index(text, "Tree record 14"), strings.Index(text, "Tree group record 20")}
	if order[0] < 0 || order[1] < order[0] || order[2] < order[1] {
		t.Fatalf("records out of order %v:\n%s", order, text)
	}
	for _, want := range []string{"Number of trees", "Page 1 of", "Open works", "Felling"} {
		if !strings.Contains(text, want) {
			t.Errorf("the list lacks %q", want)
		}
	}

	many := make([]string, 101)
	for i := range many {
		many[i] = fmt.Sprintf("00000000-0000-0000-0000-%012d", i)
	}
	for name, c := range map[string]struct {
		ids []string
		key string
	}{"none": {nil, "export.pdf_none"}, "101": {many, "export.pdf_too_many"}} {
		buf.Reset()
		err := export.TreeListRecordsPDF(ctx, db, f.sc, c.ids, o, &buf)
		var e *arbor.Error
		if !asError(err, &e) || e.Key != c.key || buf.Len() != 0 {
			t.Errorf("%s: %v", name, err)
		}
	}
}

func asError(err error, target **arbor.Error) bool {
	e, ok := err.(*arbor.Error)
	*target = e
	return ok
}
