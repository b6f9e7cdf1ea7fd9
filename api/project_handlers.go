package api

import (
	"net/http"
	"net/url"
	"strings"

	"arbor"
	"arbor/domain"
	"arbor/i18n"
	"arbor/store"

	"github.com/go-chi/chi/v5"
	"github.com/google/uuid"
)

type projectRequest struct {
	Name           string `json:"name"`
	Note           string `json:"note"`
	CompanyName    string `json:"companyName"`
	ShowNumberText *bool  `json:"show_number_text"`
	UniqueNumber   *bool  `json:"unique_number"` // unique tree numbers unless told otherwise
	Version        int    `json:"version"`
}

func (req *projectRequest) fields() (store.ProjectFields, error) {
	f := store.ProjectFields{Name: strings.TrimSpace(req.Name), Note: strings.TrimSpace(req.Note),
		CompanyName: strings.TrimSpace(req.CompanyName), UniqueNumber: true}
	if req.ShowNumberText != nil {
		f.ShowNumberText = *req.ShowNumberText
	}
	if req.UniqueNumber != nil {
		f.UniqueNumber = *req.UniqueNumber
	}
	c := checks{}
	c.name("name", f.Name)
	c.maxLen("companyName", f.CompanyName, 100)
	c.maxLen("note", f.Note, 2000)
	return f, c.err()
}

// decodeProject reads a project's fields from the request's body.
func decodeProject(r *http.Request) (projectRequest, store.ProjectFields, error) {
	return decodeAs(r, (*projectRequest).fields)
}

// writeProject answers a project with the names of the caller's roles in it.
func writeProject(w http.ResponseWriter, status int, p *store.Project) error {
	projectRoles(p)
	writeJSON(w, status, p)
	return nil
}

// createProject creates a project in the organisation of the path (administrators only).
func (s *Server) createProject(w http.ResponseWriter, r *http.Request) error {
	_, f, err := decodeProject(r)
	if err != nil {
		return err
	}
	p, err := s.db.CreateProject(r.Context(), targetOf(r).organisationID, sessionOf(r).claims.Sub, f)
	if err != nil {
		return err
	}
	return writeProject(w, http.StatusCreated, p)
}

func (s *Server) listProjects(w http.ResponseWriter, r *http.Request) error {
	org := r.URL.Query().Get("organisation")
	if org != "" {
		if _, err := uuid.Parse(org); err != nil {
			return arbor.Errorf(arbor.ENOTFOUND, "error.not_found", nil)
		}
	}
	list, err := s.db.ProjectsOf(r.Context(), sessionOf(r).claims.Sub, org)
	if err != nil {
		return err
	}
	projectRoles(list...)
	writeJSON(w, http.StatusOK, map[string]any{"items": list, "total": len(list)})
	return nil
}

func (s *Server) getProject(w http.ResponseWriter, r *http.Request) error {
	t, me := targetOf(r), sessionOf(r).claims.Sub
	if err := s.db.TouchProject(r.Context(), t.projectID, me); err != nil {
		return err
	}
	p, err := s.db.Project(r.Context(), t.projectID, me)
	if err != nil {
		return err
	}
	return writeProject(w, http.StatusOK, p)
}

func (s *Server) updateProject(w http.ResponseWriter, r *http.Request) error {
	req, f, err := decodeProject(r)
	if err != nil {
		return err
	}
	if req.Version <= 0 {
		return arbor.Invalid(map[string]string{"version": "field.required"})
	}
	p, err := s.db.UpdateProject(r.Context(), targetOf(r).projectID, sessionOf(r).claims.Sub, req.Version, f)
	if err != nil {
		return err
	}
	return writeProject(w, http.StatusOK, p)
}

func (s *Server) listProjectMembers(w http.ResponseWriter, r *http.Request) error {
	t := targetOf(r)
	list, err := s.db.ProjectMembers(r.Context(), t.organisationID, t.projectID)
	return writeList(w, list, err)
}

type shareRequest struct {
	Emails string   `json:"emails"` // comma separated (docs/PRODUCT.md §5)
	Access *int16   `json:"access"` // 0 Management, 1 View, 2 Edit, 3 Care
	emails []string // Emails split, once checked
}

func (req *shareRequest) check(*http.Request) error {
	c := checks{}
	req.emails = c.emailList("emails", req.Emails)
	checkAccess(c, req.Access)
	return c.err()
}

func checkAccess(c checks, access *int16) {
	if access == nil || *access < 0 || *access > 3 {
		c["access"] = "field.access"
	}
}

// shareProject gives every listed address the access level, all or none (domain.ShareProject),
// and answers the project's members.
func (s *Server) shareProject(w http.ResponseWriter, r *http.Request) error {
	req, err := decodeChecked[shareRequest](r)
	if err != nil {
		return err
	}
	t := targetOf(r)
	if err := s.app.ShareProject(r.Context(), t.organisationID, t.projectID, sharerOf(r), req.emails, *req.Access); err != nil {
		return err
	}
	list, err := s.db.ProjectMembers(r.Context(), t.organisationID, t.projectID)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]any{"items": list, "total": len(list), "message": i18n.T(language(r), "project.shared", nil)})
	return nil
}

// memberParam is a member's user id, or the address of an open invitation.
func memberParam(r *http.Request) (string, error) {
	m, err := url.PathUnescape(chi.URLParam(r, "member"))
	if err != nil {
		return "", arbor.Errorf(arbor.ENOTFOUND, "error.not_found", nil)
	}
	if strings.Contains(m, "@") {
		return m, nil
	}
	id, err := uuid.Parse(m)
	if err != nil {
		return "", arbor.Errorf(arbor.ENOTFOUND, "error.not_found", nil)
	}
	return id.String(), nil
}

// memberBody is the member the path names and the request's body.
func memberBody[T any](r *http.Request) (string, T, error) {
	var req T
	member, err := memberParam(r)
	if err != nil {
		return "", req, err
	}
	return member, req, decode(r, &req)
}

type accessRequest struct {
	Access *int16 `json:"access"`
}

func (s *Server) setMemberAccess(w http.ResponseWriter, r *http.Request) error {
	member, req, err := memberBody[accessRequest](r)
	if err != nil {
		return err
	}
	c := checks{}
	checkAccess(c, req.Access)
	if err := c.err(); err != nil {
		return err
	}
	t := targetOf(r)
	if err := s.db.SetMemberAccess(r.Context(), t.organisationID, t.projectID, member, *req.Access); err != nil {
		return err
	}
	return s.listProjectMembers(w, r)
}

type limitRequest struct {
	Filter *store.Filter `json:"filter"` // null: the whole project
	Name   string        `json:"name"`
}

// setMemberLimit limits a member's access to a filter (a district, say) or widens it again.
func (s *Server) setMemberLimit(w http.ResponseWriter, r *http.Request) error {
	member, req, err := memberBody[limitRequest](r)
	if err != nil {
		return err
	}
	c := checks{}
	req.Name = strings.TrimSpace(req.Name)
	if req.Filter != nil {
		c.name("name", req.Name)
	}
	if err := c.err(); err != nil {
		return err
	}
	t := targetOf(r)
	if err := s.db.SetMemberLimit(r.Context(), t.organisationID, t.projectID, member, req.Filter, req.Name); err != nil {
		return err
	}
	return s.listProjectMembers(w, r)
}

func (s *Server) revokeMember(w http.ResponseWriter, r *http.Request) error {
	member, err := memberParam(r)
	if err != nil {
		return err
	}
	t := targetOf(r)
	if err := s.db.RevokeMember(r.Context(), t.organisationID, t.projectID, member); err != nil {
		return err
	}
	return s.listProjectMembers(w, r)
}

type demoProjectRequest struct {
	Name   string   `json:"name"`
	Fields []string `json:"fields"` // keys of domain.DemoFields: street, area
}

// createDemoProject is the demo project wizard's last step (domain.CreateDemoProject): a project
// named by the person, holding a sample of the real register with inspections, works and a job,
// and the custom fields they chose. Only while the organisation is in its demo.
func (s *Server) createDemoProject(w http.ResponseWriter, r *http.Request) error {
	var req demoProjectRequest
	if err := decode(r, &req); err != nil {
		return err
	}
	name := strings.TrimSpace(req.Name)
	c := checks{}
	c.name("name", name)
	if len(req.Fields) > len(domain.DemoFields) {
		c["fields"] = "field.enum"
	}
	for _, f := range req.Fields {
		if _, ok := domain.DemoFields[f]; !ok {
			c["fields"] = "field.enum"
		}
	}
	if err := c.err(); err != nil {
		return err
	}
	res, err := s.app.CreateDemoProject(r.Context(), targetOf(r).organisationID, sessionOf(r).claims.Sub,
		domain.DemoProject{Name: name, Fields: req.Fields, Lang: language(r)})
	if err != nil {
		return err
	}
	projectRoles(res.Project)
	writeJSON(w, http.StatusCreated, res)
	return nil
}
