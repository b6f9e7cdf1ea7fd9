package api

import (
	"bytes"
	"io"
	"net/http"
	"os"
	"strconv"
	"time"

	"arbor"
	"arbor/export"
	"arbor/files"
	"arbor/store"

	"github.com/go-chi/chi/v5"
)

// exportTrees answers the objects a filter (or a selection: the filter's ids) shows as an Excel
// workbook, in the table's order, with the columns, headings and value names the app sends.
func (s *Server) exportTrees(w http.ResponseWriter, r *http.Request) error {
	var req export.TreeRequest
	if err := decodeLimit(r, &req, s.selectionLimit()); err != nil {
		return err
	}
	c := checks{}
	if !req.All && (len(req.Columns) == 0 || len(req.Columns) > maxColumns) {
		c["columns"] = "field.columns"
	}
	seen := map[string]bool{}
	for _, col := range req.Columns {
		if !columnID.MatchString(col.ID) || seen[col.ID] || col.Label == "" || len(col.Label) > 200 || len(col.Values) > 50 {
			c["columns"] = "field.columns"
			break
		}
		seen[col.ID] = true
	}
	if req.Sheet == "" {
		req.Sheet = "Arbor"
	}
	c.maxLen("sheet", req.Sheet, 50)
	if err := c.err(); err != nil {
		return err
	}
	sc := content(r)
	var buf bytes.Buffer
	n, err := export.Trees(r.Context(), s.db, sc, req, s.listOptions(r), &buf)
	if err != nil {
		return err
	}
	detail := map[string]any{"filter": req.Filter, "all": req.All}
	if err := s.db.RecordExport(r.Context(), sc, sessionOf(r).claims.Sub, "export", "xlsx", n, detail); err != nil {
		return err
	}
	return download(w, xlsxType, "arbor-"+time.Now().UTC().Format("2006-01-02")+".xlsx", buf.Bytes())
}

const xlsxType = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"

func (s *Server) listOptions(r *http.Request) export.ListOptions {
	return export.ListOptions{Lang: language(r), BaseURL: s.baseURL, Project: targetOf(r).projectID, Location: recordZone}
}

// exportAllTrees answers the whole project (its stock, or ?state=felled|archived|all) with every
// field as an Excel workbook, without a limit: {state, sheet}.
func (s *Server) exportAllTrees(w http.ResponseWriter, r *http.Request) error {
	req, err := allTreesParams(r)
	if err != nil {
		return err
	}
	sc := content(r)
	if task, err := s.queueExport(r, store.ExportJob{Export: "export-all-trees", Format: "xlsx", Filter: store.Filter{State: req.State}, Sheet: req.Sheet}); task != nil || err != nil {
		if err != nil {
			return err
		}
		writeJSON(w, http.StatusAccepted, map[string]*store.Task{"task": task})
		return nil
	}
	file, done, err := files.TempFile("", "arbor-export-*.xlsx")
	if err != nil {
		return err
	}
	defer done()
	// The workbook goes to a file first: a failure midway answers an error, not half a file.
	n, err := export.AllTrees(r.Context(), s.db, sc, store.Filter{State: req.State}, req.Sheet, s.listOptions(r), file)
	if err != nil {
		return err
	}
	if n == 0 {
		return arbor.Errorf(arbor.EINVALID, "export.nothing", nil)
	}
	if err := s.db.RecordExport(r.Context(), sc, sessionOf(r).claims.Sub, "export-all-trees", "xlsx", n, req); err != nil {
		return err
	}
	return downloadFile(w, xlsxType, "arbor-"+time.Now().UTC().Format("2006-01-02")+".xlsx", file)
}

// allTreesRequest asks for the whole project as a workbook.
type allTreesRequest struct {
	State string `json:"state"`
	Sheet string `json:"sheet"`
}

func allTreesParams(r *http.Request) (allTreesRequest, error) {
	var req allTreesRequest
	if err := decode(r, &req); err != nil {
		return req, err
	}
	if req.Sheet == "" {
		req.Sheet = "Arbor"
	}
	c := checks{}
	c.maxLen("sheet", req.Sheet, 31)
	return req, c.err()
}

// downloadFile answers a file written before as an attachment, read from its start.
func downloadFile(w http.ResponseWriter, contentType, name string, file *os.File) error {
	if _, err := file.Seek(0, io.SeekStart); err != nil {
		return err
	}
	w.Header().Set("Content-Type", contentType)
	w.Header().Set("Content-Disposition", `attachment; filename="`+name+`"`)
	w.WriteHeader(http.StatusOK)
	_, err := io.Copy(w, file)
	return err
}

// queueExport puts an export of more objects than ExportAtOnce into the queue and answers its
// task; for fewer (or without a blob store to keep the file in) it answers none, and the request
// makes the file itself. An empty view is refused here.
func (s *Server) queueExport(r *http.Request, job store.ExportJob) (*store.Task, error) {
	sc := content(r)
	n, err := s.db.CountTrees(r.Context(), sc, job.Filter)
	if err != nil {
		return nil, err
	}
	if n == 0 {
		return nil, arbor.Errorf(arbor.EINVALID, "export.nothing", nil)
	}
	if n <= s.exportAt || s.files == nil {
		return nil, nil
	}
	job.Organisation, job.Project, job.Limit, job.Lang = sc.OrganisationID, sc.ProjectID, sc.Limit, sc.Lang
	job.User, job.BaseURL = sessionOf(r).claims.Sub, s.baseURL
	var task *store.Task
	err = s.db.InTx(r.Context(), func(tx *store.Tx) error {
		task, err = tx.QueueExport(r.Context(), s.files.ExportQueue(), job, n)
		return err
	})
	return task, err
}

// exportDownload answers the file a queued export made, while it is kept
// (GET /api/content/task/{taskId}/download); not found once it has expired.
func (s *Server) exportDownload(w http.ResponseWriter, r *http.Request) error {
	if s.files == nil {
		return arbor.Errorf(arbor.EUNAVAILABLE, "error.unavailable", nil)
	}
	key, d, err := s.db.ExportFile(r.Context(), content(r), sessionOf(r).claims.Sub, chi.URLParam(r, "taskId"), s.now())
	if err != nil {
		return err
	}
	file, err := s.files.OpenExport(r.Context(), key)
	if err != nil {
		return err
	}
	defer file.Close()
	w.Header().Set("Content-Type", d.Type)
	w.Header().Set("Content-Length", strconv.FormatInt(d.Size, 10))
	w.Header().Set("Content-Disposition", `attachment; filename="`+d.Name+`"`)
	w.WriteHeader(http.StatusOK)
	_, err = io.Copy(w, file)
	return err
}
