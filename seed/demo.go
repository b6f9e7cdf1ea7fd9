// Package seed fills a database with data to look at or to measure: the demo (the real tree
// register of Flensburg with sample inspections and works) and the synthetic bench city. It
// prepares what is loaded; the SQL that loads it is the store's (store/demo.go,
// store/benchcity.go).
package seed

import (
	"bytes"
	"context"
	_ "embed"
	"encoding/csv"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"

	"arbor"
	"arbor/auth"
	"arbor/store"
)

// flensburgCSV is the real tree register of Flensburg (CC0; see demodata/README.md).
//
//go:embed demodata/flensburg-baumkataster-2023.csv
var flensburgCSV []byte

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

var digits = regexp.MustCompile(`[0-9]+`)

// Register reads the Flensburg register: its number, position (EPSG:31467), kind ("botanical,
// German", or "Baumgruppe …" for a group), area and street. Rows without a position are left out.
func Register() ([]store.DemoRow, error) {
	r := csv.NewReader(bytes.NewReader(flensburgCSV))
	if _, err := r.Read(); err != nil { // the header row
		return nil, fmt.Errorf("demo data: %w", err)
	}
	var rows []store.DemoRow
	for n := 1; ; n++ {
		rec, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("demo data row %d: %w", n, err)
		}
		if len(rec) < 6 {
			return nil, fmt.Errorf("demo data row %d: %d fields, want 6", n, len(rec))
		}
		northing, err1 := strconv.ParseFloat(strings.TrimSpace(rec[1]), 64)
		easting, err2 := strconv.ParseFloat(strings.TrimSpace(rec[2]), 64)
		if err1 != nil || err2 != nil {
			continue
		}
		tag := strings.TrimSpace(rec[0])
		number := 0
		if d := digits.FindString(tag); d != "" {
			number, _ = strconv.Atoi(d)
		}
		kind := strings.TrimSpace(rec[3])
		group := strings.HasPrefix(kind, "Baumgruppe")
		botanical, german, _ := strings.Cut(kind, ",")
		if group {
			botanical, german = "", ""
		}
		rows = append(rows, store.DemoRow{N: n, Number: number, NumberText: tag, Northing: northing, Easting: easting,
			Botanical: strings.TrimSpace(botanical), German: strings.TrimSpace(german),
			Area: strings.TrimSpace(rec[4]), Street: strings.TrimSpace(rec[5]), Group: group})
	}
	return rows, nil
}
