package api

import (
	"context"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"time"

	"arbor"
	"arbor/auth"
	"arbor/domain"
	"arbor/fields"
	"arbor/store"

	"github.com/go-chi/chi/v5"
)

// content is the project a content or tile route works in, as authorise found it, with the
// caller's access limit and language for list names.
func content(r *http.Request) store.Content {
	t := targetOf(r)
	return store.Content{OrganisationID: t.organisationID, ProjectID: t.projectID, Lang: language(r), Limit: t.limit}
}

// actor is the person behind a request, for history and authorship.
func actor(r *http.Request) store.Actor {
	return store.Actor{UserID: sessionOf(r).claims.Sub}
}

// treeBody splits a tree's JSON into its geometry, version, client id and field values. Fields
// the server computes (species names, counts, classes, authorship) may be sent back as they were
// read and are ignored; unknown names are refused.
func treeBody(r *http.Request) (geom json.RawMessage, version int, id string, values fields.Values, err error) {
	var raw map[string]json.RawMessage
	if err = decode(r, &raw); err != nil {
		return
	}
	if raw == nil {
		err = arbor.Errorf(arbor.EINVALID, "error.bad_json", nil)
		return
	}
	geom = raw["geom"]
	if v, ok := raw["version"]; ok {
		if json.Unmarshal(v, &version) != nil {
			err = arbor.Invalid(map[string]string{"version": "field.version"})
			return
		}
	}
	if v, ok := raw["id"]; ok && string(v) != "null" {
		if json.Unmarshal(v, &id) != nil {
			err = arbor.Invalid(map[string]string{"id": "field.id"})
			return
		}
	}
	for name := range raw {
		if fields.Computed(name) {
			delete(raw, name)
		}
	}
	delete(raw, "geom")
	values, err = fields.Parse(raw, false)
	return
}

// createTree creates a tree or group (POST /api/content/tree).
func (s *Server) createTree(w http.ResponseWriter, r *http.Request) error {
	geom, _, id, values, err := treeBody(r)
	if err != nil {
		return err
	}
	var t *store.Tree
	var created bool
	err = s.db.InTx(r.Context(), func(tx *store.Tx) error {
		t, created, err = tx.CreateTree(r.Context(), content(r), actor(r), store.TreeInput{ID: id, Geom: geom, Values: values})
		return err
	})
	if err != nil {
		return err
	}
	writeJSON(w, createdOr(created), t)
	return nil
}

func createdOr(created bool) int {
	if created {
		return http.StatusCreated
	}
	return http.StatusOK
}

func (s *Server) getTree(w http.ResponseWriter, r *http.Request) error {
	t, err := s.db.TreeByRef(r.Context(), content(r), chi.URLParam(r, "treeId"))
	return writeResult(w, http.StatusOK, t, err)
}

// updateTree changes a tree or group; the body carries its version. In a job session an edit
// that meets a newer version is kept in the job's conflicts (domain.UpdateTree).
func (s *Server) updateTree(w http.ResponseWriter, r *http.Request) error {
	geom, version, _, values, err := treeBody(r)
	if err != nil {
		return err
	}
	if version <= 0 {
		return arbor.Invalid(map[string]string{"version": "field.version"})
	}
	t, err := s.app.UpdateTree(r.Context(), content(r), actor(r), jobOfSession(r),
		domain.TreeEdit{ID: chi.URLParam(r, "treeId"), Version: version, Geom: geom, Values: values})
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, t)
	return nil
}

// jobOfSession is the job a job session works in, "" in any other session.
func jobOfSession(r *http.Request) string {
	if c := sessionOf(r).claims; c.Type == auth.TypeJob {
		return c.IDJ
	}
	return ""
}

// listTrees answers a page of the project's trees and groups (GET /api/content/trees).
func (s *Server) listTrees(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	tq := store.TreeQuery{}
	if v := q.Get("filter"); v != "" {
		if err := json.Unmarshal([]byte(v), &tq.Filter); err != nil {
			return arbor.Invalid(map[string]string{"filter": "filter.json"})
		}
	}
	if v := q.Get("state"); v != "" {
		tq.Filter.State = v
	}
	if v := strings.TrimSpace(q.Get("q")); v != "" {
		tq.Filter.Search = v
	}
	if v := q.Get("sort"); v != "" {
		tq.Sort = strings.Split(v, ",")
	}
	var err error
	if tq.Limit, tq.Offset, err = paging(r, 0); err != nil {
		return err
	}
	return s.writeTreePage(w, r, tq)
}

// limitParam reads ?limit=, a whole number from 1 to most; def when the query names none.
func limitParam(r *http.Request, def, most int) (int, error) {
	v := r.URL.Query().Get("limit")
	if v == "" {
		return def, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 || n > most {
		return 0, arbor.Invalid(map[string]string{"limit": "field.limit"})
	}
	return n, nil
}

// paging reads limit and offset (docs/DECISIONS.md API conventions); limit is def when the
// query names none (0: the store's own default).
func paging(r *http.Request, def int) (limit, offset int, err error) {
	if limit, err = limitParam(r, def, 1000); err != nil {
		return 0, 0, err
	}
	if v := r.URL.Query().Get("offset"); v != "" {
		if offset, err = strconv.Atoi(v); err != nil || offset < 0 {
			return 0, 0, arbor.Invalid(map[string]string{"offset": "field.offset"})
		}
	}
	return limit, offset, nil
}

func (s *Server) nextNumber(w http.ResponseWriter, r *http.Request) error {
	n, err := s.db.NextNumber(r.Context(), content(r))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]int{"number": n})
	return nil
}

type fellRequest struct {
	CutDate string `json:"cut_date"`
	Version int    `json:"version"`
}

// fellTree records felling (POST …/fell) or undoes it (DELETE …/fell).
func (s *Server) fellTree(w http.ResponseWriter, r *http.Request) error {
	var req fellRequest
	if err := decode(r, &req); err != nil {
		return err
	}
	undo := r.Method == http.MethodDelete
	c := checks{}
	if req.Version <= 0 {
		c["version"] = "field.version"
	}
	if !undo {
		if req.CutDate == "" {
			req.CutDate = s.now().Format(time.DateOnly)
		}
		if d, err := time.Parse(time.DateOnly, req.CutDate); err != nil {
			c["cut_date"] = "field.date"
		} else if d.After(s.now().AddDate(0, 0, 1)) {
			c["cut_date"] = "field.date_future"
		}
	}
	if err := c.err(); err != nil {
		return err
	}
	return answerInTx(w, r, s.db, http.StatusOK, func(tx *store.Tx) (*store.Tree, error) {
		return tx.FellTree(r.Context(), content(r), actor(r), chi.URLParam(r, "treeId"), req.Version, req.CutDate, undo)
	})
}

// selectionLimit is the body limit of a selection: 10,000 ids fit easily, and a few more so
// that a selection over the limit is answered with the limit rather than "too large".
func (s *Server) selectionLimit() int64 { return int64(s.massEdit)*60 + (1 << 20) }

type archiveRequest struct {
	IDs     []string `json:"ids"`
	Archive *bool    `json:"archive"`
}

// archive archives or activates a selection (PUT /api/content/archive).
func (s *Server) archive(w http.ResponseWriter, r *http.Request) error {
	var req archiveRequest
	if err := decodeLimit(r, &req, s.selectionLimit()); err != nil {
		return err
	}
	if req.Archive == nil {
		return arbor.Invalid(map[string]string{"archive": "field.required"})
	}
	return answerInTx(w, r, s.db, http.StatusOK, func(tx *store.Tx) (map[string]int, error) {
		n, err := tx.ArchiveTrees(r.Context(), content(r), actor(r), req.IDs, *req.Archive, s.massEdit)
		return map[string]int{"changed": n}, err
	})
}

type archiveFilterRequest struct {
	Filter  *store.Filter `json:"filter"`
	Archive *bool         `json:"archive"`
}

// archiveFiltered archives or activates everything a filter shows (PUT /api/content/archive-filter):
// management's "archiving of the filtered view". Up to ArchiveAtOnce objects within the request
// (200 {changed}); a bigger view becomes a task in the queue (202 {task}) whose progress the app polls.
func (s *Server) archiveFiltered(w http.ResponseWriter, r *http.Request) error {
	var req archiveFilterRequest
	if err := decodeLimit(r, &req, s.selectionLimit()); err != nil {
		return err
	}
	c := checks{}
	if req.Filter == nil {
		c["filter"] = "field.required"
	}
	if req.Archive == nil {
		c["archive"] = "field.required"
	}
	if err := c.err(); err != nil {
		return err
	}
	total, err := s.db.CountArchiveFiltered(r.Context(), content(r), *req.Filter, *req.Archive)
	if err != nil {
		return err
	}
	if total > s.atOnce {
		// More than a request changes: queued, and the app follows the task's progress.
		return answerInTx(w, r, s.db, http.StatusAccepted, func(tx *store.Tx) (map[string]*store.Task, error) {
			t, err := tx.QueueArchive(r.Context(), content(r), actor(r), *req.Filter, *req.Archive, total)
			return map[string]*store.Task{"task": t}, err
		})
	}
	return answerInTx(w, r, s.db, http.StatusOK, func(tx *store.Tx) (map[string]int, error) {
		n, err := tx.ArchiveFiltered(r.Context(), content(r), actor(r), *req.Filter, *req.Archive)
		return map[string]int{"changed": n}, err
	})
}

// openTasks lists the caller's tasks of the project that have not ended (GET /api/content/tasks).
func (s *Server) openTasks(w http.ResponseWriter, r *http.Request) error {
	return s.writeOpenTasks(w, r, store.DataViewTasks)
}

// task answers how far a task the caller started has got (GET /api/content/task/{taskId}).
func (s *Server) task(w http.ResponseWriter, r *http.Request) error {
	return s.writeTask(w, r, store.DataViewTasks)
}

// writeOpenTasks answers the caller's tasks of the kinds in the project that have not ended.
func (s *Server) writeOpenTasks(w http.ResponseWriter, r *http.Request, kinds []string) error {
	list, err := s.app.OpenTasks(r.Context(), content(r), sessionOf(r).claims.Sub, kinds, language(r))
	return writeList(w, list, err)
}

// writeTask answers one of the caller's tasks of the kinds ({taskId}), with its result when done.
func (s *Server) writeTask(w http.ResponseWriter, r *http.Request, kinds []string) error {
	t, err := s.app.Task(r.Context(), content(r), sessionOf(r).claims.Sub, chi.URLParam(r, "taskId"), kinds, language(r))
	return writeResult(w, http.StatusOK, t, err)
}

type bulkRequest struct {
	IDs    []string                   `json:"ids"`
	Fields map[string]json.RawMessage `json:"fields"`
}

// bulk is mass edit: the chosen fields on every selected object (PUT /api/content/bulk).
func (s *Server) bulk(w http.ResponseWriter, r *http.Request) error {
	var req bulkRequest
	if err := decodeLimit(r, &req, s.selectionLimit()); err != nil {
		return err
	}
	return answerInTx(w, r, s.db, http.StatusOK, func(tx *store.Tx) (map[string]int, error) {
		n, err := tx.MassEdit(r.Context(), content(r), actor(r), req.IDs, req.Fields, s.massEdit)
		return map[string]int{"changed": n}, err
	})
}

// treeHistory lists the changes of one tree or group (GET /api/content/tree-hist?tree=).
func (s *Server) treeHistory(w http.ResponseWriter, r *http.Request) error {
	limit, offset, err := paging(r, 0)
	if err != nil {
		return err
	}
	list, total, err := s.db.History(r.Context(), content(r), r.URL.Query().Get("tree"), limit, offset)
	return writePage(w, list, total, err)
}

// deleteTree removes a tree or group entered by mistake (the map's undo of a new object).
func (s *Server) deleteTree(w http.ResponseWriter, r *http.Request) error {
	err := s.db.InTx(r.Context(), func(tx *store.Tx) error {
		return tx.DeleteTree(r.Context(), content(r), actor(r), chi.URLParam(r, "treeId"))
	})
	if err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

type dataRequest struct {
	Filter store.Filter `json:"filter"`
	Sort   []string     `json:"sort"`
	Limit  int          `json:"limit"`
	Offset int          `json:"offset"`
	// TotalLater: answer the page at once, with the total only if it is known already (else
	// null, and the count goes on for the next question). On a big project a filter's count
	// takes longer than its page.
	TotalLater bool `json:"total_later"`
}

// data answers a page of the data table (POST /api/content/data): the objects that pass the
// filter, sorted by any column, with the total. A POST because filters with polygons are long.
func (s *Server) data(w http.ResponseWriter, r *http.Request) error {
	var req dataRequest
	if err := decodeLimit(r, &req, s.selectionLimit()); err != nil {
		return err
	}
	c := checks{}
	if req.Limit < 0 || req.Limit > 1000 {
		c["limit"] = "field.limit"
	}
	if req.Offset < 0 {
		c["offset"] = "field.offset"
	}
	if err := c.err(); err != nil {
		return err
	}
	q := store.TreeQuery{Filter: req.Filter, Sort: req.Sort, Limit: req.Limit, Offset: req.Offset}
	if req.TotalLater {
		return s.writePageTotalLater(w, r, q)
	}
	return s.writeTreePage(w, r, q)
}

// writePageTotalLater answers a page of trees with the total of its filter if that is kept
// already, else with a null total, counting it after the answer has gone (detached from the
// request, which ends) so that the next question about the same filter finds it or joins it.
func (s *Server) writePageTotalLater(w http.ResponseWriter, r *http.Request, q store.TreeQuery) error {
	sc := content(r)
	total, err := s.kept(r.Context(), sc, "data/total", q.Filter)
	if err != nil {
		return err
	}
	list, err := s.db.TreePage(r.Context(), sc, q)
	if err != nil {
		return err
	}
	if total != nil {
		writeJSON(w, http.StatusOK, map[string]any{"items": list, "total": json.RawMessage(total)})
		return nil
	}
	writeJSON(w, http.StatusOK, map[string]any{"items": list, "total": nil})
	// Counted once the page is read: on a big project the count takes every core for a quarter of
	// a second, and started beside the page it made the page wait for it (pages read along an
	// index right after a change: 52–216 ms p95 before, 29–40 ms after).
	go func() {
		ctx, cancel := context.WithTimeout(context.WithoutCancel(r.Context()), time.Minute)
		defer cancel()
		if _, err := s.filterTotal(ctx, sc, q.Filter); err != nil {
			s.log.Warn("counting a filter's total after its page", "err", err)
		}
	}()
	return nil
}

// filterTotal counts the objects a filter shows, once per change of the project (answers.go).
func (s *Server) filterTotal(ctx context.Context, sc store.Content, f store.Filter) (answer, error) {
	return s.cached(ctx, sc, "data/total", func() (any, error) { return s.db.CountTrees(ctx, sc, f) }, f)
}

// writeTreePage answers a page of trees with the total of its filter. Lists ask for page after
// page of one filter, so the total is counted once per change of the project (answers.go),
// beside the page.
func (s *Server) writeTreePage(w http.ResponseWriter, r *http.Request, q store.TreeQuery) error {
	var total answer
	var countErr error
	counted := make(chan struct{})
	go func() {
		defer close(counted)
		total, countErr = s.filterTotal(r.Context(), content(r), q.Filter)
	}()
	list, err := s.db.TreePage(r.Context(), content(r), q)
	<-counted
	if err != nil {
		return err
	}
	if countErr != nil {
		return countErr
	}
	writeJSON(w, http.StatusOK, map[string]any{"items": list, "total": json.RawMessage(total)})
	return nil
}
