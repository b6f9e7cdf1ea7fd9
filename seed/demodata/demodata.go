// Package demodata holds the demo's tree register (the real register of Flensburg, CC0; see
// README.md) and reads it: the whole of it for `arbor demo` (seed.Demo) and a sample of one
// neighbourhood for the demo project wizard (domain.CreateDemoProject).
package demodata

import (
	"bytes"
	_ "embed"
	"encoding/csv"
	"fmt"
	"io"
	"math"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"arbor/store"
)

// flensburgCSV is the real tree register of Flensburg (CC0; see README.md).
//
//go:embed flensburg-baumkataster-2023.csv
var flensburgCSV []byte

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

// The wizard's neighbourhood: Flensburg's old town around the Nordermarkt (EPSG:31467).
const (
	sampleNorthing = 6073880.0
	sampleEasting  = 3527060.0
)

// SampleSize is how many objects the demo project wizard's sample holds: well within a demo's
// allowance of trees (docs/PRODUCT.md "Packages and prices"), groups counted by their area.
const SampleSize = 300

// Sample is the part of the register the demo project wizard loads: the SampleSize trees and
// groups nearest to the old town, in the register's order. Always the same rows.
func Sample() ([]store.DemoRow, error) {
	all, err := Register()
	if err != nil {
		return nil, err
	}
	dist := func(r store.DemoRow) float64 {
		return math.Hypot(r.Northing-sampleNorthing, r.Easting-sampleEasting)
	}
	sort.SliceStable(all, func(i, j int) bool { return dist(all[i]) < dist(all[j]) })
	if len(all) > SampleSize {
		all = all[:SampleSize]
	}
	sort.Slice(all, func(i, j int) bool { return all[i].N < all[j].N })
	return all, nil
}
