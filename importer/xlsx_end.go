package importer

import (
	"archive/zip"
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"path"
	"slices"
	"strconv"
	"strings"
)

// excelize's row reader ends quietly at the first XML token it cannot read, so a worksheet cut
// off or damaged partway would read as a shorter table and import its first rows without a word.
// When the rows end, sheetEnd reads the sheet's part of the zip once more, only as bytes (no XML
// decoding, so it costs a decompression): the part must close its sheetData, and no row may
// stand after the one the reader ended at.

// errSheetCut is the failure a damaged sheet's reading ends with.
var errSheetCut = errors.New("the worksheet's XML breaks off or is damaged")

// sheetPart finds the zip entry of the sheet with the given name, through the workbook's list
// of sheets and its relationships; nil when the workbook does not say.
func sheetPart(r io.ReaderAt, size int64, sheet string) *zip.File {
	files := zipEntries(r, size)
	if files == nil {
		return nil
	}
	var book struct {
		Sheets []struct {
			Name string `xml:"name,attr"`
			ID   string `xml:"http://schemas.openxmlformats.org/officeDocument/2006/relationships id,attr"`
		} `xml:"sheets>sheet"`
	}
	var rels struct {
		Rels []struct {
			ID     string `xml:"Id,attr"`
			Target string `xml:"Target,attr"`
		} `xml:"Relationship"`
	}
	if readXMLPart(files["xl/workbook.xml"], &book) != nil || readXMLPart(files["xl/_rels/workbook.xml.rels"], &rels) != nil {
		return nil
	}
	for _, s := range book.Sheets {
		if s.Name != sheet {
			continue
		}
		for _, rel := range rels.Rels {
			if rel.ID != s.ID {
				continue
			}
			target := rel.Target
			if strings.HasPrefix(target, "/") {
				target = strings.TrimPrefix(target, "/")
			} else {
				target = path.Join("xl", target)
			}
			return files[strings.ToLower(target)]
		}
	}
	return nil
}

func readXMLPart(f *zip.File, v any) error {
	if f == nil {
		return io.ErrUnexpectedEOF
	}
	rc, err := f.Open()
	if err != nil {
		return err
	}
	defer rc.Close()
	return xml.NewDecoder(io.LimitReader(rc, 8<<20)).Decode(v)
}

// sheetBreak answers 0 when a sheet's XML closes its sheetData and holds no row after lastRow
// (the number of the last row read), else the line the damage is at. Rows are found as "<row"
// tags (with or without a namespace prefix) and numbered as a reader numbers them: by their r
// attribute, else the one before + 1.
func sheetBreak(f *zip.File, lastRow int) (int, error) {
	rc, err := f.Open()
	if err != nil {
		return lastRow + 1, err
	}
	defer rc.Close()
	const chunk = 1 << 16
	var (
		buf = make([]byte, 0, 2*chunk)
		at  rowScan
	)
	for {
		buf = slices.Grow(buf, chunk)
		n, err := io.ReadFull(rc, buf[len(buf):len(buf)+chunk])
		buf = buf[:len(buf)+n]
		last := errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF)
		if err != nil && !last {
			return lastRow + 1, err // the zip entry itself is damaged (its checksum, its deflate stream)
		}
		// Scan up to the last '<' so that a tag split between two chunks is read whole next time.
		upto := len(buf)
		if !last {
			if i := bytes.LastIndexByte(buf, '<'); i > 0 || (i == 0 && len(buf) < 1<<20) {
				upto = i // a tag of a megabyte is no row's: let it go rather than hold the part
			}
		}
		at.scan(buf[:upto])
		switch {
		case at.row > lastRow:
			return lastRow + 1, nil // rows stand after the one the reader ended at
		case last && at.open:
			return at.row, nil // broken off inside a row
		case last && !at.closed:
			return at.row + 1, nil
		case last:
			return 0, nil
		}
		buf = append(buf[:0], buf[upto:]...)
	}
}

// rowScan is where a scan of a sheet's XML stands: the last row's number, whether that row is
// still open, and whether the sheetData has been closed.
type rowScan struct {
	row          int
	open, closed bool
}

// scan goes through the whole tags in b.
func (s *rowScan) scan(b []byte) {
	for {
		i := bytes.IndexByte(b, '<')
		if i < 0 {
			return
		}
		b = b[i+1:]
		end := bytes.IndexByte(b, '>')
		if end < 0 {
			return
		}
		tag := b[:end]
		b = b[end+1:]
		closing := bytes.HasPrefix(tag, []byte("/"))
		name := bytes.TrimPrefix(tag, []byte("/"))
		if j := bytes.IndexAny(name, " \t\r\n/"); j >= 0 {
			name = name[:j]
		}
		if k := bytes.IndexByte(name, ':'); k >= 0 {
			name = name[k+1:] // a namespace's prefix
		}
		switch {
		case !closing && string(name) == "row":
			s.row = rowNumber(tag, s.row)
			s.open = !bytes.HasSuffix(tag, []byte("/"))
			s.closed = false
		case closing && string(name) == "row":
			s.open = false
		case closing && string(name) == "sheetData":
			s.closed = true
		}
	}
}

// rowNumber reads a row tag's r attribute, else counts on from the row before.
func rowNumber(tag []byte, before int) int {
	for _, sep := range []string{` r="`, ` r='`, "\tr=\"", "\nr=\""} {
		if i := bytes.Index(tag, []byte(sep)); i >= 0 {
			v := tag[i+len(sep):]
			if j := bytes.IndexAny(v, `"'`); j >= 0 {
				if n, err := strconv.Atoi(string(v[:j])); err == nil {
					return n
				}
			}
		}
	}
	return before + 1
}
