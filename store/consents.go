package store

import (
	"context"
	"slices"
	"time"

	"arbor"

	"github.com/jackc/pgx/v5"
)

// An organisation's consent to the terms (agb) and the data processing agreement (avv), given
// by an administrator (docs/API.md "Legal texts and consent").

// ConsentKinds are what an organisation consents to, in the order the app shows them.
var ConsentKinds = []string{"agb", "avv"}

// Consent is one consent: who gave it, when, to which document.
type Consent struct {
	Kind     string    `json:"kind"` // agb, avv
	UserID   *string   `json:"user_id"`
	UserName string    `json:"user_name"`
	Email    *string   `json:"email"` // nil once the account is deleted
	Lang     string    `json:"lang"`  // the language of the document consented to
	SHA256   string    `json:"document_sha256"`
	Sample   bool      `json:"sample"` // the document was the built-in sample
	At       time.Time `json:"at"`
}

// ConsentTo is a document an administrator consents to.
type ConsentTo struct {
	Kind   string
	Lang   string
	SHA256 string
	Sample bool
}

// GiveConsent records who consents to the documents at now and marks the organisation's agb and
// avv, in one statement. Consenting again to the same document adds nothing; to a changed one
// (another SHA-256) it is kept beside the earlier consent.
func (s *Queries) GiveConsent(ctx context.Context, orgID string, who Actor, to []ConsentTo, now time.Time) error {
	var kinds, langs, sums []string
	var samples []bool
	for _, c := range to {
		kinds, langs, sums, samples = append(kinds, c.Kind), append(langs, c.Lang), append(sums, c.SHA256), append(samples, c.Sample)
	}
	tag, err := s.q.Exec(ctx, `
		WITH o AS (
			UPDATE organisation SET agb = agb OR 'agb' = ANY($3::text[]), avv = avv OR 'avv' = ANY($3::text[])
			WHERE id = $1 AND NOT terminated RETURNING id
		), c AS (
			SELECT * FROM unnest($3::text[], $4::text[], $5::text[], $6::boolean[]) AS c(kind, language, sha, sample)
		)
		INSERT INTO organisation_consent (organisation_id, kind, user_id, user_name, language, document_sha256, sample, at)
		SELECT o.id, c.kind, $2::uuid, $7::text, c.language, c.sha, c.sample, $8::timestamptz FROM o, c
		WHERE NOT EXISTS (SELECT 1 FROM organisation_consent x
			WHERE x.organisation_id = o.id AND x.kind = c.kind AND x.document_sha256 = c.sha)`,
		orgID, who.UserID, kinds, langs, sums, samples, who.Alias, now)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		// Nothing new: already consented, or the organisation is cancelled.
		var terminated bool
		if err := s.q.QueryRow(ctx, `SELECT terminated FROM organisation WHERE id = $1`, orgID).Scan(&terminated); err != nil {
			return err
		}
		if terminated {
			return arbor.Errorf(arbor.ECONFLICT, "org.terminated", nil)
		}
	}
	return nil
}

// Consents lists an organisation's consents, newest first.
func (s *Queries) Consents(ctx context.Context, orgID string) ([]Consent, error) {
	rows, err := s.q.Query(ctx, `
		SELECT c.kind, c.user_id::text, coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), c.user_name), u.email,
		       c.language, c.document_sha256, c.sample, c.at
		FROM organisation_consent c LEFT JOIN app_user u ON u.id = c.user_id
		WHERE c.organisation_id = $1 ORDER BY c.at DESC, c.id DESC`, orgID)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[Consent])
}

// MissingConsents names what the organisation has not consented to in its current version (agb,
// avv): current holds, by kind, the SHA-256 of each document as served now. A consent to a
// document the operator has since replaced counts no more: the new text is to be accepted.
func (s *Queries) MissingConsents(ctx context.Context, orgID string, current map[string][]string) ([]string, error) {
	var have []string
	err := s.q.QueryRow(ctx, `
		SELECT coalesce(array_agg(DISTINCT c.kind), '{}') FROM organisation_consent c
		WHERE c.organisation_id = $1 AND (
			(c.kind = 'agb' AND c.document_sha256 = ANY($2::text[])) OR
			(c.kind = 'avv' AND c.document_sha256 = ANY($3::text[])))`,
		orgID, current["agb"], current["avv"]).Scan(&have)
	if err != nil {
		return nil, err
	}
	missing := []string{}
	for _, k := range ConsentKinds {
		if !slices.Contains(have, k) {
			missing = append(missing, k)
		}
	}
	return missing, nil
}
