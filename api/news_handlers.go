package api

import "net/http"

// news answers the latest changes in one's projects (the dashboard's news card), or in one of
// them (?project=).
func (s *Server) news(w http.ResponseWriter, r *http.Request) error {
	limit, err := limitParam(r, 20, 100)
	if err != nil {
		return err
	}
	items, err := s.db.News(r.Context(), sessionOf(r).claims.Sub, r.URL.Query().Get("project"), limit)
	return writeList(w, items, err)
}
