package domain_test

import (
	"errors"
	"testing"

	"arbor"
	"arbor/domain"
	"arbor/fields"
	"arbor/store"
)

// TestUpdateTreeInJobSession: an edit on an old version is refused outside a job session; in one
// it is kept in the job's conflicts and answered as a kept conflict, and the tree stays as it was.
func TestUpdateTreeInJobSession(t *testing.T) {
	t.Parallel()
	ctx, db, app := open(t, "mail_tree_test")
	sc, u, trees := world(t, db)
	tree := trees[0]
	var job string
	if err := db.Pool.QueryRow(ctx, `INSERT INTO job (organisation_id, project_id, name) VALUES ($1, $2, 'Crew') RETURNING id`,
		sc.OrganisationID, sc.ProjectID).Scan(&job); err != nil {
		t.Fatal(err)
	}
	who := store.Actor{UserID: u.ID}
	cur, err := db.Tree(ctx, sc, tree)
	if err != nil {
		t.Fatal(err)
	}
	old := cur.Version
	if _, err := app.UpdateTree(ctx, sc, who, "", domain.TreeEdit{ID: tree, Version: old, Values: fields.Values{"height": 12.5}}); err != nil {
		t.Fatal(err)
	}
	stale := domain.TreeEdit{ID: tree, Version: old, Values: fields.Values{"height": 20.0}}
	_, err = app.UpdateTree(ctx, sc, who, "", stale)
	if !store.IsStale(err) {
		t.Fatalf("an old version outside a job session: %v", err)
	}
	_, err = app.UpdateTree(ctx, sc, who, job, stale)
	var e *arbor.Error
	if !errors.As(err, &e) || e.Code != arbor.ECONFLICT || !e.Kept || e.Key != "job.edit_kept" {
		t.Fatalf("an old version in a job session: %v", err)
	}
	var conflicts int
	if err := db.Pool.QueryRow(ctx, `SELECT jsonb_array_length(conflicts) FROM job WHERE id = $1`, job).Scan(&conflicts); err != nil || conflicts != 1 {
		t.Fatalf("%d conflicts kept, %v", conflicts, err)
	}
	now, err := db.Tree(ctx, sc, tree)
	if err != nil || now.Version != old+1 {
		t.Fatalf("tree %+v, %v: the kept edit must not change it", now, err)
	}
}
