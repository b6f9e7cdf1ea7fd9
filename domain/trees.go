package domain

import (
	"context"
	"encoding/json"

	"arbor"
	"arbor/fields"
	"arbor/store"
)

// TreeEdit is a change of a tree or group: the version it was made on, and what it sets.
type TreeEdit struct {
	ID      string
	Version int
	Geom    json.RawMessage // nil: the geometry stays
	Values  fields.Values
}

// UpdateTree changes a tree or group in one transaction. jobID names the job of a job session
// ("" outside one): a crew's edit that meets a newer version is then kept in the job's conflicts
// for a manager to decide, so it is not lost, and the answer is a conflict that says so (Kept).
// Outside a job session, or when nothing of the edit differs, a newer version is a plain
// stale-version conflict.
func (d *Service) UpdateTree(ctx context.Context, sc store.Content, who store.Actor, jobID string, e TreeEdit) (*store.Tree, error) {
	var t *store.Tree
	var kept bool
	err := d.db.InTx(ctx, func(tx *store.Tx) (err error) {
		t, err = tx.UpdateTree(ctx, sc, who, e.ID, e.Version, e.Geom, e.Values)
		if jobID == "" || !store.IsStale(err) {
			return err
		}
		// A sync that meets a newer version keeps both: the crew's edit is committed to the
		// job's conflicts, and the answer is still the conflict.
		t, kept, err = tx.KeepJobEdit(ctx, sc, who, jobID, e.ID, e.Version, e.Geom, e.Values)
		if err == nil && !kept {
			err = &arbor.Error{Code: arbor.ECONFLICT, Key: "error.stale_version", Current: t}
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	if kept {
		key := "job.edit_kept"
		if !t.SingleTree {
			key = "job.edit_kept_group"
		}
		return nil, &arbor.Error{Code: arbor.ECONFLICT, Key: key, Current: t, Kept: true}
	}
	return t, nil
}

// CheckRecord is an inspection as recorded, with the work it called for (nil without one).
type CheckRecord struct {
	*store.Check
	Measure *store.Action `json:"measure,omitempty"`
}

// RecordCheck records an inspection of a tree or group and, in the same transaction, the work it
// calls for (measure; nil for none), so an inspection never stands without its measure. created
// is false when the inspection's id was known already: a repeated sync, whose measure was made
// the first time and is not made again.
func (d *Service) RecordCheck(ctx context.Context, sc store.Content, who store.Actor, treeID string, in store.CheckInput, measure *store.ActionInput) (rec CheckRecord, created bool, err error) {
	err = d.db.InTx(ctx, func(tx *store.Tx) (err error) {
		rec.Check, created, err = tx.CreateCheck(ctx, sc, who, treeID, in)
		if err != nil || !created || measure == nil {
			return err
		}
		rec.Measure, _, err = tx.CreateAction(ctx, sc, who, treeID, *measure)
		return err
	})
	return rec, created, err
}
