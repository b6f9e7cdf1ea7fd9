package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"sort"
	"text/tabwriter"
	"time"

	"arbor/store"
)

// dataCase is one request of the data benchmark: what the table, the dashboard or a filter
// picker asks of the store on a big project.
type dataCase struct {
	name string
	run  func(ctx context.Context) error
}

// benchData times the table page, the project dashboard and filter-values on the bench city,
// as the store answers them (the handlers add only JSON encoding): p50 and p95 over -n runs
// of each case, the cases interleaved so that no one of them meets only warm caches.
func benchData(ctx context.Context, db *store.DB, args []string) error {
	fs := flag.NewFlagSet("bench data", flag.ContinueOnError)
	project := fs.String("project", "", "project id (default: the largest bench city)")
	n := fs.Int("n", 30, "runs of each case")
	if err := fs.Parse(args); err != nil {
		return configError{err.Error()}
	}
	sc, err := benchProject(ctx, db, *project)
	if err != nil {
		return err
	}
	cond := func(field, op, value string) store.Condition {
		return store.Condition{Field: field, Op: op, Value: json.RawMessage(value)}
	}
	// Three conditions as a manager sets them: weakened trees, taller than 8 m, of a known species.
	three := []store.Condition{cond("vitality", "in", "[1,2]"), cond("height", "gte", "8"), cond("species", "not_empty", "")}
	page := func(sortBy string, offset int, conds []store.Condition) func(context.Context) error {
		return func(ctx context.Context) error {
			_, _, err := db.Trees(ctx, sc, store.TreeQuery{Filter: store.Filter{Conditions: conds},
				Sort: []string{sortBy}, Limit: 100, Offset: offset})
			return err
		}
	}
	values := func(field string) func(context.Context) error {
		return func(ctx context.Context) error {
			_, err := db.FilterValues(ctx, sc, field, 200)
			return err
		}
	}
	cases := []dataCase{
		{"table: first page, 3 conditions, sort -height", page("-height", 0, three)},
		{"table: page 50, 3 conditions, sort species", page("species_botanical", 5000, three)},
		{"table: first page, no filter, sort check_next", page("check_next", 0, nil)},
		{"dashboard: whole project", func(ctx context.Context) error {
			_, err := db.ProjectDashboard(ctx, sc, store.Filter{})
			return err
		}},
		{"dashboard: 3 conditions", func(ctx context.Context) error {
			_, err := db.ProjectDashboard(ctx, sc, store.Filter{Conditions: three})
			return err
		}},
		{"filter-values: species", values("species")},
		{"filter-values: vitality", values("vitality")},
		{"filter-values: height", values("height")},
		{"filter-values: symptoms", values("symptoms")},
	}
	lat := make([][]time.Duration, len(cases))
	for i := 0; i < *n+1; i++ {
		for c, dc := range cases {
			t0 := time.Now()
			if err := dc.run(ctx); err != nil {
				return fmt.Errorf("%s: %w", dc.name, err)
			}
			if i > 0 { // the first round warms PostgreSQL's buffers and plans
				lat[c] = append(lat[c], time.Since(t0))
			}
		}
	}
	ms := func(d time.Duration) string { return fmt.Sprintf("%.1f", float64(d.Microseconds())/1000) }
	tw := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "case\truns\tp50 ms\tp95 ms\tmax ms\t")
	for c, dc := range cases {
		l := lat[c]
		sort.Slice(l, func(i, j int) bool { return l[i] < l[j] })
		fmt.Fprintf(tw, "%s\t%d\t%s\t%s\t%s\t\n", dc.name, len(l), ms(l[len(l)/2]), ms(l[(len(l)*95+99)/100-1]), ms(l[len(l)-1]))
	}
	return tw.Flush()
}

// benchProject is the content scope of a bench city: the one named, or the largest.
func benchProject(ctx context.Context, db *store.DB, project string) (store.Content, error) {
	if project == "" {
		err := db.Pool.QueryRow(ctx, `SELECT p.id FROM project p JOIN organisation o ON o.id = p.organisation_id
			WHERE o.name = 'Bench city' ORDER BY (SELECT count(*) FROM tree t WHERE t.project_id = p.id) DESC LIMIT 1`).Scan(&project)
		if err != nil {
			return store.Content{}, fmt.Errorf("no bench city: run `arbor bench city` first (%w)", err)
		}
	}
	var org string
	if err := db.Pool.QueryRow(ctx, `SELECT organisation_id FROM project WHERE id = $1`, project).Scan(&org); err != nil {
		return store.Content{}, err
	}
	return store.Content{OrganisationID: org, ProjectID: project, Lang: "en"}, nil
}
