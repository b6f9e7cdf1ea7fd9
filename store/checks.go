package store

import (
	"arbor/fields"
	"context"
	"time"

	"arbor"

	"github.com/jackc/pgx/v5"
)

// Assessment is what an inspection finds and a tree shows as its current state (docs/PRODUCT.md §3).
type Assessment struct {
	Vitality            *int     `json:"vitality"`
	Development         *int     `json:"development"`
	DamageTree          *int     `json:"damage_tree"`
	SecurityExpectation *int     `json:"security_expectation"`
	Symptoms            []string `json:"symptoms"`
	ValuationTop        *int     `json:"valuation_top"`
	ValuationRoot       *int     `json:"valuation_root"`
	ValuationTrunk      *int     `json:"valuation_trunk"`
	ValuationGroup      *int     `json:"valuation_group"`
}

// Check types (migrations/0020): what kind of inspection it was.
var CheckTypes = []string{"routine", "detailed", "storm"}

// Finding is one symptom as an inspector records it: where on the tree (root, trunk, crown; empty
// when not said) and how severe (1 slight, 2 moderate, 3 severe; 0 when not said).
type Finding struct {
	Symptom  string `json:"symptom"`
	Part     string `json:"part"`
	Severity int    `json:"severity"`
}

// Check is an inspection of a tree or group: a record that is never changed afterwards.
type Check struct {
	ID        string    `json:"id"`
	Tree      string    `json:"tree"`
	Timestamp time.Time `json:"timestamp"`
	Username  string    `json:"username"`
	Alias     string    `json:"alias"`
	Assessment
	Comment   string    `json:"comment"`
	General31 string    `json:"general31"`
	General32 string    `json:"general32"`
	CheckNext string    `json:"check_next"`
	Type      string    `json:"check_type"`
	Findings  []Finding `json:"findings"`
}

// CheckInput is an inspection to record. Assessment fields left nil are taken from the tree as
// it stands (the inspector confirmed them); Timestamp zero means now.
type CheckInput struct {
	ID        string
	Timestamp time.Time
	Assessment
	Comment   string
	General31 string
	General32 string
	Type      string    // one of CheckTypes; empty is routine
	Findings  []Finding // where and how severe; their symptoms are in Assessment.Symptoms too
}

const checkColumns = `id, tree_id, timestamp, username, alias, vitality, development, damage_tree, security_expectation,
	symptoms, valuation_top, valuation_root, valuation_trunk, valuation_group, comment, general31, general32,
	to_char(check_next, 'YYYY-MM-DD'), check_type, findings`

func scanCheck(row pgx.Row) (*Check, error) {
	var c Check
	err := row.Scan(&c.ID, &c.Tree, &c.Timestamp, &c.Username, &c.Alias, &c.Vitality, &c.Development, &c.DamageTree,
		&c.SecurityExpectation, &c.Symptoms, &c.ValuationTop, &c.ValuationRoot, &c.ValuationTrunk, &c.ValuationGroup,
		&c.Comment, &c.General31, &c.General32, &c.CheckNext, &c.Type, &c.Findings)
	if c.Symptoms == nil {
		c.Symptoms = []string{}
	}
	if c.Findings == nil {
		c.Findings = []Finding{}
	}
	return &c, err
}

// Checks lists the inspections of a tree or group, newest first.
func (s *Queries) Checks(ctx context.Context, sc Content, treeID string) ([]*Check, error) {
	if _, err := s.Tree(ctx, sc, treeID); err != nil {
		return nil, err
	}
	rows, err := s.q.Query(ctx, `SELECT `+checkColumns+` FROM tree_check
		WHERE organisation_id = $1 AND project_id = $2 AND tree_id = $3 ORDER BY timestamp DESC, created_at DESC`,
		sc.OrganisationID, sc.ProjectID, treeID)
	return scanAll(rows, err, scanCheck)
}

// CreateCheck records an inspection; the database computes its next inspection date and makes
// it the tree's current assessment when it is the newest. A repeated id answers the stored one.
// A required inspection comment (project setting check_comment) must be given.
func (tx *Tx) CreateCheck(ctx context.Context, sc Content, who Actor, treeID string, in CheckInput) (*Check, bool, error) {
	if _, err := tx.Tree(ctx, sc, treeID); err != nil {
		return nil, false, err
	}
	if in.ID != "" {
		if !fields.IsUUID(in.ID) {
			return nil, false, arbor.Invalid(map[string]string{"id": "field.id"})
		}
		c, err := scanCheck(tx.q.QueryRow(ctx, `SELECT `+checkColumns+` FROM tree_check
			WHERE organisation_id = $1 AND project_id = $2 AND id = $3`, sc.OrganisationID, sc.ProjectID, in.ID))
		if err == nil {
			return c, false, nil
		}
		if err != pgx.ErrNoRows {
			return nil, false, err
		}
		if err := tx.idTaken(ctx, "tree_check", in.ID); err != nil {
			return nil, false, err
		}
	}
	p, err := tx.contentSettings(ctx, sc, false)
	if err != nil {
		return nil, false, err
	}
	for _, name := range p.required {
		if name == "check_comment" && in.Comment == "" {
			return nil, false, &arbor.Error{Code: arbor.EINVALID, Key: "tree.required_fields",
				Args: map[string]any{"fields": []string{"check_comment"}, "aliases": p.aliases}, Fields: map[string]string{"comment": "field.required"}}
		}
	}
	if err := tx.setActor(ctx, who); err != nil {
		return nil, false, err
	}
	if in.Symptoms == nil {
		in.Symptoms = []string{}
	}
	if in.Type == "" {
		in.Type = "routine"
	}
	if in.Findings == nil {
		in.Findings = []Finding{}
	}
	var id any
	if in.ID != "" {
		id = in.ID
	}
	var ts any
	if !in.Timestamp.IsZero() {
		ts = in.Timestamp
	}
	c, err := scanCheck(tx.q.QueryRow(ctx, `
		INSERT INTO tree_check (id, organisation_id, project_id, tree_id, timestamp, vitality, development, damage_tree,
			security_expectation, symptoms, valuation_top, valuation_root, valuation_trunk, valuation_group, comment,
			general31, general32, check_next, check_type, findings)
		VALUES (coalesce($1::uuid, arbor_uuid7()), $2, $3, $4, coalesce($5::timestamptz, now()), $6, $7, $8, $9, $10, $11, $12,
			$13, $14, $15, $16, $17, current_date, $18, $19)
		RETURNING `+checkColumns,
		id, sc.OrganisationID, sc.ProjectID, treeID, ts, in.Vitality, in.Development, in.DamageTree, in.SecurityExpectation,
		in.Symptoms, in.ValuationTop, in.ValuationRoot, in.ValuationTrunk, in.ValuationGroup, in.Comment, in.General31, in.General32,
		in.Type, in.Findings))
	return c, true, err
}

// idTaken answers ECONFLICT when a client's id for a new row of table is taken by a row of
// another project or organisation, as a tree's is (tree.id_taken): the same answer wherever that
// row is, so nobody learns of another organisation's ids, and never a duplicate key's 500.
func (tx *Tx) idTaken(ctx context.Context, table, id string) error {
	var taken bool
	if err := tx.q.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM `+table+` WHERE id = $1)`, id).Scan(&taken); err != nil {
		return err
	}
	if taken {
		return arbor.Errorf(arbor.ECONFLICT, "tree.id_taken", nil)
	}
	return nil
}
