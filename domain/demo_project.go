package domain

import (
	"context"
	"sort"

	"arbor"
	"arbor/i18n"
	"arbor/seed/demodata"
	"arbor/store"
)

// DemoFields are the custom fields the demo project wizard offers, by the name the API uses,
// with the custom field each fills from the register (docs/PRODUCT.md §4 "Demo wizard").
var DemoFields = map[string]string{"street": "general01", "area": "general02"}

// DemoProject is what the demo project wizard asks: the project's name and which of DemoFields
// to use.
type DemoProject struct {
	Name   string
	Fields []string // keys of DemoFields
	Lang   string   // the language of the project's note, its fields' names and its job
}

// DemoProjectResult is the project the wizard made and what it holds.
type DemoProjectResult struct {
	Project *store.Project `json:"project"`
	Trees   int            `json:"trees"`
	Groups  int            `json:"groups"`
	Checks  int            `json:"checks"`
	Works   int            `json:"works"`
	JobID   string         `json:"job"`
}

// CreateDemoProject is the demo project wizard's last step: in one transaction it creates a
// project in the organisation — only while it is in its demo — fills it with a neighbourhood of
// the demo's real register (demodata.Sample) with sample inspections and works, configures the
// chosen custom fields, and bundles the objects with open works into a job managed by userID.
// All or nothing: a name that exists, or a tree data package too small for the sample, leaves
// nothing behind.
func (d *Service) CreateDemoProject(ctx context.Context, orgID, userID string, in DemoProject) (*DemoProjectResult, error) {
	register, err := demodata.Sample()
	if err != nil {
		return nil, err
	}
	use := map[string]bool{}
	custom := map[string]store.CustomField{}
	for _, f := range in.Fields {
		col, ok := DemoFields[f]
		if !ok {
			return nil, arbor.Invalid(map[string]string{"fields": "field.enum"})
		}
		use[f] = true
		cf := store.CustomField{Alias: i18n.T(in.Lang, "demo_project.field."+f, nil), Active: true, Type: "text",
			Sort: "alpha", Values: []string{}, Category: "general"}
		if f == "area" {
			// The register's areas are few: a list to pick from.
			cf.Type, cf.Values = "list", demoAreas(register)
		}
		custom[col] = cf
	}
	res := &DemoProjectResult{}
	err = d.db.InTx(ctx, func(tx *store.Tx) error {
		o, err := tx.Organisation(ctx, orgID, userID)
		if err != nil {
			return err
		}
		if o.Status != "demo" {
			return arbor.Errorf(arbor.ECONFLICT, "demo_project.not_in_demo", nil)
		}
		p, err := tx.CreateProject(ctx, orgID, userID, store.ProjectFields{Name: in.Name,
			Note: i18n.T(in.Lang, "demo_project.note", nil), ShowNumberText: true})
		if err != nil {
			return err
		}
		if len(custom) > 0 {
			if _, err := tx.UpdateProjectSettings(ctx, orgID, p.ID, p.Version, store.SettingsUpdate{CustomFields: custom}); err != nil {
				return err
			}
		}
		sc := store.Content{OrganisationID: orgID, ProjectID: p.ID, Lang: in.Lang}
		loaded, err := tx.LoadSample(ctx, sc, userID, register, use["street"], use["area"])
		if err != nil {
			return err
		}
		res.Trees, res.Groups, res.Checks, res.Works = loaded.Trees, loaded.Groups, loaded.Checks, loaded.Works
		job, err := tx.CreateJob(ctx, sc, userID, i18n.T(in.Lang, "demo_project.job", nil), i18n.T(in.Lang, "demo_project.job_note", nil))
		if err != nil {
			return err
		}
		res.JobID = job.ID
		ids, err := tx.TreesWithOpenWorks(ctx, sc, 25)
		if err != nil {
			return err
		}
		if len(ids) > 0 {
			if _, err := tx.AddToJob(ctx, sc, userID, job.ID, store.JobSelection{IDs: ids}, len(ids)); err != nil {
				return err
			}
		}
		res.Project, err = tx.Project(ctx, p.ID, userID)
		return err
	})
	if err != nil {
		return nil, err
	}
	return res, nil
}

// demoAreas are the register's areas, once each, in order.
func demoAreas(rows []store.DemoRow) []string {
	seen := map[string]bool{}
	out := []string{}
	for _, r := range rows {
		if r.Area != "" && !seen[r.Area] {
			seen[r.Area] = true
			out = append(out, r.Area)
		}
	}
	sort.Strings(out)
	return out
}
