package api

import (
	"net/http"
	"strings"
	"unicode/utf8"

	"arbor"
	"arbor/auth"

	"github.com/go-chi/chi/v5"
)

// listAPIKeys answers GET /api/management/organisation/{id}/api-keys: the organisation's keys,
// revoked ones too, with their last use (never the keys themselves).
func (s *Server) listAPIKeys(w http.ResponseWriter, r *http.Request) error {
	list, err := s.db.APIKeys(r.Context(), targetOf(r).organisationID)
	return writeList(w, list, err)
}

type apiKeyRequest struct {
	Name     string   `json:"name"`
	Projects []string `json:"projects"`
}

// createAPIKey answers POST /api/management/organisation/{id}/api-keys {name, projects}: a new
// read-only key for the projects; the answer is the only time the key itself is shown.
func (s *Server) createAPIKey(w http.ResponseWriter, r *http.Request) error {
	var req apiKeyRequest
	if err := decode(r, &req); err != nil {
		return err
	}
	req.Name = strings.TrimSpace(req.Name)
	bad := map[string]string{}
	if req.Name == "" {
		bad["name"] = "field.required"
	} else if utf8.RuneCountInString(req.Name) > 100 {
		bad["name"] = "apikey.name_long"
	}
	if len(req.Projects) == 0 || len(req.Projects) > 1000 {
		bad["projects"] = "apikey.projects"
	}
	if len(bad) > 0 {
		return arbor.Invalid(bad)
	}
	key, hash, prefix, err := auth.NewAPIKey()
	if err != nil {
		return err
	}
	k, err := s.db.CreateAPIKey(r.Context(), targetOf(r).organisationID, sessionOf(r).claims.Sub, req.Name, req.Projects, hash, prefix)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, map[string]any{"key": k, "secret": key})
	return nil
}

// revokeAPIKey answers DELETE /api/management/organisation/{id}/api-keys/{keyId}: the key stops
// working at once; it stays in the list as revoked.
func (s *Server) revokeAPIKey(w http.ResponseWriter, r *http.Request) error {
	if err := s.db.RevokeAPIKey(r.Context(), targetOf(r).organisationID, chi.URLParam(r, "keyId")); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}
