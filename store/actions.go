package store

import (
	"arbor/fields"
	"context"
	"encoding/json"
	"errors"
	"time"

	"arbor"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// Action is a work on a tree or group (docs/PRODUCT.md §3). Open until execute_timestamp is set.
type Action struct {
	ID                 string          `json:"id"`
	Tree               string          `json:"tree"`
	Work               string          `json:"work"`
	Action             string          `json:"action"`
	Category           string          `json:"category"`
	SecurityRelevance  bool            `json:"security_relevance"`
	CodeActionSecurity int             `json:"code_action_security"`
	Deadline           *string         `json:"deadline"`
	DeadlineClass      int             `json:"deadline_class"`
	AltitudeClass      *int            `json:"altitude_class"`
	Marker             string          `json:"marker"`
	Comment            string          `json:"comment"`
	Geom               json.RawMessage `json:"geom"`
	TreeCount          int             `json:"tree_count"`
	General41          string          `json:"general41"`
	General42          string          `json:"general42"`
	Timestamp          time.Time       `json:"timestamp"`
	Username           string          `json:"username"`
	Alias              string          `json:"alias"`
	ExecuteTimestamp   *time.Time      `json:"execute_timestamp"`
	ExecuteNote        string          `json:"execute_note"`
	ExecuteUsername    string          `json:"execute_username"`
	ExecuteAlias       string          `json:"execute_alias"`
	Version            int             `json:"version"`
}

// ActionInput is a work to create or the new state of one. Work names the entry of the work
// list; SecurityRelevance nil takes the list's default.
type ActionInput struct {
	ID                string
	Work              string
	SecurityRelevance *bool
	Deadline          *string // YYYY-MM-DD
	AltitudeClass     *int
	Marker            string
	Comment           string
	Geom              json.RawMessage // a point work inside a group
	TreeCount         int
	General41         string
	General42         string
}

func actionColumns(lang string) string {
	return `a.id, a.tree_id, a.work_id, coalesce(w.` + nameColumn(lang) + `, a.action), a.category, a.security_relevance,
	a.code_action_security, to_char(a.deadline, 'YYYY-MM-DD'), arbor_deadline_class(CASE WHEN a.execute_timestamp IS NULL THEN a.deadline END, current_date),
	a.altitude_class, a.marker, a.comment, ST_AsGeoJSON(a.geom, 7), a.tree_count, a.general41, a.general42,
	a.timestamp, a.username, a.alias, a.execute_timestamp, a.execute_note, a.execute_username, a.execute_alias, a.version
	FROM tree_action a JOIN tree t ON t.id = a.tree_id LEFT JOIN list_entry w ON w.id = a.work_id`
}

func scanAction(row pgx.Row) (*Action, error) {
	var a Action
	var geom *string
	err := row.Scan(&a.ID, &a.Tree, &a.Work, &a.Action, &a.Category, &a.SecurityRelevance, &a.CodeActionSecurity,
		&a.Deadline, &a.DeadlineClass, &a.AltitudeClass, &a.Marker, &a.Comment, &geom, &a.TreeCount, &a.General41,
		&a.General42, &a.Timestamp, &a.Username, &a.Alias, &a.ExecuteTimestamp, &a.ExecuteNote, &a.ExecuteUsername,
		&a.ExecuteAlias, &a.Version)
	if geom != nil {
		a.Geom = json.RawMessage(*geom)
	} else {
		a.Geom = json.RawMessage("null")
	}
	return &a, err
}

// Actions lists the works of a tree or group: open ones first by deadline, then completed ones.
func (s *Queries) Actions(ctx context.Context, sc Content, treeID string) ([]*Action, error) {
	if _, err := s.Tree(ctx, sc, treeID); err != nil {
		return nil, err
	}
	rows, err := s.q.Query(ctx, `SELECT `+actionColumns(sc.Lang)+`
		WHERE a.organisation_id = $1 AND a.project_id = $2 AND a.tree_id = $3
		ORDER BY a.execute_timestamp IS NOT NULL, a.deadline NULLS LAST, a.timestamp`, sc.OrganisationID, sc.ProjectID, treeID)
	return scanAll(rows, err, scanAction)
}

// Action reads one work of the scope.
func (s *Queries) Action(ctx context.Context, sc Content, id string) (*Action, error) {
	if !fields.IsUUID(id) {
		return nil, arbor.Errorf(arbor.ENOTFOUND, "error.not_found", nil)
	}
	limit, args, err := sc.limitSQL([]any{sc.OrganisationID, sc.ProjectID, id})
	if err != nil {
		return nil, err
	}
	a, err := scanAction(s.q.QueryRow(ctx, `SELECT `+actionColumns(sc.Lang)+`
		WHERE a.organisation_id = $1 AND a.project_id = $2 AND a.id = $3`+limit, args...))
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, arbor.Errorf(arbor.ENOTFOUND, "error.not_found", nil)
	}
	return a, err
}

// work is an entry of the work list as a work copies it.
type work struct {
	name, category string
	relevance      bool
	security       int
}

func (tx *Tx) workEntry(ctx context.Context, sc Content, id string) (*work, error) {
	if !fields.IsUUID(id) {
		return nil, arbor.Invalid(map[string]string{"work": "field.work"})
	}
	var w work
	err := tx.q.QueryRow(ctx, `SELECT `+nameColumn(sc.Lang)+`, category, security_relevance, action_security FROM list_entry
		WHERE id = $1 AND list = 'work' AND (organisation_id IS NULL OR organisation_id = $2)`, id, sc.OrganisationID).
		Scan(&w.name, &w.category, &w.relevance, &w.security)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, arbor.Invalid(map[string]string{"work": "field.work"})
	}
	return &w, err
}

// CreateAction adds a work to a tree or group. A point work (Geom set, treeID empty) is placed
// on the map and belongs to the group it lies in; without one it is refused (docs/PRODUCT.md §5: "a group
// must exist first"). The tree's safety follows in the same transaction (sql/010_trees.sql).
func (tx *Tx) CreateAction(ctx context.Context, sc Content, who Actor, treeID string, in ActionInput) (*Action, bool, error) {
	if in.ID != "" {
		if !fields.IsUUID(in.ID) {
			return nil, false, arbor.Invalid(map[string]string{"id": "field.id"})
		}
		if a, err := tx.Action(ctx, sc, in.ID); err == nil {
			return a, false, nil
		} else if arbor.ErrorCode(err) != arbor.ENOTFOUND {
			return nil, false, err
		}
		if err := tx.idTaken(ctx, "tree_action", in.ID); err != nil {
			return nil, false, err
		}
	}
	var geom any
	if len(in.Geom) > 0 && string(in.Geom) != "null" {
		g, err := tx.CheckGeometry(ctx, in.Geom, "geom")
		if err != nil {
			return nil, false, err
		}
		if !g.point {
			return nil, false, arbor.Invalid(map[string]string{"geom": "geometry.kind"})
		}
		var group string
		limit, args, err := sc.limitSQL([]any{sc.OrganisationID, sc.ProjectID, string(in.Geom), treeID})
		if err != nil {
			return nil, false, err
		}
		err = tx.q.QueryRow(ctx, `SELECT t.id FROM tree t WHERE t.organisation_id = $1 AND t.project_id = $2 AND NOT t.single_tree
			AND ST_Intersects(t.geom, ST_SetSRID(ST_Force2D(ST_GeomFromGeoJSON($3)), 4326))
			AND ($4 = '' OR t.id::text = $4)`+limit+` ORDER BY t.area LIMIT 1`, args...).Scan(&group)
		if errors.Is(err, pgx.ErrNoRows) {
			return nil, false, &arbor.Error{Code: arbor.EINVALID, Key: "action.group_required", Fields: map[string]string{"geom": "action.group_required"}}
		}
		if err != nil {
			return nil, false, err
		}
		treeID, geom = group, string(in.Geom)
	}
	if _, err := tx.Tree(ctx, sc, treeID); err != nil {
		return nil, false, err
	}
	w, err := tx.workEntry(ctx, sc, in.Work)
	if err != nil {
		return nil, false, err
	}
	relevance := w.relevance
	if in.SecurityRelevance != nil {
		relevance = *in.SecurityRelevance
	}
	if err := tx.setActor(ctx, who); err != nil {
		return nil, false, err
	}
	var id any
	if in.ID != "" {
		id = in.ID
	}
	if in.TreeCount == 0 {
		in.TreeCount = 1
	}
	var newID string
	err = tx.q.QueryRow(ctx, `
		INSERT INTO tree_action (id, organisation_id, project_id, tree_id, work_id, action, category, security_relevance,
			code_action_security, deadline, altitude_class, marker, comment, geom, tree_count, general41, general42)
		VALUES (coalesce($1::uuid, arbor_uuid7()), $2, $3, $4, $5, $6, $7, $8, $9, $10::date, $11, $12, $13,
			ST_SetSRID(ST_Force2D(ST_GeomFromGeoJSON($14)), 4326), $15, $16, $17)
		RETURNING id::text`,
		id, sc.OrganisationID, sc.ProjectID, treeID, in.Work, w.name, w.category, relevance, w.security, in.Deadline,
		in.AltitudeClass, in.Marker, in.Comment, geom, in.TreeCount, in.General41, in.General42).Scan(&newID)
	if err != nil {
		return nil, false, err
	}
	a, err := tx.Action(ctx, sc, newID)
	return a, true, err
}

// UpdateAction changes a work if version is current. Changing the work type takes over its
// category and safety code from the list.
func (tx *Tx) UpdateAction(ctx context.Context, sc Content, who Actor, id string, version int, in ActionInput) (*Action, error) {
	cur, err := tx.Action(ctx, sc, id)
	if err != nil {
		return nil, err
	}
	w, err := tx.workEntry(ctx, sc, in.Work)
	if err != nil {
		return nil, err
	}
	relevance := cur.SecurityRelevance
	if in.Work != cur.Work {
		relevance = w.relevance
	}
	if in.SecurityRelevance != nil {
		relevance = *in.SecurityRelevance
	}
	if in.TreeCount == 0 {
		in.TreeCount = cur.TreeCount
	}
	if err := tx.setActor(ctx, who); err != nil {
		return nil, err
	}
	tag, err := tx.q.Exec(ctx, `
		UPDATE tree_action SET work_id = $5, action = $6, category = $7, security_relevance = $8, code_action_security = $9,
			deadline = $10::date, altitude_class = $11, marker = $12, comment = $13, tree_count = $14, general41 = $15,
			general42 = $16, version = version + 1
		WHERE organisation_id = $1 AND project_id = $2 AND id = $3 AND version = $4`,
		sc.OrganisationID, sc.ProjectID, id, version, in.Work, w.name, w.category, relevance, w.security, in.Deadline,
		in.AltitudeClass, in.Marker, in.Comment, in.TreeCount, in.General41, in.General42)
	return afterVersionedWrite(tag, err, func() (*Action, error) { return tx.Action(ctx, sc, id) })
}

// CompleteAction records that a work was done: when (zero means now), a note, and by whom.
// reopen sets it open again (a completion recorded by mistake).
func (tx *Tx) CompleteAction(ctx context.Context, sc Content, who Actor, id string, version int, at time.Time, note string, reopen bool) (*Action, error) {
	if _, err := tx.Action(ctx, sc, id); err != nil {
		return nil, err
	}
	if err := tx.setActor(ctx, who); err != nil {
		return nil, err
	}
	var ts any
	if !at.IsZero() {
		ts = at
	}
	var tag pgconn.CommandTag
	var err error
	if reopen {
		tag, err = tx.q.Exec(ctx, `UPDATE tree_action SET execute_timestamp = NULL, execute_note = '', execute_username = '',
			execute_alias = '', version = version + 1
			WHERE organisation_id = $1 AND project_id = $2 AND id = $3 AND version = $4`, sc.OrganisationID, sc.ProjectID, id, version)
	} else {
		tag, err = tx.q.Exec(ctx, `UPDATE tree_action SET execute_timestamp = coalesce($5::timestamptz, now()), execute_note = $6,
			execute_username = (arbor_actor()).username, execute_alias = (arbor_actor()).alias, version = version + 1
			WHERE organisation_id = $1 AND project_id = $2 AND id = $3 AND version = $4`,
			sc.OrganisationID, sc.ProjectID, id, version, ts, note)
	}
	return afterVersionedWrite(tag, err, func() (*Action, error) { return tx.Action(ctx, sc, id) })
}

// DeleteAction removes a work (care and management may). History keeps what it was.
func (tx *Tx) DeleteAction(ctx context.Context, sc Content, who Actor, id string) error {
	if _, err := tx.Action(ctx, sc, id); err != nil {
		return err
	}
	if err := tx.setActor(ctx, who); err != nil {
		return err
	}
	_, err := tx.q.Exec(ctx, `DELETE FROM tree_action WHERE organisation_id = $1 AND project_id = $2 AND id = $3`,
		sc.OrganisationID, sc.ProjectID, id)
	return err
}
