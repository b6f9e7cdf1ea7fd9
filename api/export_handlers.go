package api

import (
	"bytes"
	"net/http"
	"time"

	"arbor/export"
)

// exportTrees answers the objects a filter (or a selection: the filter's ids) shows as an Excel
// workbook, in the table's order, with the columns, headings and value names the app sends.
func (s *Server) exportTrees(w http.ResponseWriter, r *http.Request) error {
	var req export.TreeRequest
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
	var buf bytes.Buffer
	if err := export.Trees(r.Context(), s.db, content(r), req, &buf); err != nil {
		return err
	}
	name := "arbor-" + time.Now().UTC().Format("2006-01-02") + ".xlsx"
	w.Header().Set("Content-Type", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
	w.Header().Set("Content-Disposition", `attachment; filename="`+name+`"`)
	w.WriteHeader(http.StatusOK)
	_, err := w.Write(buf.Bytes())
	return err
}
