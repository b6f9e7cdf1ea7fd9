package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"time"

	"arbor/auth"
	"arbor/seed"
)

// demoCmd loads the demo: an account, an organisation and a project holding the real Flensburg
// tree register with sample inspections and works, all in one transaction. It is quick and
// changes nothing when the demo is there already, so `make run` calls it every time.
func demoCmd(ctx context.Context, cfg config, log *slog.Logger, args []string) error {
	fs := flag.NewFlagSet("demo", flag.ContinueOnError)
	email := fs.String("email", "demo@arbor.example", "e-mail address of the demo account")
	password := fs.String("password", "arbor-demo", "password of the demo account (when it is created)")
	noMigrate := fs.Bool("no-migrate", false, "do not migrate the database first")
	if err := fs.Parse(args); err != nil {
		return configError{err.Error()}
	}
	if fs.NArg() > 0 {
		return configError{fmt.Sprintf("demo: unexpected argument %q", fs.Arg(0))}
	}
	if !auth.PasswordLongEnough(*password) {
		return configError{"demo: the password must be at least 8 characters long"}
	}
	db, err := migratedDB(ctx, cfg, log, !*noMigrate)
	if err != nil {
		return err
	}
	defer db.Close()
	start := time.Now()
	res, err := seed.Demo(ctx, db, *email, *password)
	if err != nil {
		return err
	}
	if res.Created {
		log.Info("demo loaded", "seconds", time.Since(start).Round(100*time.Millisecond).Seconds(), "trees", res.Trees,
			"groups", res.Groups, "inspections", res.Checks, "works", res.Works, "new_account", res.UserCreated)
	}
	login := *email + " / " + *password
	if res.Created && !res.UserCreated {
		login = *email + " (an existing account: its own password)"
	}
	fmt.Printf("Demo ready: %s — log in as %s (%s objects in '%s': %s trees, %s groups)\n",
		cfg.BaseURL, login, thousands(res.Trees+res.Groups), seed.DemoProject, thousands(res.Trees), thousands(res.Groups))
	return nil
}

// thousands writes n with thousands separators: 18697 → "18,697".
func thousands(n int) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0 && s[i-1] != '-'; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
