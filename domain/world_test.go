package domain_test

import (
	"context"
	"testing"

	"arbor/domain"
	"arbor/store"
	"arbor/store/storetest"
)

// open gives a test its database, a context and the domain service, whose e-mails go to queue.
func open(t *testing.T, queue string) (context.Context, *store.DB, *domain.Service) {
	t.Helper()
	db := storetest.MustOpenDB(t)
	return context.Background(), db, domain.New(db, queue, "https://arbor.example")
}

// organisation makes an organisation with one project, administered by admin.
func organisation(t *testing.T, db *store.DB, name string, admin *store.User) store.Content {
	t.Helper()
	ctx := context.Background()
	sc := store.Content{Lang: "en"}
	if err := db.Pool.QueryRow(ctx, `INSERT INTO organisation (name) VALUES ($1) RETURNING id`, name).Scan(&sc.OrganisationID); err != nil {
		t.Fatal(err)
	}
	if err := db.Pool.QueryRow(ctx, `INSERT INTO project (organisation_id, name) VALUES ($1, 'Park') RETURNING id`, sc.OrganisationID).Scan(&sc.ProjectID); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Pool.Exec(ctx, `INSERT INTO organisation_admin VALUES ($1, $2)`, sc.OrganisationID, admin.ID); err != nil {
		t.Fatal(err)
	}
	return sc
}

// importingUser is Ida, who imports in German, administrator of a new organisation of that name, and
// answers her, its project and her as the actor of a change.
func importingUser(t *testing.T, db *store.DB, name string) (*store.User, store.Content, store.Actor) {
	t.Helper()
	u := newUser(t, db, "Ida", "de")
	return u, organisation(t, db, name, u), store.Actor{UserID: u.ID}
}

// world is an organisation with a project of three trees, administered by the returned user.
func world(t *testing.T, db *store.DB) (sc store.Content, admin *store.User, trees []string) {
	t.Helper()
	admin = newUser(t, db, "Olga", "en")
	sc = organisation(t, db, "World", admin)
	trees = storetest.Strings(t, db.Pool, `INSERT INTO tree (organisation_id, project_id, geom, number)
		SELECT $1, $2, ST_SetSRID(ST_MakePoint(9.43 + n * 0.0001, 54.78), 4326), n FROM generate_series(1, 3) n RETURNING id`,
		sc.OrganisationID, sc.ProjectID)
	return sc, admin, trees
}
