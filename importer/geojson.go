package importer

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strconv"

	"github.com/paulmach/orb/geojson"
)

// geojsonSource reads the features of a GeoJSON FeatureCollection (or a single Feature) one at
// a time. Its columns are the properties' names in the order they first appear; a first pass
// over the file collects them, so a property only the last feature has is not lost.
type geojsonSource struct {
	stream  io.ReadSeeker
	dec     *json.Decoder
	columns []string
	index   map[string]int
	srid    int
	n       int
	single  bool
}

func openGeoJSON(stream io.ReadSeeker) (Source, error) {
	s := &geojsonSource{stream: stream, index: map[string]int{}, srid: 4326}
	// First pass: the properties' names and the reference system.
	if err := s.start(); err != nil {
		return nil, err
	}
	for {
		f, err := s.feature()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, err
		}
		for _, k := range sortedKeys(f.Properties, s.index) {
			s.index[k] = len(s.columns)
			s.columns = append(s.columns, k)
			if len(s.columns) > MaxColumns {
				return nil, &RowError{Line: s.n, Key: "import.too_many_columns"}
			}
		}
	}
	if s.n == 0 {
		return nil, ErrEmpty
	}
	// Second pass: the rows.
	if _, err := stream.Seek(0, io.SeekStart); err != nil {
		return nil, err
	}
	s.n = 0
	if err := s.start(); err != nil {
		return nil, err
	}
	return s, nil
}

// sortedKeys are the keys of props not yet known, in the order the JSON object had them (Go maps
// have none, so the feature's raw order is not kept: names are sorted for a stable heading).
func sortedKeys(props map[string]any, known map[string]int) []string {
	var out []string
	for k := range props {
		if _, ok := known[k]; !ok {
			out = append(out, k)
		}
	}
	sortStrings(out)
	return out
}

var epsgName = regexp.MustCompile(`EPSG:{1,2}(\d+)`)

// start reads up to the first feature: through a FeatureCollection's members to "features", or
// a single Feature as a whole.
func (s *geojsonSource) start() error {
	s.dec = json.NewDecoder(s.stream)
	s.dec.UseNumber()
	tok, err := s.dec.Token()
	if err != nil || tok != json.Delim('{') {
		return ErrFormat
	}
	// Members before "features" are read one by one; "type" says what it is, "crs" (GeoJSON of
	// 2008, still written by QGIS) the reference system.
	for s.dec.More() {
		key, err := s.dec.Token()
		if err != nil {
			return ErrFormat
		}
		switch key {
		case "features":
			if tok, err := s.dec.Token(); err != nil || tok != json.Delim('[') {
				return ErrFormat
			}
			return nil
		case "crs":
			var crs struct {
				Properties struct {
					Name string `json:"name"`
				} `json:"properties"`
			}
			if err := s.dec.Decode(&crs); err != nil {
				return ErrFormat
			}
			if m := epsgName.FindStringSubmatch(crs.Properties.Name); m != nil {
				s.srid, _ = strconv.Atoi(m[1])
			} else if crs.Properties.Name == "urn:ogc:def:crs:OGC:1.3:CRS84" {
				s.srid = 4326
			}
		case "type":
			var t string
			if err := s.dec.Decode(&t); err != nil {
				return ErrFormat
			}
			if t == "Feature" {
				return s.rewindSingle()
			}
			if t != "FeatureCollection" {
				return ErrFormat
			}
		default:
			var skip json.RawMessage
			if err := s.dec.Decode(&skip); err != nil {
				return ErrFormat
			}
		}
	}
	return ErrEmpty
}

// rewindSingle makes a file that is one Feature read as a collection of one.
func (s *geojsonSource) rewindSingle() error {
	if _, err := s.stream.Seek(0, io.SeekStart); err != nil {
		return err
	}
	s.dec = json.NewDecoder(s.stream)
	s.dec.UseNumber()
	s.single = true
	return nil
}

func (s *geojsonSource) feature() (*geojson.Feature, error) {
	if s.single {
		if s.n > 0 {
			return nil, io.EOF
		}
	} else if !s.dec.More() {
		return nil, io.EOF
	}
	var raw json.RawMessage
	if err := s.dec.Decode(&raw); err != nil {
		// Not JSON from here on: the decoder cannot find the next feature, and answers the same
		// failure on every later call.
		return nil, &ReadError{Line: s.n + 1, Err: err}
	}
	s.n++
	f, err := geojson.UnmarshalFeature(raw)
	if err != nil {
		return nil, &RowError{Line: s.n, Key: "import.bad_geometry"}
	}
	return f, nil
}

func (s *geojsonSource) Format() Format    { return FormatGeoJSON }
func (s *geojsonSource) Columns() []string { return s.columns }
func (s *geojsonSource) Detected() Options { return Options{SRID: s.srid} }
func (s *geojsonSource) Close() error      { return nil }

func (s *geojsonSource) Next() (Row, error) {
	f, err := s.feature()
	if err != nil {
		return Row{}, err
	}
	values := make([]string, len(s.columns))
	for k, v := range f.Properties {
		if i, ok := s.index[k]; ok {
			values[i] = propertyText(v)
		}
	}
	return Row{Line: s.n, Values: values, Geometry: f.Geometry}, nil
}

// propertyText is a property's value as a cell's text: numbers as written, objects as JSON.
func propertyText(v any) string {
	switch v := v.(type) {
	case nil:
		return ""
	case string:
		return v
	case json.Number:
		return v.String()
	case float64:
		return strconv.FormatFloat(v, 'f', -1, 64)
	case bool:
		return strconv.FormatBool(v)
	}
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}
