package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"strings"

	"arbor/auth"
	"arbor/store"
)

// userCmd: `arbor user create -email … [-super]` makes a confirmed account, e.g. for platform
// support. The password comes from ARBOR_PASSWORD or the first line of standard input, never
// from a flag, so it does not end up in the shell history.
func userCmd(ctx context.Context, cfg config, log *slog.Logger, args []string, stdin io.Reader) error {
	if len(args) == 0 || args[0] != "create" {
		return configError{"usage: arbor user create -email ADDRESS [-first NAME] [-last NAME] [-language en|de|fr] [-super]"}
	}
	fs := flag.NewFlagSet("user create", flag.ContinueOnError)
	email := fs.String("email", "", "e-mail address (required)")
	first := fs.String("first", "Arbor", "first name")
	last := fs.String("last", "Support", "last name")
	lang := fs.String("language", "en", "language: en, de or fr")
	super := fs.Bool("super", false, "platform support: may list and act on every organisation")
	if err := fs.Parse(args[1:]); err != nil {
		return configError{err.Error()}
	}
	if *email == "" || !strings.Contains(*email, "@") {
		return configError{"arbor user create: -email is required"}
	}
	password := os.Getenv("ARBOR_PASSWORD")
	if password == "" {
		line, err := bufio.NewReader(stdin).ReadString('\n')
		if err != nil && line == "" {
			return configError{"arbor user create: give the password in ARBOR_PASSWORD or on standard input"}
		}
		password = strings.TrimRight(line, "\r\n")
	}
	if !auth.PasswordLongEnough(password) {
		return configError{fmt.Sprintf("arbor user create: the password must be at least %d characters long", auth.MinPasswordLength)}
	}
	hash, err := auth.HashPassword(password)
	if err != nil {
		return err
	}
	db, err := store.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		return err
	}
	defer db.Close()
	u, err := db.CreateConfirmedUser(ctx, store.NewUser{FirstName: *first, LastName: *last, Email: *email,
		PasswordHash: hash, Language: *lang}, *super)
	if err != nil {
		return err
	}
	log.Info("user ready", "email", u.Email, "id", u.ID, "super", u.IsSuper)
	return nil
}
