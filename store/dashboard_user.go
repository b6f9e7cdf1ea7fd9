package store

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5"
)

// UserDashboard holds the figures of the user dashboard (docs/PRODUCT.md §2, §9): the projects one can
// open with their own figures, the unfinished jobs of those projects (or one takes part in),
// and the totals over all of them. Every figure counts the stock (neither felled nor archived)
// inside the caller's access limit of each project.
type UserDashboard struct {
	Projects []*UserProject `json:"projects"`
	Jobs     []*Job         `json:"jobs"`
	Totals   UserTotals     `json:"totals"`
	News     []*NewsItem    `json:"news"`
	// Safety lists the projects with overdue safety-relevant works, gravest first (SafetyAlerts).
	Safety []*SafetyAlert `json:"safety"`
}

// UserProject is a project of the user dashboard with its figures.
type UserProject struct {
	ID               string        `json:"id"`
	Name             string        `json:"name"`
	Organisation     string        `json:"organisation"`
	OrganisationName string        `json:"organisationName"`
	Role             string        `json:"role"` // manager, editor, care, reader (auth.ProjectRole of Membership)
	Membership       Membership    `json:"-"`
	Limited          bool          `json:"limited"` // access limited to a filter: figures are within it
	Figures          ObjectFigures `json:"figures"`
}

// ObjectFigures counts trees, groups, open inspections and open works.
type ObjectFigures struct {
	Trees  int `json:"trees"`
	Groups int `json:"groups"`
	// Objects by inspection class: overdue, due, months3, later, never; open = overdue + due.
	Checks     map[string]int `json:"checks"`
	OpenChecks int            `json:"open_checks"`
	// Objects with open works by their earliest deadline: overdue, weeks2, months3, months6,
	// later, none (as on the project dashboard); OpenWorks counts the works.
	Works     map[string]int `json:"works"`
	OpenWorks int            `json:"open_works"`
}

// UserTotals are the figures over all of the user's projects.
type UserTotals struct {
	ObjectFigures
	Projects int `json:"projects"`
	Jobs     int `json:"jobs"` // unfinished jobs (open or in progress)
}

// userProjectJobs is how many unfinished jobs the dashboard lists.
const userProjectJobs = 50

// FiguresCache answers the figures under a key from a cache, or from compute. The key names
// every project with its content revision and the caller's limit in it, and the day.
type FiguresCache func(key string, compute func() (map[string]ObjectFigures, error)) (map[string]ObjectFigures, error)

// UserDashboard counts, for userID, the figures of every project they can open. The projects
// whose access is limited by a filter get that filter compiled into their part of the one query.
// With a cache, the figures are counted again only after one of the projects changed.
func (s *Queries) UserDashboard(ctx context.Context, userID string, cache FiguresCache) (*UserDashboard, error) {
	d := &UserDashboard{Jobs: []*Job{}, News: []*NewsItem{}}
	type member struct {
		p        *UserProject
		limit    []byte
		revision int64
	}
	rows, err := s.q.Query(ctx, `
		SELECT p.id, p.name, p.organisation_id, o.name, CASE WHEN a.user_id IS NOT NULL THEN 0 ELSE m.access END,
		       CASE WHEN a.user_id IS NOT NULL THEN NULL ELSE m.limit_filter END, p.content_revision
		FROM project p
		JOIN organisation o ON o.id = p.organisation_id
		LEFT JOIN project_member m ON m.project_id = p.id AND m.user_id = $1
		LEFT JOIN organisation_admin a ON a.organisation_id = p.organisation_id AND a.user_id = $1
		LEFT JOIN project_visit v ON v.project_id = p.id AND v.user_id = $1
		WHERE m.user_id IS NOT NULL OR a.user_id IS NOT NULL
		ORDER BY v.opened_at DESC NULLS LAST, p.created_at DESC`, userID)
	members, err := scanAll(rows, err, func(r pgx.Row) (*member, error) {
		m := &member{p: &UserProject{}}
		var access int16
		err := r.Scan(&m.p.ID, &m.p.Name, &m.p.Organisation, &m.p.OrganisationName, &access, &m.limit, &m.revision)
		m.p.Membership = Membership{Access: &access}
		m.p.Limited = m.limit != nil
		return m, err
	})
	if err != nil {
		return nil, err
	}

	// Projects seen whole are read from the tallies the database keeps (store/tally.go), a few
	// milliseconds each however big. The projects whose access is limited are counted row by row
	// in one statement, each as a branch of its own with its limit compiled (a loop over
	// memberships, never over trees): the objects for their inspection and deadline classes.
	var whole []Content
	var args []any
	var scopes []string
	for _, m := range members {
		if m.limit == nil {
			whole = append(whole, Content{OrganisationID: m.p.Organisation, ProjectID: m.p.ID})
			continue
		}
		limit, err := accessLimit(m.limit)
		if err != nil {
			return nil, fmt.Errorf("access limit of %s in %s: %w", userID, m.p.ID, err)
		}
		args = append(args, m.p.Organisation, m.p.ID)
		n := len(args)
		cond, more, err := limitCondition(limit, args)
		if err != nil {
			return nil, err
		}
		args = more
		scopes = append(scopes, fmt.Sprintf(`t.organisation_id = $%d AND t.project_id = $%d AND (%s)`, n-1, n, cond))
	}
	objects := make([]string, len(scopes))
	for i, sc := range scopes {
		objects[i] = `SELECT t.project_id, t.single_tree, arbor_inspection_class(t.check_next, current_date) AS c,
			CASE WHEN t.action_count > 0 THEN arbor_deadline_class(t.action_deadline, current_date) END AS d, t.action_count AS k
			FROM tree t WHERE ` + sc + ` AND NOT t.archive AND NOT t.cut`
	}
	countLimited := func() (map[string]ObjectFigures, error) {
		figures := map[string]ObjectFigures{}
		if len(scopes) == 0 {
			return figures, nil
		}
		var raw []byte
		err := s.q.QueryRow(ctx, `
		WITH o AS (
			SELECT project_id, count(*) FILTER (WHERE single_tree) AS trees, count(*) FILTER (WHERE NOT single_tree) AS groups,
			       count(*) FILTER (WHERE c = 0) AS c0, count(*) FILTER (WHERE c = 1) AS c1, count(*) FILTER (WHERE c = 2) AS c2,
			       count(*) FILTER (WHERE c = 3) AS c3, count(*) FILTER (WHERE c IS NULL) AS cn,
			       sum(k) AS open,
			       count(*) FILTER (WHERE d = 0) AS w0, count(*) FILTER (WHERE d = 1) AS w1, count(*) FILTER (WHERE d = 2) AS w2,
			       count(*) FILTER (WHERE d = 3) AS w3, count(*) FILTER (WHERE d = 4) AS w4, count(*) FILTER (WHERE d = 5) AS w5
			FROM (`+strings.Join(objects, "\n UNION ALL ")+`) x
			GROUP BY project_id
		), f AS (
			SELECT o.project_id::text AS k, jsonb_build_object(
				'trees', o.trees, 'groups', o.groups, 'open_checks', o.c0 + o.c1,
				'checks', jsonb_build_object('overdue', o.c0, 'due', o.c1, 'months3', o.c2, 'later', o.c3, 'never', o.cn),
				'open_works', o.open,
				'works', jsonb_build_object('overdue', o.w0, 'weeks2', o.w1, 'months3', o.w2,
					'months6', o.w3, 'later', o.w4, 'none', o.w5)) AS v
			FROM o
		)
		SELECT coalesce(jsonb_object_agg(k, v), '{}') FROM f`, args...).Scan(&raw)
		if err != nil {
			return nil, err
		}
		return figures, json.Unmarshal(raw, &figures)
	}
	count := func() (map[string]ObjectFigures, error) {
		figures, err := countLimited()
		if err != nil {
			return nil, err
		}
		for _, sc := range whole {
			d, err := s.tallyDashboard(ctx, sc)
			if err != nil {
				return nil, err
			}
			figures[sc.ProjectID] = ObjectFigures{Trees: d.Trees, Groups: d.Groups, Checks: d.Checks,
				OpenChecks: d.Checks["overdue"] + d.Checks["due"], Works: d.Works, OpenWorks: d.OpenWorks}
		}
		total := ObjectFigures{}.orEmpty()
		for _, m := range members {
			f := figures[m.p.ID].orEmpty()
			total.Trees += f.Trees
			total.Groups += f.Groups
			total.OpenChecks += f.OpenChecks
			total.OpenWorks += f.OpenWorks
			for k, n := range f.Checks {
				total.Checks[k] += n
			}
			for k, n := range f.Works {
				total.Works[k] += n
			}
		}
		figures["total"] = total
		return figures, nil
	}
	var figures map[string]ObjectFigures
	if cache == nil {
		figures, err = count()
	} else {
		key := new(strings.Builder)
		for _, m := range members {
			fmt.Fprintf(key, "%s:%d:%s;", m.p.ID, m.revision, m.limit)
		}
		figures, err = cache(key.String(), count)
	}
	if err != nil {
		return nil, err
	}
	d.Projects = make([]*UserProject, len(members))
	for i, m := range members {
		d.Projects[i] = m.p
		m.p.Figures = figures[m.p.ID].orEmpty()
	}
	d.Totals.ObjectFigures = figures["total"].orEmpty()
	d.Totals.Projects = len(members)

	var ids []string
	for _, m := range members {
		ids = append(ids, m.p.ID)
	}
	rows, err = s.q.Query(ctx, jobSelect+`
		WHERE j.status < 2 AND (j.project_id = ANY($1::uuid[])
		   OR EXISTS (SELECT 1 FROM job_member jm WHERE jm.job_id = j.id AND jm.user_id = $2))
		ORDER BY j.status DESC, j.created_at DESC LIMIT `+fmt.Sprint(userProjectJobs), ids, userID)
	if d.Jobs, err = scanAll(rows, err, scanJob); err != nil {
		return nil, err
	}
	err = s.q.QueryRow(ctx, `SELECT count(*) FROM job j WHERE j.status < 2 AND (j.project_id = ANY($1::uuid[])
		OR EXISTS (SELECT 1 FROM job_member jm WHERE jm.job_id = j.id AND jm.user_id = $2))`, ids, userID).Scan(&d.Totals.Jobs)
	return d, err
}

// orEmpty fills the class maps of a project without trees, so every class is always answered.
func (f ObjectFigures) orEmpty() ObjectFigures {
	if f.Checks == nil {
		f.Checks = map[string]int{"overdue": 0, "due": 0, "months3": 0, "later": 0, "never": 0}
	}
	if f.Works == nil {
		f.Works = map[string]int{"overdue": 0, "weeks2": 0, "months3": 0, "months6": 0, "later": 0, "none": 0}
	}
	return f
}
