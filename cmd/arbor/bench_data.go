package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"sort"
	"text/tabwriter"
	"time"

	"arbor/seed"
	"arbor/store"
)

// dataCase is one request of the data benchmark: what the table, the dashboard or a filter
// picker asks of the store on a big project, and the same question as the web app asks it.
type dataCase struct {
	name string
	run  func(ctx context.Context) error
	// The API call: GET path, or POST path with body.
	method, path string
	body         any
	// total: the question the data table asks right after a page whose total is not known yet
	// (the same filter, limit 1, without total_later); asked untimed, so the count the page set
	// off has ended before the next question, as for a person reading the table.
	total any
}

// benchData times the table page, the project dashboard and filter-values on the bench city:
// first as the store answers them (what a question costs the first time after a change of the
// project), then over HTTP from a server in this process, whose answers are kept per project
// revision (what every further view costs until the next change). p50 and p95 over -n runs of
// each case, the cases interleaved so that no one of them meets only warm database buffers.
func benchData(ctx context.Context, db *store.DB, args []string) error {
	fs, project := benchFlags("data")
	n := fs.Int("n", 30, "runs of each case")
	if err := fs.Parse(args); err != nil {
		return configError{err.Error()}
	}
	sc, u, token, err := benchSession(ctx, db, *project)
	if err != nil {
		return err
	}
	q := "?project=" + sc.ProjectID
	cond := func(field, op, value string) store.Condition {
		return store.Condition{Field: field, Op: op, Value: json.RawMessage(value)}
	}
	// Three conditions as a manager sets them: weakened trees, taller than 8 m, of a known species.
	three := []store.Condition{cond("vitality", "in", "[1,2]"), cond("height", "gte", "8"), cond("species", "not_empty", "")}
	page := func(name, sortBy string, offset int, conds []store.Condition) dataCase {
		f := store.Filter{Conditions: conds}
		return dataCase{name: name, run: func(ctx context.Context) error {
			_, _, err := db.Trees(ctx, sc, store.TreeQuery{Filter: f, Sort: []string{sortBy}, Limit: 100, Offset: offset})
			return err
		}, method: "POST", path: "/api/content/data" + q,
			body:  map[string]any{"filter": f, "sort": []string{sortBy}, "limit": 100, "offset": offset, "total_later": true},
			total: map[string]any{"filter": f, "limit": 1}}
	}
	values := func(field string) dataCase {
		return dataCase{name: "filter-values: " + field, run: func(ctx context.Context) error {
			_, err := db.FilterValues(ctx, sc, field, 200)
			return err
		}, method: "GET", path: "/api/content/filter-values" + q + "&field=" + field}
	}
	noPicker := func(dc dataCase) dataCase { dc.name += " (no picker)"; return dc }
	dashboard := func(name string, f store.Filter) dataCase {
		b, _ := json.Marshal(f)
		return dataCase{name: name, run: func(ctx context.Context) error {
			_, err := db.ProjectDashboard(ctx, sc, f)
			return err
		}, method: "GET", path: "/api/content/dashboard/project" + q + "&filter=" + url.QueryEscape(string(b))}
	}
	cases := []dataCase{
		page("table: first page, 3 conditions, sort -height", "-height", 0, three),
		page("table: first page, 3 conditions, sort check_next", "check_next", 0, three),
		page("table: page 50, 3 conditions, sort species", "species_botanical", 5000, three),
		page("table: first page, 3 conditions, sort -object_timestamp", "-object_timestamp", 0, three),
		page("table: first page, 3 conditions, sort top_form (no index)", "top_form", 0, three),
		page("table: first page, no filter, sort check_next", "check_next", 0, nil),
		dashboard("dashboard: whole project", store.Filter{}),
		dashboard("dashboard: 3 conditions", store.Filter{Conditions: three}),
		// What a member whose access is limited to a district sees (the limit and a filter
		// compile to the same conditions): 111,487 objects, a ninth of the city.
		dashboard("dashboard: a district (as for a member limited to it)", store.Filter{Geometry: json.RawMessage(
			`{"type":"Polygon","coordinates":[[[9.95,53.52],[10.05,53.52],[10.05,53.58],[9.95,53.58],[9.95,53.52]]]}`)}),
		{name: "dashboard: user (administrator of the city)", run: func(ctx context.Context) error {
			_, err := db.UserDashboard(ctx, u.ID, nil)
			return err
		}, method: "GET", path: "/api/content/dashboard/user"},
		values("species"), values("vitality"), values("symptoms"), values("top_form"),
		// Fields the filter panel asks no values of (ranges are typed; tags and comments are
		// each object's own): for the API.
		noPicker(values("height")), noPicker(values("number_text")), noPicker(values("check_comment")),
	}
	direct, err := timeCases(ctx, cases, *n, func(ctx context.Context, dc dataCase) error { return dc.run(ctx) }, nil, nil)
	if err != nil {
		return err
	}
	srv, err := startBenchServer(ctx, db)
	if err != nil {
		return err
	}
	defer srv.stop()
	send := func(ctx context.Context, method, path string, payload any) error {
		var body io.Reader
		if payload != nil {
			b, _ := json.Marshal(payload)
			body = bytes.NewReader(b)
		}
		req, _ := http.NewRequestWithContext(ctx, method, srv.base+path, body)
		req.Header.Set("Authorization", "Bearer "+token)
		req.Header.Set("Content-Type", "application/json")
		res, err := srv.client.Do(req)
		if err != nil {
			return err
		}
		defer res.Body.Close()
		_, _ = io.Copy(io.Discard, res.Body)
		if res.StatusCode != http.StatusOK {
			return fmt.Errorf("status %d", res.StatusCode)
		}
		return nil
	}
	ask := func(ctx context.Context, dc dataCase) error { return send(ctx, dc.method, dc.path, dc.body) }
	askTotal := func(ctx context.Context, dc dataCase) error {
		if dc.total == nil {
			return nil
		}
		return send(ctx, "POST", dc.path, dc.total)
	}
	viaHTTP, err := timeCases(ctx, cases, *n, ask, nil, askTotal)
	if err != nil {
		return err
	}
	// After a change: the project's revision moves before each question (untimed), as when
	// somebody saved a tree a moment ago, so nothing the server keeps per revision helps.
	bump := func(ctx context.Context) error {
		return db.BumpProject(ctx, sc.ProjectID)
	}
	afterChange, err := timeCases(ctx, cases, *n, ask, bump, askTotal)
	if err != nil {
		return err
	}
	ms := func(d time.Duration) string { return fmt.Sprintf("%.1f", float64(d.Microseconds())/1000) }
	tw := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "case\truns\tstore p50 ms\tstore p95 ms\tHTTP p50 ms\tHTTP p95 ms\tafter a change p50 ms\tafter a change p95 ms\t")
	p50 := func(l []time.Duration) string { return ms(l[len(l)/2]) }
	p95 := func(l []time.Duration) string { return ms(l[(len(l)*95+99)/100-1]) }
	for c, dc := range cases {
		a, b, d := direct[c], viaHTTP[c], afterChange[c]
		fmt.Fprintf(tw, "%s\t%d\t%s\t%s\t%s\t%s\t%s\t%s\t\n", dc.name, len(a), p50(a), p95(a), p50(b), p95(b), p50(d), p95(d))
	}
	return tw.Flush()
}

// timeCases runs every case n+1 times, interleaved, and answers the sorted latencies of the last n
// (the first round fills PostgreSQL's buffers and plans, and a server's caches). before and
// after, if given, run untimed before and after each question.
func timeCases(ctx context.Context, cases []dataCase, n int, run func(context.Context, dataCase) error,
	before func(context.Context) error, after func(context.Context, dataCase) error) ([][]time.Duration, error) {
	lat := make([][]time.Duration, len(cases))
	for i := 0; i < n+1; i++ {
		for c, dc := range cases {
			if before != nil {
				if err := before(ctx); err != nil {
					return nil, err
				}
			}
			t0 := time.Now()
			if err := run(ctx, dc); err != nil {
				return nil, fmt.Errorf("%s: %w", dc.name, err)
			}
			if i > 0 {
				lat[c] = append(lat[c], time.Since(t0))
			}
			if after != nil {
				if err := after(ctx, dc); err != nil {
					return nil, fmt.Errorf("%s: %w", dc.name, err)
				}
			}
		}
	}
	for _, l := range lat {
		sort.Slice(l, func(i, j int) bool { return l[i] < l[j] })
	}
	return lat, nil
}

// benchFlags are a bench sub-command's flags, with -project: the bench city's project to act on.
func benchFlags(name string) (*flag.FlagSet, *string) {
	fs := flag.NewFlagSet("bench "+name, flag.ContinueOnError)
	return fs, fs.String("project", "", "project id (default: the largest bench city)")
}

// benchSession is the bench city's project, the account benchmarks act as and a session of it
// for calls over HTTP.
func benchSession(ctx context.Context, db *store.DB, project string) (store.Content, *store.User, string, error) {
	sc, u, err := benchProjectAndUser(ctx, db, project)
	if err != nil {
		return sc, nil, "", err
	}
	token, err := benchToken(ctx, db, u)
	return sc, u, token, err
}

// benchProjectAndUser is the bench city's project (the one named, or the largest) and the account benchmarks act as.
func benchProjectAndUser(ctx context.Context, db *store.DB, project string) (store.Content, *store.User, error) {
	sc, err := db.BenchCityProject(ctx, project)
	if err != nil {
		return sc, nil, err
	}
	u, err := seed.BenchUser(ctx, db)
	return sc, u, err
}
