package store_test

import (
	"strings"
	"testing"

	"arbor/store"
	"arbor/store/storetest"
)

// TestFeaturesWrittenAsPostgresWrites: the features written in Go from the rows' values are,
// byte for byte, what row_to_json wrote in PostgreSQL — every collection, every property, in
// two languages, on the default connection, in a session time zone east of UTC with half an hour
// and on the simple protocol (every value as text) — with the awkward values a tree can hold:
// quotes, backslashes and control characters, all of Unicode, lists, numbers with a
// trailing zero, empty and NULL fields, times with and without fractions.
func TestFeaturesWrittenAsPostgresWrites(t *testing.T) {
	ctx, db := openDB(t)
	u := newUser(t, db)
	city, err := db.SeedBenchCity(ctx, u.ID, 400, 0.3)
	if err != nil {
		t.Fatal(err)
	}
	exec := func(sql string, args ...any) {
		t.Helper()
		if _, err := db.Pool.Exec(ctx, sql, args...); err != nil {
			t.Fatalf("%s: %v", sql, err)
		}
	}
	exec(`INSERT INTO tree_check (organisation_id, project_id, tree_id, vitality, symptoms, comment, check_next, timestamp)
		SELECT organisation_id, project_id, id, 2, ARRAY['x'], E'line\nline "2"', '2027-03-04', '2026-11-27 10:00:00.123+01'
		FROM tree WHERE project_id = $1 ORDER BY number LIMIT 3`, city.ProjectID)

	// After the inspections, which set the trees' latest inspection fields.
	exec(`UPDATE tree SET number_text = $2, symptoms = ARRAY['a"b', 'c\d', '', 'é😀'], height = 12.0, diameter = 0.5,
		cut_date = '2024-02-29', check_timestamp = '2024-06-01 12:34:56.5+00', check_next = '0999-01-02', general01 = $3,
		check_comment = 'ü </script> & '||chr(8232)
		WHERE id = (SELECT id FROM tree WHERE project_id = $1 AND single_tree ORDER BY number, fid LIMIT 1)`,
		city.ProjectID, "quote \" back \\ nl \n tab \t cr \r ff \f bs \b ctl \x01\x1f del \x7f", "x")
	exec(`UPDATE tree SET species_id = NULL, planting_year = NULL, height = NULL, diameter = NULL, vitality = NULL,
		check_timestamp = '2024-06-01 12:34:56.000001+00', create_timestamp = '1900-01-01 00:00:00+00'
		WHERE id = (SELECT id FROM tree WHERE project_id = $1 AND single_tree ORDER BY number, fid OFFSET 1 LIMIT 1)`, city.ProjectID)
	kolkata, err := store.Open(ctx, storetest.URL(t)+"&timezone=Asia/Kolkata")
	if err != nil {
		t.Fatal(err)
	}
	defer kolkata.Close()
	simple, err := store.Open(ctx, storetest.URL(t)+"&default_query_exec_mode=simple_protocol")
	if err != nil {
		t.Fatal(err)
	}
	defer simple.Close()
	for name, conn := range map[string]*store.DB{"default": db, "Asia/Kolkata": kolkata, "simple protocol": simple} {
		for _, c := range store.FeatureCollections() {
			for _, lang := range []string{"en", "de"} {
				sc := store.Content{OrganisationID: city.OrganisationID, ProjectID: city.ProjectID, Lang: lang}
				for _, fq := range []store.FeatureQuery{
					{Collection: c, Limit: 1000},
					{Collection: c, Limit: 5, Offset: 1, Properties: []string{"vitality", "tree"}},
					{Collection: c, Limit: 10, Properties: []string{}},
				} {
					want, err := conn.FeaturesByPostgres(ctx, sc, fq)
					if err != nil {
						t.Fatal(err)
					}
					var got []string
					if err := conn.Features(ctx, sc, fq, func(f store.Feature) error {
						got = append(got, string(f.JSON))
						return nil
					}); err != nil {
						t.Fatalf("%s %s %+v: %v", name, c, fq, err)
					}
					if len(want) == 0 && fq.Offset == 0 {
						t.Errorf("%s %s: no features to compare", name, c)
					}
					if len(got) != len(want) {
						t.Fatalf("%s %s %+v: %d features, PostgreSQL %d", name, c, fq, len(got), len(want))
					}
					for i := range want {
						if got[i] != want[i] {
							t.Fatalf("%s %s %s %+v, feature %d:\n got  %s\n want %s", name, c, lang, fq, i, got[i], want[i])
						}
					}
					all := strings.Join(got, "")
					if name == "Asia/Kolkata" && c == "trees" && fq.Properties == nil && !strings.Contains(all, "+05:30") {
						t.Errorf("times not in the session's zone: %.300s", got[0])
					}
					if name == "default" && c == "trees" && fq.Properties == nil {
						for _, v := range []string{`ctl \u0001\u001f del`, `"height":12.0`, `"check_next":"0999-01-02"`, `"symptoms":["a\"b","c\\d","","é😀"]`,
							`"check_timestamp":"2024-06-01T12:34:56.5+00:00"`, `"check_timestamp":"2024-06-01T12:34:56.000001+00:00"`, `"height":null`, `"create_timestamp":"1900-01-01T00:00:00+00:00"`} {
							if !strings.Contains(all, v) {
								t.Errorf("the awkward values are not among the features compared: no %s in %.2000s", v, all)
							}
						}
					}
				}
			}
		}
	}
}
