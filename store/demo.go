package store

import (
	"bytes"
	"context"
	_ "embed"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"
)

// flensburgCSV is the real tree register of Flensburg (CC0; see demodata/README.md).
//
//go:embed demodata/flensburg-baumkataster-2023.csv
var flensburgCSV []byte

// Demo names the demo organisation and project.
const (
	DemoOrganisation = "Stadt Flensburg (Demo)"
	DemoProject      = "Baumkataster Flensburg"
)

// DemoResult says what the demo holds.
type DemoResult struct {
	Created                   bool // false: it existed already
	OrganisationID, ProjectID string
	Trees, Groups             int
	Checks, Works             int
}

var digits = regexp.MustCompile(`[0-9]+`)

// LoadDemo creates, in one transaction, the demo organisation administered by userID with a
// project holding the Flensburg register — reprojected from EPSG:31467 in PostGIS, species
// matched to the list (an unknown one becomes an organisation entry), groups from its group
// rows — and sample inspections and works. When the demo organisation of userID exists it
// only answers what is there.
func (db *DB) LoadDemo(ctx context.Context, userID string) (*DemoResult, error) {
	res := &DemoResult{}
	err := db.InTx(ctx, func(tx *Tx) error {
		err := tx.q.QueryRow(ctx, `SELECT o.id, p.id FROM organisation o
			JOIN organisation_admin a ON a.organisation_id = o.id AND a.user_id = $1
			JOIN project p ON p.organisation_id = o.id AND p.name = $3
			WHERE o.name = $2`, userID, DemoOrganisation, DemoProject).Scan(&res.OrganisationID, &res.ProjectID)
		if err == nil {
			return tx.demoCounts(ctx, res)
		}
		if !errors.Is(err, pgx.ErrNoRows) {
			return err
		}
		res.Created = true
		if _, err := tx.q.Exec(ctx, `SET LOCAL statement_timeout = 0`); err != nil {
			return err
		}
		if _, err := tx.q.Exec(ctx, `SELECT arbor_set_actor($1, NULL, NULL)`, userID); err != nil {
			return err
		}
		if err := tx.q.QueryRow(ctx, `INSERT INTO organisation (name, street, number, zip, city, country, location, max_object, created_by)
			VALUES ($1, 'Rathausplatz', '1', '24937', 'Flensburg', 'DE', 'de', 25000, $2) RETURNING id`,
			DemoOrganisation, userID).Scan(&res.OrganisationID); err != nil {
			return err
		}
		if _, err := tx.q.Exec(ctx, `INSERT INTO organisation_admin VALUES ($1, $2)`, res.OrganisationID, userID); err != nil {
			return err
		}
		custom := `{"general01": {"alias": "Straße", "active": true, "type": "text", "sort": "alpha", "values": []},
		            "general02": {"alias": "Gebiet", "active": true, "type": "text", "sort": "alpha", "values": []}}`
		if err := tx.q.QueryRow(ctx, `INSERT INTO project (organisation_id, name, note, unique_number, show_number_text, created_by, custom_fields)
			VALUES ($1, $2, 'Das Baumkataster der Stadt Flensburg (2023), mit Beispielkontrollen und -maßnahmen.', false, true, $3, $4)
			RETURNING id`, res.OrganisationID, DemoProject, userID, custom).Scan(&res.ProjectID); err != nil {
			return err
		}
		if _, err := tx.q.Exec(ctx, `INSERT INTO project_member (organisation_id, project_id, user_id, access) VALUES ($1, $2, $3, 0)`,
			res.OrganisationID, res.ProjectID, userID); err != nil {
			return err
		}
		if err := tx.loadRegister(ctx, res); err != nil {
			return err
		}
		if err := tx.sampleWork(ctx, res); err != nil {
			return err
		}
		return tx.demoCounts(ctx, res)
	})
	return res, err
}

// loadRegister copies the register into a temporary table and builds trees and groups from it
// in one statement each.
func (tx *Tx) loadRegister(ctx context.Context, res *DemoResult) error {
	if _, err := tx.q.Exec(ctx, `CREATE TEMP TABLE demo_register (n int, number int, number_text text, northing float8,
		easting float8, botanical text, german text, area text, street text) ON COMMIT DROP`); err != nil {
		return err
	}
	r := csv.NewReader(bytes.NewReader(flensburgCSV))
	if _, err := r.Read(); err != nil { // the header row
		return fmt.Errorf("demo data: %w", err)
	}
	var rows [][]any
	for n := 1; ; n++ {
		rec, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return fmt.Errorf("demo data row %d: %w", n, err)
		}
		northing, err1 := strconv.ParseFloat(rec[1], 64)
		easting, err2 := strconv.ParseFloat(rec[2], 64)
		if err1 != nil || err2 != nil {
			continue
		}
		tag := strings.TrimSpace(rec[0])
		number := 0
		if d := digits.FindString(tag); d != "" {
			number, _ = strconv.Atoi(d)
		}
		botanical, german, _ := strings.Cut(rec[3], ",")
		rows = append(rows, []any{n, number, tag, northing, easting, strings.TrimSpace(botanical), strings.TrimSpace(german),
			strings.TrimSpace(rec[4]), strings.TrimSpace(rec[5])})
	}
	if _, err := tx.tx.CopyFrom(ctx, pgx.Identifier{"demo_register"},
		[]string{"n", "number", "number_text", "northing", "easting", "botanical", "german", "area", "street"}, pgx.CopyFromRows(rows)); err != nil {
		return err
	}
	// Species the list does not know become the organisation's own, so no name is lost.
	if _, err := tx.q.Exec(ctx, `
		INSERT INTO list_entry (organisation_id, list, botanical, name_en, name_de, name_fr)
		SELECT DISTINCT ON (lower(r.botanical)) $1::uuid, 'species', r.botanical, r.botanical, coalesce(nullif(r.german, ''), r.botanical), r.botanical
		FROM demo_register r
		WHERE r.botanical <> '' AND r.botanical NOT LIKE 'Baumgruppe%'
		  AND NOT EXISTS (SELECT 1 FROM list_entry s WHERE s.list = 'species' AND s.organisation_id IS NULL AND lower(s.botanical) = lower(r.botanical))
		ORDER BY lower(r.botanical)`, res.OrganisationID); err != nil {
		return err
	}
	// Trees: the points, reprojected; groups: a round patch of 12–22 m around the group's point.
	_, err := tx.q.Exec(ctx, `
		INSERT INTO tree (organisation_id, project_id, single_tree, geom, number, number_text, species_id, tree_count,
			general01, general02, planting_year)
		SELECT $1, $2, NOT grp, geom, r.number, r.number_text, s.id, CASE WHEN grp THEN 5 + r.n % 21 ELSE 1 END,
		       r.street, r.area, CASE WHEN NOT grp AND r.n % 3 = 0 THEN 1950 + r.n % 70 END
		FROM demo_register r
		CROSS JOIN LATERAL (SELECT r.botanical LIKE 'Baumgruppe%' AS grp) g
		CROSS JOIN LATERAL (SELECT ST_Transform(ST_SetSRID(ST_MakePoint(r.easting, r.northing), 31467), 4326) AS p) pt
		CROSS JOIN LATERAL (SELECT CASE WHEN grp THEN ST_Buffer(pt.p::geography, 12 + r.n % 11, 'quad_segs=4')::geometry ELSE pt.p END AS geom) gm
		LEFT JOIN LATERAL (SELECT e.id FROM list_entry e WHERE e.list = 'species' AND lower(e.botanical) = lower(r.botanical)
		                   AND (e.organisation_id IS NULL OR e.organisation_id = $1) ORDER BY e.organisation_id NULLS FIRST LIMIT 1) s ON NOT grp
		ORDER BY r.n`, res.OrganisationID, res.ProjectID)
	return err
}

// sampleWork records sample inspections for a third of the objects, dated over the last three
// years, and sample works — a fifth of them completed — on a few hundred, all set-based.
func (tx *Tx) sampleWork(ctx context.Context, res *DemoResult) error {
	if _, err := tx.q.Exec(ctx, `
		INSERT INTO tree_check (organisation_id, project_id, tree_id, timestamp, vitality, development, damage_tree,
			security_expectation, symptoms, comment, check_next)
		SELECT t.organisation_id, t.project_id, t.id,
		       now() - make_interval(days => (t.fid * 7919 % 1095)::int),
		       (ARRAY[0,0,0,1,1,1,1,2,2,3])[1 + t.fid % 10], (ARRAY[0,1,1,1,2,2,3])[1 + t.fid % 7],
		       (ARRAY[0,0,0,1,1,2,3])[1 + t.fid % 7], (t.fid % 4 > 0)::int,
		       CASE t.fid % 9 WHEN 1 THEN '{Totholz in der Krone}'::text[] WHEN 2 THEN '{Höhlung}' WHEN 3 THEN '{Riss,Rindennekrose}' ELSE '{}' END,
		       CASE t.fid % 11 WHEN 1 THEN 'Totholz über Gehweg' WHEN 2 THEN 'Pilzfruchtkörper am Stammfuß, eingehend untersuchen'
		                       WHEN 3 THEN 'Baumscheibe verdichtet' ELSE '' END,
		       current_date
		FROM tree t WHERE t.project_id = $1 AND t.fid % 3 = 0`, res.ProjectID); err != nil {
		return err
	}
	// The works come from the global work list when it is there, else from the organisation's own.
	if _, err := tx.q.Exec(ctx, `
		INSERT INTO list_entry (organisation_id, list, name_en, name_de, name_fr, category, security_relevance, action_security)
		SELECT $1, v.* FROM (VALUES
			('work', 'Deadwood removal', 'Totholzentfernung', 'Suppression du bois mort', 'pruning', true, 2),
			('work', 'Detailed investigation', 'Eingehende Untersuchung', 'Examen approfondi', 'investigation', true, 1),
			('work', 'Felling', 'Fällung', 'Abattage', 'felling', true, 3),
			('work', 'Crown maintenance pruning', 'Kronenpflege', 'Taille d''entretien', 'pruning', true, 2),
			('work', 'Watering', 'Wässern', 'Arrosage', 'planting', false, 2)) AS v
		WHERE NOT EXISTS (SELECT 1 FROM list_entry WHERE list = 'work' AND organisation_id IS NULL)`, res.OrganisationID); err != nil {
		return err
	}
	_, err := tx.q.Exec(ctx, `
		WITH works AS (
			SELECT row_number() OVER (ORDER BY action_security, name_de) - 1 AS i, count(*) OVER () AS n, *
			FROM list_entry WHERE list = 'work' AND (organisation_id IS NULL OR organisation_id = $2)
			  AND (key IS NULL OR key IN ('work.deadwood_removal', 'work.detailed_investigation', 'work.felling',
			                              'work.crown_maintenance', 'work.crown_lifting', 'work.watering'))
		)
		INSERT INTO tree_action (organisation_id, project_id, tree_id, work_id, action, category, security_relevance,
			code_action_security, deadline, execute_timestamp, execute_note, execute_username, execute_alias, comment)
		SELECT t.organisation_id, t.project_id, t.id, w.id, w.name_de, w.category, w.security_relevance, w.action_security,
		       current_date + (t.fid * 31 % 330)::int - 60,
		       CASE WHEN t.fid % 5 = 0 THEN now() - make_interval(days => (t.fid % 40)::int) END,
		       CASE WHEN t.fid % 5 = 0 THEN 'Erledigt' ELSE '' END,
		       CASE WHEN t.fid % 5 = 0 THEN (arbor_actor()).username ELSE '' END,
		       CASE WHEN t.fid % 5 = 0 THEN (arbor_actor()).alias ELSE '' END,
		       CASE WHEN w.action_security = 3 THEN 'Standsicherheit nicht mehr gegeben' ELSE '' END
		FROM tree t JOIN works w ON w.i = t.fid % w.n
		WHERE t.project_id = $1 AND t.fid % 37 = 0`, res.ProjectID, res.OrganisationID)
	return err
}

func (tx *Tx) demoCounts(ctx context.Context, res *DemoResult) error {
	return tx.q.QueryRow(ctx, `SELECT count(*) FILTER (WHERE single_tree), count(*) FILTER (WHERE NOT single_tree),
		(SELECT count(*) FROM tree_check WHERE project_id = $1), (SELECT count(*) FROM tree_action WHERE project_id = $1)
		FROM tree WHERE project_id = $1`, res.ProjectID).Scan(&res.Trees, &res.Groups, &res.Checks, &res.Works)
}
