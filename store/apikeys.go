package store

import (
	"arbor/fields"
	"context"
	"errors"
	"time"

	"arbor"

	"github.com/jackc/pgx/v5"
)

// APIKey is an organisation's key for programs, as its administrators see it (never the key).
type APIKey struct {
	ID         string     `json:"id"`
	Name       string     `json:"name"`
	Prefix     string     `json:"prefix"`
	Projects   []string   `json:"projects"`
	CreatedBy  string     `json:"created_by"` // the creator's display name
	CreatedAt  time.Time  `json:"created_at"`
	LastUsedAt *time.Time `json:"last_used_at"`
	RevokedAt  *time.Time `json:"revoked_at"`
}

const apiKeyColumns = `k.id::text, k.name, k.prefix, k.projects::text[], coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.email, ''),
	k.created_at, k.last_used_at, k.revoked_at`

func scanAPIKey(row pgx.Row) (*APIKey, error) {
	var k APIKey
	err := row.Scan(&k.ID, &k.Name, &k.Prefix, &k.Projects, &k.CreatedBy, &k.CreatedAt, &k.LastUsedAt, &k.RevokedAt)
	return &k, err
}

// CreateAPIKey keeps a new key's hash for the projects named; EINVALID when one of them is
// not the organisation's.
func (s *Queries) CreateAPIKey(ctx context.Context, orgID, userID, name string, projects []string, hash []byte, prefix string) (*APIKey, error) {
	for _, p := range projects {
		if !fields.IsUUID(p) {
			return nil, arbor.Invalid(map[string]string{"projects": "apikey.projects"})
		}
	}
	var id string
	err := s.q.QueryRow(ctx, `
		INSERT INTO api_key (organisation_id, name, prefix, hash, projects, created_by)
		SELECT $1, $2, $3, $4, array_agg(p.id ORDER BY p.name), $6
		FROM project p WHERE p.organisation_id = $1 AND p.id = ANY($5::uuid[])
		HAVING count(*) = cardinality(ARRAY(SELECT DISTINCT unnest($5::uuid[])))
		RETURNING id::text`, orgID, name, prefix, hash, projects, nullIfEmpty(userID)).Scan(&id)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, arbor.Invalid(map[string]string{"projects": "apikey.projects"})
	}
	if err != nil {
		return nil, err
	}
	return scanAPIKey(s.q.QueryRow(ctx, `SELECT `+apiKeyColumns+` FROM api_key k LEFT JOIN app_user u ON u.id = k.created_by
		WHERE k.organisation_id = $1 AND k.id = $2`, orgID, id))
}

// APIKeys lists an organisation's keys, revoked ones too, newest first.
func (s *Queries) APIKeys(ctx context.Context, orgID string) ([]*APIKey, error) {
	rows, err := s.q.Query(ctx, `SELECT `+apiKeyColumns+` FROM api_key k LEFT JOIN app_user u ON u.id = k.created_by
		WHERE k.organisation_id = $1 ORDER BY k.created_at DESC, k.id`, orgID)
	return scanAll(rows, err, scanAPIKey)
}

// RevokeAPIKey ends a key at once; ENOTFOUND for another organisation's or an unknown one.
// Revoking a revoked key changes nothing.
func (s *Queries) RevokeAPIKey(ctx context.Context, orgID, keyID string) error {
	if !fields.IsUUID(keyID) {
		return arbor.Errorf(arbor.ENOTFOUND, "error.not_found", nil)
	}
	tag, err := s.q.Exec(ctx, `UPDATE api_key SET revoked_at = coalesce(revoked_at, now())
		WHERE organisation_id = $1 AND id = $2`, orgID, keyID)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return arbor.Errorf(arbor.ENOTFOUND, "error.not_found", nil)
	}
	return nil
}

// KeyAccess is what an API key gives in a project.
type KeyAccess struct {
	Valid          bool // the key exists and is not revoked
	Exists         bool // the project is one of the key's (and so its organisation's)
	OrganisationID string
	Terminated     bool
	Plan           // the organisation's demo and add-ons, judged on the server's clock
}

// APIKeyAccess looks a key up by its hash and says whether it opens the project, noting its
// use (at most once a minute, so a map's dozens of tile requests write once).
func (s *Queries) APIKeyAccess(ctx context.Context, hash []byte, projectID string) (KeyAccess, error) {
	var a KeyAccess
	if !fields.IsUUID(projectID) {
		projectID = "00000000-0000-0000-0000-000000000000"
	}
	var pid *string
	err := s.q.QueryRow(ctx, `
		WITH k AS (SELECT id, organisation_id, projects FROM api_key WHERE hash = $1 AND revoked_at IS NULL),
		used AS (UPDATE api_key SET last_used_at = now() WHERE id = (SELECT id FROM k)
		         AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute'))
		SELECT k.organisation_id::text, p.id::text, o.terminated, `+planColumns+`
		FROM k JOIN organisation o ON o.id = k.organisation_id
		LEFT JOIN project p ON p.organisation_id = k.organisation_id AND p.id = $2::uuid AND p.id = ANY(k.projects)`,
		hash, projectID).Scan(append([]any{&a.OrganisationID, &pid, &a.Terminated}, a.Plan.dest()...)...)
	if errors.Is(err, pgx.ErrNoRows) {
		return a, nil
	}
	if err != nil {
		return a, err
	}
	a.Valid, a.Exists = true, pid != nil
	return a, nil
}
