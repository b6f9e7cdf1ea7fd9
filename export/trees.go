package export

import (
	"context"
	"encoding/json"
	"io"

	"arbor"
	"arbor/store"
)

// TreeLimit is the most objects one Excel list holds, like a selection's limit; a city's whole
// stock is for the GIS services, not a spreadsheet.
const TreeLimit = 10000

// TreeRequest is a list to take away: the view (with ids, the selection in it) in the table's
// order, with the columns the person sees.
type TreeRequest struct {
	Filter  store.Filter `json:"filter"`
	Sort    []string     `json:"sort"`
	Columns []Column     `json:"columns"`
	Sheet   string       `json:"sheet"`
}

// Trees writes the objects of the request as an Excel workbook to w. They are counted and read
// in one snapshot (store.DB.ReadTx), a thousand at a time, so the list is the view of one
// moment. EINVALID when the view is empty or holds more than TreeLimit objects. The workbook is
// built whole before anything is written, so a failure midway leaves w untouched.
func Trees(ctx context.Context, db *store.DB, sc store.Content, req TreeRequest, w io.Writer) error {
	return db.ReadTx(ctx, func(tx *store.Tx) error {
		n, err := tx.CountTrees(ctx, sc, req.Filter)
		if err != nil {
			return err
		}
		switch {
		case n == 0:
			return arbor.Errorf(arbor.EINVALID, "export.nothing", nil)
		case n > TreeLimit:
			return arbor.Errorf(arbor.EINVALID, "export.too_many", map[string]any{"count": arbor.Count(n), "limit": arbor.Count(TreeLimit)})
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
				// The workbook reads each object's fields as the app does: by their JSON names.
				raw, err := json.Marshal(list)
				if err != nil {
					return err
				}
				var objs []map[string]any
				if err := json.Unmarshal(raw, &objs); err != nil {
					return err
				}
				if err := page(objs); err != nil {
					return err
				}
			}
			return nil
		}
		return TreeList(w, req.Sheet, req.Columns, rows)
	})
}
