package api

import (
	"net/http"
	"strconv"

	"arbor"
)

// news answers the latest changes in one's projects (the dashboard's news card), or in one of
// them (?project=).
func (s *Server) news(w http.ResponseWriter, r *http.Request) error {
	limit := 20
	if v := r.URL.Query().Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 100 {
			return arbor.Invalid(map[string]string{"limit": "field.limit"})
		}
		limit = n
	}
	items, err := s.db.News(r.Context(), sessionOf(r).claims.Sub, r.URL.Query().Get("project"), limit)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]any{"items": items, "total": len(items)})
	return nil
}
