package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"time"

	"arbor"
	"arbor/auth"
	"arbor/store"
)

// demoCmd loads the demo: an account, an organisation and a project holding the real Flensburg
// tree register with sample inspections and works. It is quick and changes nothing when the demo
// is there already, so `make run` calls it every time.
func demoCmd(ctx context.Context, cfg config, log *slog.Logger, args []string) error {
	fs := flag.NewFlagSet("demo", flag.ContinueOnError)
	email := fs.String("email", "demo@arbor.example", "e-mail address of the demo account")
	password := fs.String("password", "arbor-demo", "password of the demo account (when it is created)")
	if err := fs.Parse(args); err != nil {
		return configError{err.Error()}
	}
	if !auth.PasswordLongEnough(*password) {
		return configError{"demo: the password must be at least 8 characters long"}
	}
	db, err := openMigrated(ctx, cfg)
	if err != nil {
		return err
	}
	defer db.Close()
	u, err := db.UserByEmail(ctx, *email)
	if arbor.ErrorCode(err) == arbor.ENOTFOUND {
		hash, herr := auth.HashPassword(*password)
		if herr != nil {
			return herr
		}
		u, err = db.CreateConfirmedUser(ctx, store.NewUser{FirstName: "Demo", LastName: "Baumkontrolle", Email: *email,
			PasswordHash: hash, Language: "de"}, false)
	}
	if err != nil {
		return err
	}
	start := time.Now()
	res, err := db.LoadDemo(ctx, u.ID)
	if err != nil {
		return err
	}
	if res.Created {
		log.Info("demo loaded", "seconds", time.Since(start).Round(100*time.Millisecond).Seconds(), "trees", res.Trees,
			"groups", res.Groups, "inspections", res.Checks, "works", res.Works)
	}
	fmt.Printf("Demo ready: %s — log in as %s (password %q unless you changed it); project %q holds %d trees and %d groups.\n",
		cfg.BaseURL, *email, *password, store.DemoProject, res.Trees, res.Groups)
	return nil
}
