package api

import (
	"net/http"
	"strconv"
	"strings"

	"arbor"
	"arbor/auth"
	"arbor/domain"
	"arbor/store"

	"github.com/go-chi/chi/v5"
)

type jobRequest struct {
	Name    string `json:"name"`
	Note    string `json:"note"`
	Version int    `json:"version"`
}

func (req *jobRequest) check(*http.Request) error {
	c := checks{}
	req.Name, req.Note = strings.TrimSpace(req.Name), strings.TrimSpace(req.Note)
	c.name("name", req.Name)
	c.maxLen("note", req.Note, 2000)
	return c.err()
}

func (s *Server) listJobs(w http.ResponseWriter, r *http.Request) error {
	list, err := s.db.Jobs(r.Context(), content(r))
	return writeList(w, list, err)
}

// listMyJobs answers the jobs of every project the caller may read and those they take part in,
// across organisations (the /jobs page), each with the role the caller would work in.
func (s *Server) listMyJobs(w http.ResponseWriter, r *http.Request) error {
	list, err := s.db.JobsOf(r.Context(), sessionOf(r).claims.Sub)
	if err != nil {
		return err
	}
	for _, j := range list {
		j.Role = auth.JobAuthority(auth.Membership(j.Membership))
	}
	writeJSON(w, http.StatusOK, map[string]any{"items": list, "total": len(list)})
	return nil
}

func (s *Server) getJob(w http.ResponseWriter, r *http.Request) error {
	j, err := s.db.Job(r.Context(), content(r), chi.URLParam(r, "jobId"))
	return writeResult(w, http.StatusOK, j, err)
}

// listJobItems answers the job's trees, groups and works with what has been done to them.
func (s *Server) listJobItems(w http.ResponseWriter, r *http.Request) error {
	list, err := s.db.JobItems(r.Context(), content(r), chi.URLParam(r, "jobId"))
	return writeList(w, list, err)
}

func (s *Server) createJob(w http.ResponseWriter, r *http.Request) error {
	req, err := decodeChecked[jobRequest](r)
	if err != nil {
		return err
	}
	j, err := s.db.CreateJob(r.Context(), content(r), sessionOf(r).claims.Sub, req.Name, req.Note)
	return writeResult(w, http.StatusCreated, j, err)
}

func (s *Server) updateJob(w http.ResponseWriter, r *http.Request) error {
	req, err := decodeChecked[jobRequest](r)
	if err != nil {
		return err
	}
	j, err := s.db.UpdateJob(r.Context(), content(r), sessionOf(r).claims.Sub, chi.URLParam(r, "jobId"), req.Version, req.Name, req.Note)
	return writeResult(w, http.StatusOK, j, err)
}

type jobStatusRequest struct {
	Status  *int `json:"status"`
	Version int  `json:"version"`
}

// setJobStatus moves a job one step: releases it (in progress), completes it, resumes it or takes
// it back (store.SetJobStatus names what refuses a move).
func (s *Server) setJobStatus(w http.ResponseWriter, r *http.Request) error {
	var req jobStatusRequest
	if err := decode(r, &req); err != nil {
		return err
	}
	if req.Status == nil {
		return arbor.Invalid(map[string]string{"status": "field.required"})
	}
	j, err := s.db.SetJobStatus(r.Context(), content(r), sessionOf(r).claims.Sub, chi.URLParam(r, "jobId"), req.Version, *req.Status)
	return writeResult(w, http.StatusOK, j, err)
}

func (s *Server) deleteJob(w http.ResponseWriter, r *http.Request) error {
	if err := s.db.DeleteJob(r.Context(), content(r), sessionOf(r).claims.Sub, chi.URLParam(r, "jobId")); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// jobContentRequest is the body of the docs/PRODUCT.md §7 job content calls: the job (or the name of a new
// one) and a selection of ids, works or a filter.
type jobContentRequest struct {
	Job  string `json:"job"`
	Name string `json:"name"` // add-list-new, add-filter-new
	Note string `json:"note"`
	store.JobSelection
}

// jobContent runs one of the job content calls; the answer names the job and how many objects
// changed.
func (s *Server) jobContent(op string) handler {
	return func(w http.ResponseWriter, r *http.Request) error {
		var req jobContentRequest
		if err := decodeLimit(r, &req, s.selectionLimit()); err != nil {
			return err
		}
		sc, me := content(r), sessionOf(r).claims.Sub
		if op == "exists" {
			overlaps, err := s.db.ObjectsInJobs(r.Context(), sc, req.JobSelection, req.Job, s.massEdit)
			if err != nil {
				return err
			}
			writeJSON(w, http.StatusOK, map[string]any{"items": overlaps, "total": len(overlaps)})
			return nil
		}
		if (op == "add-new") != (req.Job == "") {
			return arbor.Invalid(map[string]string{"job": "field.required"})
		}
		if op == "add-new" {
			jr := jobRequest{Name: req.Name, Note: req.Note}
			if err := jr.check(r); err != nil {
				return err
			}
			req.Name, req.Note = jr.Name, jr.Note
		}
		job, changed, err := s.app.ChangeJobContent(r.Context(), sc, me, domain.JobContent{Op: op, Job: req.Job,
			Name: req.Name, Note: req.Note, Selection: req.JobSelection, Most: s.massEdit})
		if err != nil {
			return err
		}
		writeJSON(w, http.StatusOK, map[string]any{"job": job, "changed": changed})
		return nil
	}
}

type participantsRequest struct {
	Emails string   `json:"emails"` // comma-separated (docs/PRODUCT.md §5)
	Role   string   `json:"role"`   // editor, care, reader
	emails []string // Emails split, once checked
}

func (req *participantsRequest) check(*http.Request) error {
	c := checks{}
	req.emails = c.emailList("emails", req.Emails)
	if req.Role != "editor" && req.Role != "care" && req.Role != "reader" {
		c["role"] = "field.job_role"
	}
	return c.err()
}

func (s *Server) listParticipants(w http.ResponseWriter, r *http.Request) error {
	list, err := s.db.Participants(r.Context(), content(r), chi.URLParam(r, "jobId"))
	return writeList(w, list, err)
}

// addParticipants assigns people to a job by e-mail (domain.AddParticipants); addresses without
// an account are invited by mail.
func (s *Server) addParticipants(w http.ResponseWriter, r *http.Request) error {
	req, err := decodeChecked[participantsRequest](r)
	if err != nil {
		return err
	}
	if err := s.app.AddParticipants(r.Context(), content(r), chi.URLParam(r, "jobId"), sharerOf(r), req.emails, req.Role); err != nil {
		return err
	}
	return s.listParticipants(w, r)
}

func (s *Server) removeParticipant(w http.ResponseWriter, r *http.Request) error {
	if err := s.db.RemoveParticipant(r.Context(), content(r), chi.URLParam(r, "jobId"), chi.URLParam(r, "member")); err != nil {
		return err
	}
	return s.listParticipants(w, r)
}

// lockJob holds the job for the caller; unlockJob releases it. Management may break someone
// else's lock (?force=true); the holder finds that recorded in the job's conflicts.
func (s *Server) lockJob(w http.ResponseWriter, r *http.Request) error {
	force := r.URL.Query().Get("force") == "true" && may(r, auth.ActJobBreakLock)
	var j *store.Job
	var err error
	if r.Method == http.MethodDelete {
		j, err = s.db.UnlockJob(r.Context(), content(r), sessionOf(r).claims.Sub, chi.URLParam(r, "jobId"), force)
	} else {
		j, err = s.db.LockJob(r.Context(), content(r), sessionOf(r).claims.Sub, chi.URLParam(r, "jobId"), force)
	}
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, j)
	return nil
}

// resolveConflict marks one of the job's conflicts resolved (management); it stays recorded.
func (s *Server) resolveConflict(w http.ResponseWriter, r *http.Request) error {
	index, err := strconv.Atoi(chi.URLParam(r, "index"))
	if err != nil {
		return arbor.Errorf(arbor.ENOTFOUND, "error.not_found", nil)
	}
	j, err := s.db.ResolveJobConflict(r.Context(), content(r), sessionOf(r).claims.Sub, chi.URLParam(r, "jobId"), index)
	return writeResult(w, http.StatusOK, j, err)
}

// applyConflict applies a crew's kept edit (management): its fields are written onto the tree or
// group as it is now, under the manager's name, and the conflict is marked resolved ("applied").
func (s *Server) applyConflict(w http.ResponseWriter, r *http.Request) error {
	index, err := strconv.Atoi(chi.URLParam(r, "index"))
	if err != nil {
		return arbor.Errorf(arbor.ENOTFOUND, "error.not_found", nil)
	}
	return answerInTx(w, r, s.db, http.StatusOK, func(tx *store.Tx) (*store.Job, error) {
		return tx.ApplyJobEdit(r.Context(), content(r), actor(r), chi.URLParam(r, "jobId"), index)
	})
}
