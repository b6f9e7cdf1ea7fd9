package store_test

import (
	"encoding/json"
	"errors"
	"testing"

	"arbor"
	"arbor/store"
	"arbor/store/storetest"
)

// TestMassEditTenThousand: the largest selection mass edit allows is changed by one statement in
// one transaction, and every change is in the history; one more is refused naming the limit,
// and a refused edit writes nothing.
func TestMassEditTenThousand(t *testing.T) {
	ctx, db := openDB(t)
	u := newUser(t, db)
	org, project := newOrgProject(t, db, "Mass", "Avenue")
	ids := storetest.Strings(t, db.Pool, `INSERT INTO tree (organisation_id, project_id, geom, number)
		SELECT $1, $2, ST_SetSRID(ST_MakePoint(9.4 + n * 1e-5, 54.78), 4326), n FROM generate_series(1, 10001) n
		RETURNING id::text`, org, project)
	if len(ids) != 10001 {
		t.Fatalf("inserted %d", len(ids))
	}
	sc := store.Content{OrganisationID: org, ProjectID: project, Lang: "en"}
	who := store.Actor{UserID: u.ID}
	fields := map[string]json.RawMessage{"vitality": json.RawMessage("2"), "top_form": json.RawMessage(`"oval"`)}

	err := db.InTx(ctx, func(tx *store.Tx) error {
		_, err := tx.MassEdit(ctx, sc, who, ids, fields, 10000)
		return err
	})
	var e *arbor.Error
	if !errors.As(err, &e) || e.Key != "selection.too_many" || e.Args["max"] != arbor.Count(10000) {
		t.Fatalf("10,001 objects: %v", err)
	}

	// A bad value anywhere refuses the whole edit.
	bad := map[string]json.RawMessage{"vitality": json.RawMessage("2"), "species": json.RawMessage(`"00000000-0000-0000-0000-000000000000"`)}
	err = db.InTx(ctx, func(tx *store.Tx) error {
		_, err := tx.MassEdit(ctx, sc, who, ids[:10000], bad, 10000)
		return err
	})
	wantCode(t, err, arbor.EINVALID)

	var changed int
	err = db.InTx(ctx, func(tx *store.Tx) (err error) {
		changed, err = tx.MassEdit(ctx, sc, who, ids[:10000], fields, 10000)
		return err
	})
	if err != nil || changed != 10000 {
		t.Fatalf("mass edit: %d changed, %v", changed, err)
	}
	var vital, history int
	db.Pool.QueryRow(ctx, `SELECT count(*) FILTER (WHERE vitality = 2 AND top_form = 'oval' AND version = 2) FROM tree WHERE project_id = $1`, project).Scan(&vital)
	db.Pool.QueryRow(ctx, `SELECT count(*) FROM history WHERE project_id = $1 AND field = 'vitality' AND username = $2`, project, u.Email).Scan(&history)
	if vital != 10000 || history != 10000 {
		t.Fatalf("after mass edit: %d trees changed, %d history entries; want 10,000 each", vital, history)
	}
}
