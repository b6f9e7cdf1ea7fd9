package store

import (
	"context"
	"strings"
	"time"

	"arbor"
)

// Invitations (docs/PRODUCT.md §5): adding someone as an organisation's administrator, a
// project's member or a job's participant invites the address, whether it has an account or
// not, so the answer to whoever invites reveals no account and nobody gets a role without saying
// yes. An account accepts or declines in the app (MyInvitations, AcceptInvitation); an address
// without one accepts by registering (AcceptInvitations).

// Invitation kinds, as the API names them.
const (
	InviteOrganisation = "organisation"
	InviteProject      = "project"
	InviteJob          = "job"
)

// MyInvitation is an open invitation to the caller's address, as the invited person sees it.
type MyInvitation struct {
	Kind         string    `json:"kind"` // organisation, project, job
	ID           string    `json:"id"`   // the organisation, project or job
	Name         string    `json:"name"`
	Organisation string    `json:"organisation"`
	Project      string    `json:"project"` // of a job
	Access       *int16    `json:"access"`  // of a project: 0 Management, 1 View, 2 Edit, 3 Care
	Role         string    `json:"role"`    // of a job: editor, care, reader
	By           string    `json:"by"`      // who invited, by name
	CreatedAt    time.Time `json:"createdAt"`
}

// MyInvitations lists the open invitations to userID's address, newest first.
func (s *Queries) MyInvitations(ctx context.Context, userID string) ([]MyInvitation, error) {
	rows, err := s.q.Query(ctx, `
		WITH me AS (SELECT lower(email) AS email FROM app_user WHERE id = $1)
		SELECT 'organisation', o.id::text, o.name, o.name, '', NULL::smallint, '',
			coalesce(trim(b.first_name || ' ' || b.last_name), ''), i.created_at
		FROM organisation_invitation i JOIN me ON lower(i.email) = me.email
		JOIN organisation o ON o.id = i.organisation_id LEFT JOIN app_user b ON b.id = i.invited_by
		WHERE NOT o.terminated
		UNION ALL
		SELECT 'project', p.id::text, p.name, o.name, '', i.access, '',
			coalesce(trim(b.first_name || ' ' || b.last_name), ''), i.created_at
		FROM project_invitation i JOIN me ON lower(i.email) = me.email
		JOIN project p ON p.id = i.project_id JOIN organisation o ON o.id = p.organisation_id
		LEFT JOIN app_user b ON b.id = i.invited_by
		WHERE NOT o.terminated
		UNION ALL
		SELECT 'job', j.id::text, j.name, o.name, p.name, NULL::smallint, i.role,
			coalesce(trim(b.first_name || ' ' || b.last_name), ''), i.created_at
		FROM job_invitation i JOIN me ON lower(i.email) = me.email
		JOIN job j ON j.id = i.job_id JOIN project p ON p.id = j.project_id JOIN organisation o ON o.id = p.organisation_id
		LEFT JOIN app_user b ON b.id = i.invited_by
		WHERE NOT o.terminated
		ORDER BY 9 DESC, 1, 3`, userID)
	return collectByPos[MyInvitation](rows, err)
}

// invitationKind names the tables of one kind of invitation: accepting one moves it from its
// invitation table into its member table, carrying the organisation, the object and the grant.
type invitationKind struct {
	invitation string   // the table of open invitations
	object     string   // its column naming the organisation, project or job offered
	member     string   // the table an accepted invitation becomes a row of
	keys       []string // the columns carried before the user: the organisation, the object
	grant      string   // the column carried after the user: access level or role, "" for none
}

var invitationKinds = map[string]invitationKind{
	InviteOrganisation: {"organisation_invitation", "organisation_id", "organisation_admin", []string{"organisation_id"}, ""},
	InviteProject:      {"project_invitation", "project_id", "project_member", []string{"organisation_id", "project_id"}, "access"},
	InviteJob:          {"job_invitation", "job_id", "job_member", []string{"organisation_id", "job_id"}, "role"},
}

// acceptSQL moves the invitations (alias i) that where picks into rows of the member table for
// the user $1, answering how many it took. using joins what where needs besides i.
func (k invitationKind) acceptSQL(using, where string) string {
	// columns lists the carried columns, with the user's column (if any) before the grant.
	columns := func(user ...string) []string {
		list := append(append([]string{}, k.keys...), user...)
		if k.grant != "" {
			list = append(list, k.grant)
		}
		return list
	}
	return `WITH taken AS (
			DELETE FROM ` + k.invitation + ` i ` + using + `
			WHERE ` + where + `
			RETURNING i.` + strings.Join(columns(), ", i.") + `),
		added AS (INSERT INTO ` + k.member + ` (` + strings.Join(columns("user_id"), ", ") + `)
			SELECT ` + strings.Join(columns("$1"), ", ") + ` FROM taken ON CONFLICT DO NOTHING RETURNING 1)
		SELECT count(*) FROM taken`
}

// invite records an invitation of email to the object (organisation orgID, project or job
// objectID) of a project or job kind, offering grant; false when the address is a member of it
// already or invited already, and nothing is recorded.
func (s *Queries) invite(ctx context.Context, kind, orgID, objectID, email string, grant any, byUserID string) (bool, error) {
	k := invitationKinds[kind]
	tag, err := s.q.Exec(ctx, `
		INSERT INTO `+k.invitation+` (organisation_id, `+k.object+`, email, `+k.grant+`, invited_by)
		SELECT $1, $2, lower($3), $4, $5
		WHERE NOT EXISTS (SELECT 1 FROM `+k.member+` m JOIN app_user u ON u.id = m.user_id
			WHERE m.`+k.object+` = $2 AND lower(u.email) = lower($3))
		ON CONFLICT DO NOTHING`, orgID, objectID, email, grant, byUserID)
	return err == nil && tag.RowsAffected() > 0, err
}

// AcceptInvitation turns the open invitation of userID's address to an organisation, project or
// job (kind, id) into the role it offers. ENOTFOUND when there is no such invitation.
func (tx *Tx) AcceptInvitation(ctx context.Context, userID, kind, id string) error {
	k, ok := invitationKinds[kind]
	if !ok {
		return arbor.Errorf(arbor.ENOTFOUND, "error.not_found", nil)
	}
	sql := k.acceptSQL("USING app_user u", `u.id = $1 AND lower(i.email) = lower(u.email) AND i.`+k.object+`::text = $2`)
	var n int
	if err := tx.q.QueryRow(ctx, sql, userID, id).Scan(&n); err != nil {
		return err
	}
	if n == 0 {
		return arbor.Errorf(arbor.ENOTFOUND, "invitation.not_found", nil)
	}
	return nil
}

// DeclineInvitation deletes the open invitation of userID's address (kind, id). ENOTFOUND when
// there is none.
func (s *Queries) DeclineInvitation(ctx context.Context, userID, kind, id string) error {
	k, ok := invitationKinds[kind]
	if !ok {
		return arbor.Errorf(arbor.ENOTFOUND, "error.not_found", nil)
	}
	tag, err := s.q.Exec(ctx, `DELETE FROM `+k.invitation+` i USING app_user u
		WHERE u.id = $1 AND lower(i.email) = lower(u.email) AND i.`+k.object+`::text = $2`, userID, id)
	if err == nil && tag.RowsAffected() == 0 {
		return arbor.Errorf(arbor.ENOTFOUND, "invitation.not_found", nil)
	}
	return err
}

// AdminInvitation is an address invited to administer an organisation that has not accepted.
type AdminInvitation struct {
	Email     string    `json:"email"`
	CreatedAt time.Time `json:"createdAt"`
}

// AdministratorInvitations lists an organisation's open administrator invitations.
func (s *Queries) AdministratorInvitations(ctx context.Context, orgID string) ([]AdminInvitation, error) {
	rows, err := s.q.Query(ctx, `SELECT email, created_at FROM organisation_invitation
		WHERE organisation_id = $1 ORDER BY email`, orgID)
	return collectByPos[AdminInvitation](rows, err)
}

// InviteAdministrators invites every address to administer the organisation, all or none: an
// address that administers it already, or is invited already, is refused, naming it. Whether an
// address has an account changes nothing here.
func (s *Queries) InviteAdministrators(ctx context.Context, orgID, byUserID string, emails []string) error {
	for _, email := range emails {
		var admin bool
		if err := s.q.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM organisation_admin a JOIN app_user u ON u.id = a.user_id
			WHERE a.organisation_id = $1 AND lower(u.email) = lower($2))`, orgID, email).Scan(&admin); err != nil {
			return err
		}
		tag, err := s.q.Exec(ctx, `INSERT INTO organisation_invitation (organisation_id, email, invited_by)
			SELECT $1, lower($2), $3 WHERE NOT $4 ON CONFLICT DO NOTHING`, orgID, email, byUserID, admin)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			key := "org.already_invited"
			if admin {
				key = "org.already_admin"
			}
			return &arbor.Error{Code: arbor.ECONFLICT, Key: key, Args: map[string]any{"email": email},
				Fields: map[string]string{"emails": key}}
		}
	}
	return nil
}

// RevokeAdministratorInvitation withdraws an open administrator invitation.
func (s *Queries) RevokeAdministratorInvitation(ctx context.Context, orgID, email string) error {
	tag, err := s.q.Exec(ctx, `DELETE FROM organisation_invitation WHERE organisation_id = $1 AND email = lower($2)`, orgID, email)
	if err == nil && tag.RowsAffected() == 0 {
		return arbor.Errorf(arbor.ENOTFOUND, "error.not_found", nil)
	}
	return err
}
