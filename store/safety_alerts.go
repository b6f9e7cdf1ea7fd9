package store

import (
	"context"

	"github.com/jackc/pgx/v5"
)

// SafetyAlert is a project with trees or groups in stock whose safety-relevant work is overdue:
// the user dashboard puts it above the news, so nobody misses a tree that should have been made
// safe already (docs/PRODUCT.md §9).
type SafetyAlert struct {
	ProjectID   string `json:"project"`
	ProjectName string `json:"projectName"`
	Objects     int    `json:"objects"`
}

// SafetyAlerts lists, for the projects userID sees whole (as on the news), how many objects in
// stock have an open safety-relevant work past its deadline; projects without any are left out.
// It reads the open works by project and deadline (index tree_action_project_open), never the trees
// of a project as a whole.
func (s *Queries) SafetyAlerts(ctx context.Context, userID string) ([]*SafetyAlert, error) {
	rows, err := s.q.Query(ctx, `
		WITH mine AS (
			SELECT p.id, p.name FROM project p
			WHERE EXISTS (SELECT 1 FROM project_member m WHERE m.project_id = p.id AND m.user_id = $1 AND m.limit_filter IS NULL)
			   OR EXISTS (SELECT 1 FROM organisation_admin a WHERE a.organisation_id = p.organisation_id AND a.user_id = $1)
		)
		SELECT mine.id, mine.name, count(DISTINCT a.tree_id)
		FROM mine
		JOIN tree_action a ON a.project_id = mine.id AND a.execute_timestamp IS NULL
		     AND a.deadline < current_date AND a.security_relevance
		JOIN tree t ON t.id = a.tree_id AND NOT t.archive AND NOT t.cut
		GROUP BY mine.id, mine.name
		ORDER BY count(DISTINCT a.tree_id) DESC, mine.name`, userID)
	return scanAll(rows, err, func(r pgx.Row) (*SafetyAlert, error) {
		var a SafetyAlert
		return &a, r.Scan(&a.ProjectID, &a.ProjectName, &a.Objects)
	})
}
