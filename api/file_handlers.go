package api

import (
	"errors"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/url"
	"strings"

	"arbor"
	"arbor/auth"
	"arbor/files"
	"arbor/store"
)

// Photos and documents (docs/API.md "Photos and documents"): attached to a project's objects
// under /api/document/… (the project from ?project= or the project session), or to the
// organisation itself under /api/management/organisation/{id}/documents.

// editActions is the right to change each kind of object, which attaching a file to it, and
// renaming or deleting one of its files, asks for.
var editActions = map[string]auth.Action{
	"tree":    auth.ActTreeWrite,
	"group":   auth.ActTreeWrite,
	"check":   auth.ActCheckCreate,
	"action":  auth.ActActionWrite,
	"job":     auth.ActJobLock,
	"project": auth.ActProjectSettings,
}

// mayEditFilesOf says whether the caller may attach to, rename and delete files of an object.
func mayEditFilesOf(r *http.Request, objectType string) bool {
	a, ok := editActions[objectType]
	return ok && may(r, auth.ActFileWrite) && may(r, a)
}

// documentList is the answer of a list of files.
type documentList struct {
	Documents []*store.Document `json:"documents"`
	Photos    int               `json:"photos"`
	Files     int               `json:"files"` // documents that are not photos
	MayEdit   bool              `json:"may_edit"`
}

func newDocumentList(docs []*store.Document, mayEdit bool) documentList {
	l := documentList{Documents: docs, MayEdit: mayEdit}
	for _, d := range docs {
		if d.Kind == "photo" {
			l.Photos++
		} else {
			l.Files++
		}
	}
	return l
}

// fileService is the file store, or 503 on a server built without one.
func (s *Server) fileService() (*files.Service, error) {
	if s.files == nil {
		return nil, arbor.Errorf(arbor.EUNAVAILABLE, "files.unavailable", nil)
	}
	return s.files, nil
}

// documentOwner is the object of ?object_type=&object_id= in the caller's project.
func (s *Server) documentOwner(r *http.Request) (*store.DocumentOwner, error) {
	q := r.URL.Query()
	t, id := q.Get("object_type"), q.Get("object_id")
	if _, ok := editActions[t]; !ok {
		return nil, arbor.Invalid(map[string]string{"object_type": "files.object_type"})
	}
	return s.db.DocumentOwner(r.Context(), content(r), t, id)
}

// listDocuments lists an object's files (a tree's with those of its inspections and works).
func (s *Server) listDocuments(w http.ResponseWriter, r *http.Request) error {
	o, err := s.documentOwner(r)
	if err != nil {
		return err
	}
	docs, err := s.db.Documents(r.Context(), content(r), o)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, newDocumentList(docs, mayEditFilesOf(r, o.Type)))
	return nil
}

// saveDocument attaches an uploaded file to an object of the project.
func (s *Server) saveDocument(w http.ResponseWriter, r *http.Request) error {
	o, err := s.documentOwner(r)
	if err != nil {
		return err
	}
	if !mayEditFilesOf(r, o.Type) {
		return arbor.Errorf(arbor.EFORBIDDEN, "files.attach_forbidden", nil)
	}
	return s.receiveDocument(w, r, *o)
}

// receiveDocument streams the "file" part of a multipart upload into the file store (never
// whole in memory) and answers the stored file: 201, or 200 for a retry of the same client_id.
// A caption may come as ?caption= or as a "caption" part before the file.
func (s *Server) receiveDocument(w http.ResponseWriter, r *http.Request, o store.DocumentOwner) error {
	fs, parts, err := s.fileUpload(w, r, files.MaxSize)
	if err != nil {
		return err
	}
	q := r.URL.Query()
	u := files.Upload{Owner: o, Who: actor(r), ClientID: q.Get("client_id"), Caption: q.Get("caption"), Expected: r.ContentLength}
	p, err := filePart(parts, &u)
	if err != nil {
		return err
	}
	d, created, err := fs.Save(r.Context(), u, p)
	if err != nil {
		return fileUploadError(err)
	}
	writeJSON(w, createdOr(created), d)
	return nil
}

// fileUpload is the file store and the multipart body of an upload into it, whose file is at
// most limit bytes.
func (s *Server) fileUpload(w http.ResponseWriter, r *http.Request, limit int64) (*files.Service, *multipart.Reader, error) {
	fs, err := s.fileService()
	if err != nil {
		return nil, nil, err
	}
	parts, err := multipartBody(w, r, limit, "files.file_required")
	return fs, parts, err
}

// multipartBody reads an upload's body as multipart/form-data whose file is at most limit bytes
// (a megabyte more for the other parts); a body that is no form is refused with missing, the
// message of its "file" field.
func multipartBody(w http.ResponseWriter, r *http.Request, limit int64, missing string) (*multipart.Reader, error) {
	if mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); mt != "multipart/form-data" {
		return nil, arbor.Invalid(map[string]string{"file": missing})
	}
	r.Body = http.MaxBytesReader(w, r.Body, limit+(1<<20))
	parts, err := r.MultipartReader()
	if err != nil {
		return nil, arbor.Invalid(map[string]string{"file": missing})
	}
	return parts, nil
}

// eachPart calls read with each part of the form in the order they come, until the form ends
// or read fails.
func eachPart(parts *multipart.Reader, read func(*multipart.Part) error) error {
	for {
		p, err := parts.NextPart()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		if err := read(p); err != nil {
			return err
		}
	}
}

// filePart reads the form up to its file: a caption and a client id before it go into u (over
// those of the query), and the file's name as sent. A form without a file is refused.
func filePart(parts *multipart.Reader, u *files.Upload) (*multipart.Part, error) {
	for {
		p, err := parts.NextPart()
		if errors.Is(err, io.EOF) {
			return nil, arbor.Invalid(map[string]string{"file": "files.file_required"})
		}
		if err != nil {
			return nil, fileUploadError(err)
		}
		switch p.FormName() {
		case "caption", "client_id":
			b, err := io.ReadAll(io.LimitReader(p, 8<<10))
			if err != nil {
				return nil, fileUploadError(err)
			}
			if p.FormName() == "caption" {
				u.Caption = string(b)
			} else {
				u.ClientID = string(b)
			}
		case "file":
			u.Name = rawFileName(p.Header.Get("Content-Disposition"))
			return p, nil
		}
	}
}

// rawFileName is the file name exactly as the client sent it: the multipart reader's own
// FileName cuts a path to its last element, and a name with a path is to be refused, not cut.
func rawFileName(disposition string) string {
	_, params, err := mime.ParseMediaType(disposition)
	if err != nil {
		return ""
	}
	return params["filename"]
}

// fileUploadError names a body that was too large as such (413).
func fileUploadError(err error) error {
	var tooLarge *http.MaxBytesError
	if errors.As(err, &tooLarge) {
		return arbor.Errorf(arbor.ETOOLARGE, "files.too_large", map[string]any{"limit": "50 MB"})
	}
	var ae *arbor.Error
	if !errors.As(err, &ae) && strings.Contains(err.Error(), "multipart") {
		return arbor.Errorf(arbor.EINVALID, "files.broken", nil)
	}
	return err
}

// projectDocument is the {fileId} of the caller's project, within their access limit.
func (s *Server) projectDocument(r *http.Request) (*store.Document, error) {
	id, err := pathID(r, "fileId")
	if err != nil {
		return nil, err
	}
	return s.db.Document(r.Context(), content(r), id)
}

// documentEdit is the body of a rename or a new caption.
type documentEdit struct {
	Name    *string `json:"name"`
	Caption *string `json:"caption"`
}

// check validates the change of d: the name is checked as an upload's and keeps its type's extension.
func (e documentEdit) check(d *store.Document) (store.DocumentEdit, error) {
	out := store.DocumentEdit{Caption: e.Caption}
	if e.Caption != nil {
		c := strings.TrimSpace(*e.Caption)
		if len([]rune(c)) > 2000 {
			return out, arbor.Invalid(map[string]string{"caption": "files.caption_too_long"})
		}
		out.Caption = &c
	}
	if e.Name != nil {
		if strings.TrimSpace(*e.Name) == "" {
			return out, arbor.Invalid(map[string]string{"name": "field.required"})
		}
		name, err := files.CleanName(*e.Name, files.TypeOf(d.ContentType))
		if err != nil {
			return out, err
		}
		out.Name = &name
	}
	return out, nil
}

// editDocument renames a file of the project or changes its caption.
func (s *Server) editDocument(w http.ResponseWriter, r *http.Request) error {
	return onDocument(w, r, s.changeableDocument("files.edit_forbidden"), s.applyDocumentEdit)
}

func (s *Server) applyDocumentEdit(w http.ResponseWriter, r *http.Request, d *store.Document) error {
	var body documentEdit
	if err := decode(r, &body); err != nil {
		return err
	}
	e, err := body.check(d)
	if err != nil {
		return err
	}
	return answerInTx(w, r, s.db, http.StatusOK, func(tx *store.Tx) (*store.Document, error) {
		return tx.EditDocument(r.Context(), actor(r), d, e)
	})
}

// deleteDocument deletes a file of the project: only who may change its object may
// ('not authorised to delete a file').
func (s *Server) deleteDocument(w http.ResponseWriter, r *http.Request) error {
	return onDocument(w, r, s.changeableDocument("files.delete_forbidden"), s.removeDocument)
}

// changeableDocument finds the project's file of the route for a change, which only who may
// change its object may; anyone else is refused with the message of refused.
func (s *Server) changeableDocument(refused string) func(*http.Request) (*store.Document, error) {
	return func(r *http.Request) (*store.Document, error) {
		d, err := s.projectDocument(r)
		if err == nil && !mayEditFilesOf(r, d.ObjectType) {
			return nil, arbor.Errorf(arbor.EFORBIDDEN, refused, nil)
		}
		return d, err
	}
}

func (s *Server) removeDocument(w http.ResponseWriter, r *http.Request, d *store.Document) error {
	fs, err := s.fileService()
	if err != nil {
		return err
	}
	if err := fs.Delete(r.Context(), actor(r), d); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// onDocument finds the route's file with find and hands it to do.
func onDocument(w http.ResponseWriter, r *http.Request, find func(*http.Request) (*store.Document, error),
	do func(http.ResponseWriter, *http.Request, *store.Document) error) error {
	d, err := find(r)
	if err != nil {
		return err
	}
	return do(w, r, d)
}

// projectPhoto is the project's photo of the route; any other file is not found here.
func (s *Server) projectPhoto(r *http.Request) (*store.Document, error) {
	d, err := s.projectDocument(r)
	if err == nil && d.Kind != "photo" {
		return nil, arbor.Errorf(arbor.ENOTFOUND, "files.missing", nil)
	}
	return d, err
}

// downloadDocument sends a file of the project as an attachment.
func (s *Server) downloadDocument(w http.ResponseWriter, r *http.Request) error {
	return onDocument(w, r, s.projectDocument, s.sendAttachment)
}

// documentImage sends a photo itself, to be shown (the lightbox's "original").
func (s *Server) documentImage(w http.ResponseWriter, r *http.Request) error {
	return onDocument(w, r, s.projectPhoto, func(w http.ResponseWriter, r *http.Request, d *store.Document) error {
		return s.sendDocument(w, r, d, files.Original, false)
	})
}

// documentThumbnail sends a photo's thumbnail: ?size=small (256 px, the default) or large
// (1280 px); the photo itself until the queue has made them.
func (s *Server) documentThumbnail(w http.ResponseWriter, r *http.Request) error {
	v := files.Thumb
	if r.URL.Query().Get("size") == "large" {
		v = files.Preview
	}
	return onDocument(w, r, s.projectPhoto, func(w http.ResponseWriter, r *http.Request, d *store.Document) error {
		return s.sendDocument(w, r, d, v, false)
	})
}

// sendAttachment sends a file as it was uploaded, to be kept.
func (s *Server) sendAttachment(w http.ResponseWriter, r *http.Request, d *store.Document) error {
	return s.sendDocument(w, r, d, files.Original, true)
}

// sendDocument streams a file (or a photo's thumbnail) from the blob store. A file's bytes never
// change, so its checksum and the state of its thumbnails are its ETag; a browser asks again
// cheaply (304). Documents are never shown inside the app's origin as they are: attachment,
// nosniff and a sandbox keep an uploaded file from running as a page.
func (s *Server) sendDocument(w http.ResponseWriter, r *http.Request, d *store.Document, v files.Variant, attachment bool) error {
	fs, err := s.fileService()
	if err != nil {
		return err
	}
	etag := fmt.Sprintf(`"%s-%d-%s"`, d.SHA256[:16], int(v), d.Thumbs)
	h := w.Header()
	h.Set("ETag", etag)
	h.Set("Cache-Control", "private, no-cache")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Content-Security-Policy", "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'")
	if match := r.Header.Get("If-None-Match"); match != "" && match == etag {
		w.WriteHeader(http.StatusNotModified)
		return nil
	}
	rc, size, contentType, err := fs.Open(r.Context(), d, v)
	if err != nil {
		return err
	}
	defer rc.Close()
	disposition := "inline"
	if attachment {
		disposition = "attachment"
	}
	h.Set("Content-Type", contentType)
	h.Set("Content-Length", fmt.Sprint(size))
	h.Set("Content-Disposition", fmt.Sprintf(`%s; filename="%s"; filename*=UTF-8''%s`, disposition, asciiName(d.Name), url.PathEscape(d.Name)))
	w.WriteHeader(http.StatusOK)
	// A buffer the file's size, up to 32 kB: the blob reader's own copy takes 1 MB for every
	// answer, and clearing and collecting that was most of what a gallery's thumbnails cost.
	buf := make([]byte, max(min(size, 32<<10), 512))
	_, err = io.CopyBuffer(w, struct{ io.Reader }{rc}, buf)
	if err != nil {
		// The answer has begun: nothing can be said any more but the log line.
		s.log.WarnContext(r.Context(), "sending a file broke off", "file", d.ID, "err", err)
	}
	return nil
}

// asciiName is a file name for the plain filename parameter: non-ASCII and quotes replaced.
func asciiName(name string) string {
	return strings.Map(func(r rune) rune {
		if r < 0x20 || r > 0x7E || r == '"' || r == '\\' {
			return '_'
		}
		return r
	}, name)
}

// dataSpace answers an organisation's storage for photos and documents and its use.
func (s *Server) dataSpace(w http.ResponseWriter, r *http.Request) error {
	space, err := s.db.DataSpace(r.Context(), targetOf(r).organisationID)
	return writeResult(w, http.StatusOK, space, err)
}

// organisationOwner is the organisation of an organisation route as the owner of its own files.
func organisationOwner(r *http.Request) store.DocumentOwner {
	id := targetOf(r).organisationID
	return store.DocumentOwner{Organisation: id, Type: "organisation", ID: id}
}

// listOrganisationDocuments lists the organisation's own files.
func (s *Server) listOrganisationDocuments(w http.ResponseWriter, r *http.Request) error {
	docs, err := s.db.OrganisationDocuments(r.Context(), targetOf(r).organisationID)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, newDocumentList(docs, may(r, auth.ActOrganisationUpdate)))
	return nil
}

// saveOrganisationDocument uploads a file of the organisation's own.
func (s *Server) saveOrganisationDocument(w http.ResponseWriter, r *http.Request) error {
	return s.receiveDocument(w, r, organisationOwner(r))
}

func (s *Server) organisationDocument(r *http.Request) (*store.Document, error) {
	id, err := pathID(r, "fileId")
	if err != nil {
		return nil, err
	}
	return s.db.OrganisationDocument(r.Context(), targetOf(r).organisationID, id)
}

// downloadOrganisationDocument sends one of the organisation's files as an attachment.
func (s *Server) downloadOrganisationDocument(w http.ResponseWriter, r *http.Request) error {
	return onDocument(w, r, s.organisationDocument, s.sendAttachment)
}

// editOrganisationDocument renames one of the organisation's files or changes its caption.
func (s *Server) editOrganisationDocument(w http.ResponseWriter, r *http.Request) error {
	return onDocument(w, r, s.organisationDocument, s.applyDocumentEdit)
}

// deleteOrganisationDocument deletes one of the organisation's files.
func (s *Server) deleteOrganisationDocument(w http.ResponseWriter, r *http.Request) error {
	return onDocument(w, r, s.organisationDocument, s.removeDocument)
}
