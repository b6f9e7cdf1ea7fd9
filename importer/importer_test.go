package importer_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"
	"testing"

	"arbor/importer"

	"github.com/xuri/excelize/v2"
	"golang.org/x/text/encoding/charmap"
)

func open(t *testing.T, data []byte, opt importer.Options) importer.Source {
	t.Helper()
	src, err := importer.Open(bytes.NewReader(data), int64(len(data)), opt)
	if err != nil {
		t.Fatalf("open: %v", err)
	}
	t.Cleanup(func() { src.Close() })
	return src
}

// all reads every row as "line:value|value…".
func all(t *testing.T, src importer.Source) []string {
	t.Helper()
	var out []string
	for {
		r, err := src.Next()
		if errors.Is(err, io.EOF) {
			return out
		}
		if err != nil {
			t.Fatalf("row: %v", err)
		}
		out = append(out, fmt.Sprintf("%d:%s", r.Line, strings.Join(r.Values, "|")))
	}
}

func cp1252(t *testing.T, s string) []byte {
	t.Helper()
	b, err := charmap.Windows1252.NewEncoder().Bytes([]byte(s))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestGermanExcelCSV: what German Excel writes — Windows-1252, ';', decimal commas — with a
// quoted cell holding the delimiter, a blank line, a NUL byte and a short row.
func TestGermanExcelCSV(t *testing.T) {
	data := cp1252(t, "Baumnummer;Baumart;Höhe (m);Rechtswert;Hochwert;Straße\r\n"+
		"1;Acer platanoides;12,5;3527505,2;6073645,2;\"Toosbüystr.; Höhe Nr. 3\"\r\n"+
		"\r\n"+
		"2;Tilia cordata „Greenspire“;8;3527515,6;6073649,8;Große Straße\r\n"+
		"3;Quercus robur\r\n")
	data = bytes.Replace(data, []byte("Quercus"), []byte("Quer\x00cus"), 1)
	src := open(t, data, importer.Options{})
	if d := src.Detected(); d.Delimiter != ';' || d.Encoding != "windows-1252" {
		t.Errorf("detected %+v", d)
	}
	want := []string{"Baumnummer", "Baumart", "Höhe (m)", "Rechtswert", "Hochwert", "Straße"}
	if !reflect.DeepEqual(src.Columns(), want) {
		t.Errorf("columns %q", src.Columns())
	}
	rows := all(t, src)
	wantRows := []string{
		"2:1|Acer platanoides|12,5|3527505,2|6073645,2|Toosbüystr.; Höhe Nr. 3",
		"4:2|Tilia cordata „Greenspire“|8|3527515,6|6073649,8|Große Straße",
		"5:3|Quercus robur||||",
	}
	if !reflect.DeepEqual(rows, wantRows) {
		t.Errorf("rows\n got %q\nwant %q", rows, wantRows)
	}
	if got := importer.SuggestColumns(src.Columns(), map[string]string{"general01": "Straße"}); !reflect.DeepEqual(got,
		[]string{"number", "species", "height", "x", "y", "general01"}) {
		t.Errorf("suggested %q", got)
	}
}

func TestCSVEncodingsAndDelimiters(t *testing.T) {
	cases := []struct {
		name, enc string
		delim     rune
		data      []byte
	}{
		{"utf-8 with BOM and commas", "utf-8", ',', []byte("\xef\xbb\xbfnumber,species,height\n1,\"Acer campestre, Feld-Ahorn\",7\n")},
		{"utf-8 with tabs", "utf-8", '\t', []byte("number\tspecies\theight\n1\tAcer campestre, Feld-Ahorn\t7\n")},
		{"latin-1 with semicolons", "iso-8859-1", ';', append([]byte("number;species;height\n1;Acer campestre, Feld-Ahorn;7\n"), cp1252(t, "2;Ahorn, Spitzahorn Größe;9\n")...)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			src := open(t, c.data, importer.Options{})
			if d := src.Detected(); d.Delimiter != c.delim || d.Encoding != c.enc {
				t.Errorf("detected %q %q", d.Delimiter, d.Encoding)
			}
			if !reflect.DeepEqual(src.Columns(), []string{"number", "species", "height"}) {
				t.Errorf("columns %q", src.Columns())
			}
			rows := all(t, src)
			if rows[0] != "2:1|Acer campestre, Feld-Ahorn|7" {
				t.Errorf("rows %q", rows)
			}
			if c.enc == "iso-8859-1" && rows[1] != "3:2|Ahorn, Spitzahorn Größe|9" {
				t.Errorf("rows %q", rows)
			}
		})
	}
	// A person's choice wins over the detection.
	src := open(t, []byte("a;b,c\n1;2,3\n"), importer.Options{Delimiter: ','})
	if !reflect.DeepEqual(src.Columns(), []string{"a;b", "c"}) {
		t.Errorf("columns %q", src.Columns())
	}
}

// TestUTF8WithLaterCP1252: a UTF-8 file whose rows after the sample were pasted from an old
// system keeps its umlauts.
func TestUTF8WithLaterCP1252(t *testing.T) {
	var b bytes.Buffer
	b.WriteString("number;street\n")
	for i := 1; i <= 4000; i++ {
		fmt.Fprintf(&b, "%d;Süderstraße\n", i)
	}
	b.Write(cp1252(t, "4001;Große Str.\n"))
	src := open(t, b.Bytes(), importer.Options{})
	if src.Detected().Encoding != "utf-8" {
		t.Fatalf("detected %+v", src.Detected())
	}
	rows := all(t, src)
	if len(rows) != 4001 || rows[0] != "2:1|Süderstraße" || rows[4000] != "4002:4001|Große Str." {
		t.Errorf("%d rows, first %q, last %q", len(rows), rows[0], rows[len(rows)-1])
	}
}

func TestXLSX(t *testing.T) {
	f := excelize.NewFile()
	f.SetSheetRow("Sheet1", "A1", &[]any{"Nr.", "Gattung", "Stammumfang [cm]", "Pflanzjahr"})
	f.SetSheetRow("Sheet1", "A2", &[]any{1, "Fagus sylvatica", 182.5, 1931})
	f.SetSheetRow("Sheet1", "A4", &[]any{2, "=1+1", nil, 1950})
	f.NewSheet("Gruppen")
	f.SetSheetRow("Gruppen", "A3", &[]any{"Fläche", "Anzahl"}) // the table starts lower down
	f.SetSheetRow("Gruppen", "A4", &[]any{"Park", 12})
	var buf bytes.Buffer
	if err := f.Write(&buf); err != nil {
		t.Fatal(err)
	}
	src := open(t, buf.Bytes(), importer.Options{})
	if src.Format() != importer.FormatXLSX || src.Detected().Sheet != "Sheet1" {
		t.Errorf("%s %+v", src.Format(), src.Detected())
	}
	if got := importer.SuggestColumns(src.Columns(), nil); !reflect.DeepEqual(got, []string{"number", "species", "scope", "planting_year"}) {
		t.Errorf("suggested %q", got)
	}
	if rows := all(t, src); !reflect.DeepEqual(rows, []string{"2:1|Fagus sylvatica|182.5|1931", "4:2|=1+1||1950"}) {
		t.Errorf("rows %q", rows)
	}
	src = open(t, buf.Bytes(), importer.Options{Sheet: "gruppen"})
	if !reflect.DeepEqual(src.Columns(), []string{"Fläche", "Anzahl"}) {
		t.Errorf("columns %q", src.Columns())
	}
	if rows := all(t, src); !reflect.DeepEqual(rows, []string{"4:Park|12"}) {
		t.Errorf("rows %q", rows)
	}
	_, err := importer.Open(bytes.NewReader(buf.Bytes()), int64(buf.Len()), importer.Options{Sheet: "Nope"})
	var re *importer.RowError
	if !errors.As(err, &re) || re.Key != "import.no_sheet" {
		t.Errorf("unknown sheet: %v", err)
	}
}

func TestGeoJSON(t *testing.T) {
	data := []byte(`{"type": "FeatureCollection", "name": "baeume",
	 "crs": {"type": "name", "properties": {"name": "urn:ogc:def:crs:EPSG::25832"}},
	 "features": [
	  {"type": "Feature", "properties": {"baumnr": 7, "art": "Tilia cordata"}, "geometry": {"type": "Point", "coordinates": [527000.5, 6070000.25]}},
	  {"type": "Feature", "properties": {"baumnr": 8, "hoehe": 12.5, "note": null}, "geometry": {"type": "Polygon", "coordinates": [[[527000, 6070000], [527010, 6070000], [527010, 6070010], [527000, 6070000]]]}}
	 ]}`)
	src := open(t, data, importer.Options{})
	if src.Format() != importer.FormatGeoJSON || src.Detected().SRID != 25832 {
		t.Errorf("%s %+v", src.Format(), src.Detected())
	}
	if !reflect.DeepEqual(src.Columns(), []string{"art", "baumnr", "hoehe", "note"}) {
		t.Errorf("columns %q", src.Columns())
	}
	r1, _ := src.Next()
	r2, _ := src.Next()
	if _, err := src.Next(); !errors.Is(err, io.EOF) {
		t.Errorf("third: %v", err)
	}
	if strings.Join(r1.Values, "|") != "Tilia cordata|7||" || r1.Geometry.GeoJSONType() != "Point" || r1.Line != 1 {
		t.Errorf("first %+v", r1)
	}
	if strings.Join(r2.Values, "|") != "|8|12.5|" || r2.Geometry.GeoJSONType() != "Polygon" || r2.Line != 2 {
		t.Errorf("second %+v", r2)
	}
	// One Feature, without a crs: WGS 84.
	one := open(t, []byte(`{"type": "Feature", "properties": {"nr": "B 1"}, "geometry": {"type": "Point", "coordinates": [9.43, 54.78]}}`), importer.Options{})
	if one.Detected().SRID != 4326 || !reflect.DeepEqual(all(t, one), []string{"1:B 1"}) {
		t.Errorf("single feature: %+v", one.Detected())
	}
}

func TestBadFiles(t *testing.T) {
	zip := []byte("PK\x03\x04\x14\x00\x00\x00\x08\x00some.shp")
	cases := map[string]struct {
		data []byte
		want error
	}{
		"empty":          {nil, importer.ErrEmpty},
		"only blanks":    {[]byte("  \n\n"), importer.ErrFormat},
		"binary":         {[]byte("\x89PNG\r\n\x1a\n\x00\x00"), importer.ErrFormat},
		"other zip":      {zip, importer.ErrFormat},
		"geopackage":     {[]byte("SQLite format 3\x00rest"), importer.ErrFormat},
		"broken xlsx":    {[]byte("PK\x03\x04[Content_Types].xml and nothing else"), importer.ErrFormat},
		"json not a map": {[]byte(`{"type": "Topology"}`), importer.ErrFormat},
		"no features":    {[]byte(`{"type": "FeatureCollection", "features": []}`), importer.ErrEmpty},
	}
	for name, c := range cases {
		_, err := importer.Open(bytes.NewReader(c.data), int64(len(c.data)), importer.Options{})
		if !errors.Is(err, c.want) {
			t.Errorf("%s: %v, want %v", name, err, c.want)
		}
	}
	// Too many columns, and a row with more cells than headings: named by line.
	wide := strings.Repeat("c;", importer.MaxColumns) + "c\n"
	_, err := importer.Open(strings.NewReader(wide), int64(len(wide)), importer.Options{})
	var re *importer.RowError
	if !errors.As(err, &re) || re.Key != "import.too_many_columns" {
		t.Errorf("wide: %v", err)
	}
	src := open(t, []byte("a;b\n1;2\n3;4;5\n6;7;;\n"), importer.Options{})
	src.Next()
	if _, err := src.Next(); !errors.As(err, &re) || re.Line != 3 || re.Key != "import.extra_cells" {
		t.Errorf("extra cells: %v", err)
	}
	if r, err := src.Next(); err != nil || strings.Join(r.Values, "|") != "6|7" {
		t.Errorf("empty extra cells: %+v %v", r, err)
	}
}

func TestSuggestCRS(t *testing.T) {
	ids := func(points ...[2]float64) []int {
		var out []int
		for _, c := range importer.SuggestCRS(points) {
			out = append(out, c.SRID)
		}
		return out
	}
	cases := []struct {
		name   string
		points [][2]float64
		want   []int
	}{
		{"Flensburg in Gauss-Krüger zone 3", [][2]float64{{3527505.2, 6073645.2}, {3530082.7, 6074377.3}}, []int{31467}},
		{"Gauss-Krüger zone 4", [][2]float64{{4590000, 5820000}}, []int{31468}},
		{"Gauss-Krüger zone 2", [][2]float64{{2560000, 5650000}}, []int{31466}},
		{"Gauss-Krüger zone 5", [][2]float64{{5400000, 5700000}}, []int{31469}},
		{"UTM: both zones, the map decides", [][2]float64{{527000, 6070000}}, []int{25832, 25833}},
		{"WGS 84", [][2]float64{{9.43, 54.78}, {9.44, 54.79}}, []int{4326}},
		{"Web Mercator", [][2]float64{{1050000, 7310000}}, []int{3857}},
		{"mixed zones fit nothing but Mercator", [][2]float64{{3527505, 6073645}, {527000, 6070000}}, []int{3857}},
		{"no points", nil, nil},
	}
	for _, c := range cases {
		if got := ids(c.points...); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
	if !importer.Swapped([][2]float64{{54.78, 9.43}}) || importer.Swapped([][2]float64{{9.43, 54.78}}) {
		t.Error("latitude first not told")
	}
}

// TestSuggestColumns: the Flensburg register's dBase headings and English ones, a custom field
// by its alias, each target once.
func TestSuggestColumns(t *testing.T) {
	flensburg := []string{"baumnummer,C,20", "hochwert,N,19,11", "rechtswert,N,19,11", "ga_lang,C,80", "GEBIET,C,80", "STRASSE,C,100"}
	got := importer.SuggestColumns(flensburg, map[string]string{"general01": "Straße", "general02": "Gebiet"})
	if want := []string{"number", "y", "x", "species", "general02", "general01"}; !reflect.DeepEqual(got, want) {
		t.Errorf("Flensburg: %q, want %q", got, want)
	}
	english := []string{"Tree No.", "Botanical name", "Common name", "Height (m)", "DBH", "Crown spread", "Latitude", "Longitude", "Girth", "Notes", "Longitude"}
	got = importer.SuggestColumns(english, nil)
	if want := []string{"number", "species", "species_common", "height", "diameter", "top_diameter", "y", "x", "scope", "", ""}; !reflect.DeepEqual(got, want) {
		t.Errorf("English: %q, want %q", got, want)
	}
	german := []string{"Baum-Nr.", "Baumart", "Deutscher Name", "Höhe", "Kronendurchmesser", "Stammumfang", "Stammdurchmesser", "Vitalität", "WKT"}
	got = importer.SuggestColumns(german, nil)
	if want := []string{"number", "species", "species_common", "height", "top_diameter", "scope", "diameter", "vitality", "wkt"}; !reflect.DeepEqual(got, want) {
		t.Errorf("German: %q, want %q", got, want)
	}
}
