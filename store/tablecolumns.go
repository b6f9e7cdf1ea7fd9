package store

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/jackc/pgx/v5"
)

// TableColumn is one column of the data table as a person arranged it; its place in the list is
// its position. Which columns exist is the web app's business: it drops unknown ones on reading.
type TableColumn struct {
	ColID  string  `json:"colId"`
	Hide   bool    `json:"hide"`
	Width  *int    `json:"width,omitempty"`
	Pinned *string `json:"pinned"` // "left", "right" or null
}

// TableColumns reads userID's columns of the project's data table; nil when none were saved.
func (s *Queries) TableColumns(ctx context.Context, sc Content, userID string) ([]TableColumn, error) {
	var raw []byte
	err := s.q.QueryRow(ctx, `SELECT columns FROM table_columns WHERE user_id = $3 AND organisation_id = $1 AND project_id = $2`,
		sc.OrganisationID, sc.ProjectID, userID).Scan(&raw)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var cols []TableColumn
	return cols, json.Unmarshal(raw, &cols)
}

// SaveTableColumns keeps userID's columns of the project's data table (the caller checks them).
func (s *Queries) SaveTableColumns(ctx context.Context, sc Content, userID string, cols []TableColumn) error {
	raw, err := json.Marshal(cols)
	if err != nil {
		return err
	}
	_, err = s.q.Exec(ctx, `
		INSERT INTO table_columns (user_id, organisation_id, project_id, columns) VALUES ($3, $1, $2, $4)
		ON CONFLICT (user_id, project_id) DO UPDATE SET columns = excluded.columns, updated_at = now()`,
		sc.OrganisationID, sc.ProjectID, userID, raw)
	return err
}
