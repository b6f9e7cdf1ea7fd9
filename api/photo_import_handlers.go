package api

import (
	"errors"
	"io"
	"mime/multipart"
	"net/http"
	"strconv"
	"strings"

	"arbor"
	"arbor/files"
)

// matchPhotos answers which tree or group each photo of a batch belongs to (docs/API.md
// "Importing photos"): multipart with an optional "radius" part (metres) and one "file" part a
// photo — only its first 128 kB are read, so a client sends just those. Nothing is stored; the
// client then saves each photo with /api/document/save.
func (s *Server) matchPhotos(w http.ResponseWriter, r *http.Request) error {
	fs, err := s.fileService()
	if err != nil {
		return err
	}
	if !mayEditFilesOf(r, "tree") {
		return arbor.Errorf(arbor.EFORBIDDEN, "files.attach_forbidden", nil)
	}
	radius, photos, err := readPhotoHeads(w, r)
	if err != nil {
		return err
	}
	matches, err := fs.MatchPhotos(r.Context(), content(r), photos, radius)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]any{"matches": matches, "radius": radius})
	return nil
}

// readPhotoHeads reads a match request's parts: the radius and each photo's name and first bytes
// (the rest of a whole photo is skipped, within the body's limit).
func readPhotoHeads(w http.ResponseWriter, r *http.Request) (float64, []files.PhotoHead, error) {
	radius := files.DefaultMatchRadius
	parts, err := multipartBody(w, r, files.MaxMatchPhotos*(files.HeadSize+4<<10), "files.file_required")
	if err != nil {
		return 0, nil, err
	}
	var photos []files.PhotoHead
	err = eachPart(parts, func(p *multipart.Part) error {
		switch p.FormName() {
		case "radius":
			return readRadius(p, &radius)
		case "file":
			if len(photos) == files.MaxMatchPhotos {
				return arbor.Errorf(arbor.ETOOLARGE, "files.match_too_many", map[string]any{"max": files.MaxMatchPhotos})
			}
			head, err := io.ReadAll(io.LimitReader(p, files.HeadSize))
			if err == nil {
				_, err = io.Copy(io.Discard, p)
			}
			photos = append(photos, files.PhotoHead{Name: rawFileName(p.Header.Get("Content-Disposition")), Head: head})
			return err
		}
		return nil
	})
	if err != nil {
		return 0, nil, matchUploadError(err)
	}
	if len(photos) == 0 {
		return 0, nil, arbor.Invalid(map[string]string{"file": "files.file_required"})
	}
	return radius, photos, nil
}

// readRadius reads the radius part, metres as a decimal number.
func readRadius(p *multipart.Part, radius *float64) error {
	b, err := io.ReadAll(io.LimitReader(p, 64))
	if err != nil {
		return err
	}
	if *radius, err = strconv.ParseFloat(strings.TrimSpace(string(b)), 64); err != nil {
		return arbor.Invalid(map[string]string{"radius": "files.match_radius"})
	}
	return nil
}

// matchUploadError names a batch too large to match at once as such (413).
func matchUploadError(err error) error {
	var tooLarge *http.MaxBytesError
	if errors.As(err, &tooLarge) {
		return arbor.Errorf(arbor.ETOOLARGE, "files.match_too_many", map[string]any{"max": files.MaxMatchPhotos})
	}
	return fileUploadError(err)
}
