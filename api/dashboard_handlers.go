package api

import (
	"net/http"

	"arbor"
)

// userDashboardNews is how many history rows the user dashboard carries as news (a change of several fields is several rows).
const userDashboardNews = 30

// userDashboard answers the figures of one's projects, their unfinished jobs, totals and news.
func (s *Server) userDashboard(w http.ResponseWriter, r *http.Request) error {
	user := sessionOf(r).claims.Sub
	d, err := s.db.UserDashboard(r.Context(), user)
	if err != nil {
		return err
	}
	if d.News, err = s.db.News(r.Context(), user, userDashboardNews); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, d)
	return nil
}

// jobDashboard answers a job's progress (?job=), within the caller's access limit.
func (s *Server) jobDashboard(w http.ResponseWriter, r *http.Request) error {
	id := r.URL.Query().Get("job")
	if id == "" {
		return arbor.Invalid(map[string]string{"job": "field.required"})
	}
	d, err := s.db.JobDashboard(r.Context(), content(r), id)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, d)
	return nil
}
