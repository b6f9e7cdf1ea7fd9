package importer

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"strings"

	"github.com/paulmach/orb"

	"modernc.org/sqlite" // GeoPackage is SQLite; a pure-Go driver keeps the binary free of cgo
)

// gpkgSource reads one feature table of a GeoPackage (OGC 12-128r18): its attribute columns as
// the row's values, its geometry column decoded from the GeoPackage blob, one row at a time.
type gpkgSource struct {
	db      *sql.DB
	rows    *sql.Rows
	temp    string // the copy made when the upload was not a file of its own
	table   string
	tables  []string
	columns []string
	geom    int // index of the geometry among the selected columns
	srid    int
	n       int
}

// openGeoPackage opens the file read-only. The SQLite driver needs a path: an upload already in
// a file is opened where it lies, anything else is copied to a temporary file first.
func openGeoPackage(r io.ReaderAt, size int64, opt Options) (Source, error) {
	s := &gpkgSource{}
	path := ""
	if f, ok := r.(interface{ Name() string }); ok {
		if st, err := os.Stat(f.Name()); err == nil && st.Size() == size {
			path = f.Name()
		}
	}
	if path == "" {
		tmp, err := os.CreateTemp("", "arbor-gpkg-*")
		if err != nil {
			return nil, err
		}
		s.temp = tmp.Name()
		_, err = io.Copy(tmp, io.NewSectionReader(r, 0, size))
		if cerr := tmp.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			s.Close()
			return nil, err
		}
		path = s.temp
	}
	// immutable: the file is never written, and SQLite then takes no locks on it.
	db, err := sql.Open("sqlite", "file:"+(&url.URL{Path: path}).EscapedPath()+"?mode=ro&immutable=1")
	if err != nil {
		s.Close()
		return nil, err
	}
	s.db = db
	if err := s.start(context.Background(), opt.Sheet); err != nil {
		s.Close()
		return nil, err
	}
	return s, nil
}

// start picks the feature table (the chosen layer, else the first with rows), its geometry
// column and reference system, and begins reading its rows.
func (s *gpkgSource) start(ctx context.Context, layer string) error {
	var geomCol string
	var srsID int
	q := `SELECT c.table_name, g.column_name, g.srs_id FROM gpkg_contents c
	        JOIN gpkg_geometry_columns g ON g.table_name = c.table_name
	       WHERE c.data_type = 'features' ORDER BY c.table_name`
	list, err := s.db.QueryContext(ctx, q)
	if damagedSQLite(err) {
		return &ReadError{Line: 1, Err: err} // cut short (SQLite checks the size on opening) or damaged at its head
	}
	if err != nil {
		return ErrFormat // not a GeoPackage: an SQLite file of another kind
	}
	type candidate struct {
		table, geom string
		srs         int
	}
	var tables []candidate
	for list.Next() {
		var c candidate
		if err := list.Scan(&c.table, &c.geom, &c.srs); err != nil {
			list.Close()
			return ErrFormat
		}
		tables = append(tables, c)
	}
	list.Close()
	if len(tables) == 0 {
		return ErrEmpty
	}
	chosen := tables[0]
	if layer != "" {
		found := false
		for _, c := range tables {
			if strings.EqualFold(c.table, layer) {
				chosen, found = c, true
			}
		}
		if !found {
			return &RowError{Key: "import.no_layer", Value: layer}
		}
	} else {
		// The first layer that holds anything: a GeoPackage from QGIS often carries empty ones.
		for _, c := range tables {
			var any int
			if err := s.db.QueryRowContext(ctx, `SELECT count(*) FROM (SELECT 1 FROM `+quoteIdent(c.table)+` LIMIT 1)`).Scan(&any); err == nil && any > 0 {
				chosen = c
				break
			}
		}
	}
	s.table, geomCol, srsID = chosen.table, chosen.geom, chosen.srs
	for _, c := range tables {
		s.tables = append(s.tables, c.table)
	}
	s.srid = s.epsg(ctx, srsID)

	cols, err := s.db.QueryContext(ctx, `SELECT name, pk FROM pragma_table_info(?) ORDER BY cid`, s.table)
	if err != nil {
		return ErrFormat
	}
	var names []string
	s.geom = -1
	for cols.Next() {
		var name string
		var pk int
		if err := cols.Scan(&name, &pk); err != nil {
			cols.Close()
			return ErrFormat
		}
		if strings.EqualFold(name, geomCol) {
			s.geom = len(names)
		}
		names = append(names, name)
	}
	cols.Close()
	if s.geom < 0 {
		return ErrFormat
	}
	if len(names) > MaxColumns+1 {
		return &RowError{Line: 1, Key: "import.too_many_columns"}
	}
	heading := make([]string, 0, len(names)-1)
	for i, n := range names {
		if i != s.geom {
			heading = append(heading, n)
		}
	}
	s.columns = uniqueColumns(heading)
	quoted := make([]string, len(names))
	for i, n := range names {
		quoted[i] = quoteIdent(n)
	}
	s.rows, err = s.db.QueryContext(ctx, `SELECT `+strings.Join(quoted, ", ")+` FROM `+quoteIdent(s.table))
	if err != nil {
		return ErrFormat
	}
	return nil
}

// epsg answers the EPSG code of a GeoPackage reference system: its organisation's code where
// that is EPSG (it nearly always is), else the id itself, which GeoPackage writers set to it.
func (s *gpkgSource) epsg(ctx context.Context, srsID int) int {
	var org string
	var code int
	err := s.db.QueryRowContext(ctx, `SELECT organization, organization_coordsys_id FROM gpkg_spatial_ref_sys WHERE srs_id = ?`, srsID).Scan(&org, &code)
	if err == nil && strings.EqualFold(org, "EPSG") && code > 0 {
		return code
	}
	if srsID <= 0 { // 0 and -1: undefined geographic and Cartesian systems; the person picks one
		return 0
	}
	return srsID
}

// damagedSQLite tells SQLite's answer for a file that is damaged (SQLITE_CORRUPT) or cannot be
// read where it should go on (SQLITE_IOERR), extended codes included.
func damagedSQLite(err error) bool {
	var se *sqlite.Error
	if !errors.As(err, &se) {
		return false
	}
	const ioErr, corrupt = 10, 11
	return se.Code()&0xff == ioErr || se.Code()&0xff == corrupt
}

func quoteIdent(s string) string { return `"` + strings.ReplaceAll(s, `"`, `""`) + `"` }

func (s *gpkgSource) Format() Format    { return FormatGeoPackage }
func (s *gpkgSource) Columns() []string { return s.columns }
func (s *gpkgSource) Detected() Options { return Options{Sheet: s.table, SRID: s.srid} }
func (s *gpkgSource) Layers() []string  { return s.tables }

func (s *gpkgSource) Close() error {
	if s.rows != nil {
		s.rows.Close()
	}
	if s.db != nil {
		s.db.Close()
	}
	if s.temp != "" {
		os.Remove(s.temp)
	}
	return nil
}

func (s *gpkgSource) Next() (Row, error) {
	if !s.rows.Next() {
		if err := s.rows.Err(); err != nil {
			// A damaged page (or a file cut short): SQLite cannot read on, and answers the same
			// failure on every later call.
			return Row{}, &ReadError{Line: s.n + 1, Err: err}
		}
		return Row{}, io.EOF
	}
	s.n++
	cells := make([]any, len(s.columns)+1)
	ptrs := make([]any, len(cells))
	for i := range cells {
		ptrs[i] = &cells[i]
	}
	if err := s.rows.Scan(ptrs...); err != nil {
		return Row{}, &RowError{Line: s.n, Key: "import.bad_row"}
	}
	row := Row{Line: s.n, Values: make([]string, 0, len(s.columns))}
	for i, c := range cells {
		if i == s.geom {
			blob, _ := c.([]byte)
			if len(blob) == 0 {
				continue // a row without geometry: the coordinates may come from columns
			}
			g, err := decodeGeoPackageGeometry(blob)
			if err != nil {
				return Row{}, &RowError{Line: s.n, Key: "import.bad_geometry"}
			}
			row.Geometry = single(g)
			continue
		}
		row.Values = append(row.Values, cellText(c))
	}
	return row, nil
}

// cellText is an SQLite value as a cell's text: numbers as written, bytes as text.
func cellText(v any) string {
	switch v := v.(type) {
	case nil:
		return ""
	case []byte:
		return string(v)
	case string:
		return v
	}
	return propertyText(v)
}

var errGeoPackageBlob = errors.New("importer: not a GeoPackage geometry")

// decodeGeoPackageGeometry reads a GeoPackage geometry blob: the header "GP", version, flags
// (byte order of the header, the envelope's kind, empty), srs id and envelope, then standard WKB.
func decodeGeoPackageGeometry(b []byte) (orb.Geometry, error) {
	if len(b) < 8 || b[0] != 'G' || b[1] != 'P' {
		return nil, errGeoPackageBlob
	}
	flags := b[3]
	if flags&0x20 != 0 {
		return nil, fmt.Errorf("%w: extended geometry", errGeoPackageBlob)
	}
	if flags&0x10 != 0 {
		return nil, nil // empty geometry
	}
	envelope := map[byte]int{0: 0, 1: 32, 2: 48, 3: 48, 4: 64}
	n, ok := envelope[(flags>>1)&0x07]
	if !ok || len(b) < 8+n+5 {
		return nil, errGeoPackageBlob
	}
	return readWKB(b[8+n:])
}
