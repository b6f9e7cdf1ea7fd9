package importer

import (
	"archive/zip"
	"bufio"
	"encoding/binary"
	"errors"
	"io"
	"math"
	"path"
	"strings"

	"github.com/paulmach/orb"
	"golang.org/x/text/encoding/charmap"
)

// A Shapefile comes as a zip of files sharing one name: .shp (the geometries), .dbf (the
// attributes, one record per geometry, in the same order), .prj (the reference system as WKT)
// and .cpg (the attributes' encoding). ESRI's whitepaper of 1998 describes .shp; .dbf is dBASE
// III. No Go reader of them is at hand here, and the format is small: Arbor reads the two
// files in step, one record at a time, straight out of the zip.

// ErrShapefileParts is a zip with a .shp but without the .dbf that gives its rows.
var ErrShapefileParts = errors.New("importer: a Shapefile needs its .shp and .dbf")

type shapefileSource struct {
	shp, dbf io.ReadCloser
	shpr     *bufio.Reader
	dbfr     *bufio.Reader
	fields   []dbfField
	records  int
	recLen   int
	decode   func([]byte) string
	columns  []string
	srid     int
	layer    string
	layers   []string
	n        int
	buf      []byte
}

type dbfField struct {
	name   string
	kind   byte
	length int
}

// zipEntries lists a zip's files by lower-cased name, or nil when r is no zip.
func zipEntries(r io.ReaderAt, size int64) map[string]*zip.File {
	z, err := zip.NewReader(r, size)
	if err != nil {
		return nil
	}
	out := map[string]*zip.File{}
	for _, f := range z.File {
		if strings.HasPrefix(path.Base(f.Name), ".") || strings.Contains(f.Name, "__MACOSX") {
			continue // macOS writes resource forks beside each file
		}
		out[strings.ToLower(f.Name)] = f
	}
	return out
}

// shapefileLayers answers the names (without extension) of the Shapefiles in a zip.
func shapefileLayers(files map[string]*zip.File) []string {
	var out []string
	for name := range files {
		if strings.HasSuffix(name, ".shp") {
			out = append(out, strings.TrimSuffix(name, ".shp"))
		}
	}
	sortStrings(out)
	return out
}

func openShapefile(files map[string]*zip.File, opt Options) (Source, error) {
	layers := shapefileLayers(files)
	if len(layers) == 0 {
		return nil, ErrFormat
	}
	layer := layers[0]
	if opt.Sheet != "" {
		// A layer is named by its path in the zip or by its file's name alone.
		want := strings.ToLower(strings.TrimSuffix(opt.Sheet, ".shp"))
		layer = ""
		for _, l := range layers {
			if l == want || path.Base(l) == want {
				layer = l
				break
			}
		}
		if layer == "" {
			return nil, &RowError{Key: "import.no_layer", Value: opt.Sheet}
		}
	}
	if files[layer+".dbf"] == nil {
		return nil, ErrShapefileParts
	}
	s := &shapefileSource{layer: path.Base(files[layer+".shp"].Name)}
	for _, l := range layers {
		name := path.Base(files[l+".shp"].Name)
		s.layers = append(s.layers, strings.TrimSuffix(name, path.Ext(name)))
	}
	s.layer = strings.TrimSuffix(s.layer, path.Ext(s.layer))
	if prj := files[layer+".prj"]; prj != nil {
		if wkt, err := readSmall(prj); err == nil {
			s.srid = SRIDFromWKT(wkt)
		}
	}
	encoding := opt.Encoding
	if cpg := files[layer+".cpg"]; cpg != nil && encoding == "" {
		if text, err := readSmall(cpg); err == nil {
			encoding = cpgEncoding(text)
		}
	}
	var err error
	if s.shp, err = files[layer+".shp"].Open(); err != nil {
		return nil, ErrFormat
	}
	if s.dbf, err = files[layer+".dbf"].Open(); err != nil {
		s.Close()
		return nil, ErrFormat
	}
	s.shpr, s.dbfr = bufio.NewReaderSize(s.shp, 64<<10), bufio.NewReaderSize(s.dbf, 64<<10)
	if err := s.readHeaders(encoding); err != nil {
		s.Close()
		return nil, err
	}
	return s, nil
}

// readSmall reads a zipped side file (.prj, .cpg), which is a line or two.
func readSmall(f *zip.File) (string, error) {
	rc, err := f.Open()
	if err != nil {
		return "", err
	}
	defer rc.Close()
	b, err := io.ReadAll(io.LimitReader(rc, 64<<10))
	return strings.TrimSpace(string(b)), err
}

// cpgEncoding reads a .cpg file's code page ("UTF-8", "1252", "ISO-8859-1", "ANSI 1252").
func cpgEncoding(text string) string {
	t := strings.ToLower(strings.TrimSpace(text))
	switch {
	case strings.Contains(t, "utf"):
		return "utf-8"
	case strings.Contains(t, "1252"), strings.Contains(t, "ansi"):
		return "windows-1252"
	case strings.Contains(t, "8859"), strings.Contains(t, "latin"):
		return "iso-8859-1"
	}
	return ""
}

func (s *shapefileSource) readHeaders(encoding string) error {
	// .shp: a 100-byte header; its file code is 9994 (big-endian), its version 1000.
	head := make([]byte, 100)
	if _, err := io.ReadFull(s.shpr, head); err != nil || binary.BigEndian.Uint32(head) != 9994 {
		return ErrFormat
	}
	// .dbf: 32 bytes, then 32 per field up to the terminator 0x0D.
	dh := make([]byte, 32)
	if _, err := io.ReadFull(s.dbfr, dh); err != nil {
		return ErrFormat
	}
	s.records = int(binary.LittleEndian.Uint32(dh[4:]))
	headerLen := int(binary.LittleEndian.Uint16(dh[8:]))
	s.recLen = int(binary.LittleEndian.Uint16(dh[10:]))
	if headerLen < 33 || s.recLen < 1 {
		return ErrFormat
	}
	if (headerLen-33)/32 > MaxColumns {
		return &RowError{Line: 1, Key: "import.too_many_columns"}
	}
	rest := make([]byte, headerLen-32)
	if _, err := io.ReadFull(s.dbfr, rest); err != nil {
		return ErrFormat
	}
	width := 1 // the deletion flag
	var names []string
	for off := 0; off+32 <= len(rest) && rest[off] != 0x0d; off += 32 {
		d := rest[off : off+32]
		name := string(d[:11])
		if i := strings.IndexByte(name, 0); i >= 0 {
			name = name[:i]
		}
		f := dbfField{name: name, kind: d[11], length: int(d[16])}
		s.fields = append(s.fields, f)
		names = append(names, name)
		width += f.length
	}
	if width > s.recLen || len(s.fields) == 0 {
		return ErrFormat
	}
	if encoding == "" {
		// dBASE's language driver byte: 0x57 and 0x03 are Windows' ANSI; else look at the names.
		switch dh[29] {
		case 0x03, 0x57, 0x58, 0x59:
			encoding = "windows-1252"
		default:
			encoding = DetectEncoding(rest)
		}
	}
	switch encoding {
	case "utf-8":
		s.decode = func(b []byte) string { return strings.ToValidUTF8(string(b), "\uFFFD") }
	case "windows-1252", "iso-8859-1":
		dec := charmap.Windows1252.NewDecoder()
		s.decode = func(b []byte) string {
			out, err := dec.Bytes(b)
			if err != nil {
				return string(b)
			}
			return string(out)
		}
	default:
		return ErrFormat
	}
	for i, n := range names {
		names[i] = s.decode([]byte(n))
	}
	s.columns = uniqueColumns(names)
	s.buf = make([]byte, s.recLen)
	return nil
}

func (s *shapefileSource) Format() Format    { return FormatShapefile }
func (s *shapefileSource) Columns() []string { return s.columns }
func (s *shapefileSource) Detected() Options { return Options{Sheet: s.layer, SRID: s.srid} }
func (s *shapefileSource) Layers() []string  { return s.layers }

func (s *shapefileSource) Close() error {
	if s.shp != nil {
		s.shp.Close()
	}
	if s.dbf != nil {
		s.dbf.Close()
	}
	return nil
}

// Next reads the next .shp record and its .dbf record. Deleted attribute records keep their
// geometry's place in the .shp, so both are read and the pair skipped.
func (s *shapefileSource) Next() (Row, error) {
	for {
		if s.n >= s.records {
			return Row{}, io.EOF
		}
		s.n++
		line := s.n
		g, gerr := s.shape()
		if gerr != nil && !errors.Is(gerr, errWKB) {
			// The record's header is damaged or the .shp ends early: where the next record
			// begins is unknown, so nothing after it can be read.
			s.n = s.records
			return Row{}, &ReadError{Line: line, Err: gerr}
		}
		if _, err := io.ReadFull(s.dbfr, s.buf); err != nil {
			s.n = s.records // the attributes end early: the rest cannot be paired
			return Row{}, &ReadError{Line: line, Err: err}
		}
		if s.buf[0] == '*' {
			continue
		}
		if gerr != nil {
			return Row{}, &RowError{Line: line, Key: "import.bad_geometry"}
		}
		values := make([]string, len(s.fields))
		off := 1
		for i, f := range s.fields {
			values[i] = strings.TrimSpace(s.decode(s.buf[off : off+f.length]))
			switch v := values[i]; {
			case f.kind == 'D' && len(v) == 8: // dBASE dates are YYYYMMDD
				values[i] = v[:4] + "-" + v[4:6] + "-" + v[6:]
			case (f.kind == 'N' || f.kind == 'F') && strings.Contains(v, "."):
				// Numbers are padded to their field's decimals: 12.500000000000000 is 12.5.
				values[i] = strings.TrimSuffix(strings.TrimRight(v, "0"), ".")
			}
			off += f.length
		}
		return Row{Line: line, Values: values, Geometry: g}, nil
	}
}

// shape reads one .shp record: its header (number and length in 16-bit words, big-endian) and
// content (shape type, then the shape, little-endian). A damaged shape answers errWKB so the row
// is named; a damaged record header ends the file.
func (s *shapefileSource) shape() (orb.Geometry, error) {
	var rh [8]byte
	if _, err := io.ReadFull(s.shpr, rh[:]); err != nil {
		return nil, err
	}
	n := int(binary.BigEndian.Uint32(rh[4:])) * 2
	if n < 4 || n > 256<<20 {
		return nil, ErrFormat
	}
	content := make([]byte, n)
	if _, err := io.ReadFull(s.shpr, content); err != nil {
		return nil, err
	}
	return decodeShape(content)
}

// decodeShape reads a shape's content; z and m values (types 11–28) follow the x and y and are
// left unread.
func decodeShape(c []byte) (orb.Geometry, error) {
	le := binary.LittleEndian
	f64 := func(off int) float64 { return math.Float64frombits(le.Uint64(c[off:])) }
	switch le.Uint32(c) {
	case 0:
		return nil, nil // a null shape: the coordinates may come from columns
	case 1, 11, 21: // point
		if len(c) < 20 {
			return nil, errWKB
		}
		return orb.Point{f64(4), f64(12)}, nil
	case 8, 18, 28: // multipoint: box, count, points
		if len(c) < 40 {
			return nil, errWKB
		}
		count := int(le.Uint32(c[36:]))
		if count < 0 || len(c) < 40+16*count {
			return nil, errWKB
		}
		mp := make(orb.MultiPoint, count)
		for i := range mp {
			mp[i] = orb.Point{f64(40 + 16*i), f64(48 + 16*i)}
		}
		return single(mp), nil
	case 5, 15, 25: // polygon: box, parts, points, part starts, points
		return decodeRings(c)
	case 3, 13, 23: // polyline: read as lines; the store says lines are neither trees nor groups
		rings, err := ringsOf(c)
		if err != nil {
			return nil, err
		}
		ml := make(orb.MultiLineString, len(rings))
		for i, r := range rings {
			ml[i] = orb.LineString(r)
		}
		return ml, nil
	}
	return nil, errWKB
}

func ringsOf(c []byte) ([][]orb.Point, error) {
	le := binary.LittleEndian
	if len(c) < 44 {
		return nil, errWKB
	}
	parts, points := int(le.Uint32(c[36:])), int(le.Uint32(c[40:]))
	start := 44 + 4*parts
	if parts < 1 || points < 1 || parts > points || len(c) < start+16*points {
		return nil, errWKB
	}
	out := make([][]orb.Point, parts)
	for i := range out {
		from := int(le.Uint32(c[44+4*i:]))
		to := points
		if i+1 < parts {
			to = int(le.Uint32(c[44+4*(i+1):]))
		}
		if from < 0 || to > points || from >= to {
			return nil, errWKB
		}
		ring := make([]orb.Point, to-from)
		for j := range ring {
			off := start + 16*(from+j)
			ring[j] = orb.Point{math.Float64frombits(le.Uint64(c[off:])), math.Float64frombits(le.Uint64(c[off+8:]))}
		}
		out[i] = ring
	}
	return out, nil
}

// decodeRings builds polygons from a shape's rings: an outer ring runs clockwise, a hole
// counter-clockwise and lies within its outer ring. A shape of one outer ring is a polygon;
// of several, a multi-polygon.
func decodeRings(c []byte) (orb.Geometry, error) {
	rings, err := ringsOf(c)
	if err != nil {
		return nil, err
	}
	var polys orb.MultiPolygon
	var holes []orb.Ring
	for _, r := range rings {
		ring := orb.Ring(r)
		if ring.Orientation() == orb.CW || len(polys) == 0 && ring.Orientation() != orb.CCW {
			polys = append(polys, orb.Polygon{ring})
			continue
		}
		holes = append(holes, ring)
	}
	if len(polys) == 0 {
		// Only counter-clockwise rings: a writer that ignored the rule; take them as outer rings.
		for _, h := range holes {
			polys = append(polys, orb.Polygon{h})
		}
		holes = nil
	}
	for _, h := range holes {
		owner := len(polys) - 1
		for i, p := range polys {
			if ringContains(p[0], h[0]) {
				owner = i
				break
			}
		}
		polys[owner] = append(polys[owner], h)
	}
	if len(polys) == 1 {
		return polys[0], nil
	}
	return polys, nil
}

// ringContains reports whether p lies inside the ring (even-odd rule).
func ringContains(r orb.Ring, p orb.Point) bool {
	in := false
	for i, j := 0, len(r)-1; i < len(r); j, i = i, i+1 {
		a, b := r[i], r[j]
		if (a[1] > p[1]) != (b[1] > p[1]) && p[0] < (b[0]-a[0])*(p[1]-a[1])/(b[1]-a[1])+a[0] {
			in = !in
		}
	}
	return in
}
