package store

import (
	"context"
	"errors"
	"strings"
	"time"

	"arbor"

	"github.com/jackc/pgx/v5"
)

// User is an account. JSON names follow docs/PRODUCT.md §3.
type User struct {
	ID           string    `json:"id"`
	FirstName    string    `json:"firstName"`
	LastName     string    `json:"lastName"`
	Email        string    `json:"email"`
	Language     string    `json:"language"`
	Alias        string    `json:"alias"`
	Authorities  []string  `json:"authorities"`
	PendingEmail *string   `json:"pendingEmail"`
	Version      int       `json:"version"`
	CreatedAt    time.Time `json:"created_at"`

	PasswordHash string     `json:"-"`
	ConfirmedAt  *time.Time `json:"-"`
	IsSuper      bool       `json:"-"`
}

const userColumns = `id, first_name, last_name, email, language, pending_email, version, created_at,
	password_hash, confirmed_at, is_super`

func scanUser(row pgx.Row) (*User, error) {
	var u User
	err := row.Scan(&u.ID, &u.FirstName, &u.LastName, &u.Email, &u.Language, &u.PendingEmail, &u.Version,
		&u.CreatedAt, &u.PasswordHash, &u.ConfirmedAt, &u.IsSuper)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, arbor.Errorf(arbor.ENOTFOUND, "error.not_found", nil)
	}
	if err != nil {
		return nil, err
	}
	u.Alias = strings.TrimSpace(u.FirstName + " " + u.LastName)
	u.Authorities = []string{"user"}
	if u.IsSuper {
		u.Authorities = append(u.Authorities, "super")
	}
	return &u, nil
}

// UserByEmail finds an account by e-mail, ignoring case. ENOTFOUND when there is none.
func (s *Queries) UserByEmail(ctx context.Context, email string) (*User, error) {
	return scanUser(s.q.QueryRow(ctx, `SELECT `+userColumns+` FROM app_user WHERE lower(email) = lower($1)`, email))
}

// UserByID finds an account. ENOTFOUND when there is none.
func (s *Queries) UserByID(ctx context.Context, id string) (*User, error) {
	return scanUser(s.q.QueryRow(ctx, `SELECT `+userColumns+` FROM app_user WHERE id = $1`, id))
}

// NewUser is what registration stores.
type NewUser struct {
	FirstName, LastName, Email, PasswordHash, Language string
}

// InsertUser creates an unconfirmed account. ECONFLICT when the e-mail is taken.
func (s *Queries) InsertUser(ctx context.Context, n NewUser) (*User, error) {
	u, err := scanUser(s.q.QueryRow(ctx, `
		INSERT INTO app_user (first_name, last_name, email, password_hash, language, agb_accepted_at)
		VALUES ($1, $2, $3, $4, $5, now())
		RETURNING `+userColumns, n.FirstName, n.LastName, n.Email, n.PasswordHash, n.Language))
	if isUniqueViolation(err) {
		return nil, &arbor.Error{Code: arbor.ECONFLICT, Key: "error.invalid_fields", Fields: map[string]string{"email": "field.email_taken"}}
	}
	return u, err
}

// ReplaceUnconfirmed overwrites an account nobody has confirmed yet: registering again with the
// same address takes the new names and password and sends a fresh link.
func (s *Queries) ReplaceUnconfirmed(ctx context.Context, id string, n NewUser) (*User, error) {
	return scanUser(s.q.QueryRow(ctx, `
		UPDATE app_user SET first_name = $2, last_name = $3, password_hash = $4, language = $5,
			agb_accepted_at = now(), version = version + 1, updated_at = now()
		WHERE id = $1 AND confirmed_at IS NULL
		RETURNING `+userColumns, id, n.FirstName, n.LastName, n.PasswordHash, n.Language))
}

// ConfirmUser marks the registration as confirmed (idempotent).
func (s *Queries) ConfirmUser(ctx context.Context, id string) error {
	_, err := s.q.Exec(ctx, `UPDATE app_user SET confirmed_at = coalesce(confirmed_at, now()) WHERE id = $1`, id)
	return err
}

// ProfileUpdate is what a user may change about themselves.
type ProfileUpdate struct {
	FirstName, LastName, Language string
	SetPending                    bool    // replace the pending address with PendingEmail
	PendingEmail                  *string // nil with SetPending clears it
	Version                       int
}

// UpdateProfile changes names, language and the pending e-mail if version is current;
// ECONFLICT carrying the current user otherwise.
func (s *Queries) UpdateProfile(ctx context.Context, id string, p ProfileUpdate) (*User, error) {
	u, err := scanUser(s.q.QueryRow(ctx, `
		UPDATE app_user SET first_name = $3, last_name = $4, language = $5,
			pending_email = CASE WHEN $7 THEN $6 ELSE pending_email END, version = version + 1, updated_at = now()
		WHERE id = $1 AND version = $2
		RETURNING `+userColumns, id, p.Version, p.FirstName, p.LastName, p.Language, p.PendingEmail, p.SetPending))
	if arbor.ErrorCode(err) == arbor.ENOTFOUND {
		cur, err := s.UserByID(ctx, id)
		if err != nil {
			return nil, err
		}
		return nil, &arbor.Error{Code: arbor.ECONFLICT, Key: "error.stale_version", Current: cur}
	}
	return u, err
}

// ConfirmEmailChange makes a confirmed pending address the account's address.
func (s *Queries) ConfirmEmailChange(ctx context.Context, id, email string) error {
	tag, err := s.q.Exec(ctx, `
		UPDATE app_user SET email = pending_email, pending_email = NULL, version = version + 1, updated_at = now()
		WHERE id = $1 AND lower(pending_email) = lower($2)`, id, email)
	if isUniqueViolation(err) {
		return &arbor.Error{Code: arbor.ECONFLICT, Key: "field.email_taken"}
	}
	if err == nil && tag.RowsAffected() == 0 {
		return arbor.Errorf(arbor.EINVALIDTOKEN, "auth.token_invalid", nil)
	}
	return err
}

// SetPassword stores a new password hash.
func (s *Queries) SetPassword(ctx context.Context, id, hash string) error {
	_, err := s.q.Exec(ctx, `UPDATE app_user SET password_hash = $2, version = version + 1, updated_at = now() WHERE id = $1`, id, hash)
	return err
}

// DeleteUser removes an account; its sessions and tokens go with it.
func (s *Queries) DeleteUser(ctx context.Context, id string) error {
	_, err := s.q.Exec(ctx, `DELETE FROM app_user WHERE id = $1`, id)
	return err
}

// Token purposes of e-mail links.
const (
	TokenConfirm = "confirm"
	TokenReset   = "reset"
	TokenEmail   = "email"
)

// InsertToken stores the hash of a single-use e-mail token (auth.TokenHash).
func (s *Queries) InsertToken(ctx context.Context, userID, purpose, email string, tokenHash []byte, ttl time.Duration) error {
	_, err := s.q.Exec(ctx, `
		INSERT INTO user_token (token_hash, user_id, purpose, email, expires_at)
		VALUES ($1, $2, $3, $4, now() + $5::interval)`,
		tokenHash, userID, purpose, email, ttl.String())
	return err
}

// DeleteTokens removes a user's tokens of one purpose, so only the newest link works.
func (s *Queries) DeleteTokens(ctx context.Context, userID, purpose string) error {
	_, err := s.q.Exec(ctx, `DELETE FROM user_token WHERE user_id = $1 AND purpose = $2`, userID, purpose)
	return err
}

// TakeToken uses up a valid token (by its hash, auth.TokenHash) for email and one of purposes, returning its user and purpose.
// A token works once: it is deleted in the same statement. EINVALIDTOKEN otherwise.
func (s *Queries) TakeToken(ctx context.Context, email string, tokenHash []byte, purposes ...string) (userID, purpose string, err error) {
	err = s.q.QueryRow(ctx, `
		DELETE FROM user_token
		WHERE token_hash = $1 AND lower(email) = lower($2) AND purpose = ANY($3) AND expires_at > now()
		RETURNING user_id, purpose`, tokenHash, email, purposes).Scan(&userID, &purpose)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", "", arbor.Errorf(arbor.EINVALIDTOKEN, "auth.token_invalid", nil)
	}
	return userID, purpose, err
}

// CreateConfirmedUser makes an account that needs no e-mail confirmation (made by an operator on
// the command line), or, when the address exists, sets its super flag and keeps the rest.
func (s *Queries) CreateConfirmedUser(ctx context.Context, n NewUser, super bool) (*User, error) {
	return scanUser(s.q.QueryRow(ctx, `
		INSERT INTO app_user (first_name, last_name, email, password_hash, language, agb_accepted_at, confirmed_at, is_super)
		VALUES ($1, $2, $3, $4, $5, now(), now(), $6)
		ON CONFLICT (lower(email)) DO UPDATE SET is_super = EXCLUDED.is_super OR app_user.is_super,
			version = app_user.version + 1, updated_at = now()
		RETURNING `+userColumns, n.FirstName, n.LastName, n.Email, n.PasswordHash, n.Language, super))
}
