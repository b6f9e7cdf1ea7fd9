package store

import (
	"arbor/fields"
	"context"
	"encoding/json"
	"errors"
	"strconv"
	"time"

	"arbor"

	"github.com/jackc/pgx/v5"
)

// Job statuses (docs/DECISIONS.md): open jobs take and give up items; in progress (released to the
// field) and completed ones are fixed.
const (
	JobOpen       = 0
	JobInProgress = 1
	JobCompleted  = 2
)

// Job bundles trees, groups and works of a project for a crew (docs/PRODUCT.md §3).
type Job struct {
	ID           string          `json:"id"`
	Name         string          `json:"name"`
	Note         string          `json:"note"`
	Status       int             `json:"status"`
	Manager      *string         `json:"manager"`
	ManagerAlias string          `json:"managerAlias"`
	Locked       bool            `json:"locked"`
	LockedBy     *string         `json:"locked_by"`
	LockedAlias  string          `json:"locked_alias"`
	LockedAt     *time.Time      `json:"locked_at"`
	Conflicts    json.RawMessage `json:"conflicts"`
	Project      string          `json:"project"`
	ProjectName  string          `json:"projectName"`
	Organisation string          `json:"organisation"`
	CompanyName  string          `json:"companyName"`
	TreeCount    int             `json:"tree_count"`
	GroupCount   int             `json:"group_count"`
	ActionCount  int             `json:"action_count"` // works in the job
	ActionsDone  int             `json:"action_done"`  // of them completed
	CheckCount   int             `json:"check_count"`  // inspections of its objects since the job was created
	Version      int             `json:"version"`
	CreatedAt    time.Time       `json:"created_at"`
	// Role is what the caller would be in a job session (job-manager, editor, care, reader);
	// empty when they only read the job through the project. Named by auth.JobAuthority from
	// Membership, which JobsOf only reads.
	Role       string     `json:"role,omitempty"`
	Membership Membership `json:"-"`
}

const jobSelect = `
	SELECT j.id, j.name, j.note, j.status, j.manager_id, coalesce(trim(m.first_name || ' ' || m.last_name), ''),
	       j.locked_by IS NOT NULL, j.locked_by, coalesce(trim(l.first_name || ' ' || l.last_name), ''), j.locked_at, ` + jobConflicts + `,
	       p.id, p.name, j.organisation_id, p.company_name,
	       (SELECT count(DISTINCT i.tree_id) FROM job_item i JOIN tree t ON t.id = i.tree_id WHERE i.job_id = j.id AND t.single_tree)::int,
	       (SELECT count(DISTINCT i.tree_id) FROM job_item i JOIN tree t ON t.id = i.tree_id WHERE i.job_id = j.id AND NOT t.single_tree)::int,
	       (SELECT count(*) FROM job_item i WHERE i.job_id = j.id AND i.action_id IS NOT NULL)::int,
	       (SELECT count(*) FROM job_item i JOIN tree_action a ON a.id = i.action_id WHERE i.job_id = j.id AND a.execute_timestamp IS NOT NULL)::int,
	       (SELECT count(*) FROM tree_check c WHERE c.tree_id IN (SELECT tree_id FROM job_item WHERE job_id = j.id) AND c.created_at >= j.created_at)::int,
	       j.version, j.created_at
	FROM job j JOIN project p ON p.id = j.project_id
	LEFT JOIN app_user m ON m.id = j.manager_id
	LEFT JOIN app_user l ON l.id = j.locked_by`

// jobConflicts are the job's recorded conflicts with the names of the people they concern, so a
// manager reads "Ada's lock was broken by Ben", not two ids.
const jobConflicts = `(SELECT coalesce(jsonb_agg(c.v || jsonb_build_object(
		'holder_alias', coalesce(trim(h.first_name || ' ' || h.last_name), ''),
		'by_alias', coalesce(trim(b.first_name || ' ' || b.last_name), ''),
		'resolved_alias', coalesce(trim(r.first_name || ' ' || r.last_name), '')) ORDER BY c.n), '[]'::jsonb)
	FROM jsonb_array_elements(j.conflicts) WITH ORDINALITY c(v, n)
	LEFT JOIN app_user h ON h.id::text = c.v->>'holder'
	LEFT JOIN app_user b ON b.id::text = c.v->>'by'
	LEFT JOIN app_user r ON r.id::text = c.v->>'resolved_by')`

func scanJob(row pgx.Row) (*Job, error) {
	var j Job
	var conflicts []byte
	err := row.Scan(&j.ID, &j.Name, &j.Note, &j.Status, &j.Manager, &j.ManagerAlias, &j.Locked, &j.LockedBy, &j.LockedAlias,
		&j.LockedAt, &conflicts, &j.Project, &j.ProjectName, &j.Organisation, &j.CompanyName, &j.TreeCount, &j.GroupCount, &j.ActionCount,
		&j.ActionsDone, &j.CheckCount, &j.Version, &j.CreatedAt)
	j.Conflicts = conflicts
	return &j, err
}

// Jobs lists the jobs of the project, open ones first.
func (s *Queries) Jobs(ctx context.Context, sc Content) ([]*Job, error) {
	rows, err := s.q.Query(ctx, jobSelect+` WHERE j.organisation_id = $1 AND j.project_id = $2 ORDER BY j.status, lower(j.name)`,
		sc.OrganisationID, sc.ProjectID)
	return scanAll(rows, err, scanJob)
}

// JobsOf lists the jobs of every project userID may read (member or administrator of its
// organisation) and the jobs they take part in, each with the caller's membership rows. Not
// scoped to one organisation: it is the person's own list, like ProjectsOf.
func (s *Queries) JobsOf(ctx context.Context, userID string) ([]*Job, error) {
	rows, err := s.q.Query(ctx, `
		SELECT j.id, coalesce(jm.role, ''), pm.access, oa.user_id IS NOT NULL
		FROM job j
		LEFT JOIN job_member jm ON jm.job_id = j.id AND jm.user_id = $1
		LEFT JOIN project_member pm ON pm.project_id = j.project_id AND pm.user_id = $1
		LEFT JOIN organisation_admin oa ON oa.organisation_id = j.organisation_id AND oa.user_id = $1
		WHERE jm.user_id IS NOT NULL OR pm.user_id IS NOT NULL OR oa.user_id IS NOT NULL`, userID)
	if err != nil {
		return nil, err
	}
	rowsOf := map[string]Membership{}
	ids := []string{}
	for rows.Next() {
		var id string
		var m Membership
		if err := rows.Scan(&id, &m.Job, &m.Access, &m.Admin); err != nil {
			rows.Close()
			return nil, err
		}
		rowsOf[id] = m
		ids = append(ids, id)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	r2, err := s.q.Query(ctx, jobSelect+` WHERE j.id = ANY($1::uuid[]) ORDER BY j.status, lower(p.name), lower(j.name)`, ids)
	list, err := scanAll(r2, err, scanJob)
	for _, j := range list {
		j.Membership = rowsOf[j.ID]
	}
	return list, err
}

// Job reads one job of the project.
func (s *Queries) Job(ctx context.Context, sc Content, id string) (*Job, error) {
	if !fields.IsUUID(id) {
		return nil, arbor.Errorf(arbor.ENOTFOUND, "error.not_found", nil)
	}
	j, err := scanJob(s.q.QueryRow(ctx, jobSelect+` WHERE j.organisation_id = $1 AND j.project_id = $2 AND j.id = $3`,
		sc.OrganisationID, sc.ProjectID, id))
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, arbor.Errorf(arbor.ENOTFOUND, "error.not_found", nil)
	}
	return j, err
}

// CreateJob creates an open job managed by userID. A job of that name in the project is refused
// (docs/PRODUCT.md §5: with its own message when the user may not edit it).
func (s *Queries) CreateJob(ctx context.Context, sc Content, userID, name, note string) (*Job, error) {
	var id string
	err := s.q.QueryRow(ctx, `INSERT INTO job (organisation_id, project_id, name, note, manager_id, created_by)
		VALUES ($1, $2, $3, $4, $5, $5) RETURNING id`, sc.OrganisationID, sc.ProjectID, name, note, userID).Scan(&id)
	if isUniqueViolation(err) {
		return nil, &arbor.Error{Code: arbor.ECONFLICT, Key: "job.exists", Fields: map[string]string{"name": "job.exists"}}
	}
	if err != nil {
		return nil, err
	}
	return s.Job(ctx, sc, id)
}

// editable refuses changes to a job that its status or someone else's lock forbids.
func (j *Job) editable(userID, refusal string) error {
	if j.Status != JobOpen {
		return arbor.Errorf(arbor.ECONFLICT, refusal, nil)
	}
	if j.LockedBy != nil && *j.LockedBy != userID {
		return arbor.Errorf(arbor.ECONFLICT, "job.locked", map[string]any{"name": j.LockedAlias})
	}
	return nil
}

// UpdateJob renames a job or changes its details: only while open (docs/PRODUCT.md §4: "a job in status 1
// or 2 cannot be changed").
func (s *Queries) UpdateJob(ctx context.Context, sc Content, userID, id string, version int, name, note string) (*Job, error) {
	cur, err := s.Job(ctx, sc, id)
	if err != nil {
		return nil, err
	}
	if err := cur.editable(userID, "job.status_fixed"); err != nil {
		return nil, err
	}
	tag, err := s.q.Exec(ctx, `UPDATE job SET name = $5, note = $6, version = version + 1, updated_at = now()
		WHERE organisation_id = $1 AND project_id = $2 AND id = $3 AND version = $4`, sc.OrganisationID, sc.ProjectID, id, version, name, note)
	if isUniqueViolation(err) {
		return nil, &arbor.Error{Code: arbor.ECONFLICT, Key: "job.exists", Fields: map[string]string{"name": "job.exists"}}
	}
	return afterVersionedWrite(tag, err, func() (*Job, error) { return s.Job(ctx, sc, id) })
}

// SetJobStatus moves a job one step between open, in progress and completed (docs/DECISIONS.md): it is
// released to the field, completed, resumed or taken back into the office. A job somebody else
// holds keeps its status; an empty job is not released (a crew would get nothing to do); a job
// whose crew edits still wait for a manager's decision is not completed, so none is forgotten.
// The move is checked and written in one statement, so two managers cannot pass the checks at once.
func (s *Queries) SetJobStatus(ctx context.Context, sc Content, userID, id string, version, status int) (*Job, error) {
	if status < JobOpen || status > JobCompleted {
		return nil, arbor.Invalid(map[string]string{"status": "field.enum"})
	}
	cur, err := s.Job(ctx, sc, id)
	if err != nil {
		return nil, err
	}
	if cur.Version != version {
		return nil, &arbor.Error{Code: arbor.ECONFLICT, Key: "error.stale_version", Current: cur}
	}
	switch {
	case status == cur.Status:
		return cur, nil
	case status-cur.Status != 1 && cur.Status-status != 1:
		return nil, &arbor.Error{Code: arbor.ECONFLICT, Key: "job.status_step", Fields: map[string]string{"status": "job.status_step"}}
	case cur.LockedBy != nil && *cur.LockedBy != userID:
		return nil, arbor.Errorf(arbor.ECONFLICT, "job.locked", map[string]any{"name": cur.LockedAlias})
	case status == JobInProgress && cur.Status == JobOpen && cur.TreeCount+cur.GroupCount+cur.ActionCount == 0:
		return nil, arbor.Errorf(arbor.ECONFLICT, "job.release_empty", nil)
	}
	if status == JobCompleted {
		open, err := unresolvedEdits(cur.Conflicts)
		if err != nil {
			return nil, err
		}
		if open > 0 {
			return nil, arbor.Errorf(arbor.ECONFLICT, "job.complete_conflicts", map[string]any{"count": open})
		}
	}
	// The lock and the conflicts are checked again where the row is written: they may have
	// moved since it was read without the version moving with them.
	tag, err := s.q.Exec(ctx, `UPDATE job SET status = $5, version = version + 1, updated_at = now()
		WHERE organisation_id = $1 AND project_id = $2 AND id = $3 AND version = $4
		  AND (locked_by IS NULL OR locked_by = $6)
		  AND ($5 <> 2 OR NOT jsonb_path_exists(conflicts, '$[*] ? (@.kind == "edit" && !exists(@.resolved_at))'))`,
		sc.OrganisationID, sc.ProjectID, id, version, status, userID)
	return afterVersionedWrite(tag, err, func() (*Job, error) { return s.Job(ctx, sc, id) })
}

// unresolvedEdits counts the crew edits in a job's conflicts that no manager has decided on.
func unresolvedEdits(conflicts json.RawMessage) (int, error) {
	if len(conflicts) == 0 {
		return 0, nil
	}
	var list []struct {
		Kind       string  `json:"kind"`
		ResolvedAt *string `json:"resolved_at"`
	}
	if err := json.Unmarshal(conflicts, &list); err != nil {
		return 0, err
	}
	n := 0
	for _, c := range list {
		if c.Kind == "edit" && c.ResolvedAt == nil {
			n++
		}
	}
	return n, nil
}

// DeleteJob removes an open job nobody else holds (its objects stay).
func (s *Queries) DeleteJob(ctx context.Context, sc Content, userID, id string) error {
	cur, err := s.Job(ctx, sc, id)
	if err != nil {
		return err
	}
	if err := cur.editable(userID, "job.cannot_delete"); err != nil {
		return err
	}
	_, err = s.q.Exec(ctx, `DELETE FROM job WHERE organisation_id = $1 AND project_id = $2 AND id = $3`, sc.OrganisationID, sc.ProjectID, id)
	return err
}

// JobSelection names objects for a job: trees and groups by id, works by id, or a filter.
type JobSelection struct {
	IDs     []string `json:"ids"`     // trees and groups
	Actions []string `json:"actions"` // works
	Filter  *Filter  `json:"filter"`
}

// selectionSQL is a query of (tree_id, action_id) pairs for a selection, within the scope and
// the caller's limit, binding after args.
func (sc Content) selectionSQL(sel JobSelection, args []any, limit int) (string, []any, error) {
	if sel.Filter == nil && len(sel.IDs) == 0 && len(sel.Actions) == 0 {
		return "", nil, arbor.Invalid(map[string]string{"ids": "selection.empty"})
	}
	if len(sel.IDs)+len(sel.Actions) > limit {
		return "", nil, &arbor.Error{Code: arbor.EINVALID, Key: "selection.too_many", Args: map[string]any{"max": arbor.Count(limit), "count": arbor.Count(len(sel.IDs) + len(sel.Actions))},
			Fields: map[string]string{"ids": "selection.too_many"}}
	}
	for _, id := range append(append([]string{}, sel.IDs...), sel.Actions...) {
		if !fields.IsUUID(id) {
			return "", nil, arbor.Invalid(map[string]string{"ids": "field.id"})
		}
	}
	base := []any{}
	base = append(base, args...)
	var parts []string
	// part adds a query of the selection's rows, kept within the caller's limit; more are the
	// arguments it binds.
	part := func(sql string, more []any) error {
		within, more, err := sc.limitSQL(more)
		if err != nil {
			return err
		}
		base = more
		parts = append(parts, sql+within)
		return nil
	}
	const trees = `SELECT t.id AS tree_id, NULL::uuid AS action_id FROM tree t
			WHERE t.organisation_id = $1 AND t.project_id = $2 AND `
	if sel.Filter != nil {
		cond, more, err := sel.Filter.Compile(base)
		if err != nil {
			return "", nil, err
		}
		if err := part(trees+cond, more); err != nil {
			return "", nil, err
		}
	}
	if len(sel.IDs) > 0 {
		base = append(base, sel.IDs)
		if err := part(trees+`t.id = ANY($`+strconv.Itoa(len(base))+`::uuid[])`, base); err != nil {
			return "", nil, err
		}
	}
	if len(sel.Actions) > 0 {
		base = append(base, sel.Actions)
		if err := part(`SELECT t.id AS tree_id, a.id AS action_id FROM tree_action a JOIN tree t ON t.id = a.tree_id
			WHERE a.organisation_id = $1 AND a.project_id = $2 AND a.id = ANY($`+strconv.Itoa(len(base))+`::uuid[])`, base); err != nil {
			return "", nil, err
		}
	}
	sql := parts[0]
	for _, p := range parts[1:] {
		sql += " UNION " + p
	}
	return sql, base, nil
}

// selectionFound refuses a selection naming ids that are not the project's trees, groups or
// works within the caller's limit (another organisation's, a deleted one's, a typo): ENOTFOUND
// with how many, as reading them would answer, before anything is changed.
func (s *Queries) selectionFound(ctx context.Context, sc Content, sel JobSelection, limit int) error {
	missing := 0
	for _, part := range []struct {
		sel    JobSelection
		ids    []string
		column string
	}{{JobSelection{IDs: sel.IDs}, sel.IDs, "tree_id"}, {JobSelection{Actions: sel.Actions}, sel.Actions, "action_id"}} {
		if len(part.ids) == 0 {
			continue
		}
		sql, args, err := sc.selectionSQL(part.sel, []any{sc.OrganisationID, sc.ProjectID}, limit)
		if err != nil {
			return err
		}
		var found, given int
		args = append(args, part.ids)
		if err := s.q.QueryRow(ctx, `SELECT (SELECT count(DISTINCT `+part.column+`) FROM (`+sql+`) s),
			(SELECT count(DISTINCT id) FROM unnest($`+strconv.Itoa(len(args))+`::uuid[]) id)`, args...).Scan(&found, &given); err != nil {
			return err
		}
		missing += given - found
	}
	if missing > 0 {
		return &arbor.Error{Code: arbor.ENOTFOUND, Key: "job.not_in_project", Args: map[string]any{"count": arbor.Count(missing)},
			Fields: map[string]string{"ids": "job.not_in_project"}}
	}
	return nil
}

// AddToJob adds the selected objects to an open job (existing items stay once) and answers how
// many items were added. A tree or group comes with its open works: a crew sent to a tree does what
// is due on it, and the job's progress counts those works. Objects of other projects or outside the
// caller's limit are not found.
func (tx *Tx) AddToJob(ctx context.Context, sc Content, userID, jobID string, sel JobSelection, limit int) (int, error) {
	sql, args, err := tx.jobSelection(ctx, sc, userID, jobID, "job.status_fixed", sel, []any{sc.OrganisationID, sc.ProjectID, jobID, userID}, limit)
	if err != nil {
		return 0, err
	}
	tag, err := tx.q.Exec(ctx, `WITH s AS (`+sql+`)
		INSERT INTO job_item (organisation_id, job_id, tree_id, action_id, added_by)
		SELECT $1, $3::uuid, s.tree_id, s.action_id, $4::uuid FROM s
		UNION
		SELECT $1, $3::uuid, s.tree_id, a.id, $4::uuid FROM s
		JOIN tree_action a ON a.organisation_id = $1 AND a.tree_id = s.tree_id AND a.execute_timestamp IS NULL
		WHERE s.action_id IS NULL
		ON CONFLICT DO NOTHING`, args...)
	if err != nil {
		return 0, err
	}
	return int(tag.RowsAffected()), tx.touchJob(ctx, jobID)
}

// RemoveFromJob removes the selected objects (and, for trees, their works) from an open job.
func (tx *Tx) RemoveFromJob(ctx context.Context, sc Content, userID, jobID string, sel JobSelection, limit int) (int, error) {
	sql, args, err := tx.jobSelection(ctx, sc, userID, jobID, "job.cannot_remove", sel, []any{sc.OrganisationID, sc.ProjectID, jobID}, limit)
	if err != nil {
		return 0, err
	}
	tag, err := tx.q.Exec(ctx, `DELETE FROM job_item i USING (`+sql+`) s
		WHERE i.job_id = $3::uuid AND i.tree_id = s.tree_id AND (s.action_id IS NULL OR i.action_id = s.action_id)`, args...)
	if err != nil {
		return 0, err
	}
	return int(tag.RowsAffected()), tx.touchJob(ctx, jobID)
}

// jobSelection is where a change of an open job's items begins: the job must be one userID may
// change (refusal names why not), and the selection is compiled to its rows, binding args first,
// after its named ids are all found.
func (tx *Tx) jobSelection(ctx context.Context, sc Content, userID, jobID, refusal string, sel JobSelection, args []any, limit int) (string, []any, error) {
	j, err := tx.Job(ctx, sc, jobID)
	if err != nil {
		return "", nil, err
	}
	if err := j.editable(userID, refusal); err != nil {
		return "", nil, err
	}
	sql, args, err := sc.selectionSQL(sel, args, limit)
	if err != nil {
		return "", nil, err
	}
	return sql, args, tx.selectionFound(ctx, sc, sel, limit)
}

// ResetJob empties an open job.
func (tx *Tx) ResetJob(ctx context.Context, sc Content, userID, jobID string) (int, error) {
	j, err := tx.Job(ctx, sc, jobID)
	if err != nil {
		return 0, err
	}
	if err := j.editable(userID, "job.cannot_remove"); err != nil {
		return 0, err
	}
	tag, err := tx.q.Exec(ctx, `DELETE FROM job_item WHERE organisation_id = $1 AND job_id = $2`, sc.OrganisationID, jobID)
	if err != nil {
		return 0, err
	}
	return int(tag.RowsAffected()), tx.touchJob(ctx, jobID)
}

func (tx *Tx) touchJob(ctx context.Context, jobID string) error {
	_, err := tx.q.Exec(ctx, `UPDATE job SET version = version + 1, updated_at = now() WHERE id = $1`, jobID)
	return err
}

// JobOverlap is another unfinished job that already holds some of the selected objects.
type JobOverlap struct {
	Job     string `json:"job"`
	Name    string `json:"name"`
	Status  int    `json:"status"`
	Objects int    `json:"objects"`
}

// ObjectsInJobs answers which unfinished jobs (other than except) hold selected objects, so
// people are warned before they add them again.
func (s *Queries) ObjectsInJobs(ctx context.Context, sc Content, sel JobSelection, except string, limit int) ([]JobOverlap, error) {
	sql, args, err := sc.selectionSQL(sel, []any{sc.OrganisationID, sc.ProjectID, except}, limit)
	if err != nil {
		return nil, err
	}
	if err := s.selectionFound(ctx, sc, sel, limit); err != nil {
		return nil, err
	}
	rows, err := s.q.Query(ctx, `
		SELECT j.id, j.name, j.status, count(DISTINCT i.tree_id)::int
		FROM (`+sql+`) s JOIN job_item i ON i.tree_id = s.tree_id JOIN job j ON j.id = i.job_id
		WHERE j.organisation_id = $1 AND j.project_id = $2 AND j.status < 2 AND j.id::text <> $3
		GROUP BY j.id, j.name, j.status ORDER BY lower(j.name)`, args...)
	return collect(rows, err, func(row pgx.Row, o *JobOverlap) error {
		return row.Scan(&o.Job, &o.Name, &o.Status, &o.Objects)
	})
}

// Participant is someone taking part in a job, or an invited address without an account yet.
type Participant struct {
	UserID  *string `json:"userId"`
	Email   string  `json:"email"`
	Alias   string  `json:"alias"`
	Role    string  `json:"role"` // editor, care, reader
	Pending bool    `json:"pending"`
}

// Participants lists a job's participants and open invitations.
func (s *Queries) Participants(ctx context.Context, sc Content, jobID string) ([]Participant, error) {
	if _, err := s.Job(ctx, sc, jobID); err != nil {
		return nil, err
	}
	rows, err := s.q.Query(ctx, `
		SELECT u.id::text, u.email, trim(u.first_name || ' ' || u.last_name), m.role, false
		FROM job_member m JOIN app_user u ON u.id = m.user_id WHERE m.organisation_id = $1 AND m.job_id = $2
		UNION ALL
		SELECT NULL, i.email, '', i.role, true FROM job_invitation i WHERE i.organisation_id = $1 AND i.job_id = $2
		ORDER BY 5, 2`, sc.OrganisationID, jobID)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[Participant])
}

// AddParticipants invites each address to the job in a role, whether it has an account or not
// (store/invitations.go): nobody takes part without accepting, and the answer does not tell who
// has an account. An address taking part already, or invited already, is refused, naming it,
// and nothing is added. A completed job takes nobody new: there is nothing left to do in it.
func (tx *Tx) AddParticipants(ctx context.Context, sc Content, jobID, byUserID string, emails []string, role string) error {
	j, err := tx.Job(ctx, sc, jobID)
	if err != nil {
		return err
	}
	if j.Status == JobCompleted {
		return &arbor.Error{Code: arbor.ECONFLICT, Key: "job.completed_assign", Fields: map[string]string{"emails": "job.completed_assign"}}
	}
	for _, email := range emails {
		invited, err := tx.invite(ctx, InviteJob, sc.OrganisationID, jobID, email, role, byUserID)
		if err != nil {
			return err
		}
		if !invited {
			return &arbor.Error{Code: arbor.ECONFLICT, Key: "job.participant_exists", Args: map[string]any{"email": email},
				Fields: map[string]string{"emails": "job.participant_exists"}}
		}
	}
	return nil
}

// RemoveParticipant ends someone's participation (member: user id or e-mail address).
func (s *Queries) RemoveParticipant(ctx context.Context, sc Content, jobID, member string) error {
	if _, err := s.Job(ctx, sc, jobID); err != nil {
		return err
	}
	var n int
	err := s.q.QueryRow(ctx, `
		WITH a AS (DELETE FROM job_member WHERE organisation_id = $1 AND job_id = $2
		           AND (user_id::text = $3 OR user_id IN (SELECT id FROM app_user WHERE lower(email) = lower($3))) RETURNING 1),
		     b AS (DELETE FROM job_invitation WHERE organisation_id = $1 AND job_id = $2 AND email = lower($3) RETURNING 1)
		SELECT (SELECT count(*) FROM a) + (SELECT count(*) FROM b)`, sc.OrganisationID, jobID, member).Scan(&n)
	if err == nil && n == 0 {
		return arbor.Errorf(arbor.ENOTFOUND, "error.not_found", nil)
	}
	return err
}

// LockJob lets userID hold the job (a field device works on it): nobody else changes its items
// until it is released. A lock held by someone else is refused — unless force (management
// breaking it), which keeps the former holder's name in the job's conflicts so they are told.
func (s *Queries) LockJob(ctx context.Context, sc Content, userID, jobID string, force bool) (*Job, error) {
	j, err := s.Job(ctx, sc, jobID)
	if err != nil {
		return nil, err
	}
	if j.LockedBy != nil && *j.LockedBy != userID && !force {
		return nil, arbor.Errorf(arbor.ECONFLICT, "job.locked", map[string]any{"name": j.LockedAlias})
	}
	_, err = s.q.Exec(ctx, `UPDATE job SET locked_by = $3, locked_at = now(), version = version + 1, updated_at = now(),
		conflicts = CASE WHEN locked_by IS NOT NULL AND locked_by <> $3 THEN conflicts || jsonb_build_array(jsonb_build_object(
			'kind', 'lock_broken', 'holder', locked_by, 'by', $3::uuid, 'at', now())) ELSE conflicts END
		WHERE organisation_id = $1 AND id = $2`, sc.OrganisationID, jobID, userID)
	if err != nil {
		return nil, err
	}
	return s.Job(ctx, sc, jobID)
}

// UnlockJob releases the job: its holder may, and management (force) may break someone's lock,
// which is recorded in the job's conflicts for the holder to see.
func (s *Queries) UnlockJob(ctx context.Context, sc Content, userID, jobID string, force bool) (*Job, error) {
	j, err := s.Job(ctx, sc, jobID)
	if err != nil {
		return nil, err
	}
	if j.LockedBy == nil {
		return j, nil
	}
	if *j.LockedBy != userID && !force {
		return nil, arbor.Errorf(arbor.ECONFLICT, "job.locked", map[string]any{"name": j.LockedAlias})
	}
	_, err = s.q.Exec(ctx, `UPDATE job SET locked_by = NULL, locked_at = NULL, version = version + 1, updated_at = now(),
		conflicts = CASE WHEN locked_by <> $3 THEN conflicts || jsonb_build_array(jsonb_build_object(
			'kind', 'lock_broken', 'holder', locked_by, 'by', $3::uuid, 'at', now())) ELSE conflicts END
		WHERE organisation_id = $1 AND id = $2`, sc.OrganisationID, jobID, userID)
	if err != nil {
		return nil, err
	}
	return s.Job(ctx, sc, jobID)
}

// JobItem is one object of a job: a tree or group, or one of its works (Action set).
type JobItem struct {
	Tree             string     `json:"tree"`
	Number           int        `json:"number"`
	NumberText       string     `json:"number_text"`
	SingleTree       bool       `json:"single_tree"`
	SpeciesBotanical string     `json:"species_botanical"`
	SpeciesLanguage  string     `json:"species_language"`
	Action           *string    `json:"action"`      // the work's id
	ActionName       string     `json:"action_name"` // in the caller's language
	Deadline         *string    `json:"deadline"`
	ExecuteTimestamp *time.Time `json:"execute_timestamp"` // the work is done
	CheckTimestamp   *time.Time `json:"check_timestamp"`   // the object's newest inspection since the job began
}

// JobItems lists a job's objects by tree number, each tree before its works, within the
// caller's access limit.
func (s *Queries) JobItems(ctx context.Context, sc Content, jobID string) ([]JobItem, error) {
	j, err := s.Job(ctx, sc, jobID)
	if err != nil {
		return nil, err
	}
	within, args, err := sc.limitSQL([]any{sc.OrganisationID, sc.ProjectID, jobID, j.CreatedAt})
	if err != nil {
		return nil, err
	}
	rows, err := s.q.Query(ctx, `
		SELECT t.id::text, t.number, t.number_text, t.single_tree, coalesce(s.botanical, ''), coalesce(s.`+nameColumn(sc.Lang)+`, ''),
		       i.action_id::text, coalesce(w.`+nameColumn(sc.Lang)+`, a.action, ''), to_char(a.deadline, 'YYYY-MM-DD'), a.execute_timestamp,
		       (SELECT max(c.created_at) FROM tree_check c WHERE c.tree_id = t.id AND c.created_at >= $4)
		FROM job_item i JOIN tree t ON t.id = i.tree_id
		LEFT JOIN list_entry s ON s.id = t.species_id
		LEFT JOIN tree_action a ON a.id = i.action_id
		LEFT JOIN list_entry w ON w.id = a.work_id
		WHERE i.organisation_id = $1 AND t.project_id = $2 AND i.job_id = $3`+within+`
		ORDER BY t.number, t.number_text, i.action_id NULLS FIRST, a.timestamp`, args...)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[JobItem])
}

// ResolveJobConflict marks the conflict at index (0-based, oldest first) resolved by userID. The
// record stays on the job, with who resolved it and when: nothing is dropped. A kept edit
// resolved this way keeps the current values (resolution "kept"); ApplyJobEdit applies it.
func (s *Queries) ResolveJobConflict(ctx context.Context, sc Content, userID, jobID string, index int) (*Job, error) {
	if _, err := s.Job(ctx, sc, jobID); err != nil {
		return nil, err
	}
	tag, err := s.q.Exec(ctx, `UPDATE job SET conflicts = jsonb_set(conflicts, ARRAY[$3::text],
			conflicts->$3::int || jsonb_build_object('resolved_at', now(), 'resolved_by', $4::uuid)
				|| CASE WHEN conflicts->$3::int->>'kind' = 'edit' THEN '{"resolution": "kept"}'::jsonb ELSE '{}'::jsonb END),
			version = version + 1, updated_at = now()
		WHERE organisation_id = $1 AND id = $2 AND $3::int >= 0 AND jsonb_array_length(conflicts) > $3::int
		  AND NOT (conflicts->$3::int ? 'resolved_at')`, sc.OrganisationID, jobID, index, userID)
	if err != nil {
		return nil, err
	}
	if tag.RowsAffected() == 0 {
		return nil, arbor.Errorf(arbor.ENOTFOUND, "error.not_found", nil)
	}
	return s.Job(ctx, sc, jobID)
}
