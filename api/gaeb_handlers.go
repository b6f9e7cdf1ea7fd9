package api

import (
	"bytes"
	"net/http"
	"time"

	"arbor"
	"arbor/export"
	"arbor/store"
)

// exportGAEB answers the open works of a view, a selection or a job as a GAEB DA XML 3.3 X83
// bill of quantities (a call for bids), and records the export.
func (s *Server) exportGAEB(w http.ResponseWriter, r *http.Request) error {
	var req export.TenderRequest
	if err := decodeLimit(r, &req, s.selectionLimit()); err != nil {
		return err
	}
	if req.Job == "" && req.Filter == nil {
		return checks{"filter": "field.required"}.err()
	}
	sc := content(r)
	var buf bytes.Buffer
	n, err := export.Tenders(r.Context(), s.db, sc, req, time.Now(), &buf)
	if err != nil {
		return err
	}
	if err := s.db.RecordExport(r.Context(), sc, sessionOf(r).claims.Sub, "export-gaeb", "x83", n, req); err != nil {
		return err
	}
	return download(w, "application/xml", "arbor-lv-"+time.Now().UTC().Format("2006-01-02")+".x83", buf.Bytes())
}

// download answers a file to keep, named.
func download(w http.ResponseWriter, contentType, name string, body []byte) error {
	w.Header().Set("Content-Type", contentType)
	w.Header().Set("Content-Disposition", `attachment; filename="`+name+`"`)
	w.WriteHeader(http.StatusOK)
	_, err := w.Write(body)
	return err
}

// listExports answers the organisation's exports for its administrators: who took what away
// and when, newest first (?limit=, default 100, ?offset=).
func (s *Server) listExports(w http.ResponseWriter, r *http.Request) error {
	limit, offset, err := paging(r, 100)
	if err != nil {
		return err
	}
	list, total, err := s.db.ExportRecords(r.Context(), targetOf(r).organisationID, limit, offset)
	return writePage(w, list, total, err)
}

// exportGIS answers the objects of a view (or selection) as a GeoPackage, GeoJSON or CSV with WKT, in WGS 84
// or the EPSG code asked for: {filter, format, srid}.
func (s *Server) exportGIS(w http.ResponseWriter, r *http.Request) error {
	var req export.GISRequest
	if err := decodeLimit(r, &req, s.selectionLimit()); err != nil {
		return err
	}
	sc := content(r)
	if req.SRID == 0 {
		req.SRID = 4326
	}
	switch req.Format {
	case "gpkg", "geojson", "csv":
	default:
		return &arbor.Error{Code: arbor.EINVALID, Key: "export.format", Fields: map[string]string{"format": "export.format"}}
	}
	if err := s.db.CheckSRID(r.Context(), req.SRID); err != nil {
		return err
	}
	if task, err := s.queueExport(r, store.ExportJob{Export: "export-gis", Format: req.Format, Filter: req.Filter, SRID: req.SRID}); task != nil || err != nil {
		if err != nil {
			return err
		}
		writeJSON(w, http.StatusAccepted, map[string]*store.Task{"task": task})
		return nil
	}
	var buf bytes.Buffer
	n, err := export.GIS(r.Context(), s.db, sc, req, s.listOptions(r), &buf)
	if err != nil {
		return err
	}
	if err := s.db.RecordExport(r.Context(), sc, sessionOf(r).claims.Sub, "export-gis", req.Format, n, req); err != nil {
		return err
	}
	typ, ext := export.FileType(req.Format)
	return download(w, typ, "arbor-"+time.Now().UTC().Format("2006-01-02")+"."+ext, buf.Bytes())
}
