package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"arbor"

	"github.com/jackc/pgx/v5"
)

// Project is a body of trees inside an organisation. JSON names follow docs/PRODUCT.md §3.
type Project struct {
	ID               string     `json:"id"`
	Organisation     string     `json:"organisation"`
	OrganisationName string     `json:"organisationName"`
	Name             string     `json:"name"`
	Note             string     `json:"note"`
	CompanyName      string     `json:"companyName"`
	ShowNumberText   bool       `json:"show_number_text"`
	UniqueNumber     bool       `json:"unique_number"`
	TreeCount        int        `json:"tree_count"`
	GroupCount       int        `json:"group_count"`
	MemberCount      int        `json:"member_count"` // people with access: members and the organisation's administrators
	Role             string     `json:"role"`         // the caller's: manager, editor, care, reader (auth.ProjectRole of Membership)
	Membership       Membership `json:"-"`            // the caller's membership rows
	Terminated       bool       `json:"terminated"`
	OpenedAt         *time.Time `json:"opened_at"`
	Version          int        `json:"version"`
	CreatedAt        time.Time  `json:"created_at"`

	limit []byte // the caller's access limit (a filter), when a member is limited
}

// ProjectFields are a project's general settings.
type ProjectFields struct {
	Name           string `json:"name"`
	Note           string `json:"note"`
	CompanyName    string `json:"companyName"`
	ShowNumberText bool   `json:"show_number_text"`
	UniqueNumber   bool   `json:"unique_number"`
}

// $2 is the caller, whose membership rows are read beside the project.
const projectSelect = `
	SELECT p.id, p.organisation_id, o.name, p.name, p.note, p.company_name, p.show_number_text, p.unique_number,
	       (SELECT count(*) FROM (
	            SELECT user_id FROM project_member c WHERE c.project_id = p.id
	            UNION SELECT user_id FROM organisation_admin x WHERE x.organisation_id = p.organisation_id) people)::int,
	       m.access, a.user_id IS NOT NULL,
	       o.terminated, v.opened_at, p.version, p.created_at,
	       -- trees and groups in stock (neither felled nor archived)
	       coalesce(n.trees, 0), coalesce(n.groups, 0),
	       CASE WHEN a.user_id IS NULL THEN m.limit_filter END
	FROM project p
	JOIN organisation o ON o.id = p.organisation_id
	LEFT JOIN project_member m ON m.project_id = p.id AND m.user_id = $2
	LEFT JOIN project_visit v ON v.project_id = p.id AND v.user_id = $2
	LEFT JOIN organisation_admin a ON a.organisation_id = p.organisation_id AND a.user_id = $2
	LEFT JOIN LATERAL (
	    SELECT count(*) FILTER (WHERE t.single_tree)::int AS trees, count(*) FILTER (WHERE NOT t.single_tree)::int AS groups
	    FROM tree t WHERE t.organisation_id = p.organisation_id AND t.project_id = p.id AND NOT t.archive AND NOT t.cut) n ON true`

func scanProject(row pgx.Row) (*Project, error) {
	var p Project
	var access *int16
	var admin bool
	err := row.Scan(&p.ID, &p.Organisation, &p.OrganisationName, &p.Name, &p.Note, &p.CompanyName, &p.ShowNumberText,
		&p.UniqueNumber, &p.MemberCount, &access, &admin, &p.Terminated, &p.OpenedAt, &p.Version, &p.CreatedAt,
		&p.TreeCount, &p.GroupCount, &p.limit)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, arbor.Errorf(arbor.ENOTFOUND, "error.not_found", nil)
	}
	if err != nil {
		return nil, err
	}
	p.Membership = Membership{Admin: admin, Access: access}
	return &p, nil
}

// Project reads one project as userID sees it.
func (s *Queries) Project(ctx context.Context, projectID, userID string) (*Project, error) {
	p, err := scanProject(s.q.QueryRow(ctx, projectSelect+` WHERE p.id = $1`, projectID, userID))
	if err != nil {
		return nil, err
	}
	return p, s.countWithinLimits(ctx, []*Project{p})
}

// ProjectsOf lists the projects userID can open, the most recently opened first.
func (s *Queries) ProjectsOf(ctx context.Context, userID string, orgID string) ([]*Project, error) {
	rows, err := s.q.Query(ctx, projectSelect+`
		WHERE ($1 = '' OR p.organisation_id::text = $1) AND (m.user_id IS NOT NULL OR a.user_id IS NOT NULL)
		ORDER BY v.opened_at DESC NULLS LAST, p.created_at DESC`, orgID, userID)
	list, err := scanAll(rows, err, scanProject)
	if err != nil {
		return nil, err
	}
	return list, s.countWithinLimits(ctx, list)
}

// countWithinLimits counts the trees and groups of projects whose caller is limited to a
// filter within that filter: the counts of the whole project would tell what the limit hides.
func (s *Queries) countWithinLimits(ctx context.Context, list []*Project) error {
	for _, p := range list {
		if p.limit == nil {
			continue
		}
		limit, err := accessLimit(p.limit)
		if err != nil {
			return err
		}
		sc := Content{OrganisationID: p.Organisation, ProjectID: p.ID, Limit: limit}
		cond, args, err := s.treeScope(ctx, sc, Filter{})
		if err != nil {
			return err
		}
		if err := s.q.QueryRow(ctx, `SELECT count(*) FILTER (WHERE t.single_tree), count(*) FILTER (WHERE NOT t.single_tree)
			FROM tree t WHERE `+cond, args...).Scan(&p.TreeCount, &p.GroupCount); err != nil {
			return err
		}
	}
	return nil
}

// ProjectAccess is what a caller is in a project, and the state of its organisation.
type ProjectAccess struct {
	Exists         bool
	OrganisationID string
	Terminated     bool
	Membership     Membership
	Limit          *Filter // the filter a member's access is limited to; nil: the whole project
	Plan                   // the organisation's demo's end and add-ons, judged on the server's clock
}

// ProjectAccess looks up a project's existence and userID's membership in it.
func (s *Queries) ProjectAccess(ctx context.Context, projectID, userID string) (ProjectAccess, error) {
	var a ProjectAccess
	var access *int16
	var admin bool
	var limit []byte
	err := s.q.QueryRow(ctx, `
		SELECT p.organisation_id, o.terminated, m.access,
		       EXISTS (SELECT 1 FROM organisation_admin x WHERE x.organisation_id = p.organisation_id AND x.user_id = $2),
		       m.limit_filter, `+planColumns+`
		FROM project p JOIN organisation o ON o.id = p.organisation_id
		LEFT JOIN project_member m ON m.project_id = p.id AND m.user_id = $2
		WHERE p.id = $1`, projectID, userID).Scan(append([]any{&a.OrganisationID, &a.Terminated, &access, &admin, &limit}, a.Plan.dest()...)...)
	if errors.Is(err, pgx.ErrNoRows) {
		return a, nil
	}
	if err != nil {
		return a, err
	}
	a.Exists = true
	a.Membership = Membership{Admin: admin, Access: access}
	if access != nil && !admin {
		if a.Limit, err = accessLimit(limit); err != nil {
			return a, fmt.Errorf("access limit of %s in %s: %w", userID, projectID, err)
		}
	}
	return a, nil
}

// CreateProject creates a project in an organisation. ECONFLICT when the name exists there.
func (s *Queries) CreateProject(ctx context.Context, orgID, userID string, f ProjectFields) (*Project, error) {
	var id string
	err := s.q.QueryRow(ctx, `
		INSERT INTO project (organisation_id, name, note, company_name, show_number_text, unique_number, created_by)
		VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
		orgID, f.Name, f.Note, f.CompanyName, f.ShowNumberText, f.UniqueNumber, userID).Scan(&id)
	if isUniqueViolation(err) {
		return nil, &arbor.Error{Code: arbor.ECONFLICT, Key: "project.exists", Fields: map[string]string{"name": "project.exists"}}
	}
	if err != nil {
		return nil, err
	}
	return s.Project(ctx, id, userID)
}

// UpdateProject changes the general settings if version is current.
func (s *Queries) UpdateProject(ctx context.Context, projectID, userID string, version int, f ProjectFields) (*Project, error) {
	tag, err := s.q.Exec(ctx, `
		UPDATE project SET name = $3, note = $4, company_name = $5, show_number_text = $6, unique_number = $7,
			version = version + 1, updated_at = now()
		WHERE id = $1 AND version = $2`, projectID, version, f.Name, f.Note, f.CompanyName, f.ShowNumberText, f.UniqueNumber)
	if isUniqueViolation(err) {
		return nil, &arbor.Error{Code: arbor.ECONFLICT, Key: "project.exists", Fields: map[string]string{"name": "project.exists"}}
	}
	return afterVersionedWrite(tag, err, func() (*Project, error) { return s.Project(ctx, projectID, userID) })
}

// TouchProject remembers that userID opened the project now (recent projects on the home page).
func (s *Queries) TouchProject(ctx context.Context, projectID, userID string) error {
	_, err := s.q.Exec(ctx, `
		INSERT INTO project_visit (project_id, user_id) VALUES ($1, $2)
		ON CONFLICT (user_id, project_id) DO UPDATE SET opened_at = now()`, projectID, userID)
	return err
}

// ProjectGrant is a person's access level to a project; Pending marks an invitation to an
// address without an account yet. Both lists of access below show it.
type ProjectGrant struct {
	UserID    *string `json:"userId"`
	FirstName string  `json:"firstName"`
	LastName  string  `json:"lastName"`
	Email     string  `json:"email"`
	Access    int16   `json:"access"`
	Pending   bool    `json:"pending"`
}

// ProjectMember is a person's access to a project, with the limit it may have.
type ProjectMember struct {
	ProjectGrant
	LimitName string `json:"limit_name"` // the filter the access is limited to; "" for the whole project
	Limited   bool   `json:"limited"`
}

// ProjectMembers lists the members and open invitations of a project.
func (s *Queries) ProjectMembers(ctx context.Context, orgID, projectID string) ([]ProjectMember, error) {
	rows, err := s.q.Query(ctx, `
		SELECT u.id::text, u.first_name, u.last_name, u.email, m.access, false, m.limit_name, m.limit_filter IS NOT NULL
		FROM project_member m JOIN app_user u ON u.id = m.user_id
		WHERE m.organisation_id = $1 AND m.project_id = $2
		UNION ALL
		SELECT NULL, '', '', i.email, i.access, true, '', false
		FROM project_invitation i WHERE i.organisation_id = $1 AND i.project_id = $2
		ORDER BY 6, 3, 2, 4`, orgID, projectID)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[ProjectMember])
}

// ShareProject invites each address to the project with the access level, whether it has an
// account or not (store/invitations.go): nobody becomes a member without accepting, and the
// answer does not tell who has an account. An address that is a member already, or invited
// already, is refused, naming it, and nothing is shared.
func (s *Queries) ShareProject(ctx context.Context, orgID, projectID, byUserID string, emails []string, access int16) error {
	for _, email := range emails {
		invited, err := s.invite(ctx, InviteProject, orgID, projectID, email, access, byUserID)
		if err != nil {
			return err
		}
		if !invited {
			return alreadyShared(email)
		}
	}
	return nil
}

func alreadyShared(email string) error {
	return &arbor.Error{Code: arbor.ECONFLICT, Key: "project.already_shared", Args: map[string]any{"email": email},
		Fields: map[string]string{"emails": "project.already_shared"}}
}

// SetMemberAccess changes a member's level, or an invitation's when member is an e-mail address.
func (s *Queries) SetMemberAccess(ctx context.Context, orgID, projectID, member string, access int16) error {
	var tag interface{ RowsAffected() int64 }
	var err error
	if strings.Contains(member, "@") {
		tag, err = s.q.Exec(ctx, `UPDATE project_invitation SET access = $4 WHERE organisation_id = $1 AND project_id = $2 AND email = lower($3)`,
			orgID, projectID, member, access)
	} else {
		tag, err = s.q.Exec(ctx, `UPDATE project_member SET access = $4 WHERE organisation_id = $1 AND project_id = $2 AND user_id = $3`,
			orgID, projectID, member, access)
	}
	if err == nil && tag.RowsAffected() == 0 {
		return arbor.Errorf(arbor.ENOTFOUND, "error.not_found", nil)
	}
	return err
}

// SetMemberLimit limits a member's access to what a filter shows (name says which, for people),
// or with a nil filter widens it to the whole project. The filter must compile.
func (s *Queries) SetMemberLimit(ctx context.Context, orgID, projectID, userID string, filter *Filter, name string) error {
	var raw []byte
	if filter != nil {
		if _, _, err := filter.Compile(nil); err != nil {
			return err
		}
		if len(filter.Geometry) > 0 && string(filter.Geometry) != "null" {
			if _, err := s.CheckGeometry(ctx, filter.Geometry, "filter.geometry"); err != nil {
				return err
			}
		}
		var err error
		if raw, err = json.Marshal(filter); err != nil {
			return err
		}
	} else {
		name = ""
	}
	tag, err := s.q.Exec(ctx, `UPDATE project_member SET limit_filter = $4, limit_name = $5
		WHERE organisation_id = $1 AND project_id = $2 AND user_id::text = $3`, orgID, projectID, userID, raw, name)
	if err == nil && tag.RowsAffected() == 0 {
		return arbor.Errorf(arbor.ENOTFOUND, "error.not_found", nil)
	}
	return err
}

// RevokeMember removes a member's access, or an invitation when member is an e-mail address.
func (s *Queries) RevokeMember(ctx context.Context, orgID, projectID, member string) error {
	var tag interface{ RowsAffected() int64 }
	var err error
	if strings.Contains(member, "@") {
		tag, err = s.q.Exec(ctx, `DELETE FROM project_invitation WHERE organisation_id = $1 AND project_id = $2 AND email = lower($3)`,
			orgID, projectID, member)
	} else {
		tag, err = s.q.Exec(ctx, `DELETE FROM project_member WHERE organisation_id = $1 AND project_id = $2 AND user_id = $3`,
			orgID, projectID, member)
	}
	if err == nil && tag.RowsAffected() == 0 {
		return arbor.Errorf(arbor.ENOTFOUND, "error.not_found", nil)
	}
	return err
}

// AcceptInvitations turns the invitations of a newly confirmed address into memberships of
// projects, participations in jobs and administration of organisations: registering through
// an invitation's link is accepting it.
func (s *Queries) AcceptInvitations(ctx context.Context, userID, email string) error {
	// of projects (with the access level), of jobs (with the role), of organisations
	for _, kind := range [...]string{InviteProject, InviteJob, InviteOrganisation} {
		if _, err := s.q.Exec(ctx, invitationKinds[kind].acceptSQL("", "lower(i.email) = lower($2)"), userID, email); err != nil {
			return err
		}
	}
	return nil
}

// Assignment is one person's access to one project of an organisation.
type Assignment struct {
	ProjectID   string `json:"projectId"`
	ProjectName string `json:"projectName"`
	ProjectGrant
}

// Assignments lists every user's access to every project of an organisation, invitations
// included, for its administrators (docs/PRODUCT.md §6: "view all user permissions").
func (s *Queries) Assignments(ctx context.Context, orgID string) ([]Assignment, error) {
	rows, err := s.q.Query(ctx, `
		SELECT p.id, p.name, u.id::text, u.first_name, u.last_name, u.email, m.access, false
		FROM project_member m JOIN project p ON p.id = m.project_id JOIN app_user u ON u.id = m.user_id
		WHERE m.organisation_id = $1
		UNION ALL
		SELECT p.id, p.name, NULL, '', '', i.email, i.access, true
		FROM project_invitation i JOIN project p ON p.id = i.project_id
		WHERE i.organisation_id = $1
		ORDER BY 2, 1, 8, 5, 4, 6`, orgID)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[Assignment])
}
