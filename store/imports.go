package store

import (
	"arbor/fields"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"time"

	"arbor"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// ImportRow is one row of a file made fit for a tree or group: its checked field values, the
// species as the file names it, and its place in the file's reference system.
type ImportRow struct {
	Line          int
	Values        fields.Values
	Species       string
	SpeciesCommon string
	ExternalID    string
	X, Y          *float64
	WKT           string
	WKB           []byte
}

// How an import finds the objects a row updates (ImportPlan.Match): by the object's number, or
// by its id in the system the file came from (the column mapped to external_id). Without a
// match mode every row is a new object.
const (
	MatchNumber     = "number"
	MatchExternalID = "external_id"
)

// ImportPlan says how a file becomes trees and groups.
type ImportPlan struct {
	FileName string
	Format   string
	SRID     int
	Mapping  json.RawMessage
	// Columns are the file's column names, kept with the mapping so that the next file with the
	// same columns is read the same way.
	Columns []string
	// SpeciesMap says what a name of the file no list knows is: a species list entry's id, or
	// SpeciesNone for no species.
	SpeciesMap map[string]string
	// NextFreeNumbers gives rows whose number is taken (in a project of unique numbers) the next
	// free ones instead of reporting them.
	NextFreeNumbers bool
	// AddSpecies adds the names no list knows to the organisation's species list.
	AddSpecies bool
	// Match makes rows that find an object (MatchNumber, MatchExternalID) update it instead of
	// making a new one; empty: every row is a new object.
	Match string
	// DryRun reads, checks and counts, and writes nothing.
	DryRun bool
	// Rejected, when set, tells after the reading whether the reader held rows back for
	// problems of their cells: then nothing is written either.
	Rejected func() bool
	// Progress, when set, hears how far the import has got: its step ("read", "check",
	// "write") and, while reading, the rows read so far. Called from within the transaction.
	Progress func(step string, rows int)
	// Timing, when set, hears how long each step of the import took (`arbor bench import`).
	Timing func(step string, took time.Duration)
}

// ImportProblem is what is wrong with one row: the field (or "geom", "species") and a message key.
type ImportProblem struct {
	Line  int    `json:"line"`
	Field string `json:"field,omitempty"`
	Key   string `json:"key"`
	Value string `json:"value,omitempty"`
}

// ImportSpecies is a name of the file no species list knows, how many rows give it, and the
// list's closest species to choose from.
type ImportSpecies struct {
	Name        string              `json:"name"`
	Rows        int                 `json:"rows"`
	Suggestions []SpeciesSuggestion `json:"suggestions"`
}

// SpeciesSuggestion is a species of the lists close to a name of the file.
type SpeciesSuggestion struct {
	ID        string `json:"id"`
	Botanical string `json:"botanical"`
	NameEN    string `json:"name_en"`
	NameDE    string `json:"name_de"`
	NameFR    string `json:"name_fr"`
}

// SpeciesNone in ImportPlan.SpeciesMap imports a name's rows without a species ("unbekannt").
const SpeciesNone = "none"

// suggestedNames is how many unknown names get suggestions: the wizard shows the most frequent.
const suggestedNames = 100

// ImportResult is what an import did, or would do (a dry run).
type ImportResult struct {
	ID             string          `json:"id,omitempty"`
	Rows           int             `json:"rows"`
	Trees          int             `json:"trees"`      // new trees
	Groups         int             `json:"groups"`     // new groups
	Updated        int             `json:"updated"`    // objects a row matched and changes
	Unchanged      int             `json:"unchanged"`  // objects a row matched whose values it already has
	Numbered       int             `json:"numbered"`   // rows without a number, numbered on
	Renumbered     int             `json:"renumbered"` // rows whose number was taken, moved on
	Problems       []ImportProblem `json:"problems"`
	UnknownSpecies []ImportSpecies `json:"unknown_species"`
	AddedSpecies   int             `json:"added_species"`
	Sample         json.RawMessage `json:"sample"` // GeoJSON of the first objects, for the map
	Written        bool            `json:"written"`
}

// MaxImportRows is the most rows one import takes; beyond it the file is refused whole.
const MaxImportRows = 2_000_000

// maxProblems is how many problems an import reports; a file with more is wrong throughout
// and the first ones tell the person what.
const maxProblems = 1000

// Import makes trees and groups of a file's rows in the caller's transaction, all or nothing:
// the rows go into a staging table by COPY (a stream, never all in memory), their places are
// reprojected, their species matched and numbers checked by set-based SQL, and only a file
// without problems is written. A dry run checks and counts and writes nothing.
func (tx *Tx) Import(ctx context.Context, sc Content, who Actor, plan ImportPlan, next func() (*ImportRow, error)) (*ImportResult, error) {
	if plan.SRID <= 0 {
		return nil, arbor.Invalid(map[string]string{"srid": "field.required"})
	}
	switch plan.Match {
	case "", MatchNumber, MatchExternalID:
	default:
		return nil, arbor.Invalid(map[string]string{"match": "import.match"})
	}
	updating := plan.Match != ""
	progress := func(step string, rows int) {
		if plan.Progress != nil {
			plan.Progress(step, rows)
		}
	}
	// One import is one transaction of up to a million rows: its statements outlast the
	// pool's 30 s for a request, as a big archive's do; bounded all the same.
	if _, err := tx.q.Exec(ctx, `SET LOCAL statement_timeout = '15min'`); err != nil {
		return nil, err
	}
	var known bool
	if err := tx.q.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM spatial_ref_sys WHERE srid = $1)`, plan.SRID).Scan(&known); err != nil {
		return nil, err
	}
	if !known {
		return nil, arbor.Invalid(map[string]string{"srid": "import.unknown_srid"})
	}
	p, err := tx.contentSettings(ctx, sc, true)
	if err != nil {
		return nil, err
	}
	res := &ImportResult{Problems: []ImportProblem{}, UnknownSpecies: []ImportSpecies{}}
	problem := func(pr ImportProblem) {
		if len(res.Problems) < maxProblems {
			res.Problems = append(res.Problems, pr)
		}
	}
	// Sorts and hashes over a million rows (the species' names, the numbers taken twice) in
	// memory rather than in files: the import is one transaction of one person at a time.
	if _, err := tx.q.Exec(ctx, `SET LOCAL work_mem = '64MB'`); err != nil {
		return nil, err
	}
	lap := importLaps(plan.Timing)
	// The rows as read (import_raw); the checks make of them import_row in one pass.
	// given: in an import that updates, the fields the row itself sets (an update changes only
	// those); missing: the project's required fields it lacks, a problem only for a new object.
	if _, err := tx.q.Exec(ctx, `CREATE TEMP TABLE import_raw (line int NOT NULL, vals jsonb NOT NULL, species text NOT NULL,
		species_common text NOT NULL, x float8, y float8, wkt text NOT NULL, wkb bytea, external_id text NOT NULL,
		given text[], missing text[]) ON COMMIT DROP`); err != nil {
		return nil, err
	}
	progress("read", 0)
	valued := map[string]bool{} // the fields any row gives a value
	var readErr error
	copied, err := tx.tx.CopyFrom(ctx, pgx.Identifier{"import_raw"},
		[]string{"line", "vals", "species", "species_common", "x", "y", "wkt", "wkb", "external_id", "given", "missing"},
		pgx.CopyFromFunc(func() ([]any, error) {
			for {
				row, err := next()
				if errors.Is(err, io.EOF) {
					return nil, nil
				}
				if err != nil {
					readErr = err
					return nil, err
				}
				if res.Rows++; res.Rows > MaxImportRows {
					readErr = arbor.Errorf(arbor.ETOOLARGE, "import.too_many_rows", map[string]any{"max": arbor.Count(MaxImportRows)})
					return nil, readErr
				}
				if res.Rows%importProgressRows == 0 {
					progress("read", res.Rows)
				}
				var given, missing []string
				if updating {
					given = make([]string, 0, len(row.Values))
					for name := range row.Values {
						given = append(given, name)
					}
				}
				values := fields.Values{}
				for name, v := range p.defaults {
					values[name] = v
				}
				for name, v := range row.Values {
					values[name] = v
				}
				for _, name := range p.required {
					if _, ok := fields.Named(name); ok && name != "number" && fields.Empty(values[name]) {
						missing = append(missing, name)
					}
				}
				if len(missing) > 0 && !updating {
					for _, name := range missing {
						problem(ImportProblem{Line: row.Line, Field: name, Key: "field.required"})
					}
					continue
				}
				// In an import that updates, a problem only if the row makes a new object: told
				// after matching.
				for name := range values {
					valued[name] = true
				}
				vals, err := json.Marshal(values)
				if err != nil {
					return nil, err
				}
				return []any{row.Line, vals, row.Species, row.SpeciesCommon, row.X, row.Y, row.WKT, row.WKB, row.ExternalID, given, missing}, nil
			}
		}))
	if readErr != nil {
		return nil, readErr
	}
	if err != nil {
		return nil, err
	}
	if res.Rows == 0 {
		return nil, arbor.Errorf(arbor.EINVALID, "import.no_rows", nil)
	}
	_ = copied
	lap("read")
	progress("check", res.Rows)

	// Species: each name of the file matched once.
	if err := tx.importSpecies(ctx, sc, plan, res); err != nil {
		return nil, err
	}
	lap("species")
	if err := tx.importPlaces(ctx, plan.SRID); err != nil {
		return nil, err
	}
	if _, err := tx.q.Exec(ctx, `DROP TABLE import_raw`); err != nil {
		return nil, err
	}
	// Temporary tables are never analysed by themselves: without figures the planner guesses.
	if _, err := tx.q.Exec(ctx, `ANALYZE import_row`); err != nil {
		return nil, err
	}
	lap("places")
	if updating {
		if err := tx.importMatch(ctx, sc, plan.Match, problem); err != nil {
			return nil, err
		}
	}
	// A row that updates an object may leave its place as it is.
	rows, err := tx.q.Query(ctx, `
		SELECT line, bad, coalesce(nullif(wkt, ''), CASE WHEN x IS NOT NULL THEN x::text || ' ' || y::text END, '')
		FROM import_row
		WHERE bad IS NOT NULL AND NOT (found AND wkb IS NULL AND wkt = '' AND (x IS NULL OR y IS NULL))
		ORDER BY line LIMIT $1`, maxProblems)
	if err != nil {
		return nil, err
	}
	for rows.Next() {
		var pr ImportProblem
		if err := rows.Scan(&pr.Line, &pr.Key, &pr.Value); err != nil {
			rows.Close()
			return nil, err
		}
		pr.Field = "geom"
		problem(pr)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if updating {
		// The required fields a row that makes a new object lacks.
		rows, err := tx.q.Query(ctx, `SELECT line, unnest(missing) FROM import_row WHERE tree_id IS NULL AND missing IS NOT NULL
			ORDER BY line LIMIT $1`, maxProblems)
		if err != nil {
			return nil, err
		}
		for rows.Next() {
			pr := ImportProblem{Key: "field.required"}
			if err := rows.Scan(&pr.Line, &pr.Field); err != nil {
				rows.Close()
				return nil, err
			}
			problem(pr)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, err
		}
	}

	lap("problems")
	if err := tx.importNumbers(ctx, sc, p.uniqueNumber, plan, res, problem); err != nil {
		return nil, err
	}
	lap("numbers")
	var set []importSet
	if updating {
		if set, err = tx.importChanges(ctx, res); err != nil {
			return nil, err
		}
	}

	if err := tx.q.QueryRow(ctx, `SELECT count(*) FILTER (WHERE tree_id IS NULL AND point),
		count(*) FILTER (WHERE tree_id IS NULL AND kind IN ('POLYGON', 'MULTIPOLYGON')),
		coalesce((SELECT json_build_object('type', 'FeatureCollection', 'features', coalesce(json_agg(json_build_object(
			'type', 'Feature', 'geometry', ST_AsGeoJSON(s.geom, 7)::json,
			'properties', json_build_object('line', s.line, 'number', s.number)) ORDER BY s.line), '[]'))
			FROM (SELECT line, number, geom FROM import_row WHERE geom IS NOT NULL ORDER BY line LIMIT 500) s), '{}')
		FROM import_row`).Scan(&res.Trees, &res.Groups, &res.Sample); err != nil {
		return nil, err
	}
	lap("counts")
	sort.SliceStable(res.Problems, func(i, j int) bool { return res.Problems[i].Line < res.Problems[j].Line })
	if plan.DryRun || plan.Rejected != nil && plan.Rejected() || len(res.Problems) > 0 || len(res.UnknownSpecies) > 0 && !plan.AddSpecies {
		return res, nil
	}
	progress("write", res.Rows)
	if err := tx.writeImport(ctx, sc, who, plan, set, valued, res); err != nil {
		return nil, err
	}
	lap("write")
	return res, nil
}

// One pass makes each row's place (reprojected), what is wrong with it (bad: not a point or
// a valid area), its number and its species; the rows as read are dropped. The checks below
// read this table and change only the rows they concern. (OFFSET 0 keeps the planner from
// pulling the subqueries up, which would reproject a row once for each use of its place.)
//
// The places are made first by arbor_import_geometry_strict, which fails on a place PostGIS
// cannot read instead of catching the error row by row (a subtransaction for each of a million
// rows: half the time of this step); only a file where it fails is read again, within a
// savepoint, by arbor_import_geometry, which makes such a place NULL and so a reported problem.
func (tx *Tx) importPlaces(ctx context.Context, srid int) error {
	places := func(geometry string) error {
		_, err := tx.q.Exec(ctx, `CREATE TEMP TABLE import_row ON COMMIT DROP AS
		SELECT r.*, g.geom, g.kind, g.point, CASE
			WHEN g.geom IS NULL AND r.wkb IS NULL AND r.wkt = '' AND (r.x IS NULL OR r.y IS NULL) THEN 'import.no_place'
			WHEN g.geom IS NULL THEN 'import.bad_place'
			WHEN g.kind NOT IN ('POINT', 'POLYGON', 'MULTIPOLYGON') THEN 'import.geometry_type'
			WHEN NOT g.point AND NOT ST_IsValid(g.geom) THEN 'import.invalid_area'
			WHEN ST_XMin(g.geom) < -180 OR ST_XMax(g.geom) > 180 OR ST_YMin(g.geom) < -85 OR ST_YMax(g.geom) > 85 THEN 'import.outside'
			END AS bad,
			(r.vals->>'number')::int AS number, s.species_id, false AS renumber, NULL::uuid AS tree_id,
			false AS changed, false AS moved, false AS found
		FROM import_raw r
		CROSS JOIN LATERAL (SELECT a.geom, GeometryType(a.geom) AS kind, GeometryType(a.geom) = 'POINT' AS point
			FROM (SELECT `+geometry+`(r.wkb, r.wkt, r.x, r.y, $1) AS geom OFFSET 0) a OFFSET 0) g
		LEFT JOIN import_species s ON s.species = r.species AND s.species_common = r.species_common`, srid)
		return err
	}
	if _, err := tx.q.Exec(ctx, `SAVEPOINT import_places`); err != nil {
		return err
	}
	err := places("arbor_import_geometry_strict")
	var pe *pgconn.PgError
	if errors.As(err, &pe) && pe.Code != "57014" { // not when cancelled or timed out
		if _, err := tx.q.Exec(ctx, `ROLLBACK TO SAVEPOINT import_places`); err != nil {
			return err
		}
		err = places("arbor_import_geometry")
	}
	if err != nil {
		return err
	}
	_, err = tx.q.Exec(ctx, `RELEASE SAVEPOINT import_places`)
	return err
}

// importLaps answers a function that tells timing (when set) how long each step took since
// the last: `arbor bench import` prints them.
func importLaps(timing func(step string, took time.Duration)) func(step string) {
	last := time.Now()
	return func(step string) {
		if timing != nil {
			now := time.Now()
			timing(step, now.Sub(last))
			last = now
		}
	}
}

// importProgressRows is how often reading tells its progress: about a tenth of a second's rows.
const importProgressRows = 20_000

// importMatch finds the object each row updates: the project's object with the row's number or
// external id. A row that finds several (numbers need not be unique) or an object an earlier row
// of the file found already is a problem: which values should win is not for Arbor to guess.
// So is a point that finds a group or an area that finds a tree.
func (tx *Tx) importMatch(ctx context.Context, sc Content, match string, problem func(ImportProblem)) error {
	key, field, cond := `r.number`, "number", `t.number = r.number`
	if match == MatchExternalID {
		key, field, cond = `r.external_id`, "external_id", `r.external_id <> '' AND t.external_id = r.external_id`
	}
	rows, err := tx.q.Query(ctx, `
		WITH found AS (
			SELECT r.line, `+key+`::text AS key, count(*) AS n, min(t.id::text)::uuid AS id, bool_and(t.single_tree) AS single
			FROM import_row r JOIN tree t ON t.organisation_id = $1 AND t.project_id = $2 AND `+cond+`
			GROUP BY r.line, `+key+`
		), matched AS (
			UPDATE import_row r SET found = true, tree_id = CASE WHEN f.n = 1
			    AND (r.geom IS NULL OR (GeometryType(r.geom) = 'POINT') = f.single) THEN f.id END
			FROM found f WHERE f.line = r.line
			RETURNING r.line
		), twice AS (
			SELECT line, key FROM (SELECT line, key, row_number() OVER (PARTITION BY id ORDER BY line) AS nth FROM found WHERE n = 1) d
			WHERE nth > 1
		)
		SELECT line, 'import.match_many', key FROM found WHERE n > 1
		UNION ALL
		SELECT f.line, 'import.match_kind', f.key FROM found f JOIN import_row r USING (line)
		WHERE f.n = 1 AND r.geom IS NOT NULL AND (GeometryType(r.geom) = 'POINT') <> f.single
		UNION ALL
		SELECT line, 'import.match_twice', key FROM twice
		ORDER BY 1 LIMIT $3`, sc.OrganisationID, sc.ProjectID, maxProblems)
	if err != nil {
		return err
	}
	for rows.Next() {
		pr := ImportProblem{Field: field}
		if err := rows.Scan(&pr.Line, &pr.Key, &pr.Value); err != nil {
			rows.Close()
			return err
		}
		problem(pr)
	}
	rows.Close()
	return rows.Err()
}

// importSet is a column an updating import sets: its value from the row where the row gives
// it (the expression reads the row r, its values v and the object t), else the object's own.
type importSet struct{ column, value string }

// importChanges works out what the matched rows change: the columns the file gives, and for
// each row whether anything differs from its object (a place moved by less than about a
// centimetre is not a change: a reprojection of last year's file must not move every tree).
// Counts the objects updated and those left as they are.
func (tx *Tx) importChanges(ctx context.Context, res *ImportResult) ([]importSet, error) {
	var given []string
	var species bool
	if err := tx.q.QueryRow(ctx, `SELECT coalesce((SELECT array_agg(DISTINCT k) FROM import_row, unnest(given) k WHERE tree_id IS NOT NULL), '{}'),
		EXISTS (SELECT 1 FROM import_row WHERE tree_id IS NOT NULL AND (species <> '' OR species_common <> ''))`).Scan(&given, &species); err != nil {
		return nil, err
	}
	isGiven := map[string]bool{}
	for _, g := range given {
		isGiven[g] = true
	}
	var set []importSet
	for _, f := range fields.Table {
		if f.Name == "number" || f.Kind == fields.Species || !isGiven[f.Name] {
			continue
		}
		set = append(set, importSet{f.Column, fmt.Sprintf(`CASE WHEN %s = ANY(r.given) THEN (v).%s ELSE t.%[2]s END`, quoteLiteral(f.Name), f.Column)})
	}
	if species {
		set = append(set, importSet{"species_id", `CASE WHEN r.species <> '' OR r.species_common <> '' THEN r.species_id ELSE t.species_id END`})
	}
	set = append(set, importSet{"external_id", `CASE WHEN r.external_id <> '' THEN r.external_id ELSE t.external_id END`})
	differs := []string{`r.moved`}
	for _, c := range set {
		differs = append(differs, fmt.Sprintf(`t.%s IS DISTINCT FROM %s`, c.column, c.value))
	}
	if _, err := tx.q.Exec(ctx, `UPDATE import_row r SET moved = m.moved, changed = m.changed FROM (
			SELECT r.line, x.moved, `+strings.Join(differs, " OR ")+` AS changed
			FROM import_row r JOIN tree t ON t.id = r.tree_id
			CROSS JOIN LATERAL jsonb_populate_record(NULL::tree, r.vals - 'number' - 'species') AS v
			CROSS JOIN LATERAL (SELECT r.geom IS NOT NULL AND ST_HausdorffDistance(t.geom, r.geom) > 1e-7 AS moved) x) m
		WHERE m.line = r.line`); err != nil {
		return nil, err
	}
	if err := tx.q.QueryRow(ctx, `SELECT count(*) FILTER (WHERE changed), count(*) FILTER (WHERE NOT changed)
		FROM import_row WHERE tree_id IS NOT NULL`).Scan(&res.Updated, &res.Unchanged); err != nil {
		return nil, err
	}
	return set, nil
}

// quoteLiteral quotes a name of the fields catalogue as an SQL string; the names are the
// catalogue's own (letters, digits, underscores), never a person's input.
func quoteLiteral(s string) string { return "'" + strings.ReplaceAll(s, "'", "''") + "'" }

// importSpecies matches each name of the file once: by its botanical part (before a comma:
// "Alnus glutinosa, Schwarz-Erle"), letters and digits only and without regard to case, then by
// a common name in any language; a list entry of the organisation before a global one.
func (tx *Tx) importSpecies(ctx context.Context, sc Content, plan ImportPlan, res *ImportResult) error {
	key := func(col string) string { return fmt.Sprintf(`lower(regexp_replace(%s, '[^[:alnum:]]', '', 'g'))`, col) }
	if _, err := tx.q.Exec(ctx, `CREATE TEMP TABLE import_species ON COMMIT DROP AS
		SELECT species, species_common, trim(split_part(species, ',', 1)) AS botanical,
		       `+key(`split_part(species, ',', 1)`)+` AS key, count(*)::int AS rows, NULL::uuid AS species_id,
		       false AS resolved
		FROM import_raw WHERE species <> '' OR species_common <> '' GROUP BY species, species_common`); err != nil {
		return err
	}
	if _, err := tx.q.Exec(ctx, `
		UPDATE import_species i SET species_id = (
			SELECT e.id FROM list_entry e
			WHERE e.list = 'species' AND (e.organisation_id IS NULL OR e.organisation_id = $1)
			  AND ((i.key <> '' AND `+key("e.botanical")+` = i.key)
			    OR lower(e.name_de) IN (lower(i.species), lower(i.species_common))
			    OR lower(e.name_en) IN (lower(i.species), lower(i.species_common))
			    OR lower(e.name_fr) IN (lower(i.species), lower(i.species_common)))
			ORDER BY (`+key("e.botanical")+` = i.key) DESC, e.organisation_id IS NULL, lower(e.botanical) = lower(i.botanical) DESC, e.botanical
			LIMIT 1)`, sc.OrganisationID); err != nil {
		return err
	}
	// The person's choices for names no list knows: a species of the organisation's or the
	// global lists (another organisation's id matches nothing and the name stays unknown), or none.
	if len(plan.SpeciesMap) > 0 {
		if _, err := tx.q.Exec(ctx, `
			UPDATE import_species i SET resolved = m.value = $3,
			       species_id = (SELECT e.id FROM list_entry e WHERE m.value <> $3 AND e.id::text = m.value
			                     AND e.list = 'species' AND (e.organisation_id IS NULL OR e.organisation_id = $1))
			FROM jsonb_each_text($2) m
			WHERE i.species_id IS NULL AND m.key = coalesce(nullif(i.botanical, ''), i.species_common)`,
			sc.OrganisationID, plan.SpeciesMap, SpeciesNone); err != nil {
			return err
		}
	}
	// Each unknown name with the three closest species by trigram similarity of the botanical
	// or a common name: "Acer platanoids" finds Acer platanoides, "Spitzahorn" Spitz-Ahorn.
	rows, err := tx.q.Query(ctx, `
		SELECT u.name, u.rows, coalesce(s.list, '[]')
		FROM (SELECT name, rows, row_number() OVER (ORDER BY rows DESC, name) AS rn
		      FROM (SELECT coalesce(nullif(botanical, ''), species_common) AS name, sum(rows)::int AS rows
		            FROM import_species WHERE species_id IS NULL AND NOT resolved GROUP BY 1) g) u
		LEFT JOIN LATERAL (
			SELECT json_agg(json_build_object('id', c.id, 'botanical', c.botanical, 'name_en', c.name_en,
			                'name_de', c.name_de, 'name_fr', c.name_fr) ORDER BY c.sim DESC, c.botanical) AS list
			FROM (SELECT e.*, greatest(similarity(lower(e.botanical), lower(u.name)), similarity(lower(e.name_de), lower(u.name)),
			                           similarity(lower(e.name_en), lower(u.name))) AS sim
			      FROM list_entry e
			      WHERE e.list = 'species' AND (e.organisation_id IS NULL OR e.organisation_id = $1)
			      ORDER BY sim DESC LIMIT 3) c
			WHERE c.sim >= 0.3 AND u.rn <= $2) s ON true
		ORDER BY u.rows DESC, u.name`, sc.OrganisationID, suggestedNames)
	if err != nil {
		return err
	}
	for rows.Next() {
		var s ImportSpecies
		if err := rows.Scan(&s.Name, &s.Rows, &s.Suggestions); err != nil {
			rows.Close()
			return err
		}
		res.UnknownSpecies = append(res.UnknownSpecies, s)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	if len(res.UnknownSpecies) > 0 && plan.AddSpecies && !plan.DryRun {
		tag, err := tx.q.Exec(ctx, `
			WITH own AS (
				INSERT INTO list_entry (organisation_id, list, botanical, name_en, name_de, name_fr)
				SELECT DISTINCT ON (key) $1::uuid, 'species', b, b, coalesce(nullif(species_common, ''), b), b
				FROM (SELECT *, coalesce(nullif(botanical, ''), species_common) AS b FROM import_species WHERE species_id IS NULL AND NOT resolved) u
				WHERE b <> '' ORDER BY key, b
				RETURNING id, botanical)
			UPDATE import_species i SET species_id = own.id FROM own
			WHERE i.species_id IS NULL AND lower(coalesce(nullif(i.botanical, ''), i.species_common)) = lower(own.botanical)`, sc.OrganisationID)
		if err != nil {
			return err
		}
		res.AddedSpecies = int(tag.RowsAffected())
	}
	return nil
}

// importNumbers numbers the rows without a number after the project's highest, in the file's
// order, and in a project of unique numbers finds the numbers that are taken (by an object of
// the project or an earlier row of the file): reported, or moved to the next free ones.
func (tx *Tx) importNumbers(ctx context.Context, sc Content, unique bool, plan ImportPlan, res *ImportResult, problem func(ImportProblem)) error {
	// Serialise numbering within the project, as a single save does.
	if _, err := tx.q.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtext($1))`, "tree-number:"+sc.ProjectID); err != nil {
		return err
	}
	// A row that updates an object leaves its number as it is (matched by number, it is the
	// key; by external id, the object's number in Arbor stays: people know their trees by it).
	if unique {
		if _, err := tx.q.Exec(ctx, `
			UPDATE import_row r SET renumber = true FROM (
				SELECT line, row_number() OVER (PARTITION BY number ORDER BY line) AS nth FROM import_row
				WHERE number IS NOT NULL AND tree_id IS NULL) d
			WHERE d.line = r.line AND (d.nth > 1 OR EXISTS (
				SELECT 1 FROM tree t WHERE t.organisation_id = $1 AND t.project_id = $2 AND t.number = r.number))`,
			sc.OrganisationID, sc.ProjectID); err != nil {
			return err
		}
		if !plan.NextFreeNumbers {
			rows, err := tx.q.Query(ctx, `SELECT line, number::text FROM import_row WHERE renumber ORDER BY line LIMIT $1`, maxProblems)
			if err != nil {
				return err
			}
			for rows.Next() {
				pr := ImportProblem{Field: "number", Key: "import.number_taken"}
				if err := rows.Scan(&pr.Line, &pr.Value); err != nil {
					rows.Close()
					return err
				}
				problem(pr)
			}
			rows.Close()
			if err := rows.Err(); err != nil {
				return err
			}
		}
	}
	tag, err := tx.q.Exec(ctx, `
		UPDATE import_row r SET number = n.next FROM (
			SELECT line, greatest(arbor_next_number($1), (SELECT coalesce(max(number), 0) + 1 FROM import_row WHERE tree_id IS NULL)) - 1
			       + row_number() OVER (ORDER BY line) AS next
			FROM import_row WHERE tree_id IS NULL AND (number IS NULL OR (renumber AND $2))) n
		WHERE n.line = r.line`, sc.ProjectID, plan.NextFreeNumbers)
	if err != nil {
		return err
	}
	var renumbered int
	if err := tx.q.QueryRow(ctx, `SELECT count(*) FILTER (WHERE renumber) FROM import_row`).Scan(&renumbered); err != nil {
		return err
	}
	if plan.NextFreeNumbers {
		res.Renumbered = renumbered
	}
	res.Numbered = int(tag.RowsAffected()) - res.Renumbered
	return nil
}

// writeImport records the import and makes its trees and groups in one statement; the
// triggers count and record them as any other new object. The INSERT stamps its trees with the
// person itself, so that tree_stamp_insert need not run for each (groups still take it, for
// their area). An import that updates keeps what it changes of each object as it was
// (tree_import_update) and then changes the objects in one statement, the history naming the
// import. valued names the fields any row gives.
func (tx *Tx) writeImport(ctx context.Context, sc Content, who Actor, plan ImportPlan, set []importSet, valued map[string]bool, res *ImportResult) error {
	if err := tx.setActor(ctx, who); err != nil {
		return err
	}
	mapping := plan.Mapping
	if len(mapping) == 0 {
		mapping = json.RawMessage(`[]`)
	}
	columns := plan.Columns
	if columns == nil {
		columns = []string{}
	}
	if err := tx.q.QueryRow(ctx, `INSERT INTO tree_import (organisation_id, project_id, file_name, format, srid, mapping, user_id, columns, match)
		VALUES ($1, $2, $3, $4, $5, $6, nullif($7, '')::uuid, $8, $9) RETURNING id`,
		sc.OrganisationID, sc.ProjectID, plan.FileName, plan.Format, plan.SRID, mapping, who.UserID, columns, plan.Match).Scan(&res.ID); err != nil {
		return err
	}
	cols, exprs, given, err := tx.importColumns(ctx, valued)
	if err != nil {
		return err
	}
	// Only the fields the file gives are read out of each row's JSON, each as its column's type
	// (jsonb_to_record converts as jsonb_populate_record does; a whole tree record per row cost
	// several times as much). The rows are sorted by line before the fields are read, so the sort
	// that keeps the file's order carries the narrow staged row, not the wide new one.
	values := ""
	if len(given) > 0 {
		values = "CROSS JOIN LATERAL jsonb_to_record(r.vals) AS v(" + strings.Join(given, ", ") + ")"
	}
	_, err = tx.q.Exec(ctx, `
		INSERT INTO tree (organisation_id, project_id, import_id, single_tree, geom, number, species_id, external_id,
		                  create_username, create_alias, object_username, object_alias, `+strings.Join(cols, ", ")+`)
		SELECT $1, $2, $3, r.point, r.geom, r.number, r.species_id, r.external_id,
		       who.username, who.alias, who.username, who.alias, `+strings.Join(exprs, ", ")+`
		FROM arbor_actor() who, (SELECT line, point, geom, number, species_id, external_id, vals FROM import_row
		      WHERE tree_id IS NULL ORDER BY line) r `+values+`
		ORDER BY r.line`, sc.OrganisationID, sc.ProjectID, res.ID)
	if err != nil {
		return PackageFull(err)
	}
	if res.Updated > 0 {
		before, assign := []string{}, []string{}
		for _, c := range set {
			before = append(before, fmt.Sprintf(`'%[1]s', t.%[1]s`, c.column))
			assign = append(assign, c.column+" = "+c.value)
		}
		if _, err := tx.q.Exec(ctx, `
			INSERT INTO tree_import_update (import_id, organisation_id, tree_id, version, before, geom)
			SELECT $1, t.organisation_id, t.id, t.version + 1, jsonb_build_object(`+strings.Join(before, ", ")+`),
			       CASE WHEN r.moved THEN t.geom END
			FROM import_row r JOIN tree t ON t.id = r.tree_id WHERE r.changed`, res.ID); err != nil {
			return err
		}
		if _, err := tx.q.Exec(ctx, `SELECT set_config('arbor.import_id', $1, true)`, res.ID); err != nil {
			return err
		}
		if _, err := tx.q.Exec(ctx, `
			UPDATE tree t SET `+strings.Join(assign, ", ")+`, geom = CASE WHEN r.moved THEN r.geom ELSE t.geom END, version = t.version + 1
			FROM import_row r CROSS JOIN LATERAL jsonb_populate_record(NULL::tree, r.vals - 'number' - 'species') AS v
			WHERE t.id = r.tree_id AND r.changed AND t.organisation_id = $1 AND t.project_id = $2`, sc.OrganisationID, sc.ProjectID); err != nil {
			return PackageFull(err) // groups redrawn bigger than the package holds
		}
		if _, err := tx.q.Exec(ctx, `SELECT set_config('arbor.import_id', '', true)`); err != nil {
			return err
		}
	}
	if _, err := tx.q.Exec(ctx, `UPDATE tree_import SET trees = $2, groups = $3, updated = $4 WHERE id = $1`,
		res.ID, res.Trees, res.Groups, res.Updated); err != nil {
		return err
	}
	res.Written = true
	return nil
}

// importColumns answers the tree columns a new object of an import fills from its row, each
// one's value (a field no row gives is its empty value, typed) and, for the fields rows give,
// the column definitions to read them from the row's JSON with.
func (tx *Tx) importColumns(ctx context.Context, valued map[string]bool) (cols, exprs, given []string, err error) {
	var names []string
	for _, f := range fields.Table {
		if f.Name != "number" && f.Kind != fields.Species {
			names = append(names, f.Column)
		}
	}
	rows, err := tx.q.Query(ctx, `SELECT attname, format_type(atttypid, atttypmod) FROM pg_attribute
		WHERE attrelid = 'tree'::regclass AND attname = ANY($1) AND NOT attisdropped`, names)
	columnTypes, err := collect(rows, err, func(r pgx.Row, c *[2]string) error { return r.Scan(&c[0], &c[1]) })
	if err != nil {
		return nil, nil, nil, err
	}
	types := map[string]string{}
	for _, c := range columnTypes {
		types[c[0]] = c[1]
	}
	for _, f := range fields.Table {
		if f.Name == "number" || f.Kind == fields.Species {
			continue
		}
		v := "NULL::" + types[f.Column]
		if valued[f.Name] {
			v = "v." + f.Column
			given = append(given, f.Column+" "+types[f.Column])
		}
		switch {
		case f.Kind == fields.Text:
			v = "coalesce(" + v + ", '')"
		case f.Kind == fields.Texts:
			v = "coalesce(" + v + ", '{}')"
		case f.Name == "tree_count":
			v = "coalesce(" + v + ", 1)"
		case f.Name == "species_count":
			v = "coalesce(" + v + ", 0)"
		}
		cols, exprs = append(cols, f.Column), append(exprs, v)
	}
	return cols, exprs, given, nil
}

// TreeImport is an import as the project's list of imports shows it.
type TreeImport struct {
	ID        string     `json:"id"`
	FileName  string     `json:"file_name"`
	Format    string     `json:"format"`
	SRID      int        `json:"srid"`
	Trees     int        `json:"trees"`
	Groups    int        `json:"groups"`
	Updated   int        `json:"updated"`
	Match     string     `json:"match"`
	UserAlias string     `json:"user_alias"`
	CreatedAt time.Time  `json:"created_at"`
	UndoneAt  *time.Time `json:"undone_at"`
}

// Imports lists the project's imports, newest first.
func (s *Queries) Imports(ctx context.Context, sc Content) ([]TreeImport, error) {
	rows, err := s.q.Query(ctx, `SELECT i.id, i.file_name, i.format, i.srid, i.trees, i.groups, i.updated, i.match,
		coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.email, ''), i.created_at, i.undone_at
		FROM tree_import i LEFT JOIN app_user u ON u.id = i.user_id
		WHERE i.organisation_id = $1 AND i.project_id = $2 ORDER BY i.created_at DESC, i.id`, sc.OrganisationID, sc.ProjectID)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (TreeImport, error) {
		var i TreeImport
		err := r.Scan(&i.ID, &i.FileName, &i.Format, &i.SRID, &i.Trees, &i.Groups, &i.Updated, &i.Match, &i.UserAlias, &i.CreatedAt, &i.UndoneAt)
		return i, err
	})
}

// UndoImport undoes an import as a whole: the objects it made are removed and the values it
// changed of existing objects are put back as they were. Refused (ECONFLICT, nothing changed)
// when that would lose later work: objects it made that were inspected, given works or put into
// a job since; objects it updated that were changed since (their version moved on) or removed;
// or objects of it that a later import, not undone, updated — undo that one first.
func (tx *Tx) UndoImport(ctx context.Context, sc Content, who Actor, id string) (*UndoneImport, error) {
	if !fields.IsUUID(id) {
		return nil, arbor.Errorf(arbor.ENOTFOUND, "error.not_found", nil)
	}
	var undone *time.Time
	var created time.Time
	err := tx.q.QueryRow(ctx, `SELECT undone_at, created_at FROM tree_import WHERE organisation_id = $1 AND project_id = $2 AND id = $3 FOR UPDATE`,
		sc.OrganisationID, sc.ProjectID, id).Scan(&undone, &created)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, arbor.Errorf(arbor.ENOTFOUND, "error.not_found", nil)
	}
	if err != nil {
		return nil, err
	}
	if undone != nil {
		return nil, arbor.Errorf(arbor.ECONFLICT, "import.undone_already", nil)
	}
	if _, err := tx.q.Exec(ctx, `SET LOCAL statement_timeout = '15min'`); err != nil {
		return nil, err
	}
	var used bool
	if err := tx.q.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM tree t WHERE t.import_id = $1 AND (
			EXISTS (SELECT 1 FROM tree_check c WHERE c.tree_id = t.id)
			OR EXISTS (SELECT 1 FROM tree_action a WHERE a.tree_id = t.id)
			OR EXISTS (SELECT 1 FROM job_item j WHERE j.tree_id = t.id)))`, id).Scan(&used); err != nil {
		return nil, err
	}
	if used {
		return nil, arbor.Errorf(arbor.ECONFLICT, "import.undo_used", nil)
	}
	// A later import that updated objects of this one (made or updated by it) is undone first:
	// its snapshot holds this one's values, and putting this one's back under it would mix both.
	var later string
	if err := tx.q.QueryRow(ctx, `SELECT coalesce((SELECT i.file_name FROM tree_import i
		WHERE i.organisation_id = $1 AND i.project_id = $2 AND i.id <> $3 AND i.undone_at IS NULL AND i.created_at >= $4
		  AND EXISTS (SELECT 1 FROM tree_import_update u WHERE u.import_id = i.id AND u.tree_id IN (
		      SELECT t.id FROM tree t WHERE t.import_id = $3 UNION ALL SELECT tree_id FROM tree_import_update WHERE import_id = $3))
		ORDER BY i.created_at DESC LIMIT 1), '')`, sc.OrganisationID, sc.ProjectID, id, created).Scan(&later); err != nil {
		return nil, err
	}
	if later != "" {
		return nil, arbor.Errorf(arbor.ECONFLICT, "import.undo_later", map[string]any{"file": later})
	}
	// Objects it updated that were changed or removed since: putting the old values back would
	// silently undo that later work.
	var changed int
	var numbers []int
	if err := tx.q.QueryRow(ctx, `SELECT count(*), coalesce((array_agg(t.number ORDER BY t.number) FILTER (WHERE t.id IS NOT NULL))[1:5], '{}')
		FROM tree_import_update u LEFT JOIN tree t ON t.id = u.tree_id AND t.organisation_id = u.organisation_id
		WHERE u.import_id = $1 AND (t.id IS NULL OR t.version <> u.version)`, id).Scan(&changed, &numbers); err != nil {
		return nil, err
	}
	if changed > 0 {
		list := make([]string, len(numbers))
		for i, n := range numbers {
			list[i] = strconv.Itoa(n)
		}
		return nil, arbor.Errorf(arbor.ECONFLICT, "import.undo_changed", map[string]any{"count": arbor.Count(changed), "numbers": strings.Join(list, ", ")})
	}
	if err := tx.setActor(ctx, who); err != nil {
		return nil, err
	}
	out := &UndoneImport{}
	// Put back what it changed: each column the snapshot holds, the place where it moved one.
	var assign []string
	for _, f := range fields.Table {
		if f.Name == "number" {
			continue
		}
		assign = append(assign, fmt.Sprintf(`%[1]s = CASE WHEN u.before ? '%[1]s' THEN (b).%[1]s ELSE t.%[1]s END`, f.Column))
	}
	tag, err := tx.q.Exec(ctx, `
		UPDATE tree t SET `+strings.Join(assign, ", ")+`,
		       external_id = CASE WHEN u.before ? 'external_id' THEN (b).external_id ELSE t.external_id END,
		       geom = coalesce(u.geom, t.geom), version = t.version + 1
		FROM tree_import_update u CROSS JOIN LATERAL jsonb_populate_record(NULL::tree, u.before) AS b
		WHERE u.import_id = $3 AND t.id = u.tree_id AND t.organisation_id = $1 AND t.project_id = $2`,
		sc.OrganisationID, sc.ProjectID, id)
	if err != nil {
		return nil, err
	}
	out.Restored = int(tag.RowsAffected())
	// An earlier import's snapshot of an object put back as that import left it follows the
	// object's new version, so the earlier import can be undone next.
	if _, err := tx.q.Exec(ctx, `UPDATE tree_import_update e SET version = t.version
		FROM tree_import_update u JOIN tree t ON t.id = u.tree_id
		WHERE u.import_id = $1 AND e.tree_id = u.tree_id AND e.import_id <> $1 AND e.version = u.version - 1`, id); err != nil {
		return nil, err
	}
	tag, err = tx.q.Exec(ctx, `DELETE FROM tree WHERE organisation_id = $1 AND project_id = $2 AND import_id = $3`,
		sc.OrganisationID, sc.ProjectID, id)
	if err != nil {
		return nil, err
	}
	out.Removed = int(tag.RowsAffected())
	if _, err := tx.q.Exec(ctx, `UPDATE tree_import SET undone_at = now() WHERE id = $1`, id); err != nil {
		return nil, err
	}
	return out, nil
}

// UndoneImport is what undoing an import did.
type UndoneImport struct {
	Removed  int `json:"removed"`  // objects it made, removed
	Restored int `json:"restored"` // objects it updated, their values put back
}

// SavedMapping is how an earlier file with the same columns was read.
type SavedMapping struct {
	FileName  string    `json:"file_name"`
	CreatedAt time.Time `json:"created_at"`
	SRID      int       `json:"srid"`
	// Match is how that import found the objects it updated (MatchNumber, MatchExternalID), or
	// empty: next year's file is matched as this year's was.
	Match   string          `json:"match"`
	Mapping json.RawMessage `json:"-"`
}

// ImportMapping answers the mapping (and the match) of the project's latest import whose file had
// exactly these columns (next year's export of the old system), or nil. An undone import counts too: its
// mapping was right even if its data was not wanted.
func (s *Queries) ImportMapping(ctx context.Context, sc Content, columns []string) (*SavedMapping, error) {
	var m SavedMapping
	err := s.q.QueryRow(ctx, `SELECT file_name, created_at, srid, match, mapping FROM tree_import
		WHERE organisation_id = $1 AND project_id = $2 AND columns = $3 AND columns <> '{}'
		ORDER BY created_at DESC LIMIT 1`, sc.OrganisationID, sc.ProjectID, columns).Scan(&m.FileName, &m.CreatedAt, &m.SRID, &m.Match, &m.Mapping)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &m, nil
}
