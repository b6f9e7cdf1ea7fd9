package domain_test

import (
	"context"
	"testing"

	"arbor"
	"arbor/domain"
	"arbor/store"
	"arbor/store/storetest"
)

// world is an organisation with a project of three trees, administered by the returned user.
func world(t *testing.T, db *store.DB) (sc store.Content, admin *store.User, trees []string) {
	t.Helper()
	ctx := context.Background()
	admin = newUser(t, db, "Olga", "en")
	sc.Lang = "en"
	if err := db.Pool.QueryRow(ctx, `INSERT INTO organisation (name) VALUES ('World') RETURNING id`).Scan(&sc.OrganisationID); err != nil {
		t.Fatal(err)
	}
	if err := db.Pool.QueryRow(ctx, `INSERT INTO project (organisation_id, name) VALUES ($1, 'Park') RETURNING id`, sc.OrganisationID).Scan(&sc.ProjectID); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Pool.Exec(ctx, `INSERT INTO organisation_admin VALUES ($1, $2)`, sc.OrganisationID, admin.ID); err != nil {
		t.Fatal(err)
	}
	rows, err := db.Pool.Query(ctx, `INSERT INTO tree (organisation_id, project_id, geom, number)
		SELECT $1, $2, ST_SetSRID(ST_MakePoint(9.43 + n * 0.0001, 54.78), 4326), n FROM generate_series(1, 3) n RETURNING id`,
		sc.OrganisationID, sc.ProjectID)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			t.Fatal(err)
		}
		trees = append(trees, id)
	}
	rows.Close()
	return sc, admin, trees
}

// TestChangeJobContent: a new job and its objects are made together; a change that is refused
// leaves no new job behind.
func TestChangeJobContent(t *testing.T) {
	t.Parallel()
	db := storetest.MustOpenDB(t)
	ctx := context.Background()
	app := domain.New(db, "mail_jobs_test", "https://arbor.example")
	sc, admin, trees := world(t, db)
	job, changed, err := app.ChangeJobContent(ctx, sc, admin.ID, domain.JobContent{Op: "add-new", Name: "Crown care",
		Selection: store.JobSelection{IDs: trees[:2]}, Most: 100})
	if err != nil || changed != 2 || job == nil || job.Name != "Crown care" {
		t.Fatalf("add-new: %+v, %d, %v", job, changed, err)
	}
	_, _, err = app.ChangeJobContent(ctx, sc, admin.ID, domain.JobContent{Op: "add-new", Name: "Too many",
		Selection: store.JobSelection{IDs: trees}, Most: 2})
	if arbor.ErrorCode(err) != arbor.EINVALID {
		t.Fatalf("a selection over the limit: %v", err)
	}
	var jobs int
	if err := db.Pool.QueryRow(ctx, `SELECT count(*) FROM job WHERE project_id = $1`, sc.ProjectID).Scan(&jobs); err != nil || jobs != 1 {
		t.Fatalf("%d jobs after a refused add-new, %v", jobs, err)
	}
}

// TestAddParticipants: an account and an address without one are both invited by mail; the
// account takes part once it accepts.
func TestAddParticipants(t *testing.T) {
	t.Parallel()
	db := storetest.MustOpenDB(t)
	ctx := context.Background()
	queue := "mail_participants_test"
	app := domain.New(db, queue, "https://arbor.example")
	sc, admin, _ := world(t, db)
	job, _, err := app.ChangeJobContent(ctx, sc, admin.ID, domain.JobContent{Op: "add-new", Name: "Felling",
		Selection: store.JobSelection{Filter: &store.Filter{}}, Most: 100})
	if err != nil {
		t.Fatal(err)
	}
	crew, stranger := newUser(t, db, "Cem", "de"), uniqueEmail(t)
	by := domain.Sharer{UserID: admin.ID, Alias: "Olga Baum", Language: "en"}
	if err := app.AddParticipants(ctx, sc, job.ID, by, []string{crew.Email, stranger}, "care"); err != nil {
		t.Fatal(err)
	}
	var members int
	db.Pool.QueryRow(ctx, `SELECT count(*) FROM job_member WHERE job_id = $1`, job.ID).Scan(&members)
	if members != 0 {
		t.Fatalf("%d participants before anyone accepted", members)
	}
	if got := queued(t, db, queue, stranger); len(got) != 1 {
		t.Fatalf("the stranger got %q", got)
	}
	if got := queued(t, db, queue, crew.Email); len(got) != 1 || got[0] != "Olga Baum lädt Sie zum Auftrag Felling ein" {
		t.Fatalf("the crew got %q", got)
	}
	if err := app.AcceptInvitation(ctx, crew.ID, store.InviteJob, job.ID); err != nil {
		t.Fatal(err)
	}
	var role string
	if err := db.Pool.QueryRow(ctx, `SELECT role FROM job_member WHERE job_id = $1 AND user_id = $2`, job.ID, crew.ID).Scan(&role); err != nil || role != "care" {
		t.Fatalf("crew's role %q, %v", role, err)
	}
}

// TestCancelOrganisation: the organisation ends and every administrator is told; cancelling
// again is a conflict.
func TestCancelOrganisation(t *testing.T) {
	t.Parallel()
	db := storetest.MustOpenDB(t)
	ctx := context.Background()
	queue := "mail_cancel_test"
	app := domain.New(db, queue, "https://arbor.example")
	sc, admin, _ := world(t, db)
	second := newUser(t, db, "Pia", "fr")
	if _, err := db.Pool.Exec(ctx, `INSERT INTO organisation_admin VALUES ($1, $2)`, sc.OrganisationID, second.ID); err != nil {
		t.Fatal(err)
	}
	if err := app.CancelOrganisation(ctx, sc.OrganisationID, admin.ID, "Olga Baum"); err != nil {
		t.Fatal(err)
	}
	o, err := db.Organisation(ctx, sc.OrganisationID, admin.ID)
	if err != nil || !o.Terminated {
		t.Fatalf("organisation %+v, %v", o, err)
	}
	for _, u := range []*store.User{admin, second} {
		if got := queued(t, db, queue, u.Email); len(got) != 1 {
			t.Fatalf("%s got %q", u.FirstName, got)
		}
	}
	if err := app.CancelOrganisation(ctx, sc.OrganisationID, admin.ID, "Olga Baum"); arbor.ErrorCode(err) != arbor.ECONFLICT {
		t.Fatalf("cancelling again: %v", err)
	}
}
