package api

import (
	"bytes"
	"net/http"
	"time"

	"arbor/export"
)

// recordZone is the time zone the records' times are written in (export.RecordZone).
var recordZone = export.RecordZone

func (s *Server) pdfOptions(r *http.Request) export.PDFOptions {
	return export.PDFOptions{BaseURL: s.baseURL, Lang: language(r), Now: time.Now(), Location: recordZone}
}

// exportTreePDF answers the record of one tree or group as a PDF: {tree}.
func (s *Server) exportTreePDF(w http.ResponseWriter, r *http.Request) error {
	var req struct {
		Tree string `json:"tree"`
	}
	if err := decode(r, &req); err != nil {
		return err
	}
	if req.Tree == "" {
		return checks{"tree": "field.required"}.err()
	}
	sc := content(r)
	var buf bytes.Buffer
	if err := export.TreeRecordPDF(r.Context(), s.db, sc, req.Tree, s.pdfOptions(r), &buf); err != nil {
		return err
	}
	if err := s.db.RecordExport(r.Context(), sc, sessionOf(r).claims.Sub, "export-tree-pdf", "pdf", 1, req); err != nil {
		return err
	}
	return download(w, "application/pdf", "arbor-"+time.Now().UTC().Format("2006-01-02")+".pdf", buf.Bytes())
}

// exportTreeList answers 1 to 100 selected objects as a PDF list: {ids}.
func (s *Server) exportTreeList(w http.ResponseWriter, r *http.Request) error {
	var req struct {
		IDs []string `json:"ids"`
	}
	if err := decodeLimit(r, &req, s.selectionLimit()); err != nil {
		return err
	}
	sc := content(r)
	var buf bytes.Buffer
	if err := export.TreeListRecordsPDF(r.Context(), s.db, sc, req.IDs, s.pdfOptions(r), &buf); err != nil {
		return err
	}
	if err := s.db.RecordExport(r.Context(), sc, sessionOf(r).claims.Sub, "export-tree-list", "pdf", len(req.IDs), req); err != nil {
		return err
	}
	return download(w, "application/pdf", "arbor-"+time.Now().UTC().Format("2006-01-02")+".pdf", buf.Bytes())
}
