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

// SupersedeSession lets a session end within grace: a session replaced by another (entering a
// project) is still trusted for the requests the browser sent with it before the switch and
// that arrive after it; revoked at once, each of them logged the person out.
func (s *Queries) SupersedeSession(ctx context.Context, tokenHash []byte, grace time.Duration) error {
	_, err := s.q.Exec(ctx, `UPDATE session SET expires_at = least(expires_at, now() + make_interval(secs => $2))
		WHERE token_hash = $1`, tokenHash, grace.Seconds())
	return err
}

// DeleteSessions revokes every session of a user.
func (s *Queries) DeleteSessions(ctx context.Context, userID string) error {
	_, err := s.q.Exec(ctx, `DELETE FROM session WHERE user_id = $1`, userID)
	return err
}

// Throttle limits failed log-ins: at most MaxPerEmail for one address and MaxPerClient from one
// client address within Window; a known device (a browser that logged into the account before)
// has MaxPerDevice of its own instead (MaxPerEmail when 0).
type Throttle struct {
	Window       time.Duration
	MaxPerEmail  int
	MaxPerClient int
	MaxPerDevice int
}

// LoginBegin counts a log-in attempt before its password is checked and checks the limits in
// the same statement (arbor_login_begin): concurrent attempts cannot all pass a check made
// before any of them was counted. It answers the attempt to pass to LoginSucceeded, or how long
// to wait. device is the id of a valid device cookie for the address, "" for none.
func (s *Queries) LoginBegin(ctx context.Context, t Throttle, email, client, device string) (int64, time.Duration, error) {
	maxDevice := t.MaxPerDevice
	if maxDevice == 0 {
		maxDevice = t.MaxPerEmail
	}
	var attempt *int64
	var secs int
	err := s.q.QueryRow(ctx, `SELECT attempt, wait FROM arbor_login_begin($1, $2, $3, $4::interval, $5, $6, $7)`,
		email, client, nullIfEmpty(device), t.Window.String(), t.MaxPerEmail, t.MaxPerClient, maxDevice).Scan(&attempt, &secs)
	if err != nil || attempt == nil {
		return 0, time.Duration(secs) * time.Second, err
	}
	return *attempt, 0, nil
}

// LoginSucceeded forgets a counted attempt whose password was right, and the earlier failures
// of the device it came from. The address's other failures stay until they leave the window:
// they were someone else's tries, and this person's browser now has an allowance of its own.
func (s *Queries) LoginSucceeded(ctx context.Context, attempt int64, device string) error {
	_, err := s.q.Exec(ctx, `DELETE FROM login_failure WHERE id = $1 OR (device = $2 AND $2 <> '')`, attempt, device)
	return err
}

// LoginWait returns how long a log-in without a device cookie would wait, zero when it may go
// ahead, without counting it (LoginBegin counts and checks in one step; this one only reads).
func (s *Queries) LoginWait(ctx context.Context, t Throttle, email, client string) (time.Duration, error) {
	var secs int
	err := s.q.QueryRow(ctx, `SELECT arbor_login_wait($1, $2, $3::interval, $4, $5)`,
		email, client, t.Window.String(), t.MaxPerEmail, t.MaxPerClient).Scan(&secs)
	return time.Duration(secs) * time.Second, err
}

// RecordLoginFailure counts one failed log-in without a device cookie (LoginBegin records a
// try itself; tests set failures up with this one).
func (s *Queries) RecordLoginFailure(ctx context.Context, email, client string) error {
	_, err := s.q.Exec(ctx, `INSERT INTO login_failure (email, client) VALUES (lower($1), $2)`, email, client)
	return err
}

// ClearLoginFailures forgets the failures of an address after it logged in successfully.
func (s *Queries) ClearLoginFailures(ctx context.Context, email string) error {
	_, err := s.q.Exec(ctx, `DELETE FROM login_failure WHERE email = lower($1)`, email)
	return err
}

// Membership is what the membership rows say about a user where a request acts; auth turns it
// into roles (auth.Membership has the same fields, so one converts into the other).
type Membership struct {
	Admin  bool   // organisation_admin: administers the organisation
	Member bool   // project_member in any project of the organisation
	Access *int16 // project_member.access in the project (0..3); nil: none
	Job    string // job_member.role in the job; "": none
}

// Scope is what a scoped session may be issued for.
type Scope struct {
	OrganisationID string
	ProjectID      string
	JobID          string
	Membership     Membership // the user's rows there; auth.ScopeAuthorities names them
	Support        bool       // entered by platform support without a role of its own
}

// OrganisationScope answers the scope of a user in an organisation: its administrators and the
// members of one of its projects may enter, and platform support (super) any organisation.
// ENOTFOUND for anyone else, so another organisation's ids cannot even be confirmed to exist.
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
	case admin || member:
		return &Scope{OrganisationID: orgID, Membership: Membership{Admin: admin, Member: member}}, nil
	case super && exists:
		return &Scope{OrganisationID: orgID, Support: true}, nil
	}
	return nil, arbor.Errorf(arbor.ENOTFOUND, "error.not_found", nil)
}

// ProjectScope answers a user's scope in a project: members and the administrators of the
// project's organisation may enter, and platform support any project.
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
	return &Scope{OrganisationID: orgID, ProjectID: projectID, Membership: Membership{Admin: admin, Access: access}}, nil
}

// JobScope answers a user's rows in a job of a project: the participant's role and the project
// membership (whose managers may enter every job; auth.JobAuthority). ENOTFOUND for a job that
// is not the project's.
func (s *Queries) JobScope(ctx context.Context, projectID, jobID, userID string) (*Scope, error) {
	var orgID string
	var m Membership
	var role *string
	err := s.q.QueryRow(ctx, `
		SELECT j.organisation_id, jm.role, pm.access, oa.user_id IS NOT NULL
		FROM job j
		LEFT JOIN job_member jm ON jm.job_id = j.id AND jm.user_id = $3
		LEFT JOIN project_member pm ON pm.project_id = j.project_id AND pm.user_id = $3
		LEFT JOIN organisation_admin oa ON oa.organisation_id = j.organisation_id AND oa.user_id = $3
		WHERE j.id = $2 AND j.project_id = $1`, projectID, jobID, userID).Scan(&orgID, &role, &m.Access, &m.Admin)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, arbor.Errorf(arbor.ENOTFOUND, "error.not_found", nil)
	}
	if err != nil {
		return nil, err
	}
	if role != nil {
		m.Job = *role
	}
	return &Scope{OrganisationID: orgID, ProjectID: projectID, JobID: jobID, Membership: m}, nil
}
