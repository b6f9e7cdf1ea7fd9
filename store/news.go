package store

import (
	"context"
	"encoding/json"
	"time"

	"github.com/jackc/pgx/v5"
)

// NewsItem is one recent change in a project someone can see whole: who did what to which object.
type NewsItem struct {
	At          time.Time       `json:"at"`
	Alias       string          `json:"alias"`
	Entity      string          `json:"entity"` // tree, group, check, action
	Op          string          `json:"op"`     // insert, update, delete
	Field       *string         `json:"field"`
	New         json.RawMessage `json:"new_value"`
	ProjectID   string          `json:"project"`
	ProjectName string          `json:"projectName"`
	ObjectID    string          `json:"object"`
	Number      *int            `json:"number"`
	NumberText  *string         `json:"number_text"`
}

// News lists the latest changes in the projects userID may see without a limit (as an
// administrator or a member whose access is not limited), newest first.
func (s *Queries) News(ctx context.Context, userID, projectID string, limit int) ([]*NewsItem, error) {
	if limit <= 0 || limit > 100 {
		limit = 20
	}
	rows, err := s.q.Query(ctx, `
		WITH mine AS (
			SELECT p.id, p.name FROM project p
			WHERE ($3 = '' OR p.id::text = $3)
			  AND (EXISTS (SELECT 1 FROM project_member m WHERE m.project_id = p.id AND m.user_id = $1 AND m.limit_filter IS NULL)
			   OR EXISTS (SELECT 1 FROM organisation_admin a WHERE a.organisation_id = p.organisation_id AND a.user_id = $1))
		)
		SELECT h.at, h.alias, h.entity, h.op, h.field,
		       CASE WHEN h.op = 'update' THEN coalesce(h.new_value, 'null') ELSE 'null' END,
		       mine.id, mine.name, h.object_id, t.number, t.number_text
		FROM mine CROSS JOIN LATERAL (
			SELECT * FROM history h WHERE h.project_id = mine.id
			  AND h.field IS DISTINCT FROM 'action_security' ORDER BY h.id DESC LIMIT $2
		) h
		LEFT JOIN tree t ON t.id = h.object_id
		ORDER BY h.at DESC, h.id DESC LIMIT $2`, userID, limit, projectID)
	return scanAll(rows, err, func(r pgx.Row) (*NewsItem, error) {
		var n NewsItem
		var raw []byte
		err := r.Scan(&n.At, &n.Alias, &n.Entity, &n.Op, &n.Field, &raw, &n.ProjectID, &n.ProjectName, &n.ObjectID, &n.Number, &n.NumberText)
		n.New = raw
		return &n, err
	})
}
