package store

import (
	"context"
	"errors"
	"time"

	"arbor"

	"github.com/jackc/pgx/v5"
)

// InsertSession records a newly issued session token by its hash.
func (s *Queries) InsertSession(ctx context.Context, tokenHash []byte, userID, typ string, expires time.Time) error {
	_, err := s.q.Exec(ctx, `INSERT INTO session (token_hash, user_id, type, expires_at) VALUES ($1, $2, $3, $4)`,
		tokenHash, userID, typ, expires)
	return err
}

// SessionValid reports whether a token hash belongs to a live session of userID.
func (s *Queries) SessionValid(ctx context.Context, tokenHash []byte, userID string) (bool, error) {
	var ok bool
	err := s.q.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM session WHERE token_hash = $1 AND user_id = $2 AND expires_at > now())`,
		tokenHash, userID).Scan(&ok)
	return ok, err
}

// DeleteSession revokes one session.
func (s *Queries) DeleteSession(ctx context.Context, tokenHash []byte) error {
	_, err := s.q.Exec(ctx, `DELETE FROM session WHERE token_hash = $1`, tokenHash)
	return err
}

// DeleteSessions revokes every session of a user.
func (s *Queries) DeleteSessions(ctx context.Context, userID string) error {
	_, err := s.q.Exec(ctx, `DELETE FROM session WHERE user_id = $1`, userID)
	return err
}

// Throttle limits failed log-ins: at most MaxPerEmail for one address and MaxPerClient from one
// client address within Window.
type Throttle struct {
	Window       time.Duration
	MaxPerEmail  int
	MaxPerClient int
}

// LoginWait returns how long a log-in must wait, zero when it may go ahead.
func (s *Queries) LoginWait(ctx context.Context, t Throttle, email, client string) (time.Duration, error) {
	var secs int
	err := s.q.QueryRow(ctx, `SELECT arbor_login_wait($1, $2, $3::interval, $4, $5)`,
		email, client, t.Window.String(), t.MaxPerEmail, t.MaxPerClient).Scan(&secs)
	return time.Duration(secs) * time.Second, err
}

// RecordLoginFailure counts one failed log-in.
func (s *Queries) RecordLoginFailure(ctx context.Context, email, client string) error {
	_, err := s.q.Exec(ctx, `INSERT INTO login_failure (email, client) VALUES (lower($1), $2)`, email, client)
	return err
}

// ClearLoginFailures forgets the failures of an address after it logged in successfully.
func (s *Queries) ClearLoginFailures(ctx context.Context, email string) error {
	_, err := s.q.Exec(ctx, `DELETE FROM login_failure WHERE email = lower($1)`, email)
	return err
}

// Scope is what a scoped session may be issued for.
type Scope struct {
	OrganisationID string
	ProjectID      string
	JobID          string
	Authorities    []string // beyond "user"
	Support        bool     // entered by platform support without a role of its own
}

var projectRoles = []string{"manager", "reader", "editor", "care"} // by access level 0..3

// OrganisationScope answers the scope of a user in an organisation: administrators get "admin",
// members of one of its projects get plain access, platform support (super) may enter any
// organisation. ENOTFOUND for anyone else, so another organisation's ids cannot even be
// confirmed to exist.
func (s *Queries) OrganisationScope(ctx context.Context, orgID, userID string, super bool) (*Scope, error) {
	var exists, admin, member bool
	err := s.q.QueryRow(ctx, `
		SELECT EXISTS (SELECT 1 FROM organisation WHERE id = $1),
		       EXISTS (SELECT 1 FROM organisation_admin WHERE organisation_id = $1 AND user_id = $2),
		       EXISTS (SELECT 1 FROM project_member WHERE organisation_id = $1 AND user_id = $2)`,
		orgID, userID).Scan(&exists, &admin, &member)
	if err != nil {
		return nil, err
	}
	switch {
	case admin:
		return &Scope{OrganisationID: orgID, Authorities: []string{"admin"}}, nil
	case member:
		return &Scope{OrganisationID: orgID}, nil
	case super && exists:
		return &Scope{OrganisationID: orgID, Support: true}, nil
	}
	return nil, arbor.Errorf(arbor.ENOTFOUND, "error.not_found", nil)
}

// ProjectScope answers a user's role in a project: the member's access level, or manager for an
// administrator of the project's organisation; platform support may enter any project.
func (s *Queries) ProjectScope(ctx context.Context, projectID, userID string, super bool) (*Scope, error) {
	var orgID string
	var access *int16
	var admin bool
	err := s.q.QueryRow(ctx, `
		SELECT p.organisation_id, m.access,
		       EXISTS (SELECT 1 FROM organisation_admin a WHERE a.organisation_id = p.organisation_id AND a.user_id = $2)
		FROM project p LEFT JOIN project_member m ON m.project_id = p.id AND m.user_id = $2
		WHERE p.id = $1`, projectID, userID).Scan(&orgID, &access, &admin)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, arbor.Errorf(arbor.ENOTFOUND, "error.not_found", nil)
	}
	if err != nil {
		return nil, err
	}
	if access == nil && !admin {
		if super {
			return &Scope{OrganisationID: orgID, ProjectID: projectID, Support: true}, nil
		}
		return nil, arbor.Errorf(arbor.ENOTFOUND, "error.not_found", nil)
	}
	role := "manager"
	if access != nil && !admin {
		role = projectRoles[*access]
	}
	return &Scope{OrganisationID: orgID, ProjectID: projectID, Authorities: []string{role}}, nil
}

// JobScope answers a user's role in a job of a project: the participant's role, or job-manager
// for the project's managers.
func (s *Queries) JobScope(ctx context.Context, projectID, jobID, userID string) (*Scope, error) {
	var orgID string
	var role *string
	err := s.q.QueryRow(ctx, `
		SELECT j.organisation_id, coalesce(jm.role,
			CASE WHEN pm.access = 0 OR oa.user_id IS NOT NULL THEN 'job-manager' END)
		FROM job j
		LEFT JOIN job_member jm ON jm.job_id = j.id AND jm.user_id = $3
		LEFT JOIN project_member pm ON pm.project_id = j.project_id AND pm.user_id = $3
		LEFT JOIN organisation_admin oa ON oa.organisation_id = j.organisation_id AND oa.user_id = $3
		WHERE j.id = $2 AND j.project_id = $1`, projectID, jobID, userID).Scan(&orgID, &role)
	if errors.Is(err, pgx.ErrNoRows) || (err == nil && role == nil) {
		return nil, arbor.Errorf(arbor.ENOTFOUND, "error.not_found", nil)
	}
	if err != nil {
		return nil, err
	}
	return &Scope{OrganisationID: orgID, ProjectID: projectID, JobID: jobID, Authorities: []string{*role}}, nil
}
