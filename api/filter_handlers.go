package api

import (
	"encoding/json"
	"net/http"
	"strings"

	"arbor"
	"arbor/auth"
	"arbor/store"

	"github.com/go-chi/chi/v5"
)

type filterRequest struct {
	Name        string       `json:"name"`
	Filter      store.Filter `json:"filter"`
	ProjectWide bool         `json:"project_wide"`
	Version     int          `json:"version"`
}

func (req *filterRequest) check(r *http.Request) error {
	c := checks{}
	req.Name = strings.TrimSpace(req.Name)
	c.name("name", req.Name)
	if req.ProjectWide && !may(r, auth.ActFilterProjectWide) {
		c["project_wide"] = "filter.project_wide"
	}
	return c.err()
}

// listFilters answers the filters one may use in the project: own, project-wide, shared.
func (s *Server) listFilters(w http.ResponseWriter, r *http.Request) error {
	list, err := s.db.SavedFilters(r.Context(), content(r), sessionOf(r).claims.Sub)
	return writeList(w, list, err)
}

func (s *Server) createFilter(w http.ResponseWriter, r *http.Request) error {
	req, err := decodeChecked[filterRequest](r)
	if err != nil {
		return err
	}
	f, err := s.db.SaveFilter(r.Context(), content(r), sessionOf(r).claims.Sub, req.Name, req.Filter, req.ProjectWide)
	return writeResult(w, http.StatusCreated, f, err)
}

func (s *Server) updateFilter(w http.ResponseWriter, r *http.Request) error {
	req, err := decodeChecked[filterRequest](r)
	if err != nil {
		return err
	}
	manager := may(r, auth.ActFilterProjectWide)
	f, err := s.db.UpdateFilter(r.Context(), content(r), sessionOf(r).claims.Sub, chi.URLParam(r, "filterId"), req.Version,
		req.Name, req.Filter, req.ProjectWide, manager)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, f)
	return nil
}

func (s *Server) deleteFilter(w http.ResponseWriter, r *http.Request) error {
	manager := may(r, auth.ActFilterProjectWide)
	if err := s.db.DeleteFilter(r.Context(), content(r), sessionOf(r).claims.Sub, chi.URLParam(r, "filterId"), manager); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// shareFilter shares one's own filter with project members by e-mail (the share modal).
func (s *Server) shareFilter(w http.ResponseWriter, r *http.Request) error {
	emails, err := decodeEmails(r)
	if err != nil {
		return err
	}
	return answerInTx(w, r, s.db, http.StatusOK, func(tx *store.Tx) (*store.SavedFilter, error) {
		return tx.ShareFilter(r.Context(), content(r), sessionOf(r).claims.Sub, chi.URLParam(r, "filterId"), emails)
	})
}

// filterValues answers the distinct values of a field for the filter panel's pickers.
func (s *Server) filterValues(w http.ResponseWriter, r *http.Request) error {
	field := r.URL.Query().Get("field")
	if field == "" {
		return arbor.Invalid(map[string]string{"field": "field.required"})
	}
	limit, err := limitParam(r, 0, 1000)
	if err != nil {
		return err
	}
	return s.writeCached(w, r, "filter-values", func() (any, error) {
		values, err := s.db.FilterValues(r.Context(), content(r), field, limit)
		if err != nil {
			return nil, err
		}
		return map[string]any{"items": values, "total": len(values)}, nil
	}, field, limit)
}

// projectDashboard answers the figures of the project dashboard's cards for the objects that
// pass ?filter= (default: the stock), within the caller's limit.
func (s *Server) projectDashboard(w http.ResponseWriter, r *http.Request) error {
	var f store.Filter
	if v := r.URL.Query().Get("filter"); v != "" {
		if err := json.Unmarshal([]byte(v), &f); err != nil {
			return arbor.Invalid(map[string]string{"filter": "filter.json"})
		}
	}
	return s.writeCached(w, r, "dashboard/project", func() (any, error) {
		return s.db.ProjectDashboard(r.Context(), content(r), f)
	}, f)
}
