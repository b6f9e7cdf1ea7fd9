package api

import (
	"net/http"

	"github.com/go-chi/chi/v5"
)

// The invitations to the caller's own address (store/invitations.go): what they are offered,
// and their yes or no. Nobody else sees them, and nobody gets a role without saying yes.

func (s *Server) listMyInvitations(w http.ResponseWriter, r *http.Request) error {
	list, err := s.db.MyInvitations(r.Context(), sessionOf(r).claims.Sub)
	return writeList(w, list, err)
}

// answerInvitation accepts (POST) or declines (DELETE) an invitation of kind organisation,
// project or job to the id, and answers the invitations still open.
func (s *Server) answerInvitation(w http.ResponseWriter, r *http.Request) error {
	kind, id := chi.URLParam(r, "kind"), chi.URLParam(r, "id")
	me := sessionOf(r).claims.Sub
	var err error
	if r.Method == http.MethodDelete {
		err = s.db.DeclineInvitation(r.Context(), me, kind, id)
	} else {
		err = s.app.AcceptInvitation(r.Context(), me, kind, id)
	}
	if err != nil {
		return err
	}
	return s.listMyInvitations(w, r)
}
