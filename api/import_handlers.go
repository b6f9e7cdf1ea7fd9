package api

import (
	"encoding/json"
	"errors"
	"io"
	"mime/multipart"
	"net/http"
	"os"
	"path/filepath"

	"arbor"
	"arbor/domain"
	"arbor/store"

	"github.com/go-chi/chi/v5"
)

// maxImportFile is the largest register file taken: a million trees as CSV are about 150 MB.
const maxImportFile = 512 << 20

// upload is a file a person sent, kept in a temporary file while the request reads it (the
// readers need to seek: Excel is a zip, GeoJSON is read twice).
type upload struct {
	file    *os.File
	size    int64
	name    string
	options domain.ImportOptions
}

func (u *upload) Close() {
	u.file.Close()
	os.Remove(u.file.Name())
}

// receiveUpload streams the "file" part of a multipart form to a temporary file, never whole in
// memory, and reads the "options" part (JSON) beside it.
func receiveUpload(w http.ResponseWriter, r *http.Request) (*upload, error) {
	parts, err := multipartBody(w, r, maxImportFile, "field.required")
	if err != nil {
		return nil, err
	}
	u := &upload{}
	if err := eachPart(parts, u.readPart); err != nil {
		if u.file != nil {
			u.Close()
		}
		return nil, uploadTooLarge(err)
	}
	if u.file == nil {
		return nil, arbor.Invalid(map[string]string{"file": "field.required"})
	}
	if u.name == "" || u.name == "." {
		u.name = "upload"
	}
	return u, nil
}

// readPart reads one part of the form; any other than the file and the options is passed over.
func (u *upload) readPart(p *multipart.Part) error {
	switch p.FormName() {
	case "file":
		return u.readFile(p)
	case "options":
		return u.readOptions(p)
	}
	return nil
}

// readFile copies the one file of the form to a temporary file.
func (u *upload) readFile(p *multipart.Part) error {
	if u.file != nil {
		return arbor.Invalid(map[string]string{"file": "import.one_file"})
	}
	f, err := os.CreateTemp("", "arbor-import-*")
	if err != nil {
		return err
	}
	u.file, u.name = f, filepath.Base(p.FileName())
	u.size, err = io.Copy(f, p)
	return err
}

// readOptions reads the import's options, a small JSON object.
func (u *upload) readOptions(p *multipart.Part) error {
	raw, err := io.ReadAll(io.LimitReader(p, 1<<20))
	if err != nil {
		return err
	}
	if err := json.Unmarshal(raw, &u.options); err != nil {
		return arbor.Invalid(map[string]string{"options": "error.bad_json"})
	}
	return nil
}

// uploadTooLarge names the limit where the body went past it, and passes any other error on.
func uploadTooLarge(err error) error {
	var tooLarge *http.MaxBytesError
	if errors.As(err, &tooLarge) {
		return arbor.Errorf(arbor.ETOOLARGE, "error.too_large", map[string]any{"limit": "512 MB"})
	}
	return err
}

// importUpload is the project and the file of an import request. A member whose access is
// limited to part of the project does not import: the file's objects may lie anywhere.
func importUpload(w http.ResponseWriter, r *http.Request) (store.Content, *upload, error) {
	sc := content(r)
	if sc.Limit != nil {
		return sc, nil, arbor.Errorf(arbor.EFORBIDDEN, "import.limited", nil)
	}
	u, err := receiveUpload(w, r)
	return sc, u, err
}

// inspectImportFile answers what a register file holds and how Arbor would read it.
func (s *Server) inspectImportFile(w http.ResponseWriter, r *http.Request) error {
	sc, u, err := importUpload(w, r)
	if err != nil {
		return err
	}
	defer u.Close()
	in, err := s.app.InspectImport(r.Context(), sc, u.file, u.size, u.options)
	return writeResult(w, http.StatusOK, in, err)
}

// importTrees previews (dry_run) or imports a register file by the person's mapping.
func (s *Server) importTrees(w http.ResponseWriter, r *http.Request) error {
	sc, u, err := importUpload(w, r)
	if err != nil {
		return err
	}
	defer u.Close()
	if !u.options.DryRun {
		// The import itself is the queue's: the wizard follows its task and may be closed.
		task, err := s.app.QueueImport(r.Context(), sc, actor(r), u.name, u.file, u.size, u.options, language(r))
		if err != nil {
			return err
		}
		writeJSON(w, http.StatusAccepted, map[string]any{"task": task})
		return nil
	}
	answer, err := s.app.ImportFile(r.Context(), sc, actor(r), u.name, u.file, u.size, u.options, language(r))
	return writeResult(w, http.StatusOK, answer, err)
}

// importTasks lists the caller's imports of the project that have not ended, so the wizard
// opened again shows the one under way (one whose server died is failed first).
func (s *Server) importTasks(w http.ResponseWriter, r *http.Request) error {
	return s.writeOpenTasks(w, r, store.ImportTasks)
}

// importTask answers how far an import the caller started has got, and its result when done.
func (s *Server) importTask(w http.ResponseWriter, r *http.Request) error {
	return s.writeTask(w, r, store.ImportTasks)
}

func (s *Server) listImports(w http.ResponseWriter, r *http.Request) error {
	list, err := s.db.Imports(r.Context(), content(r))
	return writeList(w, list, err)
}

func (s *Server) undoImport(w http.ResponseWriter, r *http.Request) error {
	var undone *store.UndoneImport
	err := s.db.InTx(r.Context(), func(tx *store.Tx) (err error) {
		undone, err = tx.UndoImport(r.Context(), content(r), actor(r), chi.URLParam(r, "importId"))
		return err
	})
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, undone)
	return nil
}
