package domain_test

import (
	"testing"

	"arbor"
	"arbor/domain"
	"arbor/seed/demodata"
	"arbor/store"
)

// TestCreateDemoProject: the wizard's project holds the sample of the real register with
// inspections, works and a job of the objects with open works; only the chosen custom field is
// configured and filled. A name that exists, an unknown field, an organisation past its demo
// and a tree data package too small for the sample are refused, and each leaves nothing behind.
func TestCreateDemoProject(t *testing.T) {
	t.Parallel()
	ctx, db, app := open(t, "mail_demo_project_test")
	admin := newUser(t, db, "Wanda", "en")
	o, err := db.CreateOrganisation(ctx, admin.ID, store.OrganisationFields{Name: "Wizard town", Country: "DE", InvoiceType: "billing", Location: "en"})
	if err != nil {
		t.Fatal(err)
	}
	res, err := app.CreateDemoProject(ctx, o.ID, admin.ID, domain.DemoProject{Name: "Old town", Fields: []string{"street"}, Lang: "de"})
	if err != nil {
		t.Fatal(err)
	}
	if res.Trees+res.Groups != demodata.SampleSize || res.Trees == 0 || res.Checks == 0 || res.Works == 0 {
		t.Fatalf("the demo project holds %d trees, %d groups, %d inspections, %d works; want %d objects with inspections and works",
			res.Trees, res.Groups, res.Checks, res.Works, demodata.SampleSize)
	}
	if res.Project.Name != "Old town" || res.Project.Role != "" && res.Project.TreeCount != res.Trees {
		t.Fatalf("project %+v", res.Project)
	}
	var street, area, items, openWorks int
	db.Pool.QueryRow(ctx, `SELECT count(*) FILTER (WHERE general01 <> ''), count(*) FILTER (WHERE general02 <> '') FROM tree WHERE project_id = $1`,
		res.Project.ID).Scan(&street, &area)
	if street == 0 || area != 0 {
		t.Fatalf("%d objects with a street, %d with an area; want the street only (chosen)", street, area)
	}
	db.Pool.QueryRow(ctx, `SELECT count(*), count(*) FILTER (WHERE i.action_id IS NOT NULL) FROM job_item i JOIN job j ON j.id = i.job_id
		WHERE j.id = $1 AND j.project_id = $2 AND j.name = 'Demo: offene Maßnahmen'`, res.JobID, res.Project.ID).Scan(&items, &openWorks)
	if items == 0 || openWorks == 0 {
		t.Fatalf("the demo job holds %d items, %d of them works", items, openWorks)
	}
	settings, err := db.ProjectSettings(ctx, o.ID, res.Project.ID)
	if err != nil {
		t.Fatal(err)
	}
	if f, ok := settings.CustomFields["general01"]; !ok || f.Alias != "Straße" || !f.Active {
		t.Fatalf("custom field general01 %+v", settings.CustomFields["general01"])
	}
	if f, ok := settings.CustomFields["general02"]; ok && f.Active {
		t.Fatalf("general02 active though not chosen: %+v", f)
	}

	objects := func() (projects, trees int) {
		db.Pool.QueryRow(ctx, `SELECT (SELECT count(*) FROM project WHERE organisation_id = $1), (SELECT count(*) FROM tree WHERE organisation_id = $1)`,
			o.ID).Scan(&projects, &trees)
		return
	}
	p0, t0 := objects()
	refused := func(name string, in domain.DemoProject, code string) {
		t.Helper()
		if _, err := app.CreateDemoProject(ctx, o.ID, admin.ID, in); arbor.ErrorCode(err) != code {
			t.Fatalf("%s: %v, want %s", name, err, code)
		}
		if p, n := objects(); p != p0 || n != t0 {
			t.Fatalf("%s left %d projects and %d objects, want %d and %d", name, p, n, p0, t0)
		}
	}
	refused("the same name", domain.DemoProject{Name: "old TOWN", Lang: "en"}, arbor.ECONFLICT)
	refused("an unknown field", domain.DemoProject{Name: "Other", Fields: []string{"height"}, Lang: "en"}, arbor.EINVALID)
	// A second one fits into the demo's 1,000 trees; then only ten more would.
	if _, err := app.CreateDemoProject(ctx, o.ID, admin.ID, domain.DemoProject{Name: "Second", Fields: []string{"street", "area"}, Lang: "en"}); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Pool.Exec(ctx, `UPDATE organisation SET max_object = tree_units + 10 WHERE id = $1`, o.ID); err != nil {
		t.Fatal(err)
	}
	p0, t0 = objects()
	refused("a full tree data package", domain.DemoProject{Name: "Third", Lang: "en"}, arbor.ECONFLICT)
	if _, err := db.Pool.Exec(ctx, `UPDATE organisation SET demo_until = now() - interval '1 day' WHERE id = $1`, o.ID); err != nil {
		t.Fatal(err)
	}
	refused("after the demo", domain.DemoProject{Name: "Late", Lang: "en"}, arbor.ECONFLICT)
}
