package store

import (
	"arbor/fields"
	"context"
	"encoding/json"
	"errors"

	"arbor"

	"github.com/jackc/pgx/v5"
)

// EditedField is one field of a kept edit: what the crew wrote and what the object held when
// their write met it.
type EditedField struct {
	Mine    json.RawMessage `json:"mine"`
	Current json.RawMessage `json:"current"`
}

// editConflict is a crew's edit that met a newer version of a tree or group, as kept in the
// job's conflicts (kind "edit").
type editConflict struct {
	Kind        string                 `json:"kind"`
	Tree        string                 `json:"tree"`
	Number      int                    `json:"number"`
	NumberText  string                 `json:"number_text"`
	SingleTree  bool                   `json:"single_tree"`
	By          string                 `json:"by"`
	BaseVersion int                    `json:"base_version"`
	Fields      map[string]EditedField `json:"fields"`
}

// IsStale reports whether err refuses a write made on an older version of an object.
func IsStale(err error) bool {
	var e *arbor.Error
	return errors.As(err, &e) && e.Key == "error.stale_version"
}

// KeepJobEdit keeps a job session's write that met a newer version of a tree or group in the
// job's conflicts, so the crew's edit is not lost and a manager decides. Only the fields the
// write sets (a client sends what it changed) that differ from the current values are kept.
// Values are checked as a write would be, so nothing is kept that could never be applied.
// It answers the current object and whether anything was kept.
func (tx *Tx) KeepJobEdit(ctx context.Context, sc Content, who Actor, jobID, treeID string, baseVersion int,
	geom json.RawMessage, values fields.Values) (*Tree, bool, error) {
	cur, err := tx.Tree(ctx, sc, treeID)
	if err != nil {
		return nil, false, err
	}
	p, err := tx.contentSettings(ctx, sc, false)
	if err != nil {
		return nil, false, err
	}
	now := cur.values()
	merged := cur.values()
	for k, v := range values {
		merged[k] = v
	}
	if err := tx.checkTreeValues(ctx, sc, p, treeID, merged, false); err != nil {
		return nil, false, err
	}
	edited := map[string]EditedField{}
	for name, v := range values {
		was, ok := now[name]
		if !ok {
			was = "" // a custom field never filled
		}
		if list, isList := was.([]string); isList && list == nil {
			was = []string{}
		}
		mine, _ := json.Marshal(v)
		current, _ := json.Marshal(was)
		if string(mine) != string(current) {
			edited[name] = EditedField{Mine: mine, Current: current}
		}
	}
	if len(geom) > 0 {
		g, err := tx.CheckGeometry(ctx, geom, "geom")
		if err != nil {
			return nil, false, err
		}
		if g.point != cur.SingleTree {
			return nil, false, arbor.Invalid(map[string]string{"geom": "geometry.kind_change"})
		}
		var mine string
		if err := tx.q.QueryRow(ctx, `SELECT ST_AsGeoJSON(ST_SetSRID(ST_Force2D(ST_GeomFromGeoJSON($1)), 4326), 7)`, string(geom)).Scan(&mine); err != nil {
			return nil, false, err
		}
		if mine != string(cur.Geom) {
			edited["geom"] = EditedField{Mine: json.RawMessage(mine), Current: cur.Geom}
		}
	}
	if len(edited) == 0 {
		return cur, false, nil // the write asks for what the object holds already
	}
	record, err := json.Marshal(editConflict{Kind: "edit", Tree: cur.ID, Number: cur.Number, NumberText: cur.NumberText,
		SingleTree: cur.SingleTree, By: who.UserID, BaseVersion: baseVersion, Fields: edited})
	if err != nil {
		return nil, false, err
	}
	tag, err := tx.q.Exec(ctx, `UPDATE job SET conflicts = conflicts || jsonb_build_array($4::jsonb || jsonb_build_object('at', now())),
			version = version + 1, updated_at = now()
		WHERE organisation_id = $1 AND project_id = $2 AND id = $3`, sc.OrganisationID, sc.ProjectID, jobID, string(record))
	if err != nil {
		return nil, false, err
	}
	if tag.RowsAffected() == 0 {
		return nil, false, arbor.Errorf(arbor.ENOTFOUND, "error.not_found", nil)
	}
	return cur, true, nil
}

// ApplyJobEdit writes the fields of a kept edit (the conflict at index) onto its tree or group
// at the version it has now, as userID, and marks the conflict resolved ("applied"). Only an
// unresolved edit can be applied; the job row is locked so two managers cannot apply it twice.
func (tx *Tx) ApplyJobEdit(ctx context.Context, sc Content, who Actor, jobID string, index int) (*Job, error) {
	if !fields.IsUUID(jobID) || index < 0 {
		return nil, arbor.Errorf(arbor.ENOTFOUND, "error.not_found", nil)
	}
	var raw []byte
	err := tx.q.QueryRow(ctx, `SELECT conflicts->$4::int FROM job WHERE organisation_id = $1 AND project_id = $2 AND id = $3 FOR UPDATE`,
		sc.OrganisationID, sc.ProjectID, jobID, index).Scan(&raw)
	if errors.Is(err, pgx.ErrNoRows) || (err == nil && raw == nil) {
		return nil, arbor.Errorf(arbor.ENOTFOUND, "error.not_found", nil)
	}
	if err != nil {
		return nil, err
	}
	var c struct {
		editConflict
		ResolvedAt *string `json:"resolved_at"`
	}
	if err := json.Unmarshal(raw, &c); err != nil {
		return nil, err
	}
	if c.ResolvedAt != nil {
		return nil, arbor.Errorf(arbor.ECONFLICT, "job.conflict_resolved", nil)
	}
	if c.Kind != "edit" {
		return nil, arbor.Errorf(arbor.ECONFLICT, "job.conflict_not_edit", nil)
	}
	cur, err := tx.Tree(ctx, sc, c.Tree)
	if err != nil {
		return nil, err
	}
	var geom json.RawMessage
	mine := map[string]json.RawMessage{}
	for name, f := range c.Fields {
		if name == "geom" {
			geom = f.Mine
			continue
		}
		mine[name] = f.Mine
	}
	values, err := fields.Parse(mine, false)
	if err != nil {
		return nil, err
	}
	if _, err := tx.UpdateTree(ctx, sc, who, c.Tree, cur.Version, geom, values); err != nil {
		return nil, err
	}
	if _, err := tx.q.Exec(ctx, `UPDATE job SET conflicts = jsonb_set(conflicts, ARRAY[$4::int::text],
			conflicts->$4::int || jsonb_build_object('resolved_at', now(), 'resolved_by', $5::uuid, 'resolution', 'applied')),
			version = version + 1, updated_at = now()
		WHERE organisation_id = $1 AND project_id = $2 AND id = $3`, sc.OrganisationID, sc.ProjectID, jobID, index, who.UserID); err != nil {
		return nil, err
	}
	return tx.Job(ctx, sc, jobID)
}
