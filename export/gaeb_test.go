package export_test

import (
	"bytes"
	"context"
	"encoding/xml"
	"strings"
	"testing"
	"time"

	"arbor"
	"arbor/export"
	"arbor/export/exporttest"
	"arbor/store"
)

// gaebFixture is a project with custom field names, three trees (one outside the view) and a
// group, with open and completed works, and a job.
type gaebFixture struct {
	sc                 store.Content
	a, b, c, g, job    string
	otherOrg, otherPrj string
}

func newGAEBFixture(t *testing.T, db *store.DB) gaebFixture {
	t.Helper()
	ctx := context.Background()
	var f gaebFixture
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	var org, project string
	must(db.Pool.QueryRow(ctx, `INSERT INTO organisation (name) VALUES ('Stadt Flensburg') RETURNING id`).Scan(&org))
	must(db.Pool.QueryRow(ctx, `INSERT INTO project (organisation_id, name, custom_fields) VALUES ($1, 'Straßenbäume',
		'{"general01": {"alias": "Straße", "active": true, "type": "text"}}') RETURNING id`, org).Scan(&project))
	tree := func(number int, single bool, geom, street string) string {
		var id string
		must(db.Pool.QueryRow(ctx, `INSERT INTO tree (organisation_id, project_id, geom, number, single_tree, general01, tree_count, species_id)
			VALUES ($1, $2, ST_GeomFromText($3, 4326), $4, $5, $6, CASE WHEN $5 THEN 1 ELSE 7 END,
			        (SELECT id FROM list_entry WHERE list = 'species' AND botanical = 'Tilia cordata' AND organisation_id IS NULL))
			RETURNING id`, org, project, geom, number, single, street).Scan(&id))
		return id
	}
	f.a = tree(12, true, "POINT(9.43 54.78)", "Holm")
	f.b = tree(13, true, "POINT(9.4301 54.78)", "Holm")
	f.c = tree(14, true, "POINT(9.4302 54.78)", "Norderstraße")
	f.g = tree(20, false, "POLYGON((9.44 54.79, 9.441 54.79, 9.441 54.791, 9.44 54.791, 9.44 54.79))", "Stadtpark")
	work := func(tree, key, comment string, done bool) string {
		var id string
		must(db.Pool.QueryRow(ctx, `INSERT INTO tree_action (organisation_id, project_id, tree_id, work_id, action, category, deadline, comment, execute_timestamp, tree_count)
			SELECT $1, $2, $3, w.id, w.name_en, w.category, DATE '2026-12-01', $5, CASE WHEN $6 THEN now() END, 1
			FROM list_entry w WHERE w.key = $4 RETURNING id`, org, project, tree, "work."+key, comment, done).Scan(&id))
		return id
	}
	work(f.a, "crown_maintenance", `=HYPERLINK("x") & <b>`, false)
	work(f.b, "crown_maintenance", "", false)
	work(f.b, "deadwood_removal", "", true) // completed: not tendered
	work(f.c, "felling", "", false)
	work(f.g, "crown_maintenance", "", false)
	must(db.Pool.QueryRow(ctx, `INSERT INTO job (organisation_id, project_id, name) VALUES ($1, $2, 'Pflege Holm 2026') RETURNING id`, org, project).Scan(&f.job))
	_, err := db.Pool.Exec(ctx, `INSERT INTO job_item (organisation_id, job_id, tree_id) VALUES ($1, $2, $3), ($1, $2, $4)`, org, f.job, f.a, f.b)
	must(err)
	f.sc = store.Content{OrganisationID: org, ProjectID: project, Lang: "de"}
	must(db.Pool.QueryRow(ctx, `INSERT INTO organisation (name) VALUES ('Other') RETURNING id`).Scan(&f.otherOrg))
	must(db.Pool.QueryRow(ctx, `INSERT INTO project (organisation_id, name) VALUES ($1, 'Other') RETURNING id`, f.otherOrg).Scan(&f.otherPrj))
	return f
}

// validateGAEB runs xmllint with the official X83 schema kept in the repository.
func validateGAEB(t *testing.T, doc []byte) {
	t.Helper()
	if out, err := exporttest.Run(t, doc, "tender.x83", "xmllint", "--noout", "--schema", "gaeb/schema/GAEB_DA_XML_83_3.3_2021-05.xsd"); err != nil {
		t.Fatalf("xmllint: %v\n%s\n%s", err, out, doc)
	}
}

type readItem struct {
	RNoPart string   `xml:"RNoPart,attr"`
	Qty     string   `xml:"Qty"`
	QU      string   `xml:"QU"`
	Short   string   `xml:"Description>CompleteText>OutlineText>OutlTxt>TextOutlTxt>p>span"`
	Long    []string `xml:"Description>CompleteText>DetailTxt>Text>p>span"`
}

type readCtgy struct {
	RNoPart string     `xml:"RNoPart,attr"`
	Label   string     `xml:"LblTx>p>span"`
	Items   []readItem `xml:"BoQBody>Itemlist>Item"`
}

type readBoQ struct {
	Bkdn []struct {
		Type   string `xml:"Type"`
		Length int    `xml:"Length"`
	} `xml:"Award>BoQ>BoQInfo>BoQBkdn"`
	Label string     `xml:"Award>BoQ>BoQInfo>LblBoQ"`
	Ctgys []readCtgy `xml:"Award>BoQ>BoQBody>BoQCtgy"`
}

// TestTendersGAEB: the open works of a view become an X83 file the official schema accepts, one
// position per work type and kind of object, counted in trees or measured in m², each naming
// its trees; the item numbers fit the declared breakdown.
func TestTendersGAEB(t *testing.T) {
	ctx, db := openDB(t)
	f := newGAEBFixture(t, db)
	var buf bytes.Buffer
	n, err := export.Tenders(ctx, db, f.sc, export.TenderRequest{Filter: &store.Filter{}}, time.Date(2026, 11, 25, 0, 0, 0, 0, time.UTC), &buf)
	if err != nil {
		t.Fatal(err)
	}
	if n != 4 {
		t.Fatalf("%d works tendered, want 4 (the completed one left out)", n)
	}
	validateGAEB(t, buf.Bytes())
	var doc readBoQ
	if err := xml.Unmarshal(buf.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Bkdn) != 2 || doc.Bkdn[0].Type != "BoQLevel" || doc.Bkdn[1].Type != "Item" {
		t.Fatalf("breakdown %+v", doc.Bkdn)
	}
	got := map[string]readItem{}
	for _, c := range doc.Ctgys {
		if len(c.RNoPart) != doc.Bkdn[0].Length {
			t.Errorf("section %q does not fit its breakdown length %d", c.RNoPart, doc.Bkdn[0].Length)
		}
		for _, it := range c.Items {
			if len(it.RNoPart) != doc.Bkdn[1].Length {
				t.Errorf("item %q does not fit its breakdown length %d", it.RNoPart, doc.Bkdn[1].Length)
			}
			got[c.Label+" / "+it.Short] = it
		}
	}
	if len(got) != 3 {
		t.Fatalf("positions %v, want 3", keys(got))
	}
	trees := got["Baumpflege und Schnittmaßnahmen / Kronenpflege, Einzelbaum"]
	if trees.Qty != "2.000" || trees.QU != "Stk" || len(trees.Long) != 3 {
		t.Fatalf("crown maintenance on trees: %+v", trees)
	}
	long := strings.Join(trees.Long, "\n")
	for _, want := range []string{"Baum Nr. 12: Tilia cordata – Winter-Linde", "Standort: Straße Holm", "Baum Nr. 13", "Frist: 01.12.2026", `Hinweis: =HYPERLINK("x") & <b>`} {
		if !strings.Contains(long, want) {
			t.Errorf("long text lacks %q:\n%s", want, long)
		}
	}
	group := got["Baumpflege und Schnittmaßnahmen / Kronenpflege, Baumgruppe"]
	if group.QU != "m2" || group.Qty < "7000" || !strings.Contains(strings.Join(group.Long, " "), "Gruppe Nr. 20") || !strings.Contains(strings.Join(group.Long, " "), "7 Bäume") {
		t.Fatalf("crown maintenance on a group: %+v", group)
	}
	if fell := got["Fällarbeiten / Fällung, Einzelbaum"]; fell.Qty != "1.000" || !strings.Contains(strings.Join(fell.Long, " "), "Norderstraße") {
		t.Fatalf("felling: %+v", fell)
	}
}

// TestTendersOfAJobAndSelection: a job tenders its trees' open works; a selection only its own;
// nothing open, another project's job and a bad filter are refused without writing anything.
func TestTendersOfAJobAndSelection(t *testing.T) {
	ctx, db := openDB(t)
	f := newGAEBFixture(t, db)
	now := time.Now()
	var buf bytes.Buffer
	n, err := export.Tenders(ctx, db, f.sc, export.TenderRequest{Job: f.job}, now, &buf)
	if err != nil || n != 2 {
		t.Fatalf("job: %d works, %v", n, err)
	}
	validateGAEB(t, buf.Bytes())
	if !strings.Contains(buf.String(), "Baumarbeiten Pflege Holm 2026") || strings.Contains(buf.String(), "Fällung") {
		t.Fatalf("the job's tender:\n%s", buf.String())
	}

	buf.Reset()
	n, err = export.Tenders(ctx, db, f.sc, export.TenderRequest{Filter: &store.Filter{IDs: []string{f.c}}}, now, &buf)
	if err != nil || n != 1 {
		t.Fatalf("selection: %d works, %v", n, err)
	}
	validateGAEB(t, buf.Bytes())

	// An access limit keeps out what the member may not see.
	limited := f.sc
	limited.Limit = &store.Filter{State: "all", IDs: []string{f.a}}
	buf.Reset()
	if n, err = export.Tenders(ctx, db, limited, export.TenderRequest{Filter: &store.Filter{}}, now, &buf); err != nil || n != 1 {
		t.Fatalf("limited: %d works, %v", n, err)
	}

	for name, c := range map[string]struct {
		sc   store.Content
		req  export.TenderRequest
		code string
	}{
		"nothing open": {f.sc, export.TenderRequest{Filter: &store.Filter{IDs: []string{f.g, f.b}, State: "archived"}}, arbor.EINVALID},
		"other job":    {store.Content{OrganisationID: f.otherOrg, ProjectID: f.otherPrj}, export.TenderRequest{Job: f.job}, arbor.ENOTFOUND},
		"bad filter":   {f.sc, export.TenderRequest{Filter: &store.Filter{State: "nonsense"}}, arbor.EINVALID},
		"no scope":     {f.sc, export.TenderRequest{}, arbor.EINVALID},
	} {
		buf.Reset()
		if _, err := export.Tenders(ctx, db, c.sc, c.req, now, &buf); arbor.ErrorCode(err) != c.code || buf.Len() != 0 {
			t.Errorf("%s: %v (%s), %d bytes written", name, err, arbor.ErrorCode(err), buf.Len())
		}
	}
}

func keys[V any](m map[string]V) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}
