package importer_test

import (
	"archive/zip"
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"arbor/importer"
)

// workbook writes a workbook of a heading and n rows on its first sheet and answers its bytes
// with the sheet's XML given to damage first.
func workbook(t *testing.T, n int, damage func(sheet []byte) []byte) []byte {
	t.Helper()
	f := excelize.NewFile()
	f.SetSheetRow("Sheet1", "A1", &[]any{"Nr.", "Baumart"})
	for i := range n {
		cell, _ := excelize.CoordinatesToCellName(1, i+2)
		f.SetSheetRow("Sheet1", cell, &[]any{i + 1, "Tilia cordata"})
	}
	var whole bytes.Buffer
	if err := f.Write(&whole); err != nil {
		t.Fatal(err)
	}
	zr, err := zip.NewReader(bytes.NewReader(whole.Bytes()), int64(whole.Len()))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	zw := zip.NewWriter(&out)
	for _, e := range zr.File {
		rc, _ := e.Open()
		b, _ := io.ReadAll(rc)
		rc.Close()
		if e.Name == "xl/worksheets/sheet1.xml" {
			b = damage(b)
		}
		w, _ := zw.Create(e.Name)
		w.Write(b)
	}
	zw.Close()
	return out.Bytes()
}

// TestDamagedWorkbook: a sheet whose XML breaks off, or holds garbage among its rows, ends the
// reading with a ReadError after the rows before the damage, instead of reading as a shorter
// table; an intact one reads to its end.
func TestDamagedWorkbook(t *testing.T) {
	const n = 200
	rowAt := func(sheet []byte, r string) int { return bytes.Index(sheet, []byte(`<row r="`+r+`"`)) }
	for _, c := range []struct {
		name   string
		damage func([]byte) []byte
		rows   int // read before the end
		failed bool
	}{
		{"intact", func(b []byte) []byte { return b }, n, false},
		{"cut mid-row", func(b []byte) []byte { return b[:rowAt(b, "120")+20] }, 118, true}, // line 120 is the damaged one
		{"cut between rows", func(b []byte) []byte { return b[:rowAt(b, "120")] }, 118, true},
		{"garbage among the rows", func(b []byte) []byte {
			i := rowAt(b, "80")
			return append(append(append([]byte{}, b[:i]...), "<<&garbage"...), b[i:]...)
		}, 78, true},
		{"no r attributes, intact", func(b []byte) []byte {
			return []byte(strings.NewReplacer(` r="`, ` x="`).Replace(string(b)))
		}, n, false},
	} {
		data := workbook(t, n, c.damage)
		src := open(t, data, importer.Options{})
		read, problems, end := readToEnd(t, src, n)
		var rd *importer.ReadError
		switch {
		case c.failed && (!errors.As(end, &rd) || rd.Line != c.rows+2):
			t.Errorf("%s: %d rows, ended by %v, want a ReadError at line %d", c.name, read, end, c.rows+2)
		case !c.failed && end != nil:
			t.Errorf("%s: ended by %v", c.name, end)
		case read != c.rows || len(problems) != 0:
			t.Errorf("%s: %d rows (want %d), problems %v", c.name, read, c.rows, problems)
		}
	}
}
