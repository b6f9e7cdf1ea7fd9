package main

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"arbor/store"
)

// benchArchive times archiving a third of the city and activating it again, two ways: in one
// statement as a request does, and in the queue's steps of 2,000 with their progress written
// beside them (store.ArchiveInSteps) — what the steps cost against the statement.
func benchArchive(ctx context.Context, cfg config, args []string) error {
	fs, project := benchFlags("archive")
	rounds := fs.Int("rounds", 2, "rounds of each way")
	if err := fs.Parse(args); err != nil {
		return configError{err.Error()}
	}
	// A third of a city takes longer than the server's 30 s statement timeout in one statement
	// (the server takes views up to ARBOR_ARCHIVE_AT_ONCE so; more go to the queue's steps).
	sep := "?"
	if strings.Contains(cfg.DatabaseURL, "?") {
		sep = "&"
	}
	// One connection, which first changes a single object, as a server's connections have: a
	// plan PostgreSQL keeps per connection was once made for that one row and made the next big
	// change quadratic (sql/050_tally.sql).
	db, err := store.Open(ctx, cfg.DatabaseURL+sep+"statement_timeout=0&pool_max_conns=1")
	if err != nil {
		return err
	}
	defer db.Close()
	sc, u, err := benchProjectAndUser(ctx, db, *project)
	if err != nil {
		return err
	}
	who := store.Actor{UserID: u.ID, Username: u.Email, Alias: "Bench Mark"}
	weak := store.Filter{Conditions: []store.Condition{{Field: "vitality", Op: "in", Value: json.RawMessage("[1,2]")}}}
	archived := store.Filter{State: "archived"}
	statement := func(f store.Filter, archive bool) (int, error) {
		n := 0
		err := db.InTx(ctx, func(tx *store.Tx) (err error) {
			n, err = tx.ArchiveFiltered(ctx, sc, who, f, archive)
			return err
		})
		return n, err
	}
	steps := func(f store.Filter, archive bool) (int, error) {
		return db.ArchiveInSteps(ctx, store.ArchiveJob{Organisation: sc.OrganisationID, Project: sc.ProjectID, Who: who, Filter: f, Archive: archive})
	}
	one, err := db.AnyActiveTree(ctx, sc.ProjectID)
	if err != nil {
		return err
	}
	for _, archive := range []bool{true, false} {
		if _, err := statement(store.Filter{State: "all", IDs: []string{one}}, archive); err != nil {
			return err
		}
	}
	fmt.Println("| way | round | archive objects | archive s | activate s | ms an object |")
	fmt.Println("|---|---:|---:|---:|---:|---:|")
	for r := 1; r <= *rounds; r++ {
		ways := []struct {
			name string
			run  func(store.Filter, bool) (int, error)
		}{{"one statement", statement}, {"steps of 2,000", steps}}
		if r%2 == 0 { // the second way meets the buffers as the first left them: take turns
			ways[0], ways[1] = ways[1], ways[0]
		}
		for _, w := range ways {
			// Each way starts from a vacuumed table, as autovacuum would leave it.
			if err := db.VacuumTrees(ctx); err != nil {
				return err
			}
			start := time.Now()
			n, err := w.run(weak, true)
			if err != nil {
				return err
			}
			archiveTook := time.Since(start)
			start = time.Now()
			m, err := w.run(archived, false)
			if err != nil {
				return err
			}
			activateTook := time.Since(start)
			if m != n {
				return fmt.Errorf("%s: activated %d of %d archived", w.name, m, n)
			}
			fmt.Printf("| %s | %d | %d | %.1f | %.1f | %.3f |\n", w.name, r, n, archiveTook.Seconds(), activateTook.Seconds(),
				float64((archiveTook+activateTook).Microseconds())/1000/float64(2*n))
		}
	}
	return nil
}
