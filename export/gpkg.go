package export

import (
	"context"
	"database/sql"
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"
	"time"

	"arbor"
	"arbor/store"

	_ "modernc.org/sqlite" // GeoPackage is SQLite; a pure-Go driver keeps the binary free of cgo
)

// gpkgTable is the feature table of a GeoPackage export.
const gpkgTable = "trees"

// gpkgTypes are the GeoPackage types of gisFields (OGC 12-128r18 §1.1.1.1.3); custom fields
// and the link are TEXT.
var gpkgTypes = map[string]string{"id": "TEXT", "number": "INTEGER", "number_text": "TEXT", "species_botanical": "TEXT",
	"species_language": "TEXT", "single_tree": "BOOLEAN", "planting_year": "INTEGER", "height": "REAL", "diameter": "REAL",
	"scope": "REAL", "top_diameter": "REAL", "top_form": "TEXT", "vitality": "INTEGER", "development": "INTEGER",
	"damage_tree": "INTEGER", "security_expectation": "INTEGER", "valuation_max": "INTEGER", "tree_count": "INTEGER",
	"area": "REAL", "action_security": "INTEGER", "actions": "TEXT", "action_deadline": "DATE", "check_next": "DATE",
	"check_timestamp": "DATETIME", "create_timestamp": "DATETIME", "object_timestamp": "DATETIME"}

// gisValues are a tree's values of gisFields, typed as the GeoPackage stores them: numbers as
// numbers, days as YYYY-MM-DD, moments as ISO 8601 in UTC, empty ones as NULL.
func gisValues(t *store.Tree) []any {
	whole := func(p *int) any { return derefAs(p, func(v int) int64 { return int64(v) }) }
	stamp := func(p *time.Time) any {
		return derefAs(p, func(v time.Time) string { return v.UTC().Format("2006-01-02T15:04:05.000Z") })
	}
	text := func(s string) any {
		if s == "" {
			return nil
		}
		return s
	}
	return []any{t.ID, int64(t.Number), text(t.NumberText), text(t.SpeciesBotanical), text(t.SpeciesLanguage), t.SingleTree,
		whole(t.PlantingYear), deref(t.Height), deref(t.Diameter), deref(t.Scope), deref(t.TopDiameter), text(t.TopForm),
		whole(t.Vitality), whole(t.Development), whole(t.DamageTree), whole(t.SecurityExpectation), whole(t.ValuationMax),
		int64(t.TreeCount), deref(t.Area), int64(t.ActionSecurity), text(t.Actions), deref(t.ActionDeadline), deref(t.CheckNext),
		stamp(t.CheckTimestamp), stamp(&t.CreateTimestamp), stamp(&t.ObjectTimestamp)}
}

// gpkgGeometry is a GeoPackage geometry blob (OGC 12-128r18 §2.1.3): "GP", version 0, flags
// (little-endian, an xy envelope), the reference system, the envelope, then the WKB.
func gpkgGeometry(srid int, box [4]float64, wkb []byte) []byte {
	b := make([]byte, 8+32, 8+32+len(wkb))
	b[0], b[1], b[2], b[3] = 'G', 'P', 0, 0b0000_0011
	binary.LittleEndian.PutUint32(b[4:], uint32(int32(srid)))
	for i, v := range box {
		binary.LittleEndian.PutUint64(b[8+8*i:], math.Float64bits(v))
	}
	return append(b, wkb...)
}

// quoteIdent quotes a name for SQLite.
func quoteIdent(s string) string { return `"` + strings.ReplaceAll(s, `"`, `""`) + `"` }

// gpkgNames makes the column names unique the way SQLite compares them (without regard to case)
// and apart from the feature id and the geometry.
func gpkgNames(names []string) []string {
	seen := map[string]bool{"fid": true, "geom": true}
	out := make([]string, len(names))
	for i, n := range names {
		name := n
		for k := 2; seen[strings.ToLower(name)]; k++ {
			name = fmt.Sprintf("%s (%d)", n, k)
		}
		seen[strings.ToLower(name)] = true
		out[i] = name
	}
	return out
}

// gpkgColumns are the columns of a GeoPackage export, gisNames: gisFields typed, the project's
// custom fields and the object's link TEXT.
func gpkgColumns(custom []customField) []GeoPackageColumn {
	names := gisNames(custom)
	columns := make([]GeoPackageColumn, len(names))
	for i, name := range names {
		columns[i] = GeoPackageColumn{Name: name, Type: "TEXT"}
		if i < len(gisFields) {
			columns[i].Type = gpkgTypes[name]
		}
	}
	return columns
}

// gpkgValues are a tree's values of gpkgColumns; link is its address in the app.
func gpkgValues(t *store.Tree, custom []customField, link string) []any {
	values := gisValues(t)
	for _, c := range custom {
		if v := t.Custom[c.field]; v != "" {
			values = append(values, v)
		} else {
			values = append(values, nil)
		}
	}
	return append(values, link)
}

// GeoPackage writes the objects of a view as a GeoPackage (OGC 12-128r18, version 1.3) of one
// feature table, "trees", in the reference system srid (its definition from PostGIS), to w.
// SQLite needs a file: it is built in a temporary one and copied to w when whole, so a failure
// leaves w untouched. o.Progress, when set, hears how many objects are written.
func GeoPackage(ctx context.Context, db *store.DB, sc store.Content, filter store.Filter, srid int, o ListOptions, w io.Writer) (int, error) {
	if srid == 0 {
		srid = 4326
	}
	dir, err := os.MkdirTemp("", "arbor-gpkg-*")
	if err != nil {
		return 0, err
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "arbor.gpkg")
	n := 0
	err = db.ReadTx(ctx, func(tx *store.Tx) error {
		settings, err := tx.ProjectSettings(ctx, sc.OrganisationID, sc.ProjectID)
		if err != nil {
			return err
		}
		srsName, srsWKT, err := tx.SRSDefinition(ctx, srid)
		if err != nil {
			return err
		}
		_, wgs84, err := tx.SRSDefinition(ctx, 4326)
		if err != nil {
			return err
		}
		custom := customFields(settings.CustomFields)
		return GeoPackageTable(ctx, path, srid, srsName, srsWKT, wgs84, gpkgColumns(custom), func(put GeoPackageRow) error {
			err := tx.EachFeatureWKB(ctx, sc, filter, srid, func(t *store.Tree, wkb []byte, box [4]float64) error {
				if err := put(wkb, box, gpkgValues(t, custom, RecordURL(o.BaseURL, sc.ProjectID, t.ID))); err != nil {
					return err
				}
				if n++; o.Progress != nil && n%progressStep == 0 {
					o.Progress(n)
				}
				return nil
			})
			if err == nil && n == 0 {
				return arbor.Errorf(arbor.EINVALID, "export.nothing", nil)
			}
			return err
		})
	})
	if err != nil {
		return 0, err
	}
	file, err := os.Open(path)
	if err != nil {
		return 0, err
	}
	defer file.Close()
	_, err = io.Copy(w, file)
	return n, err
}

// progressStep is how often a long export tells its progress, in objects.
const progressStep = 5000

// gpkgCreate lays out an empty GeoPackage: its identity, the reference systems it must hold
// (undefined cartesian and geographic, WGS 84) and the export's, and the feature table with its
// contents and geometry column rows. It answers the open transaction the rows go into.
func gpkgCreate(ctx context.Context, lite *sql.DB, srid int, srsName, srsWKT, wgs84 string, defs []string) (*sql.Tx, error) {
	// A file being made needs no journal: a failure throws it away whole.
	for _, p := range []string{`PRAGMA application_id = 1196444487`, `PRAGMA user_version = 10300`,
		`PRAGMA journal_mode = OFF`, `PRAGMA synchronous = OFF`, `PRAGMA page_size = 4096`} {
		if _, err := lite.ExecContext(ctx, p); err != nil {
			return nil, err
		}
	}
	ltx, err := lite.BeginTx(ctx, nil)
	if err != nil {
		return nil, err
	}
	stmts := []string{
		`CREATE TABLE gpkg_spatial_ref_sys (srs_name TEXT NOT NULL, srs_id INTEGER PRIMARY KEY, organization TEXT NOT NULL,
			organization_coordsys_id INTEGER NOT NULL, definition TEXT NOT NULL, description TEXT)`,
		`CREATE TABLE gpkg_contents (table_name TEXT NOT NULL PRIMARY KEY, data_type TEXT NOT NULL, identifier TEXT UNIQUE,
			description TEXT DEFAULT '', last_change DATETIME NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
			min_x DOUBLE, min_y DOUBLE, max_x DOUBLE, max_y DOUBLE, srs_id INTEGER,
			CONSTRAINT fk_gc_r_srs_id FOREIGN KEY (srs_id) REFERENCES gpkg_spatial_ref_sys(srs_id))`,
		`CREATE TABLE gpkg_geometry_columns (table_name TEXT NOT NULL, column_name TEXT NOT NULL, geometry_type_name TEXT NOT NULL,
			srs_id INTEGER NOT NULL, z TINYINT NOT NULL, m TINYINT NOT NULL,
			CONSTRAINT pk_geom_cols PRIMARY KEY (table_name, column_name),
			CONSTRAINT fk_gc_tn FOREIGN KEY (table_name) REFERENCES gpkg_contents(table_name),
			CONSTRAINT fk_gc_srs FOREIGN KEY (srs_id) REFERENCES gpkg_spatial_ref_sys (srs_id))`,
		`CREATE TABLE ` + gpkgTable + ` (fid INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, geom GEOMETRY, ` + strings.Join(defs, ", ") + `)`,
	}
	for _, s := range stmts {
		if _, err := ltx.ExecContext(ctx, s); err != nil {
			ltx.Rollback()
			return nil, err
		}
	}
	type srs struct {
		name, org string
		id, code  int
		def, desc string
	}
	list := []srs{
		{"Undefined cartesian SRS", "NONE", -1, -1, "undefined", "undefined cartesian coordinate reference system"},
		{"Undefined geographic SRS", "NONE", 0, 0, "undefined", "undefined geographic coordinate reference system"},
		{"WGS 84 geodetic", "EPSG", 4326, 4326, wgs84, "longitude/latitude coordinates in decimal degrees on the WGS 84 spheroid"},
	}
	if srid != 4326 {
		list = append(list, srs{srsName, "EPSG", srid, srid, srsWKT, ""})
	}
	for _, s := range list {
		if _, err := ltx.ExecContext(ctx, `INSERT INTO gpkg_spatial_ref_sys VALUES (?, ?, ?, ?, ?, ?)`, s.name, s.id, s.org, s.code, s.def, s.desc); err != nil {
			ltx.Rollback()
			return nil, err
		}
	}
	if _, err := ltx.ExecContext(ctx, `INSERT INTO gpkg_contents (table_name, data_type, identifier, description, srs_id)
		VALUES (?, 'features', ?, ?, ?)`, gpkgTable, gpkgTable, "Arbor: trees and groups", srid); err != nil {
		ltx.Rollback()
		return nil, err
	}
	if _, err := ltx.ExecContext(ctx, `INSERT INTO gpkg_geometry_columns VALUES (?, 'geom', 'GEOMETRY', ?, 0, 0)`, gpkgTable, srid); err != nil {
		ltx.Rollback()
		return nil, err
	}
	return ltx, nil
}
