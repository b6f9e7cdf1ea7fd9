package api

import (
	"net/http"
	"regexp"

	"arbor/store"
)

// columnID is what a column of the data table may be called: a field name.
var columnID = regexp.MustCompile(`^[a-z][a-z0-9_]{0,63}$`)

// maxColumns is well above the catalogue's columns (about fifty with the custom fields).
const maxColumns = 300

// getTableColumns answers the caller's columns of the project's data table, null when the caller
// never arranged them (the app then shows its default).
func (s *Server) getTableColumns(w http.ResponseWriter, r *http.Request) error {
	cols, err := s.db.TableColumns(r.Context(), content(r), sessionOf(r).claims.Sub)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]any{"columns": cols})
	return nil
}

// putTableColumns keeps the caller's columns of the project's data table. Every member may,
// readers included: it changes nothing anybody else sees.
func (s *Server) putTableColumns(w http.ResponseWriter, r *http.Request) error {
	var req struct {
		Columns []store.TableColumn `json:"columns"`
	}
	if err := decode(r, &req); err != nil {
		return err
	}
	if err := checkColumns(req.Columns); err != nil {
		return err
	}
	if err := s.db.SaveTableColumns(r.Context(), content(r), sessionOf(r).claims.Sub, req.Columns); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]any{"columns": req.Columns})
	return nil
}

// checkColumns refuses a column list the app could not have sent: no columns, too many, a name
// that is not a field name or comes twice, a width out of reason, pinning other than left/right.
func checkColumns(cols []store.TableColumn) error {
	c := checks{}
	seen := map[string]bool{}
	if len(cols) == 0 || len(cols) > maxColumns {
		c["columns"] = "field.columns"
	}
	for _, col := range cols {
		bad := !columnID.MatchString(col.ColID) || seen[col.ColID] ||
			(col.Width != nil && (*col.Width < 40 || *col.Width > 2000)) ||
			(col.Pinned != nil && *col.Pinned != "left" && *col.Pinned != "right")
		if bad {
			c["columns"] = "field.columns"
			break
		}
		seen[col.ColID] = true
	}
	return c.err()
}
