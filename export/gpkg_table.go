package export

import (
	"context"
	"database/sql"
	"math"
	"net/url"
	"strings"
)

// GeoPackageColumn is a column of a feature table GeoPackageTable writes: its name and its
// GeoPackage type (INTEGER, REAL, TEXT, …).
type GeoPackageColumn struct{ Name, Type string }

// GeoPackageRow writes a row of a GeoPackage's feature table: a geometry as WKB with its
// envelope (min x, max x, min y, max y) and the columns' values.
type GeoPackageRow = func(wkb []byte, box [4]float64, values []any) error

// GeoPackageTable writes a GeoPackage to the file path holding one feature table, "trees", of
// the columns given, in the reference system srid (srsName and srsWKT its definition, wgs84
// that of EPSG:4326, as store.Queries.SRSDefinition answers them). rows hands each row to put,
// written as it comes and never held: an export's objects, or a register as a GIS department
// hands it over (`arbor bench import -format gpkg`).
func GeoPackageTable(ctx context.Context, path string, srid int, srsName, srsWKT, wgs84 string, columns []GeoPackageColumn,
	rows func(put GeoPackageRow) error) error {
	lite, err := sql.Open("sqlite", "file:"+(&url.URL{Path: path}).EscapedPath())
	if err != nil {
		return err
	}
	defer lite.Close()
	lite.SetMaxOpenConns(1) // the pragmas hold for the one connection
	names := make([]string, len(columns))
	for i, c := range columns {
		names[i] = c.Name
	}
	names = gpkgNames(names)
	defs, quoted := make([]string, len(columns)), make([]string, len(columns))
	for i, c := range columns {
		quoted[i] = quoteIdent(names[i])
		defs[i] = quoted[i] + " " + c.Type
	}
	ltx, err := gpkgCreate(ctx, lite, srid, srsName, srsWKT, wgs84, defs)
	if err != nil {
		return err
	}
	defer ltx.Rollback()
	marks := strings.TrimSuffix(strings.Repeat("?, ", len(columns)+1), ", ")
	insert, err := ltx.PrepareContext(ctx, `INSERT INTO `+gpkgTable+` (geom, `+strings.Join(quoted, ", ")+`) VALUES (`+marks+`)`)
	if err != nil {
		return err
	}
	defer insert.Close()
	ext := [4]float64{math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)}
	row := make([]any, len(columns)+1)
	err = rows(func(wkb []byte, box [4]float64, values []any) error {
		row[0] = gpkgGeometry(srid, box, wkb)
		copy(row[1:], values)
		if _, err := insert.ExecContext(ctx, row...); err != nil {
			return err
		}
		ext[0], ext[1] = math.Min(ext[0], box[0]), math.Max(ext[1], box[1])
		ext[2], ext[3] = math.Min(ext[2], box[2]), math.Max(ext[3], box[3])
		return nil
	})
	if err != nil {
		return err
	}
	if _, err := ltx.ExecContext(ctx, `UPDATE gpkg_contents SET min_x = ?, max_x = ?, min_y = ?, max_y = ? WHERE table_name = ?`,
		ext[0], ext[1], ext[2], ext[3], gpkgTable); err != nil {
		return err
	}
	if err := ltx.Commit(); err != nil {
		return err
	}
	return lite.Close()
}
