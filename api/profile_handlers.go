package api

import (
	"net/http"
	"strings"

	"arbor"
	"arbor/auth"
	"arbor/domain"
	"arbor/store"
)

func (s *Server) getProfile(w http.ResponseWriter, r *http.Request) error {
	u, err := s.db.UserByID(r.Context(), sessionOf(r).claims.Sub)
	return writeResult(w, http.StatusOK, u, err)
}

type profileRequest struct {
	FirstName string `json:"firstName"`
	LastName  string `json:"lastName"`
	Language  string `json:"language"`
	Email     string `json:"email"`
	Version   int    `json:"version"`
}

func (req *profileRequest) check(*http.Request) error {
	req.Email = strings.TrimSpace(req.Email)
	c := checks{}
	c.name("firstName", req.FirstName)
	c.name("lastName", req.LastName)
	c.language("language", req.Language)
	if req.Email != "" {
		c.email("email", req.Email)
	}
	if req.Version <= 0 {
		c["version"] = "field.required"
	}
	return c.err()
}

// putProfile changes names and language at once; a new e-mail address is only used once it is
// confirmed through the link sent to it, so a typo cannot lock anyone out.
func (s *Server) putProfile(w http.ResponseWriter, r *http.Request) error {
	req, err := decodeChecked[profileRequest](r)
	if err != nil {
		return err
	}
	updated, err := s.app.UpdateProfile(r.Context(), sessionOf(r).claims.Sub, domain.ProfileChange{
		FirstName: strings.TrimSpace(req.FirstName), LastName: strings.TrimSpace(req.LastName),
		Language: req.Language, Email: req.Email, Version: req.Version})
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, updated)
	return nil
}

type passwordRequest struct {
	OldPassword     string `json:"oldPassword"`
	NewPassword     string `json:"newPassword"`
	PasswordConfirm string `json:"passwordConfirm"`
}

func (req *passwordRequest) check(*http.Request) error {
	c := checks{}
	c.required("oldPassword", req.OldPassword)
	c.newPassword("newPassword", "passwordConfirm", req.NewPassword, req.PasswordConfirm)
	return c.err()
}

// changePassword needs the current password. Every session of the user is revoked; this
// browser gets a fresh one so the person stays logged in here.
func (s *Server) changePassword(w http.ResponseWriter, r *http.Request) error {
	req, err := decodeChecked[passwordRequest](r)
	if err != nil {
		return err
	}
	si := sessionOf(r)
	u, err := s.checkOwnPassword(r, "oldPassword", req.OldPassword)
	if err != nil {
		return err
	}
	if err := s.app.ChangePassword(r.Context(), u.ID, req.NewPassword); err != nil {
		return err
	}
	if si.fromCookie {
		if _, _, err := s.issueSession(w, r, u, nil, remembered(si), true); err != nil {
			return err
		}
	}
	return writeMessage(w, r, http.StatusOK, "auth.password_changed")
}

type deleteAccountRequest struct {
	Password string `json:"password"`
}

func (req *deleteAccountRequest) check(*http.Request) error {
	c := checks{}
	c.required("password", req.Password)
	return c.err()
}

// deleteAccount removes the account after the password is given once more.
func (s *Server) deleteAccount(w http.ResponseWriter, r *http.Request) error {
	req, err := decodeChecked[deleteAccountRequest](r)
	if err != nil {
		return err
	}
	u, err := s.checkOwnPassword(r, "password", req.Password)
	if err != nil {
		return err
	}
	if err := s.db.DeleteUser(r.Context(), u.ID); err != nil {
		return err
	}
	s.clearCookies(w)
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// checkOwnPassword loads the session's user and checks a password they typed again.
func (s *Server) checkOwnPassword(r *http.Request, field, password string) (*store.User, error) {
	u, err := s.db.UserByID(r.Context(), sessionOf(r).claims.Sub)
	if err != nil {
		return nil, err
	}
	ok, err := auth.CheckPassword(u.PasswordHash, password)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, &arbor.Error{Code: arbor.EINVALID, Key: "error.invalid_fields", Fields: map[string]string{field: "field.password_wrong"}}
	}
	return u, nil
}
