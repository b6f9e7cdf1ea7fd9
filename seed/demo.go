// Package seed fills a database with data to look at or to measure: the demo (the real tree
// register of Flensburg with sample inspections and works) and the synthetic bench city. It
// prepares what is loaded; the SQL that loads it is the store's (store/demo.go,
// store/benchcity.go).
package seed

import (
	"context"

	"arbor"
	"arbor/auth"
	"arbor/seed/demodata"
	"arbor/store"
)

// The demo's organisation and project.
const (
	DemoOrganisation = "Stadt Flensburg (Demo)"
	DemoProject      = "Baumkataster Flensburg"
)

// Demo loads the demo for the account of email, in one transaction (store.DB.LoadDemo): an
// account that does not exist yet is made, confirmed, with password; an existing one keeps its
// own. It is quick and changes nothing when the account administers the demo already.
func Demo(ctx context.Context, db *store.DB, email, password string) (*store.DemoResult, error) {
	account := store.NewUser{FirstName: "Demo", LastName: "Baumkontrolle", Email: email, Language: "de"}
	// Hash the password only for an account still to be made: argon2id takes a while.
	if _, err := db.UserByEmail(ctx, email); arbor.ErrorCode(err) == arbor.ENOTFOUND {
		if account.PasswordHash, err = auth.HashPassword(password); err != nil {
			return nil, err
		}
	} else if err != nil {
		return nil, err
	}
	register, err := Register()
	if err != nil {
		return nil, err
	}
	return db.LoadDemo(ctx, store.Demo{Account: account, Organisation: DemoOrganisation, Project: DemoProject, Register: register})
}

// Register reads the Flensburg register (demodata.Register).
func Register() ([]store.DemoRow, error) { return demodata.Register() }
