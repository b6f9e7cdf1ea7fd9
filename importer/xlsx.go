package importer

import (
	"archive/zip"
	"cmp"
	"errors"
	"io"
	"strings"

	"github.com/xuri/excelize/v2"
)

// xlsxSource reads a worksheet of an Excel workbook: the first row is the heading. Cells are
// read as stored (a number as a number, not as the cell's display format shows it); a formula
// gives its last computed value and is never evaluated.
type xlsxSource struct {
	f       *excelize.File
	rows    *excelize.Rows
	part    *zip.File // the sheet's XML, to tell its end from a break (xlsx_end.go)
	sheet   string
	sheets  []string
	columns []string
	line    int
}

func openXLSX(r io.ReaderAt, size int64, opt Options) (Source, error) {
	f, err := excelize.OpenReader(io.NewSectionReader(r, 0, size))
	if err != nil {
		return nil, ErrFormat
	}
	sheets := f.GetSheetList()
	if len(sheets) == 0 {
		f.Close()
		return nil, ErrEmpty
	}
	sheet := sheets[0]
	if opt.Sheet != "" {
		sheet = ""
		for _, s := range sheets {
			if strings.EqualFold(s, opt.Sheet) {
				sheet = s
			}
		}
		if sheet == "" {
			f.Close()
			return nil, &RowError{Key: "import.no_sheet", Value: opt.Sheet}
		}
	}
	rows, err := f.Rows(sheet)
	if err != nil {
		f.Close()
		return nil, err
	}
	s := &xlsxSource{f: f, rows: rows, sheet: sheet, sheets: sheets, part: sheetPart(r, size, sheet)}
	for {
		head, err := s.read()
		if errors.Is(err, io.EOF) {
			s.Close()
			return nil, ErrEmpty
		}
		if err != nil {
			s.Close()
			return nil, err
		}
		if blank(head) {
			continue // rows above the table
		}
		if len(head) > MaxColumns {
			s.Close()
			return nil, &RowError{Line: s.line, Key: "import.too_many_columns"}
		}
		s.columns = uniqueColumns(head)
		return s, nil
	}
}

func (s *xlsxSource) read() ([]string, error) {
	if !s.rows.Next() {
		if err := s.rows.Error(); err != nil {
			return nil, &ReadError{Line: s.line + 1, Err: err} // the sheet's XML is damaged here
		}
		if s.part != nil {
			if line, err := sheetBreak(s.part, s.line); err != nil || line > 0 {
				return nil, &ReadError{Line: line, Err: cmp.Or(err, errSheetCut)}
			}
		}
		return nil, io.EOF
	}
	s.line++
	rec, err := s.rows.Columns(excelize.Options{RawCellValue: true})
	if err != nil {
		return nil, &ReadError{Line: s.line, Err: err}
	}
	return rec, nil
}

func (s *xlsxSource) Format() Format    { return FormatXLSX }
func (s *xlsxSource) Columns() []string { return s.columns }
func (s *xlsxSource) Detected() Options { return Options{Sheet: s.sheet} }
func (s *xlsxSource) Layers() []string  { return s.sheets }

func (s *xlsxSource) Close() error {
	s.rows.Close()
	return s.f.Close()
}

func (s *xlsxSource) Next() (Row, error) {
	for {
		rec, err := s.read()
		if err != nil {
			return Row{}, err
		}
		if blank(rec) {
			continue
		}
		if len(rec) > len(s.columns) {
			if !blank(rec[len(s.columns):]) {
				return Row{}, &RowError{Line: s.line, Key: "import.extra_cells"}
			}
			rec = rec[:len(s.columns)]
		}
		for len(rec) < len(s.columns) {
			rec = append(rec, "")
		}
		return Row{Line: s.line, Values: rec}, nil
	}
}
