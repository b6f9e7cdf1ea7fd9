package importer

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"errors"
	"io"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"
)

// csvSource reads delimited text: the first record is the heading.
type csvSource struct {
	r        *csv.Reader
	columns  []string
	detected Options
}

// sampleSize is how much of a text file decides its encoding and delimiter: enough for the
// first few hundred rows of a register, where an umlaut of a street name shows up.
const sampleSize = 64 << 10

func openCSV(stream io.Reader, _ []byte, opt Options) (Source, error) {
	br := bufio.NewReaderSize(stream, sampleSize)
	sample := peek(br, sampleSize)
	enc := opt.Encoding
	if enc == "" {
		enc = DetectEncoding(sample)
	}
	var text io.Reader
	switch enc {
	case "utf-8":
		if bytes.HasPrefix(sample, utf8BOM) {
			br.Discard(len(utf8BOM))
		}
		text = &lenientUTF8{r: br}
	case "windows-1252", "iso-8859-1":
		// ISO-8859-1's printable characters are Windows-1252's; its 0x80–0x9F are controls no
		// register holds, so one decoder reads both.
		text = charmap.Windows1252.NewDecoder().Reader(br)
	default:
		return nil, ErrFormat
	}
	delim := opt.Delimiter
	if delim == 0 {
		delim = DetectDelimiter(decodeSample(sample, enc))
	}
	r := csv.NewReader(&dropNUL{r: text})
	r.Comma = delim
	r.LazyQuotes = true
	r.FieldsPerRecord = -1
	head, err := r.Read()
	if errors.Is(err, io.EOF) {
		return nil, ErrEmpty
	}
	if err != nil {
		return nil, err
	}
	if len(head) > MaxColumns {
		return nil, &RowError{Line: 1, Key: "import.too_many_columns"}
	}
	return &csvSource{r: r, columns: uniqueColumns(head), detected: Options{Delimiter: delim, Encoding: enc}}, nil
}

func (s *csvSource) Format() Format    { return FormatCSV }
func (s *csvSource) Columns() []string { return s.columns }
func (s *csvSource) Close() error      { return nil }
func (s *csvSource) Detected() Options { return s.detected }

func (s *csvSource) Next() (Row, error) {
	for {
		rec, err := s.r.Read()
		if err != nil {
			var pe *csv.ParseError
			if errors.As(err, &pe) {
				return Row{}, &RowError{Line: pe.Line, Key: "import.bad_row"}
			}
			return Row{}, err // the file cannot be read on: ended by Open's guard
		}
		line, _ := s.r.FieldPos(0)
		if blank(rec) {
			continue
		}
		if len(rec) > len(s.columns) {
			extra := rec[len(s.columns):]
			if !blank(extra) {
				return Row{}, &RowError{Line: line, Key: "import.extra_cells"}
			}
			rec = rec[:len(s.columns)]
		}
		for len(rec) < len(s.columns) {
			rec = append(rec, "")
		}
		return Row{Line: line, Values: rec}, nil
	}
}

func blank(rec []string) bool {
	for _, v := range rec {
		if strings.TrimSpace(v) != "" {
			return false
		}
	}
	return true
}

// DetectEncoding tells the encoding of a text sample: UTF-8 (with or without a byte order
// mark) when it is valid UTF-8, else Windows-1252 where it uses that code page's own
// characters (0x80–0x9F: „ “ € …), else ISO-8859-1. German Excel writes Windows-1252.
func DetectEncoding(sample []byte) string {
	if bytes.HasPrefix(sample, utf8BOM) {
		return "utf-8"
	}
	valid := sample
	// A sample may end inside a character.
	for i := 0; i < utf8.UTFMax && len(valid) > 0 && !utf8.Valid(valid); i++ {
		valid = valid[:len(valid)-1]
	}
	if utf8.Valid(valid) {
		return "utf-8"
	}
	for _, b := range sample {
		if b >= 0x80 && b <= 0x9f {
			return "windows-1252"
		}
	}
	return "iso-8859-1"
}

func decodeSample(sample []byte, enc string) string {
	if enc == "utf-8" {
		return string(bytes.TrimPrefix(sample, utf8BOM))
	}
	out, _ := charmap.Windows1252.NewDecoder().Bytes(sample)
	return string(out)
}

// DetectDelimiter tells the delimiter of a text sample: of comma, semicolon and tab, the one
// that splits its first lines (outside quotes) into the same number of cells most often. A
// German register uses ';' because ',' is its decimal separator.
func DetectDelimiter(sample string) rune {
	lines := strings.Split(strings.ReplaceAll(sample, "\r\n", "\n"), "\n")
	if len(lines) > 1 {
		lines = lines[:len(lines)-1] // the last may be cut off
	}
	if len(lines) > 20 {
		lines = lines[:20]
	}
	best, bestScore := ',', -1
	for _, d := range []rune{';', ',', '\t'} {
		counts := map[int]int{}
		for _, l := range lines {
			if strings.TrimSpace(l) == "" {
				continue
			}
			if n := countOutsideQuotes(l, d); n > 0 {
				counts[n]++
			}
		}
		score := 0
		for _, c := range counts {
			score = max(score, c)
		}
		if score > bestScore {
			best, bestScore = d, score
		}
	}
	return best
}

func countOutsideQuotes(line string, d rune) int {
	n, quoted := 0, false
	for _, c := range line {
		switch {
		case c == '"':
			quoted = !quoted
		case c == d && !quoted:
			n++
		}
	}
	return n
}

// lenientUTF8 passes UTF-8 through and reads a byte that is not part of a valid character as
// Windows-1252: a file saved as UTF-8 whose later rows were pasted from an old system keeps its
// umlauts instead of losing them to U+FFFD.
type lenientUTF8 struct {
	r   *bufio.Reader
	out []byte
}

func (l *lenientUTF8) Read(p []byte) (int, error) {
	for len(l.out) < len(p) {
		c, size, err := l.r.ReadRune()
		if err != nil {
			if len(l.out) > 0 {
				break
			}
			return 0, err
		}
		if c == utf8.RuneError && size == 1 {
			l.r.UnreadRune()
			b, _ := l.r.ReadByte()
			dec, _ := charmap.Windows1252.NewDecoder().Bytes([]byte{b})
			l.out = append(l.out, dec...)
			continue
		}
		l.out = utf8.AppendRune(l.out, c)
	}
	n := copy(p, l.out)
	l.out = l.out[n:]
	return n, nil
}

// dropNUL leaves out NUL bytes, which some exports pad cells with and PostgreSQL's text refuses.
type dropNUL struct{ r io.Reader }

func (d *dropNUL) Read(p []byte) (int, error) {
	for {
		n, err := d.r.Read(p)
		if n == 0 {
			return 0, err
		}
		k := 0
		for _, b := range p[:n] {
			if b != 0 {
				p[k] = b
				k++
			}
		}
		if k > 0 || err != nil {
			return k, err
		}
	}
}
