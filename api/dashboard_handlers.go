package api

import (
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"arbor"
	"arbor/auth"
	"arbor/store"
)

// userDashboardNews is how many history rows the user dashboard carries as news (a change of several fields is several rows).
const userDashboardNews = 30

// userDashboard answers the figures of one's projects, their unfinished jobs, totals and news.
func (s *Server) userDashboard(w http.ResponseWriter, r *http.Request) error {
	user := sessionOf(r).claims.Sub
	d, err := s.db.UserDashboard(r.Context(), user, s.userFigures)
	if err != nil {
		return err
	}
	if d.News, err = s.db.News(r.Context(), user, "", userDashboardNews); err != nil {
		return err
	}
	if d.Safety, err = s.db.SafetyAlerts(r.Context(), user); err != nil {
		return err
	}
	for _, p := range d.Projects {
		p.Role = string(auth.ProjectRole(auth.Membership(p.Membership)))
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
	return writeResult(w, http.StatusOK, d, err)
}

// userFigures keeps the user dashboard's figures under a key that names every project with its
// content revision and the caller's limit there, and the day (store.FiguresCache): on a city of a
// million trees they are counted once per change, not on every visit of the home page.
func (s *Server) userFigures(key string, compute func() (map[string]store.ObjectFigures, error)) (map[string]store.ObjectFigures, error) {
	sum := sha256.Sum256([]byte(key))
	a, err := s.answers.get(fmt.Sprintf("user-figures/%s/%x", s.now().Format(time.DateOnly), sum[:16]), func() (any, error) {
		return compute()
	})
	if err != nil {
		return nil, err
	}
	var figures map[string]store.ObjectFigures
	return figures, json.Unmarshal(a, &figures)
}
