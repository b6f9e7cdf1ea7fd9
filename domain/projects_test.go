package domain_test

import (
	"context"
	"testing"

	"arbor"
	"arbor/domain"
	"arbor/store"
	"arbor/store/storetest"
)

func newUser(t *testing.T, db *store.DB, first, lang string) *store.User {
	t.Helper()
	u, err := db.CreateConfirmedUser(context.Background(), store.NewUser{FirstName: first, LastName: "Baum", Email: uniqueEmail(t),
		PasswordHash: "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA", Language: lang}, false)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// TestShareProject: a person with an account and an address without one are both invited —
// nobody is a member before accepting; the account is told in its language with a link to accept
// in the app, the address by a link to register; accepting makes the member; sharing with someone
// who is invited already shares with nobody and sends nothing.
func TestShareProject(t *testing.T) {
	t.Parallel()
	db := storetest.MustOpenDB(t)
	ctx := context.Background()
	queue := "mail_share_test"
	app := domain.New(db, queue, "https://arbor.example")
	manager, colleague := newUser(t, db, "Mia", "en"), newUser(t, db, "Kai", "de")
	var org, project string
	if err := db.Pool.QueryRow(ctx, `INSERT INTO organisation (name) VALUES ('Share') RETURNING id`).Scan(&org); err != nil {
		t.Fatal(err)
	}
	if err := db.Pool.QueryRow(ctx, `INSERT INTO project (organisation_id, name) VALUES ($1, 'Park') RETURNING id`, org).Scan(&project); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Pool.Exec(ctx, `INSERT INTO organisation_admin VALUES ($1, $2)`, org, manager.ID); err != nil {
		t.Fatal(err)
	}
	by := domain.Sharer{UserID: manager.ID, Alias: "Mia Baum", Language: "fr"}
	stranger := uniqueEmail(t)
	if err := app.ShareProject(ctx, org, project, by, []string{colleague.Email, stranger}, 2); err != nil {
		t.Fatal(err)
	}
	var members, invitations int
	db.Pool.QueryRow(ctx, `SELECT count(*) FROM project_member WHERE project_id = $1`, project).Scan(&members)
	db.Pool.QueryRow(ctx, `SELECT count(*) FROM project_invitation WHERE project_id = $1`, project).Scan(&invitations)
	if members != 0 || invitations != 2 {
		t.Fatalf("%d members and %d invitations, want none and 2", members, invitations)
	}
	if got := queued(t, db, queue, colleague.Email); len(got) != 1 || got[0] != "Mia Baum lädt Sie zum Projekt Park ein" {
		t.Fatalf("colleague got %q", got)
	}
	if got := queued(t, db, queue, stranger); len(got) != 1 || got[0] != "Mia Baum a partagé le projet Park avec vous" {
		t.Fatalf("stranger got %q", got)
	}
	if err := app.AcceptInvitation(ctx, colleague.ID, store.InviteProject, project); err != nil {
		t.Fatal(err)
	}
	var access int
	if err := db.Pool.QueryRow(ctx, `SELECT access FROM project_member WHERE project_id = $1 AND user_id = $2`, project, colleague.ID).Scan(&access); err != nil || access != 2 {
		t.Fatalf("colleague's access after accepting %d, %v", access, err)
	}
	if err := app.AcceptInvitation(ctx, colleague.ID, store.InviteProject, project); arbor.ErrorCode(err) != arbor.ENOTFOUND {
		t.Fatalf("accepting twice: %v", err)
	}

	// All or none: the second address has access already, so the first is not shared with either.
	third := uniqueEmail(t)
	err := app.ShareProject(ctx, org, project, by, []string{third, colleague.Email}, 1)
	if arbor.ErrorCode(err) != arbor.ECONFLICT {
		t.Fatalf("sharing again: %v, want a conflict", err)
	}
	db.Pool.QueryRow(ctx, `SELECT count(*) FROM project_invitation WHERE project_id = $1 AND email = lower($2)`, project, third).Scan(&invitations)
	if invitations != 0 || len(queued(t, db, queue, third)) != 0 {
		t.Fatalf("a refused share left %d invitations or a message", invitations)
	}
}

// TestUpdateProfile: a new address waits for its confirmation, which is mailed to it; an address
// of another account is refused and changes nothing.
func TestUpdateProfile(t *testing.T) {
	t.Parallel()
	db := storetest.MustOpenDB(t)
	ctx := context.Background()
	queue := "mail_profile_test"
	app := domain.New(db, queue, "https://arbor.example")
	u, other := newUser(t, db, "Ada", "en"), newUser(t, db, "Bea", "en")
	next := uniqueEmail(t)
	updated, err := app.UpdateProfile(ctx, u.ID, domain.ProfileChange{FirstName: "Ada", LastName: "Linde", Language: "de", Email: next, Version: u.Version})
	if err != nil {
		t.Fatal(err)
	}
	if updated.LastName != "Linde" || updated.Email != u.Email || updated.PendingEmail == nil || *updated.PendingEmail != next {
		t.Fatalf("updated %+v", updated)
	}
	if got := queued(t, db, queue, next); len(got) != 1 {
		t.Fatalf("new address got %q", got)
	}
	_, err = app.UpdateProfile(ctx, u.ID, domain.ProfileChange{FirstName: "Eve", LastName: "X", Language: "en", Email: other.Email, Version: updated.Version})
	if arbor.ErrorCode(err) != arbor.ECONFLICT {
		t.Fatalf("taking another's address: %v", err)
	}
	kept, err := db.UserByID(ctx, u.ID)
	if err != nil || kept.FirstName != "Ada" || *kept.PendingEmail != next {
		t.Fatalf("a refused change changed %+v, %v", kept, err)
	}
	if got := queued(t, db, queue, other.Email); len(got) != 0 {
		t.Fatalf("the other account was mailed %q", got)
	}
}
