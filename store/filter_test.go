package store_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"
	"testing"

	"arbor"
	"arbor/store"
	"arbor/store/storetest"
)

// TestFilterCompiler runs every kind of condition against a small real project; each case has
// trees on both sides, so a condition that was ignored would fail.
func TestFilterCompiler(t *testing.T) {
	ctx, db := openDB(t)
	var lime, oak string
	q := db.Pool
	org, project := newOrgProject(t, db, "Filter town", "Avenue")
	other := newProject(t, db, org, "Other")
	q.QueryRow(ctx, `INSERT INTO list_entry (organisation_id, list, name_en, name_de, name_fr, botanical)
		VALUES ($1, 'species', 'Small-leaved lime', 'Winter-Linde', 'Tilleul', 'Tilia cordata') RETURNING id`, org).Scan(&lime)
	q.QueryRow(ctx, `INSERT INTO list_entry (organisation_id, list, name_en, name_de, name_fr, botanical)
		VALUES ($1, 'species', 'Oak', 'Stiel-Eiche', 'Chêne', 'Quercus robur') RETURNING id`, org).Scan(&oak)
	// number, species, height, vitality, symptoms, general01, check_next, point / polygon, archive, cut
	if _, err := q.Exec(ctx, `
		INSERT INTO tree (organisation_id, project_id, number, number_text, species_id, height, vitality, symptoms,
			general01, check_next, geom, single_tree, archive, cut, check_comment)
		VALUES
		($1, $2, 1, 'A 1', $3, 5,  0, '{}',            'Main street', current_date - 100, ST_SetSRID(ST_MakePoint(9.40, 54.70), 4326), true, false, false, ''),
		($1, $2, 2, 'A 2', $3, 12, 2, '{cavity}',      'Main street', current_date + 10,  ST_SetSRID(ST_MakePoint(9.41, 54.70), 4326), true, false, false, 'fungus at base'),
		($1, $2, 3, 'B 3', $4, 20, 3, '{cavity,crack}', 'Park lane',  current_date + 400, ST_SetSRID(ST_MakePoint(9.42, 54.70), 4326), true, false, false, ''),
		($1, $2, 4, '',    $4, NULL, NULL, '{}',        '',           NULL,               ST_SetSRID(ST_MakePoint(9.43, 54.70), 4326), true, false, false, ''),
		($1, $2, 5, 'G 5', NULL, NULL, 1, '{}',         '',           NULL,               ST_MakeEnvelope(9.44, 54.70, 9.45, 54.71, 4326), false, false, false, ''),
		($1, $2, 6, 'A 6', $3, 8, 1, '{}',              '',           NULL,               ST_SetSRID(ST_MakePoint(9.46, 54.70), 4326), true, true, false, ''),
		($1, $2, 7, 'A 7', $3, 9, 1, '{}',              '',           NULL,               ST_SetSRID(ST_MakePoint(9.47, 54.70), 4326), true, false, true, ''),
		($1, $5, 1, 'A 1', $3, 5,  0, '{}',            'Main street', NULL,               ST_SetSRID(ST_MakePoint(9.40, 54.70), 4326), true, false, false, '')`,
		org, project, lime, oak, other); err != nil {
		t.Fatal(err)
	}
	var work string
	q.QueryRow(ctx, `INSERT INTO list_entry (organisation_id, list, name_en, name_de, name_fr, security_relevance, action_security)
		VALUES ($1, 'work', 'Felling', 'Fällung', 'Abattage', true, 3) RETURNING id`, org).Scan(&work)
	q.Exec(ctx, `INSERT INTO tree_action (organisation_id, project_id, tree_id, work_id, action, security_relevance, code_action_security, deadline)
		SELECT organisation_id, project_id, id, $2, 'Felling', true, 3, current_date + 5 FROM tree WHERE project_id = $1 AND number = 3`, project, work)
	sc := store.Content{OrganisationID: org, ProjectID: project, Lang: "en"}

	numbers := func(filter string) string {
		t.Helper()
		var f store.Filter
		if err := json.Unmarshal([]byte(filter), &f); err != nil {
			t.Fatalf("%s: %v", filter, err)
		}
		list, total, err := db.Trees(ctx, sc, store.TreeQuery{Filter: f, Limit: 100})
		if err != nil {
			t.Fatalf("%s: %v", filter, err)
		}
		var ns []string
		for _, tr := range list {
			ns = append(ns, strings.TrimSpace(tr.NumberText+" "))
			if tr.NumberText == "" {
				ns[len(ns)-1] = "#4"
			}
		}
		sort.Strings(ns)
		if total != len(list) {
			t.Fatalf("%s: total %d, listed %d", filter, total, len(list))
		}
		return strings.Join(ns, ",")
	}
	cases := []struct{ filter, want string }{
		{`{}`, "#4,A 1,A 2,B 3,G 5"},
		{`{"state": "archived"}`, "A 6"},
		{`{"state": "felled"}`, "A 7"},
		{`{"state": "all"}`, "#4,A 1,A 2,A 6,A 7,B 3,G 5"},
		{`{"q": "b 3"}`, "B 3"},
		{`{"q": "quercus"}`, "#4,B 3"},
		{`{"q": "Winter-Linde"}`, "A 1,A 2"},
		{`{"q": "fungus"}`, "A 2"},
		{`{"q": "2"}`, "A 2"},
		// Every text field: custom fields (a street), symptoms, the top form; never across two fields.
		{`{"q": "park LANE"}`, "B 3"},
		{`{"q": "main street"}`, "A 1,A 2"},
		{`{"q": "crack"}`, "B 3"},
		{`{"q": "cavity crack"}`, ""},
		{`{"q": "lane fungus"}`, ""},
		// The genus: every species of it at once.
		{`{"conditions": [{"field": "genus", "op": "in", "value": ["Tilia"]}]}`, "A 1,A 2"},
		{`{"conditions": [{"field": "genus", "op": "eq", "value": "Quercus"}]}`, "#4,B 3"},
		{`{"conditions": [{"field": "genus", "op": "not_in", "value": ["Tilia"]}]}`, "#4,B 3,G 5"},
		{`{"conditions": [{"field": "genus", "op": "ne", "value": "Quercus"}]}`, "A 1,A 2,G 5"},
		{`{"conditions": [{"field": "genus", "op": "in", "value": ["Acer"]}]}`, ""},
		{`{"conditions": [{"field": "vitality", "op": "in", "value": [2, 3]}]}`, "A 2,B 3"},
		{`{"conditions": [{"field": "vitality", "op": "not_in", "value": [2, 3]}]}`, "#4,A 1,G 5"},
		{`{"conditions": [{"field": "vitality", "op": "eq", "value": 0}]}`, "A 1"},
		{`{"conditions": [{"field": "vitality", "op": "ne", "value": 0}]}`, "#4,A 2,B 3,G 5"},
		{`{"conditions": [{"field": "height", "op": "between", "value": [10, 20]}]}`, "A 2,B 3"},
		{`{"conditions": [{"field": "height", "op": "gt", "value": 12}]}`, "B 3"},
		{`{"conditions": [{"field": "height", "op": "gte", "value": 12}]}`, "A 2,B 3"},
		{`{"conditions": [{"field": "height", "op": "lt", "value": 12}]}`, "A 1"},
		{`{"conditions": [{"field": "height", "op": "lte", "value": 12}]}`, "A 1,A 2"},
		{`{"conditions": [{"field": "height", "op": "empty"}]}`, "#4,G 5"},
		{`{"conditions": [{"field": "height", "op": "not_empty"}]}`, "A 1,A 2,B 3"},
		{`{"conditions": [{"field": "species", "op": "eq", "value": "` + oak + `"}]}`, "#4,B 3"},
		{`{"conditions": [{"field": "species", "op": "in", "value": ["` + lime + `"]}]}`, "A 1,A 2"},
		{`{"conditions": [{"field": "species", "op": "empty"}]}`, "G 5"},
		{`{"conditions": [{"field": "symptoms", "op": "contains", "value": "cavity"}]}`, "A 2,B 3"},
		{`{"conditions": [{"field": "symptoms", "op": "empty"}]}`, "#4,A 1,G 5"},
		{`{"conditions": [{"field": "general01", "op": "eq", "value": "Main street"}]}`, "A 1,A 2"},
		{`{"conditions": [{"field": "general01", "op": "contains", "value": "LANE"}]}`, "B 3"},
		{`{"conditions": [{"field": "general01", "op": "starts_with", "value": "Main"}]}`, "A 1,A 2"},
		{`{"conditions": [{"field": "general01", "op": "in", "value": ["Park lane", "x"]}]}`, "B 3"},
		{`{"conditions": [{"field": "general01", "op": "empty"}]}`, "#4,G 5"},
		{`{"conditions": [{"field": "number_text", "op": "ne", "value": "A 1"}]}`, "#4,A 2,B 3,G 5"},
		{`{"conditions": [{"field": "check_class", "op": "in", "value": [0]}]}`, "A 1"},
		{`{"conditions": [{"field": "check_class", "op": "in", "value": [1]}]}`, "A 2"},
		{`{"conditions": [{"field": "check_class", "op": "eq", "value": 4}]}`, "#4,G 5"},
		{`{"conditions": [{"field": "check_next", "op": "lt", "value": "2000-01-01"}]}`, ""},
		{`{"conditions": [{"field": "check_next", "op": "not_empty"}]}`, "A 1,A 2,B 3"},
		{`{"conditions": [{"field": "action_security", "op": "eq", "value": 3}]}`, "B 3"},
		{`{"conditions": [{"field": "deadline_class", "op": "eq", "value": 1}]}`, "B 3"},
		{`{"conditions": [{"field": "security_relevance", "op": "eq", "value": true}]}`, "B 3"},
		{`{"conditions": [{"field": "security_relevance", "op": "eq", "value": false}]}`, "#4,A 1,A 2,G 5"},
		{`{"conditions": [{"field": "single_tree", "op": "eq", "value": false}]}`, "G 5"},
		{`{"conditions": [{"field": "vitality", "op": "gte", "value": 1}, {"field": "height", "op": "lt", "value": 15}]}`, "A 2"},
		// A whole-number field against fractions: the whole numbers they stand for.
		{`{"conditions": [{"field": "vitality", "op": "gte", "value": 1.5}]}`, "A 2,B 3"},
		{`{"conditions": [{"field": "vitality", "op": "gt", "value": 1.5}]}`, "A 2,B 3"},
		{`{"conditions": [{"field": "vitality", "op": "lt", "value": 1.5}]}`, "A 1,G 5"},
		{`{"conditions": [{"field": "vitality", "op": "lte", "value": 1.5}]}`, "A 1,G 5"},
		{`{"conditions": [{"field": "vitality", "op": "eq", "value": 1.5}]}`, ""},
		{`{"conditions": [{"field": "vitality", "op": "ne", "value": 1.5}]}`, "#4,A 1,A 2,B 3,G 5"},
		{`{"conditions": [{"field": "vitality", "op": "in", "value": [1.5, 2]}]}`, "A 2"},
		{`{"conditions": [{"field": "vitality", "op": "in", "value": [1.5]}]}`, ""},
		{`{"conditions": [{"field": "vitality", "op": "not_in", "value": [1.5]}]}`, "#4,A 1,A 2,B 3,G 5"},
		{`{"conditions": [{"field": "vitality", "op": "between", "value": [0.5, 2.5]}]}`, "A 2,G 5"},
		{`{"conditions": [{"field": "vitality", "op": "gte", "value": 1e30}]}`, ""},
		{`{"conditions": [{"field": "vitality", "op": "lt", "value": 1e30}]}`, "A 1,A 2,B 3,G 5"},
		{`{"conditions": [{"field": "vitality", "op": "eq", "value": 1e300}]}`, ""},
		{`{"conditions": [{"field": "vitality", "op": "gt", "value": -1e300}]}`, "A 1,A 2,B 3,G 5"},
		// Decimal and floating fields keep their fractions.
		{`{"conditions": [{"field": "height", "op": "gte", "value": 12.05}]}`, "B 3"},
		{`{"conditions": [{"field": "height", "op": "in", "value": [12, 5, 7.5]}]}`, "A 1,A 2"},
		{`{"conditions": [{"field": "height", "op": "between", "value": [4.95, 12.05]}]}`, "A 1,A 2"},
		{`{"conditions": [{"field": "area", "op": "gt", "value": 0.5}]}`, "G 5"},
		{`{"geometry": {"type": "Polygon", "coordinates": [[[9.405, 54.69], [9.425, 54.69], [9.425, 54.71], [9.405, 54.71], [9.405, 54.69]]]}}`, "A 2,B 3"},
		{`{"geometry": {"type": "Polygon", "coordinates": [[[9.445, 54.705], [9.5, 54.705], [9.5, 54.8], [9.445, 54.8], [9.445, 54.705]]]}}`, "G 5"},
	}
	for _, c := range cases {
		if got := numbers(c.filter); got != c.want {
			t.Errorf("%s\n got %q\nwant %q", c.filter, got, c.want)
		}
	}
	// Job membership.
	var job string
	q.QueryRow(ctx, `INSERT INTO job (organisation_id, project_id, name) VALUES ($1, $2, 'Round') RETURNING id`, org, project).Scan(&job)
	q.Exec(ctx, `INSERT INTO job_item (organisation_id, job_id, tree_id) SELECT $1, $2, id FROM tree WHERE project_id = $3 AND number IN (1, 3)`, org, job, project)
	for filter, want := range map[string]string{
		`{"conditions": [{"field": "job", "op": "eq", "value": "` + job + `"}]}`:   "A 1,B 3",
		`{"conditions": [{"field": "job", "op": "in", "value": ["` + job + `"]}]}`: "A 1,B 3",
		`{"conditions": [{"field": "job", "op": "not_empty"}]}`:                    "A 1,B 3",
		`{"conditions": [{"field": "job", "op": "empty"}]}`:                        "#4,A 2,G 5",
	} {
		if got := numbers(filter); got != want {
			t.Errorf("%s\n got %q\nwant %q", filter, got, want)
		}
	}

	// The genera the panel offers: the stock's species summed per genus, most objects first.
	genera, err := db.FilterValues(ctx, sc, "genus", 10)
	if err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprint(genera); got != "[{Quercus <nil> 2} {Tilia <nil> 2}]" {
		t.Errorf("genus values %s", got)
	}

	// Ids: only this project's.
	var a2, otherA1 string
	q.QueryRow(ctx, `SELECT id FROM tree WHERE project_id = $1 AND number = 2`, project).Scan(&a2)
	q.QueryRow(ctx, `SELECT id FROM tree WHERE project_id = $1`, other).Scan(&otherA1)
	if got := numbers(`{"ids": ["` + a2 + `", "` + otherA1 + `"]}`); got != "A 2" {
		t.Errorf("ids: %q", got)
	}

	// Bad filters name the part that is wrong.
	for filter, part := range map[string]string{
		`{"state": "gone"}`: "state",
		`{"conditions": [{"field": "password", "op": "eq", "value": 1}]}`:                                                  "conditions.0",
		`{"conditions": [{"field": "vitality", "op": "eq", "value": 1}, {"field": "vitality", "op": "like", "value": 1}]}`: "conditions.1",
		`{"conditions": [{"field": "vitality", "op": "eq", "value": "high"}]}`:                                             "conditions.0",
		`{"conditions": [{"field": "vitality", "op": "between", "value": [1]}]}`:                                           "conditions.0",
		`{"conditions": [{"field": "check_next", "op": "lt", "value": "soon"}]}`:                                           "conditions.0",
		`{"conditions": [{"field": "species", "op": "in", "value": ["x"]}]}`:                                               "conditions.0",
		`{"conditions": [{"field": "symptoms", "op": "gt", "value": "x"}]}`:                                                "conditions.0",
		`{"conditions": [{"field": "genus", "op": "in", "value": []}]}`:                                                    "conditions.0",
		`{"conditions": [{"field": "genus", "op": "eq", "value": " "}]}`:                                                   "conditions.0",
		`{"conditions": [{"field": "genus", "op": "contains", "value": "Ac"}]}`:                                            "conditions.0",
		`{"ids": ["1; DROP TABLE tree"]}`:                                                                                  "ids",
		`{"geometry": {"type": "Polygon", "coordinates": [[[0, 0], [1, 1], [1, 0], [0, 1], [0, 0]]]}}`:                     "geometry",
	} {
		var f store.Filter
		if err := json.Unmarshal([]byte(filter), &f); err != nil {
			t.Fatal(err)
		}
		_, _, err := db.Trees(ctx, sc, store.TreeQuery{Filter: f})
		var e *arbor.Error
		if !errors.As(err, &e) || e.Code != arbor.EINVALID || e.Fields[part] == "" {
			t.Errorf("%s: %v, want a 400 naming %s", filter, err, part)
		}
	}
}

// TestPolygonReadOnce: a plan PostgreSQL keeps and reuses (a generic plan, as for tiles and pages
// asked again and again) tests each object against the filter's polygon as a value, never reading
// the GeoJSON again per object (a district's dashboard took three to five times as long).
func TestPolygonReadOnce(t *testing.T) {
	ctx, db := openDB(t)
	f := store.Filter{Geometry: json.RawMessage(`{"type": "Polygon", "coordinates": [[[9.4, 54.6], [9.5, 54.6], [9.5, 54.7], [9.4, 54.6]]]}`)}
	cond, args, err := f.Compile(nil)
	if err != nil || len(args) != 1 {
		t.Fatalf("compile: %v %v", err, args)
	}
	conn, err := db.Pool.Acquire(ctx)
	if err != nil {
		t.Fatal(err)
	}
	// Closed, not given back as it is: the setting and the statement stay with the connection.
	defer func() {
		conn.Conn().Close(ctx)
		conn.Release()
	}()
	if _, err := conn.Exec(ctx, `SET plan_cache_mode = force_generic_plan`); err != nil {
		t.Fatal(err)
	}
	if _, err := conn.Exec(ctx, `PREPARE polygon_count AS SELECT count(*) FROM tree t WHERE `+cond); err != nil {
		t.Fatal(err)
	}
	// EXECUTE takes its values in its text (no $n of the protocol there).
	value := "'" + strings.ReplaceAll(args[0].(string), "'", "''") + "'"
	plan := storetest.Strings(t, conn, `EXPLAIN EXECUTE polygon_count(`+value+`)`)
	text := strings.ToLower(strings.Join(plan, "\n"))
	if strings.Contains(text, "geojson") || !strings.Contains(text, "st_intersects") {
		t.Fatalf("the polygon is read per object:\n%s", text)
	}
	var n int
	if err := conn.QueryRow(ctx, `EXECUTE polygon_count(`+value+`)`).Scan(&n); err != nil {
		t.Fatalf("the reused plan runs: %v", err)
	}
}
