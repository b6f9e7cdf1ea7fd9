package api

import (
	"errors"
	"net/http"
	"strings"

	"arbor"
	"arbor/styles"

	"github.com/go-chi/chi/v5"
)

// style answers GET /api/styles/{id}/{theme}.json?scheme=light|dark: the MapLibre style of the
// project's data layers coloured by a theme (safety, vitality, damage, development, deadline,
// inspection), with its sources pointing at the project's TileJSON. The legend of the web app is
// read from it.
func (s *Server) style(w http.ResponseWriter, r *http.Request) error {
	theme := chi.URLParam(r, "theme")
	scheme := r.URL.Query().Get("scheme")
	st, err := styles.Build(styles.Options{ProjectID: content(r).ProjectID, Theme: theme, Scheme: scheme,
		BaseURL: strings.TrimRight(s.baseURL, "/")})
	var unknown styles.ErrUnknown
	if errors.As(err, &unknown) {
		if unknown.What == "scheme" {
			return arbor.Invalid(map[string]string{"scheme": "error.invalid_fields"})
		}
		return arbor.Errorf(arbor.ENOTFOUND, "error.not_found", nil)
	}
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "private, max-age=300")
	writeJSON(w, http.StatusOK, st)
	return nil
}
