package store_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"reflect"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"arbor/store"
)

// dashboardProject seeds a project of 400 random objects (trees and groups, some archived or
// felled, every value sometimes unset) with works, the same every run.
func dashboardProject(t *testing.T, db *store.DB) store.Content {
	t.Helper()
	ctx := context.Background()
	q := db.Pool
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	org := newOrg(t, db, "Dashboard town")
	project := rowID(t, db, `INSERT INTO project (organisation_id, name, unique_number) VALUES ($1, 'Figures', false) RETURNING id`, org)
	other := newProject(t, db, org, "Elsewhere")
	work := rowID(t, db, `INSERT INTO list_entry (organisation_id, list, name_en, name_de, name_fr, security_relevance, action_security)
		VALUES ($1, 'work', 'Deadwood', 'Totholz', 'Bois mort', true, 2) RETURNING id`, org)
	// random() after setseed, on one connection, is the same sequence every run.
	conn, err := q.Acquire(ctx)
	must(err)
	defer conn.Release()
	_, err = conn.Exec(ctx, `SELECT setseed(0.25)`)
	must(err)
	_, err = conn.Exec(ctx, `
		INSERT INTO tree (organisation_id, project_id, number, geom, single_tree, vitality, development, damage_tree,
			check_next, archive, cut, height)
		SELECT $1, p, g,
		       CASE WHEN g % 9 = 0 THEN ST_MakeEnvelope(9.4 + g * 0.001, 54.7, 9.4005 + g * 0.001, 54.7005, 4326)
		            ELSE ST_SetSRID(ST_MakePoint(9.4 + g * 0.001, 54.7), 4326) END,
		       g % 9 <> 0,
		       CASE WHEN random() < 0.15 THEN NULL ELSE floor(random() * 5)::int END,
		       CASE WHEN random() < 0.15 THEN NULL ELSE floor(random() * 4)::int END,
		       CASE WHEN random() < 0.15 THEN NULL ELSE floor(random() * 4)::int END,
		       CASE WHEN random() < 0.15 THEN NULL ELSE current_date + (random() * 500 - 200)::int END,
		       random() < 0.08, random() < 0.08, round((random() * 30)::numeric, 1)
		FROM generate_series(1, 400) g, (VALUES ($2::uuid), ($3::uuid)) AS ps(p)`, org, project, other)
	must(err)
	// Works on about half of the objects, a fifth of them completed; the triggers derive safety.
	_, err = q.Exec(ctx, `
		INSERT INTO tree_action (organisation_id, project_id, tree_id, work_id, action, security_relevance,
			code_action_security, deadline, execute_timestamp)
		SELECT organisation_id, project_id, id, $2, 'Deadwood', number % 3 <> 0, 1 + number % 3,
		       CASE WHEN number % 11 = 0 THEN NULL ELSE current_date + (number * 7 % 300) - 40 END,
		       CASE WHEN number % 5 = 0 THEN now() END
		FROM tree WHERE project_id = $1 AND number % 2 = 0`, project, work)
	must(err)
	// Some objects have several works, open and done, due at other times.
	_, err = q.Exec(ctx, `
		INSERT INTO tree_action (organisation_id, project_id, tree_id, work_id, action, security_relevance,
			code_action_security, deadline, execute_timestamp)
		SELECT organisation_id, project_id, id, $2, 'Deadwood', false, 2,
		       CASE WHEN k = 3 THEN NULL ELSE current_date + (number * 13 * k % 400) - 60 END,
		       CASE WHEN (number + k) % 7 = 0 THEN now() END
		FROM tree, generate_series(1, 3) k WHERE project_id = $1 AND number % 6 = 0 AND k <= 1 + number % 3`, project, work)
	must(err)
	return store.Content{OrganisationID: org, ProjectID: project, Lang: "en"}
}

// The rules of docs/PRODUCT.md §4, written again plainly, to check the SQL against.
func inspectionClass(next *time.Time, today time.Time) string {
	switch {
	case next == nil:
		return "never"
	case next.Before(today.AddDate(0, 0, -42)):
		return "overdue"
	case !next.After(today.AddDate(0, 0, 42)):
		return "due"
	case !next.After(today.AddDate(0, 3, 0)):
		return "months3"
	}
	return "later"
}

func deadlineClass(deadline *time.Time, today time.Time) string {
	switch {
	case deadline == nil:
		return "none"
	case deadline.Before(today):
		return "overdue"
	case !deadline.After(today.AddDate(0, 0, 14)):
		return "weeks2"
	case !deadline.After(today.AddDate(0, 3, 0)):
		return "months3"
	case !deadline.After(today.AddDate(0, 6, 0)):
		return "months6"
	}
	return "later"
}

// expectedDashboard counts row by row in Go what the dashboard should show for the objects of
// the scope that `keep` admits.
func expectedDashboard(t *testing.T, db *store.DB, sc store.Content, keep string) *store.ProjectDashboard {
	t.Helper()
	ctx := context.Background()
	var today time.Time
	if err := db.Pool.QueryRow(ctx, `SELECT current_date`).Scan(&today); err != nil {
		t.Fatal(err)
	}
	d := &store.ProjectDashboard{Checks: map[string]int{}, Works: map[string]int{}, Safety: map[string]int{},
		Vitality: map[string]int{}, Damage: map[string]int{}, Development: map[string]int{}}
	for _, k := range []string{"overdue", "due", "months3", "later", "never"} {
		d.Checks[k] = 0
	}
	for _, k := range []string{"overdue", "weeks2", "months3", "months6", "later", "none"} {
		d.Works[k] = 0
	}
	for i := 0; i <= 4; i++ {
		k := fmt.Sprint(i)
		d.Vitality[k] = 0
		if i <= 3 {
			d.Safety[k], d.Damage[k], d.Development[k] = 0, 0, 0
		}
	}
	d.Safety["overdue"], d.Safety["unassessed"] = 0, 0
	d.FellingWarnDays = store.FellingWarnDays
	d.Vitality["none"], d.Damage["none"], d.Development["none"] = 0, 0, 0
	label := func(v *int) string {
		if v == nil {
			return "none"
		}
		return fmt.Sprint(*v)
	}
	rows, err := db.Pool.Query(ctx, `SELECT id, single_tree, check_next, action_security, vitality, damage_tree, development
		FROM tree t WHERE project_id = $1 AND NOT archive AND NOT cut AND `+keep, sc.ProjectID)
	if err != nil {
		t.Fatal(err)
	}
	kept := map[string]bool{}
	notSafe := map[string]bool{}
	for rows.Next() {
		var id string
		var single bool
		var next *time.Time
		var safety int
		var vitality, damage, development *int
		if err := rows.Scan(&id, &single, &next, &safety, &vitality, &damage, &development); err != nil {
			t.Fatal(err)
		}
		kept[id] = true
		if single {
			d.Trees++
		} else {
			d.Groups++
		}
		class := inspectionClass(next, today)
		d.Checks[class]++
		switch {
		case safety > 0:
			d.Safety[fmt.Sprint(safety)]++
		case class == "never":
			d.Safety["unassessed"]++
		case class == "overdue":
			d.Safety["overdue"]++
		default:
			d.Safety["0"]++
		}
		if safety == 3 {
			notSafe[id] = true
		}
		d.Vitality[label(vitality)]++
		d.Damage[label(damage)]++
		d.Development[label(development)]++
	}
	rows.Close()
	// Per object: whether it has open works, its earliest open deadline, whether a safety-relevant
	// one is past its deadline, and whether a felling is due within the warning's days.
	type open struct {
		any, overdue, fellingSoon bool
		earliest                  *time.Time
	}
	objects := map[string]*open{}
	rows, err = db.Pool.Query(ctx, `SELECT tree_id, deadline, security_relevance, code_action_security
		FROM tree_action WHERE project_id = $1 AND execute_timestamp IS NULL`, sc.ProjectID)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var tree string
		var deadline *time.Time
		var relevant bool
		var code int
		if err := rows.Scan(&tree, &deadline, &relevant, &code); err != nil {
			t.Fatal(err)
		}
		if !kept[tree] {
			continue
		}
		d.OpenWorks++
		o := objects[tree]
		if o == nil {
			o = &open{}
			objects[tree] = o
		}
		o.any = true
		if deadline != nil && (o.earliest == nil || deadline.Before(*o.earliest)) {
			o.earliest = deadline
		}
		if relevant && deadline != nil && deadline.Before(today) {
			o.overdue = true
		}
		if relevant && code == 3 && deadline != nil && !deadline.After(today.AddDate(0, 0, store.FellingWarnDays)) {
			o.fellingSoon = true
		}
	}
	rows.Close()
	for _, o := range objects {
		d.Works[deadlineClass(o.earliest, today)]++
		if o.overdue {
			d.SafetyOverdue++
		}
	}
	for id := range notSafe {
		if o := objects[id]; o == nil || !o.fellingSoon {
			d.FellingsLate++
		}
	}
	return d
}

// TestProjectDashboardFigures checks every figure of the project dashboard against a plain
// count in Go, for the whole stock, for a filter and within an access limit; objects of another
// project, archived and felled ones never count.
func TestProjectDashboardFigures(t *testing.T) {
	ctx, db := openDB(t)
	sc := dashboardProject(t, db)
	compare := func(name string, sc store.Content, f store.Filter, keep string) {
		t.Helper()
		got, err := db.ProjectDashboard(ctx, sc, f)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		want := expectedDashboard(t, db, sc, keep)
		if !reflect.DeepEqual(got, want) {
			g, _ := json.Marshal(got)
			w, _ := json.Marshal(want)
			t.Fatalf("%s:\n got %s\nwant %s", name, g, w)
		}
		if want.Trees+want.Groups == 0 || want.OpenWorks == 0 || want.SafetyOverdue == 0 || want.FellingsLate == 0 ||
			want.Safety["unassessed"] == 0 || want.Safety["overdue"] == 0 {
			t.Fatalf("%s: the seed leaves nothing to count", name)
		}
	}
	compare("stock", sc, store.Filter{}, "true")
	weak := store.Filter{Conditions: []store.Condition{{Field: "vitality", Op: "in", Value: json.RawMessage(`[1,2]`)}}}
	compare("filter", sc, weak, "vitality IN (1, 2)")
	limited := sc
	limited.Limit = &store.Filter{Conditions: []store.Condition{{Field: "height", Op: "gte", Value: json.RawMessage(`15`)}}}
	compare("limit", limited, store.Filter{}, "height >= 15")
	compare("filter within a limit", limited, weak, "height >= 15 AND vitality IN (1, 2)")
}

// TestTreePagesInOrder reads a sorted list page by page and checks that the pages join into
// the one sorted list, with the total, and that the list is in the order asked for — empty
// values last either way round, ties by number the way the first key goes — for the sorts read
// along an index (both ways round), several keys, the species, and none.
func TestTreePagesInOrder(t *testing.T) {
	ctx, db := openDB(t)
	sc := dashboardProject(t, db)
	must, _ := sqlHelpers(t, db)
	must(`INSERT INTO list_entry (organisation_id, list, botanical, name_en, name_de, name_fr)
		SELECT $1, 'species', b, b, b, b FROM unnest(ARRAY['Tilia cordata', 'Acer platanoides', 'Betula pendula']) b`, sc.OrganisationID)
	must(`UPDATE tree t SET species_id = (SELECT id FROM list_entry WHERE organisation_id = $2 AND list = 'species'
		ORDER BY botanical OFFSET t.number % 4 - 1 LIMIT 1) WHERE project_id = $1 AND number % 4 <> 0`, sc.ProjectID, sc.OrganisationID)
	// Some empty values and many ties, so both parts of an indexed page and the tie order count;
	// planting years mostly empty, so the empty part is longer than a page.
	must(`UPDATE tree SET height = CASE WHEN number % 10 = 0 THEN NULL ELSE round(height / 5) * 5 END,
		planting_year = CASE WHEN number % 5 <> 0 THEN NULL ELSE 1950 + number % 7 END WHERE project_id = $1`, sc.ProjectID)
	// Tags that sort alike in every collation, some empty; inspections at distinct times, some never.
	must(`UPDATE tree SET number_text = CASE WHEN number % 6 = 0 THEN '' ELSE 'T' || lpad((number * 37 % 101)::text, 3, '0') END,
		check_timestamp = CASE WHEN number % 3 = 0 THEN NULL ELSE timestamptz '2024-01-01' + (number * 7919 % 500) * interval '1 hour' END
		WHERE project_id = $1`, sc.ProjectID)
	// A sort key of a field: a float64, string or time.Time; nil when empty.
	num := func(v *float64) any {
		if v == nil {
			return nil
		}
		return *v
	}
	whole := func(v *int) any {
		if v == nil {
			return nil
		}
		return float64(*v)
	}
	keyOf := map[string]func(*store.Tree) any{
		"height":           func(x *store.Tree) any { return num(x.Height) },
		"planting_year":    func(x *store.Tree) any { return whole(x.PlantingYear) },
		"vitality":         func(x *store.Tree) any { return whole(x.Vitality) },
		"action_security":  func(x *store.Tree) any { return whole(&x.ActionSecurity) },
		"number_text":      func(x *store.Tree) any { return x.NumberText },
		"object_timestamp": func(x *store.Tree) any { return x.ObjectTimestamp },
		"check_timestamp": func(x *store.Tree) any {
			if x.CheckTimestamp == nil {
				return nil
			}
			return *x.CheckTimestamp
		},
	}
	less := func(a, b any) (bool, bool) { // a < b, and whether they differ
		switch a := a.(type) {
		case float64:
			return a < b.(float64), a != b.(float64)
		case string:
			return a < b.(string), a != b.(string)
		case time.Time:
			return a.Before(b.(time.Time)), !a.Equal(b.(time.Time))
		}
		panic("no such key")
	}
	inOrder := func(field string, desc bool, list []*store.Tree) bool {
		key := keyOf[field]
		return sort.SliceIsSorted(list, func(i, j int) bool {
			a, b := key(list[i]), key(list[j])
			switch {
			case a == nil && b == nil:
			case a == nil:
				return false
			case b == nil:
				return true
			default:
				if lt, differ := less(a, b); differ {
					return lt != desc
				}
			}
			return (list[i].Number < list[j].Number) != desc
		})
	}
	speciesInOrder := func(desc bool, list []*store.Tree) bool {
		return sort.SliceIsSorted(list, func(i, j int) bool {
			a, b := list[i], list[j]
			switch {
			case a.Species == nil && b.Species == nil:
			case a.Species == nil:
				return false
			case b.Species == nil:
				return true
			case a.SpeciesBotanical != b.SpeciesBotanical:
				return (a.SpeciesBotanical > b.SpeciesBotanical) == desc
			}
			return (a.Number < b.Number) != desc
		})
	}
	sorts := [][]string{{"vitality", "-check_next"}, {"species_botanical"}, {"-species_botanical"}, nil}
	for field := range keyOf {
		sorts = append(sorts, []string{field}, []string{"-" + field})
	}
	for _, sortBy := range sorts {
		all, total, err := db.Trees(ctx, sc, store.TreeQuery{Sort: sortBy, Limit: 1000})
		if err != nil {
			t.Fatal(err)
		}
		if total != len(all) || total < 300 {
			t.Fatalf("%v: total %d, %d rows", sortBy, total, len(all))
		}
		var paged []*store.Tree
		for offset := 0; offset < total; offset += 37 {
			page, n, err := db.Trees(ctx, sc, store.TreeQuery{Sort: sortBy, Limit: 37, Offset: offset})
			if err != nil {
				t.Fatal(err)
			}
			if n != total {
				t.Fatalf("%v: total %d on a page, %d in all", sortBy, n, total)
			}
			paged = append(paged, page...)
		}
		for i := range all {
			if paged[i].ID != all[i].ID {
				t.Fatalf("%v: row %d differs between pages and the whole list", sortBy, i)
			}
		}
		if len(sortBy) == 1 && strings.TrimPrefix(sortBy[0], "-") == "species_botanical" && !speciesInOrder(strings.HasPrefix(sortBy[0], "-"), all) {
			t.Fatalf("%v: not in order", sortBy)
		}
		if len(sortBy) == 1 && keyOf[strings.TrimPrefix(sortBy[0], "-")] != nil {
			if !inOrder(strings.TrimPrefix(sortBy[0], "-"), strings.HasPrefix(sortBy[0], "-"), all) {
				t.Fatalf("%v: not in order", sortBy)
			}
		}
	}
	if _, _, err := db.Trees(ctx, sc, store.TreeQuery{Sort: []string{"geom"}}); err == nil {
		t.Fatal("a sort on an unknown field was taken")
	}
}

// TestSegmentsOpenTheirObjects runs the filter each segment of the project dashboard opens in
// the data view (web/src/features/dashboard/segment-filters.json, the very filters the web app
// builds, pinned by its Vitest) through the data view's count, and wants the figure the card
// shows: for the whole stock (read from the tallies) and within an access limit (counted).
func TestSegmentsOpenTheirObjects(t *testing.T) {
	ctx, db := openDB(t)
	sc := dashboardProject(t, db)
	raw, err := os.ReadFile("../web/src/features/dashboard/segment-filters.json")
	if err != nil {
		t.Fatal(err)
	}
	var cards map[string]json.RawMessage
	if err := json.Unmarshal(raw, &cards); err != nil {
		t.Fatal(err)
	}
	delete(cards, "_")
	limited := sc
	limited.Limit = &store.Filter{Conditions: []store.Condition{{Field: "height", Op: "gte", Value: json.RawMessage(`15`)}}}
	for _, scope := range []struct {
		name string
		sc   store.Content
	}{{"stock", sc}, {"limit", limited}} {
		d, err := db.ProjectDashboard(ctx, scope.sc, store.Filter{})
		if err != nil {
			t.Fatal(err)
		}
		figure := func(card, key string) int {
			switch card {
			case "safety":
				return d.Safety[key]
			case "vitality":
				return d.Vitality[key]
			case "damage":
				return d.Damage[key]
			case "development":
				return d.Development[key]
			case "checks":
				return d.Checks[key]
			case "works":
				return d.Works[key]
			case "openChecks":
				return d.Checks["overdue"] + d.Checks["due"]
			case "safetyOverdue":
				return d.SafetyOverdue
			case "fellingsLate":
				return d.FellingsLate
			}
			t.Fatalf("no figure for card %s", card)
			return 0
		}
		segments := 0
		for card, rawSegments := range cards {
			var bySegment map[string][]store.Condition
			if err := json.Unmarshal(rawSegments, &bySegment); err != nil {
				t.Fatalf("%s: %v", card, err)
			}
			total := 0
			for key, conditions := range bySegment {
				n, err := db.CountTrees(ctx, scope.sc, store.Filter{Conditions: conditions})
				if err != nil {
					t.Fatalf("%s %s %s: %v", scope.name, card, key, err)
				}
				if want := figure(card, key); n != want {
					t.Errorf("%s: segment %s/%q opens %d objects, the card shows %d", scope.name, card, key, n, want)
				}
				total += n
				segments++
			}
			// The value cards and the inspection card split the whole stock between their segments.
			if card == "safety" || card == "vitality" || card == "damage" || card == "development" || card == "checks" {
				if total != d.Trees+d.Groups {
					t.Errorf("%s: the segments of %s open %d objects in all, the stock is %d", scope.name, card, total, d.Trees+d.Groups)
				}
			}
		}
		if segments != 36 {
			t.Fatalf("only %d segments read", segments)
		}
	}
}

// TestFellingWarnDaysAgree: the web app warns of a far-out felling in the work form with its own
// constant; it must be the server's, which counts the dashboard's warning, or the two disagree.
func TestFellingWarnDaysAgree(t *testing.T) {
	src, err := os.ReadFile("../web/src/features/trees/safety.ts")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`export const FELLING_WARN_DAYS = (\d+);`).FindSubmatch(src)
	if m == nil {
		t.Fatal("FELLING_WARN_DAYS not found in web/src/features/trees/safety.ts")
	}
	if n, _ := strconv.Atoi(string(m[1])); n != store.FellingWarnDays {
		t.Errorf("the web app warns after %d days, the server after %d", n, store.FellingWarnDays)
	}
}
