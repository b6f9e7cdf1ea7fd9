package api

import (
	"encoding/json"
	"net/http"
	"strings"
	"time"

	"arbor"
	"arbor/store"

	"github.com/go-chi/chi/v5"
)

type actionRequest struct {
	ID                string          `json:"id"`
	Tree              string          `json:"tree"`
	Work              string          `json:"work"`
	SecurityRelevance *bool           `json:"security_relevance"`
	Deadline          *string         `json:"deadline"`
	AltitudeClass     *int            `json:"altitude_class"`
	Marker            string          `json:"marker"`
	Comment           string          `json:"comment"`
	Geom              json.RawMessage `json:"geom"`
	TreeCount         *int            `json:"tree_count"`
	General41         string          `json:"general41"`
	General42         string          `json:"general42"`
	Version           int             `json:"version"`
}

func (req *actionRequest) input() (store.ActionInput, error) {
	c := checks{}
	in := store.ActionInput{ID: req.ID, Work: req.Work, SecurityRelevance: req.SecurityRelevance,
		AltitudeClass: req.AltitudeClass, Marker: strings.TrimSpace(req.Marker), Comment: strings.TrimSpace(req.Comment),
		Geom: req.Geom, General41: strings.TrimSpace(req.General41), General42: strings.TrimSpace(req.General42)}
	c.required("work", req.Work)
	if req.Deadline != nil && *req.Deadline != "" {
		if _, err := time.Parse(time.DateOnly, *req.Deadline); err != nil {
			c["deadline"] = "field.date"
		} else {
			in.Deadline = req.Deadline
		}
	}
	c.enum("altitude_class", req.AltitudeClass, 3)
	if req.TreeCount != nil {
		if *req.TreeCount < 0 {
			c["tree_count"] = "field.not_negative"
		}
		in.TreeCount = *req.TreeCount
	}
	c.maxLen("marker", in.Marker, 50)
	c.maxLen("comment", in.Comment, 2000)
	c.maxLen("general41", in.General41, 2000)
	c.maxLen("general42", in.General42, 2000)
	return in, c.err()
}

// parseAction decodes a work's body and checks its fields.
func parseAction(r *http.Request) (actionRequest, store.ActionInput, error) {
	return decodeAs(r, (*actionRequest).input)
}

// createAction adds a work to a tree or group, or — with a point geometry and no tree — to the
// group it lies in (POST /api/content/action).
func (s *Server) createAction(w http.ResponseWriter, r *http.Request) error {
	req, in, err := parseAction(r)
	if err != nil {
		return err
	}
	if req.Tree == "" && (len(req.Geom) == 0 || string(req.Geom) == "null") {
		return arbor.Invalid(map[string]string{"tree": "field.required"})
	}
	var a *store.Action
	var created bool
	err = s.db.InTx(r.Context(), func(tx *store.Tx) (err error) {
		a, created, err = tx.CreateAction(r.Context(), content(r), actor(r), req.Tree, in)
		return err
	})
	if err != nil {
		return err
	}
	writeJSON(w, createdOr(created), a)
	return nil
}

func (s *Server) listActions(w http.ResponseWriter, r *http.Request) error {
	list, err := s.db.Actions(r.Context(), content(r), chi.URLParam(r, "treeId"))
	return writeList(w, list, err)
}

func (s *Server) getAction(w http.ResponseWriter, r *http.Request) error {
	a, err := s.db.Action(r.Context(), content(r), chi.URLParam(r, "actionId"))
	return writeResult(w, http.StatusOK, a, err)
}

func (s *Server) updateAction(w http.ResponseWriter, r *http.Request) error {
	req, in, err := parseAction(r)
	if err != nil {
		return err
	}
	if req.Version <= 0 {
		return arbor.Invalid(map[string]string{"version": "field.version"})
	}
	return answerInTx(w, r, s.db, http.StatusOK, func(tx *store.Tx) (*store.Action, error) {
		return tx.UpdateAction(r.Context(), content(r), actor(r), chi.URLParam(r, "actionId"), req.Version, in)
	})
}

type completeRequest struct {
	ExecuteTimestamp *time.Time `json:"execute_timestamp"`
	ExecuteNote      string     `json:"execute_note"`
	Version          int        `json:"version"`
}

// completeAction records a work as done (POST …/complete) or open again (DELETE …/complete).
func (s *Server) completeAction(w http.ResponseWriter, r *http.Request) error {
	var req completeRequest
	if err := decode(r, &req); err != nil {
		return err
	}
	c := checks{}
	if req.Version <= 0 {
		c["version"] = "field.version"
	}
	req.ExecuteNote = strings.TrimSpace(req.ExecuteNote)
	c.maxLen("execute_note", req.ExecuteNote, 2000)
	var at time.Time
	if req.ExecuteTimestamp != nil {
		if req.ExecuteTimestamp.After(s.now().Add(time.Hour)) {
			c["execute_timestamp"] = "field.date_future"
		}
		at = *req.ExecuteTimestamp
	}
	if err := c.err(); err != nil {
		return err
	}
	reopen := r.Method == http.MethodDelete
	return answerInTx(w, r, s.db, http.StatusOK, func(tx *store.Tx) (*store.Action, error) {
		return tx.CompleteAction(r.Context(), content(r), actor(r), chi.URLParam(r, "actionId"), req.Version, at, req.ExecuteNote, reopen)
	})
}

func (s *Server) deleteAction(w http.ResponseWriter, r *http.Request) error {
	err := s.db.InTx(r.Context(), func(tx *store.Tx) error {
		return tx.DeleteAction(r.Context(), content(r), actor(r), chi.URLParam(r, "actionId"))
	})
	if err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}
