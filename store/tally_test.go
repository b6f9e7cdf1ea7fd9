package store_test

import (
	"encoding/json"
	"reflect"
	"regexp"
	"strings"
	"sync"
	"testing"

	"arbor/store"
	"arbor/store/storetest"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// TestTalliesFollowEveryChange changes a project every way its tallies can move — values, stock
// state, works done and undone, deletions with their works, a mass insert, another project
// deleted — and after each step checks that the tallies equal a fresh count, that the stock
// dashboard read from them equals the plain count in Go, and that the pickers' values equal
// those counted row by row.
func TestTalliesFollowEveryChange(t *testing.T) {
	ctx, db := openDB(t)
	sc := dashboardProject(t, db)
	must, id := sqlHelpers(t, db)
	species := id(`INSERT INTO list_entry (organisation_id, list, botanical, name_en, name_de, name_fr)
		VALUES ($1, 'species', 'Tilia cordata', 'Small-leaved lime', 'Winter-Linde', 'Tilleul') RETURNING id`, sc.OrganisationID)
	other := id(`SELECT id FROM project WHERE organisation_id = $1 AND id <> $2`, sc.OrganisationID, sc.ProjectID)
	// The same project seen through an empty access limit: counted row by row, never from the tallies.
	counted := sc
	counted.Limit = &store.Filter{}

	check := func(step string) {
		t.Helper()
		var kept, fresh string
		if err := db.Pool.QueryRow(ctx, `SELECT coalesce(jsonb_object_agg(field || '=' || value, n), '{}')::text
			FROM project_tally WHERE project_id = $1 AND n <> 0`, sc.ProjectID).Scan(&kept); err != nil {
			t.Fatal(err)
		}
		if err := db.Pool.QueryRow(ctx, `SELECT coalesce(jsonb_object_agg(field || '=' || value, n), '{}')::text
			FROM arbor_tally_count($1)`, sc.ProjectID).Scan(&fresh); err != nil {
			t.Fatal(err)
		}
		var k, f map[string]int
		_ = json.Unmarshal([]byte(kept), &k)
		_ = json.Unmarshal([]byte(fresh), &f)
		if !reflect.DeepEqual(k, f) {
			t.Fatalf("%s: tallies drifted:\n kept  %v\n fresh %v", step, k, f)
		}
		got, err := db.ProjectDashboard(ctx, sc, store.Filter{})
		if err != nil {
			t.Fatal(err)
		}
		want := expectedDashboard(t, db, sc, "true")
		if !reflect.DeepEqual(got, want) {
			g, _ := json.Marshal(got)
			w, _ := json.Marshal(want)
			t.Fatalf("%s: dashboard\n got %s\nwant %s", step, g, w)
		}
		fromTally, err := db.CountTrees(ctx, sc, store.Filter{})
		if err != nil {
			t.Fatal(err)
		}
		byRow, err := db.CountTrees(ctx, counted, store.Filter{})
		if err != nil {
			t.Fatal(err)
		}
		if fromTally != byRow || byRow != want.Trees+want.Groups {
			t.Fatalf("%s: stock of %d from the tallies, %d counted", step, fromTally, byRow)
		}
		for _, field := range []string{"species", "vitality", "check_next", "symptoms", "top_form", "general01"} {
			fromTally, err := db.FilterValues(ctx, sc, field, 1000)
			if err != nil {
				t.Fatal(err)
			}
			byRow, err := db.FilterValues(ctx, counted, field, 1000)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(fromTally, byRow) {
				t.Fatalf("%s: values of %s\n tally %+v\n rows  %+v", step, field, fromTally, byRow)
			}
		}
	}

	check("seeded")
	must(`UPDATE tree SET vitality = (coalesce(vitality, 0) + 1) % 5, species_id = $2, top_form = 'crown', general01 = 'Park'
		WHERE project_id = $1 AND number % 7 = 0`, sc.ProjectID, species)
	must(`UPDATE tree SET symptoms = ARRAY['Rot', 'Cracks'] WHERE project_id = $1 AND number % 5 = 1`, sc.ProjectID)
	must(`UPDATE tree SET height = height + 1 WHERE project_id = $1`, sc.ProjectID) // moves no tally
	check("values changed")
	must(`UPDATE tree SET archive = true WHERE project_id = $1 AND number % 13 = 0`, sc.ProjectID)
	must(`UPDATE tree SET cut = true, cut_date = current_date WHERE project_id = $1 AND number % 17 = 0`, sc.ProjectID)
	check("archived and felled")
	must(`UPDATE tree_action SET execute_timestamp = now() WHERE project_id = $1 AND execute_timestamp IS NULL AND deadline < current_date`, sc.ProjectID)
	must(`UPDATE tree_action SET deadline = current_date + 3 WHERE project_id = $1 AND deadline IS NULL`, sc.ProjectID)
	must(`UPDATE tree_action SET execute_timestamp = NULL WHERE project_id = $1 AND tree_id IN (SELECT id FROM tree WHERE number % 3 = 0)`, sc.ProjectID)
	check("works done, moved and reopened")
	must(`DELETE FROM tree WHERE project_id = $1 AND number % 19 = 0`, sc.ProjectID)
	must(`UPDATE tree SET archive = false WHERE project_id = $1 AND number % 13 = 0`, sc.ProjectID)
	check("deleted with their works, restored")
	must(`INSERT INTO tree (organisation_id, project_id, number, geom, vitality, species_id, symptoms, check_next)
		SELECT $1, $2, 1000 + g, ST_SetSRID(ST_MakePoint(9.5 + g * 0.001, 54.8), 4326), g % 5, $3, ARRAY['Rot'], current_date + g
		FROM generate_series(1, 300) g`, sc.OrganisationID, sc.ProjectID, species)
	check("mass insert")
	must(`DELETE FROM project WHERE id = $1`, other)
	check("another project deleted")
	var left int
	if err := db.Pool.QueryRow(ctx, `SELECT count(*) FROM project_tally WHERE project_id = $1`, other).Scan(&left); err != nil {
		t.Fatal(err)
	}
	if left != 0 {
		t.Fatalf("%d tallies outlived their project", left)
	}
}

// TestTallyPlanFollowsRows: the tallies of an update are summed with a join planned for its rows,
// also on a connection whose first update changed one row. PL/pgSQL keeps a query's plan for the
// connection's life; one kept from a one-row update joined old and new rows in a nested loop,
// and an archive of 20,000 objects later on that connection took over a minute instead of seven
// seconds. The plan is read from auto_explain.
func TestTallyPlanFollowsRows(t *testing.T) {
	ctx, db := openDB(t)
	sc := dashboardProject(t, db)
	var mu sync.Mutex
	var notices []string
	cfg, err := pgx.ParseConfig(storetest.URL(t))
	if err != nil {
		t.Fatal(err)
	}
	cfg.OnNotice = func(_ *pgconn.PgConn, n *pgconn.Notice) {
		mu.Lock()
		defer mu.Unlock()
		notices = append(notices, n.Message)
	}
	conn, err := pgx.ConnectConfig(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	exec := func(sql string, args ...any) {
		t.Helper()
		if _, err := conn.Exec(ctx, sql, args...); err != nil {
			t.Fatalf("%s: %v", sql, err)
		}
	}
	exec(`UPDATE tree SET vitality = 4 WHERE id = (SELECT id FROM tree WHERE project_id = $1 AND NOT archive AND NOT cut
		ORDER BY number LIMIT 1)`, sc.ProjectID)
	exec(`LOAD 'auto_explain'`)
	exec(`SET auto_explain.log_min_duration = 0`)
	exec(`SET auto_explain.log_nested_statements = on`)
	exec(`SET auto_explain.log_level = notice`)
	exec(`UPDATE tree SET vitality = 1 WHERE project_id = $1`, sc.ProjectID)
	exec(`LOAD 'auto_explain'`) // nothing more to explain; the notices are in
	mu.Lock()
	defer mu.Unlock()
	join := regexp.MustCompile(`(Hash|Merge) Cond: \(\w+\.id = \w+\.id\)`)
	found := false
	for _, n := range notices {
		if !strings.Contains(n, "old_rows o JOIN new_rows n") {
			continue
		}
		found = true
		if !join.MatchString(n) {
			t.Fatalf("the tallies of a 400-object update joined old and new rows without a hash or merge join:\n%s", n)
		}
	}
	if !found {
		t.Fatalf("no plan of the tally trigger among %d notices", len(notices))
	}
}
