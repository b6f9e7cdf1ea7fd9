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

// TestRecordCheck: an inspection and its measure are written together; a repeated inspection (its
// id known) makes no second work; a measure the store refuses leaves no inspection behind.
func TestRecordCheck(t *testing.T) {
	t.Parallel()
	ctx, db, app := open(t, "mail_check_test")
	sc, u, trees := world(t, db)
	who := store.Actor{UserID: u.ID}
	var work string
	if err := db.Pool.QueryRow(ctx, `SELECT id FROM list_entry WHERE list = 'work' ORDER BY key LIMIT 1`).Scan(&work); err != nil {
		t.Fatal(err)
	}
	count := func(table string) int {
		var n int
		if err := db.Pool.QueryRow(ctx, `SELECT count(*) FROM `+table+` WHERE tree_id = $1`, trees[0]).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	in := store.CheckInput{ID: "0b3a4d1e-9c55-4f7e-8d1a-2f6e7c9a1b21", Comment: "Cavity"}
	rec, created, err := app.RecordCheck(ctx, sc, who, trees[0], in, &store.ActionInput{Work: work})
	if err != nil || !created || rec.Check == nil || rec.Measure == nil || rec.Measure.Work != work {
		t.Fatalf("first record: %+v created=%v err=%v", rec, created, err)
	}
	rec, created, err = app.RecordCheck(ctx, sc, who, trees[0], in, &store.ActionInput{Work: work})
	if err != nil || created || rec.Check == nil || rec.Measure != nil {
		t.Fatalf("repeated record: %+v created=%v err=%v", rec, created, err)
	}
	if c, a := count("tree_check"), count("tree_action"); c != 1 || a != 1 {
		t.Fatalf("%d inspections and %d works after a repeat, want 1 and 1", c, a)
	}
	unknown := &store.ActionInput{Work: "6f1c1e57-7a2b-4c1d-9f2e-000000000000"}
	if _, _, err := app.RecordCheck(ctx, sc, who, trees[0], store.CheckInput{Comment: "Again"}, unknown); err == nil {
		t.Fatal("a measure of an unknown work was recorded")
	}
	if c := count("tree_check"); c != 1 {
		t.Fatalf("%d inspections after a refused measure, want 1 (all or nothing)", c)
	}
}
