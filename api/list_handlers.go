package api

import (
	"bytes"
	"errors"
	"io"
	"mime"
	"net/http"
	"strings"

	"arbor"
	"arbor/store"

	"github.com/go-chi/chi/v5"
	"github.com/xuri/excelize/v2"
)

// maxListImport is the largest Excel file a list import accepts.
const maxListImport = 5 << 20

// contentLists answers every value list of the project's organisation, for forms.
func (s *Server) contentLists(w http.ResponseWriter, r *http.Request) error {
	lists, err := s.db.AllLists(r.Context(), targetOf(r).organisationID, language(r))
	return writeResult(w, http.StatusOK, lists, err)
}

// organisationList answers one value list of an organisation (the 'lists' settings page).
func (s *Server) organisationList(w http.ResponseWriter, r *http.Request) error {
	entries, err := s.db.ListEntries(r.Context(), targetOf(r).organisationID, chi.URLParam(r, "list"), language(r))
	return writeList(w, entries, err)
}

type addEntriesRequest struct {
	Values []store.NewListEntry `json:"values"`
}

// addListEntries adds an organisation's own entries; existing values are reported, not added.
func (s *Server) addListEntries(w http.ResponseWriter, r *http.Request) error {
	var req addEntriesRequest
	if err := decode(r, &req); err != nil {
		return err
	}
	if len(req.Values) == 0 {
		return arbor.Invalid(map[string]string{"values": "field.required"})
	}
	return s.addEntries(w, r, req.Values)
}

func (s *Server) addEntries(w http.ResponseWriter, r *http.Request, values []store.NewListEntry) error {
	var res *store.AddedEntries
	err := s.db.InTx(r.Context(), func(tx *store.Tx) (err error) {
		res, err = tx.AddListEntries(r.Context(), targetOf(r).organisationID, chi.URLParam(r, "list"), language(r), values)
		return err
	})
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, res)
	return nil
}

// updateListEntry changes an organisation's own entry; global entries stay as they are (403).
func (s *Server) updateListEntry(w http.ResponseWriter, r *http.Request) error {
	var e store.NewListEntry
	if err := decode(r, &e); err != nil {
		return err
	}
	out, err := s.db.UpdateListEntry(r.Context(), targetOf(r).organisationID, chi.URLParam(r, "list"), language(r), chi.URLParam(r, "entryId"), e)
	return writeResult(w, http.StatusOK, out, err)
}

func (s *Server) deleteListEntry(w http.ResponseWriter, r *http.Request) error {
	if err := s.db.DeleteListEntry(r.Context(), targetOf(r).organisationID, chi.URLParam(r, "list"), chi.URLParam(r, "entryId")); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// importListEntries adds the values of an Excel file: the first column of the first worksheet,
// no title row, blank cells skipped (docs/PRODUCT.md §5). The file comes as the body or as the "file" part
// of a form.
func (s *Server) importListEntries(w http.ResponseWriter, r *http.Request) error {
	body := http.MaxBytesReader(w, r.Body, maxListImport+(64<<10))
	var file io.Reader = body
	if mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); mt == "multipart/form-data" {
		r.Body = body
		if err := r.ParseMultipartForm(maxListImport); err != nil {
			return uploadError(err)
		}
		f, _, err := r.FormFile("file")
		if err != nil {
			return arbor.Invalid(map[string]string{"file": "field.required"})
		}
		defer f.Close()
		file = f
	}
	raw, err := io.ReadAll(file)
	if err != nil {
		return uploadError(err)
	}
	values, err := firstColumn(raw)
	if err != nil {
		return err
	}
	if len(values) == 0 {
		return arbor.Errorf(arbor.EINVALID, "list.import_empty", nil)
	}
	entries := make([]store.NewListEntry, len(values))
	for i, v := range values {
		entries[i] = store.NewListEntry{Name: v}
	}
	return s.addEntries(w, r, entries)
}

func uploadError(err error) error {
	var tooLarge *http.MaxBytesError
	if errors.As(err, &tooLarge) {
		return arbor.Errorf(arbor.ETOOLARGE, "error.too_large", map[string]any{"limit": "5 MB"})
	}
	return arbor.Errorf(arbor.EINVALID, "upload.failed", nil)
}

// firstColumn reads the values of the first column of the first worksheet of an .xlsx file;
// anything that is not one is refused as an invalid format (415).
func firstColumn(raw []byte) ([]string, error) {
	if !bytes.HasPrefix(raw, []byte("PK\x03\x04")) {
		return nil, arbor.Errorf(arbor.EFORMAT, "upload.invalid_format", nil)
	}
	f, err := excelize.OpenReader(bytes.NewReader(raw))
	if err != nil {
		return nil, arbor.Errorf(arbor.EFORMAT, "upload.invalid_format", nil)
	}
	defer f.Close()
	sheets := f.GetSheetList()
	if len(sheets) == 0 {
		return nil, arbor.Errorf(arbor.EFORMAT, "upload.invalid_format", nil)
	}
	rows, err := f.Rows(sheets[0])
	if err != nil {
		return nil, arbor.Errorf(arbor.EFORMAT, "upload.invalid_format", nil)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		cols, err := rows.Columns()
		if err != nil {
			return nil, arbor.Errorf(arbor.EFORMAT, "upload.invalid_format", nil)
		}
		if len(cols) > 0 {
			if v := strings.TrimSpace(cols[0]); v != "" {
				out = append(out, v)
			}
		}
		if len(out) > 10000 {
			return nil, arbor.Errorf(arbor.EINVALID, "list.import_too_many", map[string]any{"max": arbor.Count(10000)})
		}
	}
	return out, nil
}
