package api

import (
	"bytes"
	"encoding/json"
	"net/http"
	"time"

	"arbor"
	"arbor/export"
	"arbor/store"
)

// exportLimit is the most objects one Excel list holds, like a selection's limit; a city's
// whole stock is for the GIS services, not a spreadsheet.
const exportLimit = 10000

type exportRequest struct {
	Filter  store.Filter    `json:"filter"` // the view; with ids, the selection in it
	Sort    []string        `json:"sort"`
	Columns []export.Column `json:"columns"`
	Sheet   string          `json:"sheet"`
}

// exportTrees answers the objects a filter (or a selection: the filter's ids) shows as an Excel
// workbook, in the table's order, with the columns, headings and value names the app sends.
func (s *Server) exportTrees(w http.ResponseWriter, r *http.Request) error {
	var req exportRequest
	if err := decodeLimit(r, &req, s.selectionLimit()); err != nil {
		return err
	}
	c := checks{}
	if len(req.Columns) == 0 || len(req.Columns) > maxColumns {
		c["columns"] = "field.columns"
	}
	seen := map[string]bool{}
	for _, col := range req.Columns {
		if !columnID.MatchString(col.ID) || seen[col.ID] || col.Label == "" || len(col.Label) > 200 || len(col.Values) > 50 {
			c["columns"] = "field.columns"
			break
		}
		seen[col.ID] = true
	}
	if req.Sheet == "" {
		req.Sheet = "Arbor"
	}
	c.maxLen("sheet", req.Sheet, 50)
	if err := c.err(); err != nil {
		return err
	}
	sc := content(r)
	n, err := s.db.CountTrees(r.Context(), sc, req.Filter)
	if err != nil {
		return err
	}
	switch {
	case n == 0:
		return arbor.Errorf(arbor.EINVALID, "export.nothing", nil)
	case n > exportLimit:
		return arbor.Errorf(arbor.EINVALID, "export.too_many", map[string]any{"count": n, "limit": exportLimit})
	}
	// The workbook is built whole before it is sent, so a failure midway is an error answer, not
	// half a file.
	var buf bytes.Buffer
	rows := func(page func([]map[string]any) error) error {
		for offset := 0; offset < n; offset += 1000 {
			list, err := s.db.TreePage(r.Context(), sc, store.TreeQuery{Filter: req.Filter, Sort: req.Sort, Limit: 1000, Offset: offset})
			if err != nil {
				return err
			}
			if len(list) == 0 {
				return nil
			}
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
	if err := export.TreeList(&buf, req.Sheet, req.Columns, rows); err != nil {
		return err
	}
	name := "arbor-" + time.Now().UTC().Format("2006-01-02") + ".xlsx"
	w.Header().Set("Content-Type", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
	w.Header().Set("Content-Disposition", `attachment; filename="`+name+`"`)
	w.WriteHeader(http.StatusOK)
	_, err = w.Write(buf.Bytes())
	return err
}
