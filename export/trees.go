package export

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"time"

	"arbor"
	"arbor/i18n"
	"arbor/store"
)

// TreeLimit is the most objects one list of a view holds, like a selection's limit; the whole
// project is AllTrees, without a limit.
const TreeLimit = 10000

// TreeRequest is a list to take away: the view (with ids, the selection in it) in the table's
// order, with the columns the person sees, or every field (All).
type TreeRequest struct {
	Filter  store.Filter `json:"filter"`
	Sort    []string     `json:"sort"`
	Columns []Column     `json:"columns"`
	All     bool         `json:"all"`
	Sheet   string       `json:"sheet"`
}

// Trees writes the objects of the request as an Excel workbook to w. They are counted and read
// in one snapshot (store.DB.ReadTx), a thousand at a time, so the list is the view of one
// moment. EINVALID when the view is empty or holds more than TreeLimit objects. The workbook is
// built whole before anything is written, so a failure midway leaves w untouched.
func Trees(ctx context.Context, db *store.DB, sc store.Content, req TreeRequest, o ListOptions, w io.Writer) (int, error) {
	var n int
	err := db.ReadTx(ctx, func(tx *store.Tx) error {
		var err error
		n, err = tx.CountTrees(ctx, sc, req.Filter)
		if err != nil {
			return err
		}
		switch {
		case n == 0:
			return arbor.Errorf(arbor.EINVALID, "export.nothing", nil)
		case n > TreeLimit:
			return arbor.Errorf(arbor.EINVALID, "export.too_many", map[string]any{"count": arbor.Count(n), "limit": arbor.Count(TreeLimit)})
		}
		cols := req.Columns
		if req.All {
			if cols, err = allColumns(ctx, tx, sc); err != nil {
				return err
			}
		}
		rows := func(page func([]map[string]any) error) error {
			for offset := 0; offset < n; offset += 1000 {
				list, err := tx.TreePage(ctx, sc, store.TreeQuery{Filter: req.Filter, Sort: req.Sort, Limit: 1000, Offset: offset})
				if err != nil {
					return err
				}
				if len(list) == 0 {
					return nil
				}
				objs, err := objects(list)
				if err != nil {
					return err
				}
				if err := page(objs); err != nil {
					return err
				}
			}
			return nil
		}
		return TreeList(w, req.Sheet, cols, o, rows)
	})
	return n, err
}

// AllTrees writes every object of the project (the stock, or the filter's state) with every
// field as an Excel workbook, without a limit: the rows stream from one query into excelize's
// stream writer, which keeps big sheets on disk, so memory stays flat however big the city.
func AllTrees(ctx context.Context, db *store.DB, sc store.Content, filter store.Filter, sheet string, o ListOptions, w io.Writer) (int, error) {
	var n int
	err := db.ReadTx(ctx, func(tx *store.Tx) error {
		cols, err := allColumns(ctx, tx, sc)
		if err != nil {
			return err
		}
		rows := func(page func([]map[string]any) error) error {
			batch := make([]map[string]any, 0, 500)
			flush := func() error {
				err := page(batch)
				batch = batch[:0]
				return err
			}
			err := tx.EachTree(ctx, sc, filter, func(t *store.Tree) error {
				n++
				if o.Progress != nil && n%progressStep == 0 {
					o.Progress(n)
				}
				batch = append(batch, treeObject(t))
				if len(batch) == cap(batch) {
					return flush()
				}
				return nil
			})
			if err != nil {
				return err
			}
			return flush()
		}
		return TreeList(w, sheet, cols, o, rows)
	})
	return n, err
}

// objects turns trees into their JSON fields, as the app reads them, plus their coordinates.
func objects(list []*store.Tree) ([]map[string]any, error) {
	raw, err := json.Marshal(list)
	if err != nil {
		return nil, err
	}
	var objs []map[string]any
	if err := json.Unmarshal(raw, &objs); err != nil {
		return nil, err
	}
	for i, t := range list {
		lon, lat := centre(t.Geom)
		objs[i]["lon"], objs[i]["lat"] = lon, lat
	}
	return objs, nil
}

// allFields are the fields of "every field", in the data table's order.
var allFields = []string{"number", "number_text", "species", "single_tree", "planting_year", "height", "diameter", "scope",
	"top_diameter", "top_form", "vitality", "development", "damage_tree", "security_expectation", "symptoms",
	"valuation_top", "valuation_root", "valuation_trunk", "valuation_group", "tree_count", "species_count", "area",
	"action_security", "actions", "action_deadline", "check_next", "check_timestamp", "check_alias", "check_comment",
	"create_timestamp", "create_alias", "object_timestamp", "object_alias", "cut_date"}

var enumLabels = map[string]string{"vitality": "vitality", "development": "development", "damage_tree": "damage_tree",
	"security_expectation": "security_expectation", "valuation_top": "valuation", "valuation_root": "valuation",
	"valuation_trunk": "valuation", "valuation_group": "valuation"}

// allColumns are every field with its heading and value names in the person's language, the
// project's custom fields by their names, and the coordinates.
func allColumns(ctx context.Context, tx *store.Tx, sc store.Content) ([]Column, error) {
	settings, err := tx.ProjectSettings(ctx, sc.OrganisationID, sc.ProjectID)
	if err != nil {
		return nil, err
	}
	lang := sc.Lang
	cols := make([]Column, 0, len(allFields)+20)
	for _, f := range allFields {
		c := Column{ID: f, Label: i18n.T(lang, "pdf.field."+f, nil)}
		if e, ok := enumLabels[f]; ok {
			c.Values = map[string]string{}
			for v := 0; v <= 4; v++ {
				key := fmt.Sprintf("pdf.enum.%s.%d", e, v)
				if i18n.Has("en", key) {
					c.Values[fmt.Sprint(v)] = i18n.T(lang, key, nil)
				}
			}
		}
		switch f {
		case "single_tree":
			c.Values = map[string]string{"true": i18n.T(lang, "pdf.tree", nil), "false": i18n.T(lang, "pdf.group", nil)}
		case "action_security":
			c.Values = map[string]string{}
			for v := 0; v <= 3; v++ {
				c.Values[fmt.Sprint(v)] = i18n.T(lang, fmt.Sprintf("pdf.safety.%d", v), nil)
			}
		}
		cols = append(cols, c)
	}
	for _, c := range customFields(settings.CustomFields) {
		cols = append(cols, Column{ID: c.field, Label: c.label})
	}
	cols = append(cols, Column{ID: "lon", Label: i18n.T(lang, "pdf.field.lon", nil)}, Column{ID: "lat", Label: i18n.T(lang, "pdf.field.lat", nil)})
	return cols, nil
}

func customNames(m map[string]store.CustomField) []string {
	out := make([]string, 0, len(m))
	for n := range m {
		out = append(out, n)
	}
	sortStrings(out)
	return out
}

// treeObject is a tree's fields as TreeList reads them, built straight from the struct: the
// whole project's export skips the JSON round trip of objects, which took most of its time.
func treeObject(t *store.Tree) map[string]any {
	whole := func(p *int) any { return derefAs(p, func(v int) float64 { return float64(v) }) }
	stamp := func(p *time.Time) any { return derefAs(p, time.Time.UTC) }
	symptoms := make([]any, len(t.Symptoms))
	for i, s := range t.Symptoms {
		symptoms[i] = s
	}
	lon, lat := centre(t.Geom)
	m := map[string]any{
		"id": t.ID, "number": float64(t.Number), "number_text": t.NumberText,
		"species_botanical": t.SpeciesBotanical, "species_language": t.SpeciesLanguage, "single_tree": t.SingleTree,
		"planting_year": whole(t.PlantingYear), "height": deref(t.Height), "diameter": deref(t.Diameter), "scope": deref(t.Scope),
		"top_diameter": deref(t.TopDiameter), "top_form": t.TopForm, "vitality": whole(t.Vitality),
		"development": whole(t.Development), "damage_tree": whole(t.DamageTree),
		"security_expectation": whole(t.SecurityExpectation), "symptoms": symptoms,
		"valuation_top": whole(t.ValuationTop), "valuation_root": whole(t.ValuationRoot),
		"valuation_trunk": whole(t.ValuationTrunk), "valuation_group": whole(t.ValuationGroup),
		"tree_count": float64(t.TreeCount), "species_count": float64(t.SpeciesCount), "area": deref(t.Area),
		"action_security": float64(t.ActionSecurity), "actions": t.Actions, "action_deadline": deref(t.ActionDeadline),
		"check_next": deref(t.CheckNext), "check_timestamp": stamp(t.CheckTimestamp), "check_alias": t.CheckAlias,
		"check_comment": t.CheckComment, "create_timestamp": t.CreateTimestamp.UTC(), "create_alias": t.CreateAlias,
		"object_timestamp": t.ObjectTimestamp.UTC(), "object_alias": t.ObjectAlias, "cut_date": deref(t.CutDate),
		"lon": lon, "lat": lat,
	}
	for k, v := range t.Custom {
		m[k] = v
	}
	return m
}
