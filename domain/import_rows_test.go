package domain

import (
	"context"
	"errors"
	"fmt"
	"io"
	"testing"

	"arbor/importer"
	"arbor/store"
)

// listSource is a file of n rows; the row at bad is a problem of its own, and at fail the
// reading fails.
type listSource struct {
	importer.Source
	n, at, bad, fail int
}

func (s *listSource) Next() (importer.Row, error) {
	if s.at++; s.at > s.n {
		return importer.Row{}, io.EOF
	}
	switch s.at {
	case s.bad:
		return importer.Row{}, &importer.RowError{Line: s.at, Key: "import.bad_row"}
	case s.fail:
		return importer.Row{}, errors.New("disk gone")
	}
	return importer.Row{Line: s.at, Values: []string{fmt.Sprint(s.at)}}, nil
}

// TestConvertRows: rows converted on several goroutines come back in the file's order, a row's
// problem in its place; a failed read ends the rows with the error; stopping early ends the
// reading.
func TestConvertRows(t *testing.T) {
	convert := func(r importer.Row) convertedRow {
		return convertedRow{line: r.Line, row: &store.ImportRow{Line: r.Line, ExternalID: r.Values[0]}}
	}
	src := &listSource{n: 5000, bad: 777, fail: -1}
	next, stop := convertRows(context.Background(), src, 3, convert)
	for want := 1; ; want++ {
		c, ok := next()
		if !ok {
			if want != 5001 {
				t.Fatalf("ended before row %d", want)
			}
			break
		}
		if want == 777 {
			var re *importer.RowError
			if !errors.As(c.err, &re) || re.Line != 777 {
				t.Fatalf("row 777: %+v", c)
			}
			continue
		}
		if c.err != nil || c.row == nil || c.row.Line != want || c.row.ExternalID != fmt.Sprint(want) {
			t.Fatalf("row %d: %+v", want, c)
		}
	}
	stop()

	src = &listSource{n: 5000, bad: -1, fail: 1000}
	next, stop = convertRows(context.Background(), src, 2, convert)
	var last convertedRow
	n := 0
	for c, ok := next(); ok; c, ok = next() {
		last, n = c, n+1
	}
	stop()
	if n != 1000 || last.err == nil || src.at != 1000 {
		t.Fatalf("after a failed read: %d rows, last %+v, %d read", n, last, src.at)
	}

	src = &listSource{n: 100000, bad: -1, fail: -1}
	next, stop = convertRows(context.Background(), src, 2, convert)
	next()
	stop()
	if src.at >= 100000 {
		t.Fatalf("stopped early, yet all %d rows were read", src.at)
	}
}
