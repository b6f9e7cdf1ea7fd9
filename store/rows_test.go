package store_test

import (
	"context"
	"testing"

	"arbor/store"
)

// The rows a test stands on are written straight in SQL, apart from the code under test; any
// error fails the test.

// sqlHelpers are must, which runs a statement, and id, which answers the id an INSERT …
// RETURNING id wrote.
func sqlHelpers(t *testing.T, db *store.DB) (must func(string, ...any), id func(string, ...any) string) {
	must = func(sql string, args ...any) {
		t.Helper()
		if _, err := db.Pool.Exec(context.Background(), sql, args...); err != nil {
			t.Fatalf("%s: %v", sql, err)
		}
	}
	id = func(sql string, args ...any) string {
		t.Helper()
		return rowID(t, db, sql, args...)
	}
	return must, id
}

// rowID runs an INSERT … RETURNING id and answers the id.
func rowID(t *testing.T, db *store.DB, sql string, args ...any) string {
	t.Helper()
	var v string
	if err := db.Pool.QueryRow(context.Background(), sql, args...).Scan(&v); err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
	return v
}

// newOrg writes an organisation of that name.
func newOrg(t *testing.T, db *store.DB, name string) string {
	t.Helper()
	return rowID(t, db, `INSERT INTO organisation (name) VALUES ($1) RETURNING id`, name)
}

// newProject writes a project of org.
func newProject(t *testing.T, db *store.DB, org, name string) string {
	t.Helper()
	return rowID(t, db, `INSERT INTO project (organisation_id, name) VALUES ($1, $2) RETURNING id`, org, name)
}

// newOrgProject writes an organisation and a project of it, and answers both ids.
func newOrgProject(t *testing.T, db *store.DB, orgName, projectName string) (org, project string) {
	t.Helper()
	org = newOrg(t, db, orgName)
	return org, newProject(t, db, org, projectName)
}

// newWork writes a work of org's list, named in English, German and French.
func newWork(t *testing.T, db *store.DB, org, en, de, fr string) string {
	t.Helper()
	return rowID(t, db, `INSERT INTO list_entry (organisation_id, list, name_en, name_de, name_fr)
		VALUES ($1, 'work', $2, $3, $4) RETURNING id`, org, en, de, fr)
}

// newAgreedUser writes a user who accepted the terms, at an address of its own beginning with
// prefix.
func newAgreedUser(t *testing.T, db *store.DB, prefix string) string {
	t.Helper()
	return rowID(t, db, `INSERT INTO app_user (email, first_name, last_name, password_hash, agb_accepted_at)
		VALUES ($1||'-'||gen_random_uuid()||'@example.org', 'Ada', 'Baum', 'x', now()) RETURNING id`, prefix)
}

// figureCheck answers want, which reports a figure that differs from what it should be and lets
// the test go on to the next.
func figureCheck(t *testing.T) (want func(what string, got, want any)) {
	return func(what string, got, want any) {
		t.Helper()
		if got != want {
			t.Errorf("%s = %v, want %v", what, got, want)
		}
	}
}
