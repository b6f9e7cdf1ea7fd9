package domain_test

import (
	"context"
	"errors"
	"testing"

	"arbor"
	"arbor/domain"
	"arbor/fields"
	"arbor/store"
	"arbor/store/storetest"
)

// TestUpdateTreeInJobSession: an edit on an old version is refused outside a job session; in one
// it is kept in the job's conflicts and answered as a kept conflict, and the tree stays as it was.
func TestUpdateTreeInJobSession(t *testing.T) {
	t.Parallel()
	db := storetest.MustOpenDB(t)
	ctx := context.Background()
	app := domain.New(db, "mail_tree_test", "https://arbor.example")
	u := newUser(t, db, "Ida", "en")
	var org, project, tree, job string
	if err := db.Pool.QueryRow(ctx, `INSERT INTO organisation (name) VALUES ('Trees') RETURNING id`).Scan(&org); err != nil {
		t.Fatal(err)
	}
	if err := db.Pool.QueryRow(ctx, `INSERT INTO project (organisation_id, name) VALUES ($1, 'Ring') RETURNING id`, org).Scan(&project); err != nil {
		t.Fatal(err)
	}
	if err := db.Pool.QueryRow(ctx, `INSERT INTO tree (organisation_id, project_id, geom, number)
		VALUES ($1, $2, ST_SetSRID(ST_MakePoint(9.43, 54.78), 4326), 7) RETURNING id`, org, project).Scan(&tree); err != nil {
		t.Fatal(err)
	}
	if err := db.Pool.QueryRow(ctx, `INSERT INTO job (organisation_id, project_id, name) VALUES ($1, $2, 'Crew') RETURNING id`, org, project).Scan(&job); err != nil {
		t.Fatal(err)
	}
	sc := store.Content{OrganisationID: org, ProjectID: project, Lang: "en"}
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
