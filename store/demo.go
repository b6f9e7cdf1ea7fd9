package store

import (
	"context"
	"errors"
	"fmt"

	"arbor"

	"github.com/jackc/pgx/v5"
)

// The SQL of the demo load; the register it loads and the account it is for come from seed/.

// DemoRow is one row of a tree register as the demo loads it.
type DemoRow struct {
	N                 int // the row's number in the register, from 1; samples are derived from it
	Number            int
	NumberText        string
	Northing, Easting float64 // EPSG:31467
	Botanical, German string  // empty for a group
	Area, Street      string
	Group             bool
}

// Demo is what LoadDemo loads: for whom, under which names, and the register.
type Demo struct {
	Account               NewUser // PasswordHash is only needed when there is no account of its e-mail address
	Organisation, Project string
	Register              []DemoRow
}

// DemoResult says what the demo holds.
type DemoResult struct {
	Created                   bool // false: it existed already
	UserCreated               bool // the demo account was made now
	UserID                    string
	OrganisationID, ProjectID string
	Trees, Groups             int
	Checks, Works             int
}

// LoadDemo creates, in one transaction, the demo account (confirmed, from d.Account; an existing
// account of that e-mail address is reused as it is), the demo organisation administered by it,
// and a project holding the register — reprojected from EPSG:31467 in PostGIS, species matched
// to the global list (an unknown one becomes an organisation entry), groups from its group rows
// — with sample inspections and works. When the account administers the demo organisation
// already it only answers what is there. Everything sampled is derived from the register's row
// numbers, so two loads hold the same demo.
func (db *DB) LoadDemo(ctx context.Context, d Demo) (*DemoResult, error) {
	account := d.Account
	res := &DemoResult{}
	err := db.InTx(ctx, func(tx *Tx) error {
		// Two `arbor demo` started at once (two `make run`) must not build two demos.
		if _, err := tx.q.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtext('arbor demo'))`); err != nil {
			return err
		}
		u, err := tx.UserByEmail(ctx, account.Email)
		if arbor.ErrorCode(err) == arbor.ENOTFOUND {
			if account.PasswordHash == "" {
				return fmt.Errorf("demo: there is no account %s and no password for it", account.Email)
			}
			u, err = tx.CreateConfirmedUser(ctx, account, false)
			res.UserCreated = true
		}
		if err != nil {
			return err
		}
		userID := u.ID
		res.UserID = userID
		err = tx.q.QueryRow(ctx, `SELECT o.id, p.id FROM organisation o
			JOIN organisation_admin a ON a.organisation_id = o.id AND a.user_id = $1
			JOIN project p ON p.organisation_id = o.id AND p.name = $3
			WHERE o.name = $2 ORDER BY o.created_at LIMIT 1`, userID, d.Organisation, d.Project).Scan(&res.OrganisationID, &res.ProjectID)
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
		// The showcase holds a tree data package of its size, so it stays usable after 28 days
		// (docs/PRODUCT.md "Packages and prices"); a new organisation starts in its demo instead.
		if err := tx.q.QueryRow(ctx, `INSERT INTO organisation (name, street, number, zip, city, country, location, max_object, tree_package, created_by)
			VALUES ($1, 'Rathausplatz', '1', '24937', 'Flensburg', 'DE', 'de', 25000, 'trees-25000', $2) RETURNING id`,
			d.Organisation, userID).Scan(&res.OrganisationID); err != nil {
			return err
		}
		if _, err := tx.q.Exec(ctx, `INSERT INTO organisation_admin VALUES ($1, $2)`, res.OrganisationID, userID); err != nil {
			return err
		}
		custom := `{"general01": {"alias": "Straße", "active": true, "type": "text", "sort": "alpha", "values": []},
		            "general02": {"alias": "Gebiet", "active": true, "type": "text", "sort": "alpha", "values": []}}`
		if err := tx.q.QueryRow(ctx, `INSERT INTO project (organisation_id, name, note, unique_number, show_number_text, created_by, custom_fields)
			VALUES ($1, $2, 'Das Baumkataster der Stadt Flensburg (2023), mit Beispielkontrollen und -maßnahmen.', false, true, $3, $4)
			RETURNING id`, res.OrganisationID, d.Project, userID, custom).Scan(&res.ProjectID); err != nil {
			return err
		}
		if _, err := tx.q.Exec(ctx, `INSERT INTO project_member (organisation_id, project_id, user_id, access) VALUES ($1, $2, $3, 0)`,
			res.OrganisationID, res.ProjectID, userID); err != nil {
			return err
		}
		if err := tx.loadRegister(ctx, res, d.Register, true, true); err != nil {
			return fmt.Errorf("demo register: %w", err)
		}
		if err := tx.sampleChecks(ctx, res); err != nil {
			return fmt.Errorf("demo inspections: %w", err)
		}
		if err := tx.sampleWorks(ctx, res); err != nil {
			return fmt.Errorf("demo works: %w", err)
		}
		return tx.demoCounts(ctx, res)
	})
	return res, err
}

// demoSpeciesKey is the SQL that reduces a botanical name to the letters and digits, lower
// case, so the register's spellings ("Malus  species", `Sorbus intermedia "Brouwers"`,
// "Sorbusxthuringiaca") meet the list's ("Malus species", "Sorbus intermedia 'Brouwers'",
// "Sorbus x thuringiaca").
const demoSpeciesKey = `lower(regexp_replace(%s, '[^[:alnum:]]', '', 'g'))`

// LoadSample fills the new project of sc with a register (a sample of the demo's, chosen by the
// caller) as LoadDemo does — trees, groups, sample inspections and works, recorded as userID's —
// within tx. street and area say whether the custom fields general01 (the street) and general02
// (the area) get the register's values; the caller configures those fields. The tree data
// package's limit applies as to any create.
func (tx *Tx) LoadSample(ctx context.Context, sc Content, userID string, register []DemoRow, street, area bool) (*DemoResult, error) {
	res := &DemoResult{Created: true, UserID: userID, OrganisationID: sc.OrganisationID, ProjectID: sc.ProjectID}
	if _, err := tx.q.Exec(ctx, `SELECT arbor_set_actor($1, NULL, NULL)`, userID); err != nil {
		return nil, err
	}
	if err := tx.loadRegister(ctx, res, register, street, area); err != nil {
		return nil, PackageFull(err)
	}
	if err := tx.sampleChecks(ctx, res); err != nil {
		return nil, fmt.Errorf("sample inspections: %w", err)
	}
	if err := tx.sampleWorks(ctx, res); err != nil {
		return nil, fmt.Errorf("sample works: %w", err)
	}
	return res, tx.demoCounts(ctx, res)
}

// TreesWithOpenWorks lists up to max trees and groups of the project of sc that have open works,
// the most urgent deadline first.
func (tx *Tx) TreesWithOpenWorks(ctx context.Context, sc Content, max int) ([]string, error) {
	rows, err := tx.q.Query(ctx, `SELECT a.tree_id::text FROM tree_action a
		WHERE a.organisation_id = $1 AND a.project_id = $2 AND a.execute_timestamp IS NULL
		GROUP BY a.tree_id ORDER BY min(a.deadline), a.tree_id LIMIT $3`, sc.OrganisationID, sc.ProjectID, max)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[string])
}

// loadRegister copies the register into a temporary table, resolves its species once per
// name, and builds trees and groups from it in one statement; street and area say whether
// general01 and general02 get the register's street and area.
func (tx *Tx) loadRegister(ctx context.Context, res *DemoResult, register []DemoRow, street, area bool) error {
	if _, err := tx.q.Exec(ctx, `CREATE TEMP TABLE demo_register (id uuid NOT NULL DEFAULT gen_random_uuid(), n int PRIMARY KEY,
		number int, number_text text, northing float8, easting float8, botanical text, german text, area text, street text,
		grp boolean) ON COMMIT DROP`); err != nil {
		return err
	}
	rows := make([][]any, len(register))
	for i, r := range register {
		rows[i] = []any{r.N, r.Number, r.NumberText, r.Northing, r.Easting, r.Botanical, r.German, r.Area, r.Street, r.Group}
	}
	if _, err := tx.tx.CopyFrom(ctx, pgx.Identifier{"demo_register"},
		[]string{"n", "number", "number_text", "northing", "easting", "botanical", "german", "area", "street", "grp"},
		pgx.CopyFromRows(rows)); err != nil {
		return err
	}
	// Each name of the register once: the global entry of the same name (case-insensitive;
	// else the same letters), else a new entry of the organisation, so no species is lost.
	if _, err := tx.q.Exec(ctx, fmt.Sprintf(`
		CREATE TEMP TABLE demo_species ON COMMIT DROP AS
		SELECT botanical, max(german) AS german, %s AS key, NULL::uuid AS species_id
		FROM demo_register WHERE botanical <> '' GROUP BY botanical`, fmt.Sprintf(demoSpeciesKey, "botanical"))); err != nil {
		return err
	}
	if _, err := tx.q.Exec(ctx, fmt.Sprintf(`
		UPDATE demo_species d SET species_id = m.id
		FROM (SELECT DISTINCT ON (d2.botanical) d2.botanical, g.id
		      FROM demo_species d2
		      JOIN (SELECT id, botanical, %s AS key FROM list_entry WHERE list = 'species' AND organisation_id IS NULL) g
		        ON g.key = d2.key
		      ORDER BY d2.botanical, lower(g.botanical) = lower(d2.botanical) DESC, g.botanical) m
		WHERE m.botanical = d.botanical`, fmt.Sprintf(demoSpeciesKey, "botanical"))); err != nil {
		return err
	}
	if _, err := tx.q.Exec(ctx, `
		WITH own AS (
			INSERT INTO list_entry (organisation_id, list, botanical, name_en, name_de, name_fr)
			SELECT DISTINCT ON (key) $1::uuid, 'species', botanical, botanical, coalesce(nullif(german, ''), botanical), botanical
			FROM demo_species WHERE species_id IS NULL AND key <> ''
			ORDER BY key, botanical
			RETURNING id, botanical)
		UPDATE demo_species d SET species_id = own.id FROM own
		WHERE d.species_id IS NULL AND d.key = `+fmt.Sprintf(demoSpeciesKey, "own.botanical"), res.OrganisationID); err != nil {
		return err
	}
	// Trees: the points, reprojected; groups: a patch of 12–22 m radius around the group's
	// point with 5–25 trees.
	_, err := tx.q.Exec(ctx, `
		INSERT INTO tree (id, organisation_id, project_id, single_tree, geom, number, number_text, species_id, tree_count,
			general01, general02, planting_year)
		SELECT r.id, $1, $2, NOT r.grp, gm.geom, r.number, r.number_text, s.species_id,
		       CASE WHEN r.grp THEN 5 + (r.n * 7 + r.number) % 21 ELSE 1 END,
		       CASE WHEN $3 THEN r.street ELSE '' END, CASE WHEN $4 THEN r.area ELSE '' END,
		       CASE WHEN NOT r.grp AND r.n % 3 = 0 THEN 1950 + (r.n * 13) % 70 END
		FROM demo_register r
		CROSS JOIN LATERAL (SELECT ST_Transform(ST_SetSRID(ST_MakePoint(r.easting, r.northing), 31467), 4326) AS p) pt
		CROSS JOIN LATERAL (SELECT CASE WHEN r.grp THEN ST_Buffer(pt.p::geography, 12 + (r.n * 31 + r.number) % 11, 'quad_segs=4')::geometry
		                                ELSE pt.p END AS geom) gm
		LEFT JOIN demo_species s ON s.botanical = r.botanical
		ORDER BY r.n`, res.OrganisationID, res.ProjectID, street, area)
	return err
}

// demoHash spreads a register row number (r.n) over 0..2^31-1 (31 bits of its MD5), so samples
// look random but are the same on every load.
const demoHash = `(('x' || substr(md5('demo' || r.n), 1, 8))::bit(32)::bigint & 2147483647)`

// sampleChecks records an inspection for about a third of the objects, dated over the last
// three years: most trees vital, some declining, a few severely damaged; a high traffic
// safety expectation beside streets, schools, playgrounds and the like. The triggers compute
// the next inspection and copy the assessment onto the tree.
func (tx *Tx) sampleChecks(ctx context.Context, res *DemoResult) error {
	_, err := tx.q.Exec(ctx, fmt.Sprintf(`
		INSERT INTO tree_check (organisation_id, project_id, tree_id, timestamp, vitality, development, damage_tree,
			security_expectation, symptoms, comment, check_next)
		SELECT t.organisation_id, t.project_id, t.id,
		       least(now(), date_trunc('day', now()) - make_interval(days => (h %% 1095)::int) + make_interval(mins => 420 + (h / 1095 %% 600)::int)),
		       a.vitality, a.development, greatest(a.damage, a.vitality - 1),
		       CASE WHEN r.area IN ('Extensiv und Ausgleichflächen', 'Entwässerung', 'KI unbebaute Grundstücke') THEN 0 ELSE 1 END,
		       CASE WHEN greatest(a.damage, a.vitality - 1) = 0 THEN '{}'::text[]
		            ELSE (ARRAY['{Totholz in der Krone}', '{Höhlung}', '{Riss,Rindennekrose}', '{Pilzfruchtkörper am Stammfuß}',
		                        '{Schütteres Laub}', '{Totholz in der Krone,Abgebrochene oder hängende Äste}'])[1 + (h / 7 %% 6)]::text[] END,
		       CASE WHEN greatest(a.damage, a.vitality - 1) >= 2 THEN
		                 (ARRAY['Totholz über Gehweg, zeitnah entfernen', 'Pilzfruchtkörper am Stammfuß, eingehend untersuchen',
		                        'Höhlung im Stamm, Restwandstärke prüfen', 'Kronenrückgang deutlich, Standsicherheit fraglich'])[1 + (h / 13 %% 4)]
		            WHEN h / 17 %% 6 = 0 THEN
		                 (ARRAY['Baumscheibe verdichtet', 'Anfahrschaden am Stamm, überwallt', 'Lichtraumprofil über Fahrbahn beachten',
		                        'Stammfuß frei, keine Auffälligkeiten', 'Efeu am Stamm, Stammfuß nicht einsehbar'])[1 + (h / 19 %% 5)]
		            ELSE '' END,
		       current_date
		FROM demo_register r
		JOIN tree t ON t.organisation_id = $1 AND t.id = r.id
		CROSS JOIN LATERAL (SELECT %s AS h) hh
		CROSS JOIN LATERAL (SELECT
		       CASE WHEN h %% 20 < 7 THEN 0 WHEN h %% 20 < 16 THEN 1 WHEN h %% 20 < 19 THEN 2 ELSE 3 END::smallint AS vitality,
		       CASE WHEN h / 20 %% 20 < 4 THEN 0 WHEN h / 20 %% 20 < 15 THEN 1 WHEN h / 20 %% 20 < 19 THEN 2 ELSE 3 END::smallint AS development,
		       CASE WHEN h / 400 %% 20 < 10 THEN 0 WHEN h / 400 %% 20 < 16 THEN 1 WHEN h / 400 %% 20 < 19 THEN 2 ELSE 3 END::smallint AS damage) a
		WHERE r.n %% 3 = 1
		ORDER BY r.n`, demoHash), res.OrganisationID)
	return err
}

// sampleWorks plans works for a few hundred objects, from the global work list (the
// organisation's own entries when there is none): felling or a detailed investigation for
// severely damaged trees, deadwood removal or crown care for damaged ones, clearance pruning
// and watering here and there. Deadlines run from two months ago to nine months ahead; about
// a fifth are done. The triggers derive each tree's safety.
func (tx *Tx) sampleWorks(ctx context.Context, res *DemoResult) error {
	if _, err := tx.q.Exec(ctx, `
		INSERT INTO list_entry (organisation_id, list, name_en, name_de, name_fr, category, security_relevance, action_security)
		SELECT $1, 'work', v.* FROM (VALUES
			('Deadwood removal', 'Totholzentfernung', 'Suppression du bois mort', 'pruning', true, 2),
			('Crown maintenance pruning', 'Kronenpflege', 'Taille d''entretien', 'pruning', true, 2),
			('Detailed investigation', 'Eingehende Untersuchung', 'Examen approfondi', 'investigation', true, 1),
			('Felling', 'Fällung', 'Abattage', 'felling', true, 3),
			('Watering', 'Wässern', 'Arrosage', 'planting', false, 2)) AS v
		WHERE NOT EXISTS (SELECT 1 FROM list_entry WHERE list = 'work' AND organisation_id IS NULL)`, res.OrganisationID); err != nil {
		return err
	}
	// One work per role: the seeded entry of that key, else one of the same name, else one of
	// the same safety code.
	if _, err := tx.q.Exec(ctx, `
		CREATE TEMP TABLE demo_work ON COMMIT DROP AS
		SELECT r.role, w.id, w.name_de, w.category, w.security_relevance, w.action_security
		FROM (VALUES ('investigation', 'work.detailed_investigation', 'Eingehende Untersuchung', 1),
		             ('felling', 'work.felling', 'Fällung', 3),
		             ('deadwood', 'work.deadwood_removal', 'Totholzentfernung', 2),
		             ('crown', 'work.crown_maintenance', 'Kronenpflege', 2),
		             ('lifting', 'work.crown_lifting', 'Lichtraumprofilschnitt', 2),
		             ('watering', 'work.watering', 'Wässern', 2)) AS r(role, key, name_de, security)
		CROSS JOIN LATERAL (
			SELECT e.* FROM list_entry e
			WHERE e.list = 'work' AND (e.organisation_id IS NULL OR e.organisation_id = $1)
			ORDER BY e.key IS NOT DISTINCT FROM r.key DESC, lower(e.name_de) = lower(r.name_de) DESC,
			         e.action_security = r.security DESC, e.organisation_id NULLS FIRST, e.name_de
			LIMIT 1) w`, res.OrganisationID); err != nil {
		return err
	}
	_, err := tx.q.Exec(ctx, fmt.Sprintf(`
		INSERT INTO tree_action (organisation_id, project_id, tree_id, work_id, action, category, security_relevance,
			code_action_security, deadline, execute_timestamp, execute_note, execute_username, execute_alias, comment)
		SELECT t.organisation_id, t.project_id, t.id, w.id, w.name_de, w.category, w.security_relevance, w.action_security,
		       current_date - 60 + (h %% 331)::int,
		       CASE WHEN h / 331 %% 5 = 0 THEN now() - make_interval(days => 1 + (h / 1655 %% 45)::int) END,
		       CASE WHEN h / 331 %% 5 = 0 THEN (ARRAY['Erledigt', 'Ausgeführt, Schnittgut abgefahren', 'Erledigt, Baumscheibe gesäubert',
		                                             'Ausgeführt mit Hubsteiger'])[1 + (h / 7 %% 4)] ELSE '' END,
		       CASE WHEN h / 331 %% 5 = 0 THEN (arbor_actor()).username ELSE '' END,
		       CASE WHEN h / 331 %% 5 = 0 THEN (arbor_actor()).alias ELSE '' END,
		       CASE w.role WHEN 'felling' THEN 'Standsicherheit nicht mehr gegeben'
		                   WHEN 'investigation' THEN 'Bohrwiderstandsmessung am Stammfuß'
		                   WHEN 'deadwood' THEN 'Totholz ab 5 cm über Verkehrsflächen' ELSE '' END
		FROM demo_register r
		JOIN tree t ON t.organisation_id = $1 AND t.id = r.id
		CROSS JOIN LATERAL (SELECT %s AS h) hh
		CROSS JOIN LATERAL (SELECT CASE
			WHEN t.damage_tree = 3 AND r.n %% 4 = 0 THEN CASE WHEN h %% 3 = 0 THEN 'felling' ELSE 'investigation' END
			WHEN t.damage_tree = 2 AND r.n %% 5 = 0 THEN CASE WHEN h %% 2 = 0 THEN 'deadwood' ELSE 'crown' END
			WHEN t.check_timestamp IS NULL AND r.n %% 97 = 0 THEN CASE WHEN t.single_tree AND h %% 2 = 0 THEN 'watering' ELSE 'lifting' END
			END AS role) pick
		JOIN demo_work w ON w.role = pick.role
		ORDER BY r.n`, demoHash), res.OrganisationID)
	return err
}

func (tx *Tx) demoCounts(ctx context.Context, res *DemoResult) error {
	return tx.q.QueryRow(ctx, `SELECT count(*) FILTER (WHERE single_tree), count(*) FILTER (WHERE NOT single_tree),
		(SELECT count(*) FROM tree_check WHERE organisation_id = $1 AND project_id = $2),
		(SELECT count(*) FROM tree_action WHERE organisation_id = $1 AND project_id = $2)
		FROM tree WHERE organisation_id = $1 AND project_id = $2`, res.OrganisationID, res.ProjectID).
		Scan(&res.Trees, &res.Groups, &res.Checks, &res.Works)
}
