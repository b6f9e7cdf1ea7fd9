package store_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"arbor"
	"arbor/store"
)

func TestSplitEmails(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{"", nil},
		{" , ,, ", nil},
		{"a@x.org", []string{"a@x.org"}},
		{"a@x.org,b@y.org", []string{"a@x.org", "b@y.org"}},
		{"  a@x.org ,\tb@y.org\n, ", []string{"a@x.org", "b@y.org"}},
		{"a@x.org, A@X.org, b@y.org, a@x.org", []string{"a@x.org", "b@y.org"}}, // first spelling kept
		{"B@Y.org,b@y.org", []string{"B@Y.org"}},
		{"not an address, a@x.org", []string{"not an address", "a@x.org"}}, // checking is the caller's job
	} {
		if got := store.SplitEmails(tc.in); !slices.Equal(got, tc.want) {
			t.Errorf("SplitEmails(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func newOrganisation(t *testing.T, db *store.DB, admin *store.User, name string) *store.Organisation {
	t.Helper()
	o, err := db.CreateOrganisation(context.Background(), admin.ID, store.OrganisationFields{Name: name, Country: "DE",
		InvoiceType: "billing", Location: "de"})
	if err != nil {
		t.Fatal(err)
	}
	return o
}

func adminIDs(t *testing.T, db *store.DB, orgID string) []string {
	t.Helper()
	list, err := db.Administrators(context.Background(), orgID)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, p := range list {
		ids = append(ids, p.ID)
	}
	slices.Sort(ids)
	return ids
}

// makeAdmin invites email (userID's address) to administer orgID as byID, and accepts as userID.
func makeAdmin(t *testing.T, db *store.DB, orgID, byID, userID, email string) {
	t.Helper()
	ctx := context.Background()
	if err := db.InviteAdministrators(ctx, orgID, byID, []string{email}); err != nil {
		t.Fatal(err)
	}
	if err := db.InTx(ctx, func(tx *store.Tx) error {
		return tx.AcceptInvitation(ctx, userID, store.InviteOrganisation, orgID)
	}); err != nil {
		t.Fatal(err)
	}
}

func TestRemoveAdministrator(t *testing.T) {
	ctx, db := openDB(t)
	a, b, c := newUser(t, db), newUser(t, db), newUser(t, db)
	o := newOrganisation(t, db, a, "Stadt Holunder")
	makeAdmin(t, db, o.ID, a.ID, b.ID, strings.ToUpper(b.Email))
	wantCode(t, db.InviteAdministrators(ctx, o.ID, a.ID, []string{b.Email}), arbor.ECONFLICT)
	wantCode(t, db.RemoveAdministrator(ctx, o.ID, c.ID), arbor.ENOTFOUND)
	if err := db.RemoveAdministrator(ctx, o.ID, a.ID); err != nil {
		t.Fatal(err)
	}
	wantCode(t, db.RemoveAdministrator(ctx, o.ID, b.ID), arbor.ECONFLICT)
	if got := adminIDs(t, db, o.ID); !slices.Equal(got, []string{b.ID}) {
		t.Fatalf("administrators %v, want [%s]", got, b.ID)
	}
}

// Two administrators remove each other at the same time: one of them must stay.
func TestRemoveAdministratorConcurrently(t *testing.T) {
	ctx, db := openDB(t)
	for round := 0; round < 3; round++ {
		a, b := newUser(t, db), newUser(t, db)
		o := newOrganisation(t, db, a, "Gemeinde Wacholder")
		makeAdmin(t, db, o.ID, a.ID, b.ID, b.Email)
		var start sync.WaitGroup
		start.Add(2)
		errs := make([]error, 2)
		var wg sync.WaitGroup
		for i, who := range []string{a.ID, b.ID} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				errs[i] = db.InTx(ctx, func(tx *store.Tx) error {
					// Both transactions are open before either removes anyone.
					_, err := tx.Organisation(ctx, o.ID, who)
					start.Done()
					start.Wait()
					if err != nil {
						return err
					}
					if err := tx.RemoveAdministrator(ctx, o.ID, who); err != nil {
						return err
					}
					// Hold the transaction open so the other one has decided before this commits,
					// unless it waits for this one's locks.
					time.Sleep(150 * time.Millisecond)
					return nil
				})
			}()
		}
		wg.Wait()
		ok, conflict := 0, 0
		for _, err := range errs {
			switch {
			case err == nil:
				ok++
			case arbor.ErrorCode(err) == arbor.ECONFLICT:
				var e *arbor.Error
				if !errors.As(err, &e) || e.Key != "org.last_admin" {
					t.Fatalf("conflict %v, want org.last_admin", err)
				}
				conflict++
			default:
				t.Fatalf("round %d: unexpected error %v", round, err)
			}
		}
		if ok != 1 || conflict != 1 {
			t.Fatalf("round %d: %d removals succeeded and %d were refused (%v), want 1 and 1", round, ok, conflict, errs)
		}
		if got := adminIDs(t, db, o.ID); len(got) != 1 {
			t.Fatalf("round %d: %d administrators left, want 1", round, len(got))
		}
	}
}

func TestAcceptInvitations(t *testing.T) {
	ctx, db := openDB(t)
	admin := newUser(t, db)
	o := newOrganisation(t, db, admin, "Stadt Mispel")
	p1, err := db.CreateProject(ctx, o.ID, admin.ID, store.ProjectFields{Name: "Ufer", UniqueNumber: true})
	if err != nil {
		t.Fatal(err)
	}
	p2, err := db.CreateProject(ctx, o.ID, admin.ID, store.ProjectFields{Name: "Deich", UniqueNumber: true})
	if err != nil {
		t.Fatal(err)
	}
	email := uniqueEmail(t)
	for _, p := range []*store.Project{p1, p2} {
		access := int16(2)
		if p == p2 {
			access = 3
		}
		if err := db.ShareProject(ctx, o.ID, p.ID, admin.ID, []string{email}, access); err != nil {
			t.Fatalf("ShareProject: %v", err)
		}
	}
	u, err := db.InsertUser(ctx, store.NewUser{FirstName: "Ina", LastName: "Vite", Email: email,
		PasswordHash: "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA", Language: "en"})
	if err != nil {
		t.Fatal(err)
	}

	check := func(when string) {
		t.Helper()
		for _, tc := range []struct {
			p      *store.Project
			access int16
		}{{p1, 2}, {p2, 3}} {
			members, err := db.ProjectMembers(ctx, o.ID, tc.p.ID)
			if err != nil {
				t.Fatal(err)
			}
			if len(members) != 1 || members[0].Pending || members[0].UserID == nil || *members[0].UserID != u.ID ||
				members[0].Access != tc.access {
				t.Fatalf("%s: members of %s %+v, want %s with access %d", when, tc.p.Name, members, u.ID, tc.access)
			}
		}
		var n int
		if err := db.Pool.QueryRow(ctx, `SELECT count(*) FROM project_invitation WHERE lower(email) = lower($1)`, email).Scan(&n); err != nil || n != 0 {
			t.Fatalf("%s: %d invitations left (%v)", when, n, err)
		}
	}
	// The address is matched without regard to case; a second call changes nothing.
	if err := db.AcceptInvitations(ctx, u.ID, strings.ToUpper(email)); err != nil {
		t.Fatal(err)
	}
	check("first call")
	if err := db.AcceptInvitations(ctx, u.ID, email); err != nil {
		t.Fatalf("second call: %v", err)
	}
	check("second call")
	// Done inside one transaction twice, too.
	if err := db.InTx(ctx, func(tx *store.Tx) error {
		if err := tx.AcceptInvitations(ctx, u.ID, email); err != nil {
			return err
		}
		return tx.AcceptInvitations(ctx, u.ID, email)
	}); err != nil {
		t.Fatal(err)
	}
	check("in a transaction")

	// An invitation for a project the account already belongs to is used up without error.
	if _, err := db.Pool.Exec(ctx, `INSERT INTO project_invitation (organisation_id, project_id, email, access) VALUES ($1, $2, $3, 0)`,
		o.ID, p1.ID, strings.ToLower(email)); err != nil {
		t.Fatal(err)
	}
	if err := db.AcceptInvitations(ctx, u.ID, email); err != nil {
		t.Fatalf("invitation for an existing membership: %v", err)
	}
	check("after a repeated invitation")
}
