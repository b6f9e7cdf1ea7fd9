// Package importer reads a city's existing tree register from the files it comes in (CSV,
// Excel, GeoJSON, GeoPackage, a zipped Shapefile) as a stream of rows, and suggests how its
// columns and coordinates map onto Arbor's fields. It knows no HTTP and no SQL: the writing is
// set-based SQL in the store, fed by what this package reads.
package importer

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/paulmach/orb"
)

// Format is what a file holds, told by its content, never by its name.
type Format string

const (
	FormatCSV        Format = "csv"
	FormatXLSX       Format = "xlsx"
	FormatGeoJSON    Format = "geojson"
	FormatGeoPackage Format = "gpkg"
	FormatShapefile  Format = "shapefile"
)

// Geometric reports whether a format carries each row's geometry itself (else the coordinates
// are in columns the person maps).
func (f Format) Geometric() bool {
	return f == FormatGeoJSON || f == FormatGeoPackage || f == FormatShapefile
}

// Row is one record of a file: its line (1-based, as a spreadsheet or text editor shows it, the
// heading included; a GeoJSON feature's number in its collection), its values in the order of the source's columns, and its geometry where the
// file carries one (GeoJSON) — else the coordinates are in columns.
type Row struct {
	Line     int
	Values   []string
	Geometry orb.Geometry
}

// Source is a file read as a table, one row at a time, so a million trees never sit in memory.
type Source interface {
	Format() Format
	// Columns are the headings, made unique and never empty ("Column 3" where a file has none).
	Columns() []string
	// Detected tells what the reader found out or was told: delimiter and encoding, worksheet.
	Detected() Options
	// Next answers the next row, or io.EOF after the last.
	Next() (Row, error)
	Close() error
}

// Layered is a source of a file that holds several tables: a workbook's worksheets, a
// GeoPackage's feature tables, the Shapefiles of one zip. Options.Sheet chooses one.
type Layered interface {
	Layers() []string
}

// Options are the reader's choices a person may make instead of the detection.
type Options struct {
	Sheet     string // XLSX: the worksheet (default: the first)
	Delimiter rune   // CSV: ',' ';' or '\t' (default: detected)
	Encoding  string // CSV: "utf-8", "windows-1252", "iso-8859-1" (default: detected)
	SRID      int    // the coordinates' reference system (EPSG code): from the file where it says
}

// ErrFormat is a file of no format the importer reads; ErrEmpty one without a heading or row.
var (
	ErrFormat = errors.New("importer: unknown file format")
	ErrEmpty  = errors.New("importer: the file is empty")
)

// RowError is a problem with one cell or row, named so a person finds it in their file.
type RowError struct {
	Line   int
	Column string // empty when the row as a whole is wrong
	Key    string // message key (i18n), e.g. "import.not_a_number"
	Value  string
}

func (e *RowError) Error() string {
	if e.Column == "" {
		return fmt.Sprintf("line %d: %s", e.Line, e.Key)
	}
	return fmt.Sprintf("line %d, column %q: %s (%q)", e.Line, e.Column, e.Key, e.Value)
}

// ReadError is a failure that ends the reading of a file at a line: the file is damaged or cut
// short there (a GeoPackage's page, a zip's entry, a Shapefile's record), so nothing after it
// can be read. Unlike a RowError, which names one row and lets the rows after it be read, it is
// the source's last answer: Next answers it again on every later call.
type ReadError struct {
	Line int // the first line that could not be read
	Err  error
}

func (e *ReadError) Error() string {
	return fmt.Sprintf("line %d: the file cannot be read on: %v", e.Line, e.Err)
}
func (e *ReadError) Unwrap() error { return e.Err }

// Open reads a file's first bytes to tell its format and answers a source of its rows. The
// reader must also be an io.ReaderAt of the given size for the zip-based formats (XLSX).
func Open(r io.ReaderAt, size int64, opt Options) (Source, error) {
	src, err := open(r, size, opt)
	if err != nil {
		return nil, err
	}
	return guard(src), nil
}

func open(r io.ReaderAt, size int64, opt Options) (Source, error) {
	if size == 0 {
		return nil, ErrEmpty
	}
	head := make([]byte, min(size, 4096))
	n, err := r.ReadAt(head, 0)
	if err != nil && !errors.Is(err, io.EOF) {
		return nil, err
	}
	head = head[:n]
	stream := io.NewSectionReader(r, 0, size)
	format := Detect(head)
	if format == "" && bytes.HasPrefix(head, []byte("PK\x03\x04")) {
		// A zip whose first entries did not tell: look at all its names.
		files := zipEntries(r, size)
		switch {
		case files == nil:
			return nil, ErrFormat
		case files["xl/workbook.xml"] != nil:
			format = FormatXLSX
		case len(shapefileLayers(files)) > 0:
			return openShapefile(files, opt)
		}
	}
	switch format {
	case FormatGeoPackage:
		return openGeoPackage(r, size, opt)
	case FormatXLSX:
		return openXLSX(r, size, opt)
	case FormatGeoJSON:
		return openGeoJSON(stream)
	case FormatCSV:
		return openCSV(stream, head, opt)
	}
	return nil, ErrFormat
}

// Detect tells a format from a file's first bytes.
func Detect(head []byte) Format {
	switch {
	case bytes.HasPrefix(head, []byte("PK\x03\x04")):
		// An Excel workbook is a zip whose parts are named xl/… and [Content_Types].xml.
		if bytes.Contains(head, []byte("[Content_Types].xml")) || bytes.Contains(head, []byte("xl/")) ||
			bytes.Contains(head, []byte("docProps/")) || bytes.Contains(head, []byte("_rels/")) {
			return FormatXLSX
		}
		return ""
	case bytes.HasPrefix(head, []byte("SQLite format 3\x00")):
		return FormatGeoPackage
	}
	trimmed := bytes.TrimLeft(bytes.TrimPrefix(head, utf8BOM), " \t\r\n")
	if bytes.HasPrefix(trimmed, []byte("{")) {
		return FormatGeoJSON
	}
	// Text: some exports pad a cell with NUL bytes (they are dropped), a binary file has many.
	if len(trimmed) == 0 || bytes.Count(head, []byte{0})*100 > len(head) {
		return ""
	}
	return FormatCSV
}

var utf8BOM = []byte("\xef\xbb\xbf")

// uniqueColumns makes headings fit for choosing: trimmed, never empty, never twice.
func uniqueColumns(raw []string) []string {
	out := make([]string, len(raw))
	seen := map[string]int{}
	for i, c := range raw {
		c = strings.TrimSpace(strings.ReplaceAll(c, "\x00", ""))
		if c == "" {
			c = fmt.Sprintf("Column %d", i+1)
		}
		base := c
		for n := 2; seen[strings.ToLower(c)] > 0; n++ {
			c = fmt.Sprintf("%s (%d)", base, n)
		}
		seen[strings.ToLower(c)]++
		out[i] = c
	}
	return out
}

// MaxColumns is the most columns a file may have: a register has dozens; thousands are a file
// that is not a table, which would only make the mapping screen unusable.
const MaxColumns = 500

// peek answers the first n bytes of a buffered reader without consuming them.
func peek(r *bufio.Reader, n int) []byte {
	b, _ := r.Peek(n)
	return b
}

func sortStrings(s []string) { sort.Strings(s) }
