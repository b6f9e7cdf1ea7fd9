package store

import (
	"arbor/fields"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"arbor"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// FellTree records that a tree was cut on date (YYYY-MM-DD), or with undo returns it to stock.
// Groups are not felled; they are archived.
func (tx *Tx) FellTree(ctx context.Context, sc Content, who Actor, id string, version int, date string, undo bool) (*Tree, error) {
	cur, err := tx.Tree(ctx, sc, id)
	if err != nil {
		return nil, err
	}
	if !cur.SingleTree {
		return nil, arbor.Errorf(arbor.ECONFLICT, "tree.group_not_felled", nil)
	}
	if undo && !cur.Cut {
		return nil, arbor.Errorf(arbor.ECONFLICT, "tree.not_felled", nil)
	}
	if err := tx.setActor(ctx, who); err != nil {
		return nil, err
	}
	var tag pgconn.CommandTag
	if undo {
		tag, err = tx.q.Exec(ctx, `UPDATE tree SET cut = false, cut_date = NULL, version = version + 1
			WHERE organisation_id = $1 AND project_id = $2 AND id = $3 AND version = $4`, sc.OrganisationID, sc.ProjectID, id, version)
	} else {
		tag, err = tx.q.Exec(ctx, `UPDATE tree SET cut = true, cut_date = $5::date, version = version + 1
			WHERE organisation_id = $1 AND project_id = $2 AND id = $3 AND version = $4`, sc.OrganisationID, sc.ProjectID, id, version, date)
	}
	return afterVersionedWrite(tag, err, func() (*Tree, error) { return tx.Tree(ctx, sc, id) })
}

// checkSelection refuses an empty selection, more ids than limit and ids that are not ids.
func checkSelection(ids []string, limit int) error {
	if len(ids) == 0 {
		return arbor.Invalid(map[string]string{"ids": "selection.empty"})
	}
	if len(ids) > limit {
		return &arbor.Error{Code: arbor.EINVALID, Key: "selection.too_many", Args: map[string]any{"max": arbor.Count(limit), "count": arbor.Count(len(ids))},
			Fields: map[string]string{"ids": "selection.too_many"}}
	}
	for _, id := range ids {
		if !fields.IsUUID(id) {
			return arbor.Invalid(map[string]string{"ids": "field.id"})
		}
	}
	return nil
}

// ArchiveTrees archives (or activates) the selected trees and groups of the scope in one
// statement, and answers how many changed. Ids of other projects are ignored.
func (tx *Tx) ArchiveTrees(ctx context.Context, sc Content, who Actor, ids []string, archive bool, limit int) (int, error) {
	if err := checkSelection(ids, limit); err != nil {
		return 0, err
	}
	if err := tx.setActor(ctx, who); err != nil {
		return 0, err
	}
	within, args, err := sc.limitSQL([]any{sc.OrganisationID, sc.ProjectID, ids, archive})
	if err != nil {
		return 0, err
	}
	tag, err := tx.q.Exec(ctx, `UPDATE tree t SET archive = $4, version = version + 1
		WHERE t.organisation_id = $1 AND t.project_id = $2 AND t.id = ANY($3::uuid[]) AND t.archive <> $4`+within, args...)
	if err != nil {
		return 0, err
	}
	return int(tag.RowsAffected()), nil
}

// archiveScope is the condition (on alias t, binding $1 organisation, $2 project, $3 archive)
// of the objects archiving (or activating) a filtered view changes: those the filter shows within
// the caller's limit that are not archived (activated) yet.
func (sc Content) archiveScope(ctx context.Context, q *Queries, f Filter, archive bool) (string, []any, error) {
	if len(f.Geometry) > 0 && string(f.Geometry) != "null" {
		if _, err := q.CheckGeometry(ctx, f.Geometry, "filter.geometry"); err != nil {
			return "", nil, err
		}
	}
	cond, args, err := f.Compile([]any{sc.OrganisationID, sc.ProjectID, archive})
	if err != nil {
		return "", nil, err
	}
	within, args, err := sc.limitSQL(args)
	if err != nil {
		return "", nil, err
	}
	return `t.organisation_id = $1 AND t.project_id = $2 AND t.archive <> $3 AND (` + cond + `)` + within, args, nil
}

// CountArchiveFiltered counts the objects ArchiveFiltered would change.
func (s *Queries) CountArchiveFiltered(ctx context.Context, sc Content, f Filter, archive bool) (int, error) {
	where, args, err := sc.archiveScope(ctx, s, f, archive)
	if err != nil {
		return 0, err
	}
	var n int
	err = s.q.QueryRow(ctx, `SELECT count(*) FROM tree t WHERE `+where, args...).Scan(&n)
	return n, err
}

// ArchiveFiltered archives (or activates) every object the filter shows, within the caller's
// limit, in one statement: management's "archiving of the filtered view" (docs/PRODUCT.md §6), answering
// how many changed. The server takes views up to its ArchiveAtOnce here; bigger ones go to the
// queue (QueueArchive), where they are archived in steps whose progress the app shows.
func (tx *Tx) ArchiveFiltered(ctx context.Context, sc Content, who Actor, f Filter, archive bool) (int, error) {
	where, args, err := sc.archiveScope(ctx, &tx.Queries, f, archive)
	if err != nil {
		return 0, err
	}
	if err := tx.setActor(ctx, who); err != nil {
		return 0, err
	}
	tag, err := tx.q.Exec(ctx, `UPDATE tree t SET archive = $3, version = version + 1 WHERE `+where, args...)
	if err != nil {
		return 0, err
	}
	return int(tag.RowsAffected()), nil
}

// MassEdit sets the chosen fields on the selected trees and groups in one set-based statement
// (docs/PRODUCT.md §6: management only). Required fields cannot be emptied; numbers and geometry are
// not mass-edited. Answers how many objects changed.
func (tx *Tx) MassEdit(ctx context.Context, sc Content, who Actor, ids []string, raw map[string]json.RawMessage, limit int) (int, error) {
	if err := checkSelection(ids, limit); err != nil {
		return 0, err
	}
	if len(raw) == 0 {
		return 0, arbor.Invalid(map[string]string{"fields": "selection.no_fields"})
	}
	values, err := fields.Parse(raw, true)
	if err != nil {
		return 0, err
	}
	p, err := tx.contentSettings(ctx, sc, false)
	if err != nil {
		return 0, err
	}
	var missing []string
	for _, name := range p.required {
		if v, ok := values[name]; ok && fields.Empty(v) {
			missing = append(missing, name)
		}
	}
	if len(missing) > 0 {
		return 0, &arbor.Error{Code: arbor.EINVALID, Key: "tree.required_fields", Args: map[string]any{"fields": missing, "aliases": p.aliases},
			Fields: fieldKeys(missing, "field.required")}
	}
	if err := tx.checkTreeValues(ctx, sc, &contentProject{}, "", values, false); err != nil {
		return 0, err
	}
	if err := tx.setActor(ctx, who); err != nil {
		return 0, err
	}
	args := []any{sc.OrganisationID, sc.ProjectID, ids}
	sets := []string{"version = version + 1"}
	for _, f := range fields.Table {
		if v, ok := values[f.Name]; ok {
			args = append(args, v)
			sets = append(sets, fmt.Sprintf("%s = $%d", f.Column, len(args)))
		}
	}
	within, args, err := sc.limitSQL(args)
	if err != nil {
		return 0, err
	}
	tag, err := tx.q.Exec(ctx, `UPDATE tree t SET `+strings.Join(sets, ", ")+`
		WHERE t.organisation_id = $1 AND t.project_id = $2 AND t.id = ANY($3::uuid[])`+within, args...)
	if err != nil {
		return 0, err
	}
	return int(tag.RowsAffected()), nil
}

// Change is one entry of an object's history.
type Change struct {
	ID       int64           `json:"id"`
	Entity   string          `json:"entity"` // tree, group, check, action
	EntityID string          `json:"entity_id"`
	Op       string          `json:"op"` // insert, update, delete
	Field    *string         `json:"field"`
	Old      json.RawMessage `json:"old_value"`
	New      json.RawMessage `json:"new_value"`
	Username string          `json:"username"`
	Alias    string          `json:"alias"`
	At       time.Time       `json:"at"`
	// The file an object was imported from (its insert), or whose import changed it (an update).
	ImportFile *string `json:"import_file,omitempty"`
}

// History lists what happened to a tree or group and its inspections and works, newest first.
func (s *Queries) History(ctx context.Context, sc Content, treeID string, limit, offset int) ([]*Change, int, error) {
	if _, err := s.Tree(ctx, sc, treeID); err != nil {
		return nil, 0, err
	}
	if limit <= 0 || limit > 1000 {
		limit = 200
	}
	var total int
	if err := s.q.QueryRow(ctx, `SELECT count(*) FROM history WHERE organisation_id = $1 AND project_id = $2 AND object_id = $3`,
		sc.OrganisationID, sc.ProjectID, treeID).Scan(&total); err != nil {
		return nil, 0, err
	}
	rows, err := s.q.Query(ctx, `SELECT h.id, h.entity, h.entity_id, h.op, h.field, coalesce(h.old_value, 'null'),
			coalesce(h.new_value, 'null'), h.username, h.alias, h.at, i.file_name
		FROM history h
		LEFT JOIN tree_import i ON i.organisation_id = h.organisation_id
		     AND i.id = CASE WHEN h.op = 'insert' THEN (h.new_value->>'import_id')::uuid ELSE h.import_id END
		WHERE h.organisation_id = $1 AND h.project_id = $2 AND h.object_id = $3
		ORDER BY h.id DESC LIMIT $4 OFFSET $5`, sc.OrganisationID, sc.ProjectID, treeID, limit, offset)
	list, err := scanAll(rows, err, func(r pgx.Row) (*Change, error) {
		var c Change
		var o, n []byte
		err := r.Scan(&c.ID, &c.Entity, &c.EntityID, &c.Op, &c.Field, &o, &n, &c.Username, &c.Alias, &c.At, &c.ImportFile)
		c.Old, c.New = o, n
		return &c, err
	})
	return list, total, err
}

// DeleteTree removes a tree or group entered by mistake, with its works. One that has been
// inspected is evidence and is archived instead (ECONFLICT). History keeps what it was.
func (tx *Tx) DeleteTree(ctx context.Context, sc Content, who Actor, id string) error {
	if _, err := tx.Tree(ctx, sc, id); err != nil {
		return err
	}
	var inspected bool
	if err := tx.q.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM tree_check WHERE organisation_id = $1 AND tree_id = $2)`,
		sc.OrganisationID, id).Scan(&inspected); err != nil {
		return err
	}
	if inspected {
		return arbor.Errorf(arbor.ECONFLICT, "tree.inspected_not_deleted", nil)
	}
	if err := tx.setActor(ctx, who); err != nil {
		return err
	}
	_, err := tx.q.Exec(ctx, `DELETE FROM tree WHERE organisation_id = $1 AND project_id = $2 AND id = $3`,
		sc.OrganisationID, sc.ProjectID, id)
	return err
}
