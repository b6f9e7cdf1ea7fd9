package store

import (
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"
)

// A feature's properties are written here, in Go, from the values as the driver receives them,
// instead of by row_to_json in PostgreSQL: converting each of a tree's 54 columns to JSON in the
// database was most of a page's time (about 1 µs a column and row, BENCHMARKS.md "GIS web
// service"), while sending them in binary and writing them here is a fraction of that. The JSON
// is what row_to_json writes, byte for byte: the same names, numbers as PostgreSQL prints them,
// text escaped as PostgreSQL escapes it, dates as YYYY-MM-DD and times in ISO 8601 in the
// session's time zone.

// featureResultFormats asks for the columns of a feature query in the format its writer reads
// fastest: binary for integers, times, ids and lists; text for numeric and floats (PostgreSQL's
// text of them is their JSON) and for types not named here.
var featureResultFormats = pgx.QueryResultFormatsByOID{
	pgtype.Int2OID: pgx.BinaryFormatCode, pgtype.Int4OID: pgx.BinaryFormatCode, pgtype.Int8OID: pgx.BinaryFormatCode,
	pgtype.BoolOID: pgx.BinaryFormatCode,
	pgtype.DateOID: pgx.BinaryFormatCode, pgtype.TimestamptzOID: pgx.BinaryFormatCode, pgtype.UUIDOID: pgx.BinaryFormatCode,
	pgtype.TextOID: pgx.BinaryFormatCode, pgtype.VarcharOID: pgx.BinaryFormatCode, pgtype.TextArrayOID: pgx.BinaryFormatCode,
}

// jsonValue appends one column's value (raw, as received: nil for NULL) as JSON.
type jsonValue func(out, raw []byte) ([]byte, error)

// featureWriter writes the JSON of a query's features, one row at a time, into one buffer it
// reuses: a million features cost the memory of one.
type featureWriter struct {
	keys   [][]byte // `,"name":` of each property (without the comma for the first)
	values []jsonValue
	buf    []byte
}

// newFeatureWriter prepares the writer of rows whose columns from first on are the properties
// named by props, in the format and type the database sends them.
func newFeatureWriter(rows pgx.Rows, first int, props [][2]string) (*featureWriter, error) {
	fds := rows.FieldDescriptions()
	if len(fds) != first+len(props) {
		return nil, fmt.Errorf("feature query: %d columns for %d properties", len(fds), len(props))
	}
	loc, tm := time.UTC, pgtype.NewMap()
	if c := rows.Conn(); c != nil {
		loc, tm = sessionZone(c.PgConn().ParameterStatus("TimeZone")), c.TypeMap()
	}
	w := &featureWriter{}
	for i, p := range props {
		fd := fds[first+i]
		v, err := jsonValueOf(fd.DataTypeOID, fd.Format, loc, tm)
		if err != nil {
			return nil, fmt.Errorf("feature property %s: %w", p[0], err)
		}
		key := strconv.AppendQuote([]byte(","), p[0])
		if i == 0 {
			key = key[1:]
		}
		w.keys = append(w.keys, append(key, ':'))
		w.values = append(w.values, v)
	}
	return w, nil
}

// feature writes {"type":"Feature","id":…,"geometry":…,"properties":{…}}; geometry is GeoJSON
// text (nil: null). The result is valid until the next call.
func (w *featureWriter) feature(id string, geometry []byte, props [][]byte) ([]byte, error) {
	b := append(w.buf[:0], `{"type":"Feature","id":"`...)
	b = append(b, id...)
	b = append(b, `","geometry":`...)
	if geometry == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, geometry...)
	}
	b = append(b, `,"properties":{`...)
	var err error
	for i, raw := range props {
		b = append(b, w.keys[i]...)
		if raw == nil {
			b = append(b, "null"...)
		} else if b, err = w.values[i](b, raw); err != nil {
			return nil, fmt.Errorf("feature property %s: %w", w.keys[i], err)
		}
	}
	b = append(b, "}}"...)
	w.buf = b
	return b, nil
}

// jsonValueOf is the writer of a column of the type oid sent in format.
func jsonValueOf(oid uint32, format int16, loc *time.Location, tm *pgtype.Map) (jsonValue, error) {
	bin := format == pgx.BinaryFormatCode
	switch {
	case oid == pgtype.TextOID || oid == pgtype.VarcharOID || oid == pgtype.BPCharOID || oid == pgtype.NameOID:
		return func(out, raw []byte) ([]byte, error) { return appendJSONString(out, raw), nil }, nil
	case !bin && (oid == pgtype.Int2OID || oid == pgtype.Int4OID || oid == pgtype.Int8OID ||
		oid == pgtype.NumericOID || oid == pgtype.Float4OID || oid == pgtype.Float8OID):
		return appendJSONNumberText, nil
	case bin && (oid == pgtype.Int2OID || oid == pgtype.Int4OID || oid == pgtype.Int8OID):
		return appendBinaryInt, nil
	case oid == pgtype.BoolOID:
		return func(out, raw []byte) ([]byte, error) {
			if len(raw) == 1 && (raw[0] == 1 || raw[0] == 't') {
				return append(out, "true"...), nil
			}
			return append(out, "false"...), nil
		}, nil
	case oid == pgtype.UUIDOID && bin:
		return func(out, raw []byte) ([]byte, error) {
			if len(raw) != 16 {
				return nil, fmt.Errorf("uuid of %d bytes", len(raw))
			}
			out = append(out, '"')
			out = appendUUID(out, raw)
			return append(out, '"'), nil
		}, nil
	case oid == pgtype.UUIDOID:
		return func(out, raw []byte) ([]byte, error) { return appendJSONString(out, raw), nil }, nil
	case oid == pgtype.DateOID:
		return func(out, raw []byte) ([]byte, error) {
			var d pgtype.Date
			if err := tm.Scan(oid, format, raw, &d); err != nil {
				return nil, err
			}
			return appendJSONTime(out, d.InfinityModifier, d.Time, time.DateOnly), nil
		}, nil
	case oid == pgtype.TimestamptzOID:
		return func(out, raw []byte) ([]byte, error) {
			var ts pgtype.Timestamptz
			if err := tm.Scan(oid, format, raw, &ts); err != nil {
				return nil, err
			}
			t := ts.Time.In(loc)
			layout := "2006-01-02T15:04:05.999999-07:00"
			if _, off := t.Zone(); off%60 != 0 {
				layout = "2006-01-02T15:04:05.999999-07:00:00" // PostgreSQL writes an offset's seconds when it has them
			}
			return appendJSONTime(out, ts.InfinityModifier, t, layout), nil
		}, nil
	case oid == pgtype.TextArrayOID || oid == pgtype.VarcharArrayOID:
		return func(out, raw []byte) ([]byte, error) {
			if bin {
				return appendBinaryTextArray(out, raw)
			}
			var a pgtype.FlatArray[pgtype.Text]
			if err := tm.Scan(oid, format, raw, &a); err != nil {
				return nil, err
			}
			out = append(out, '[')
			for i, s := range a {
				if i > 0 {
					out = append(out, ',')
				}
				if !s.Valid {
					out = append(out, "null"...)
				} else {
					out = appendJSONString(out, []byte(s.String))
				}
			}
			return append(out, ']'), nil
		}, nil
	}
	return nil, fmt.Errorf("no JSON for type %d in format %d", oid, format)
}

// appendJSONTime appends a date or time as PostgreSQL writes it in JSON: t in layout, quoted,
// or infinity when m says it is infinite.
func appendJSONTime(out []byte, m pgtype.InfinityModifier, t time.Time, layout string) []byte {
	switch m {
	case pgtype.NegativeInfinity:
		return append(out, `"-infinity"`...)
	case pgtype.Infinity:
		return append(out, `"infinity"`...)
	}
	out = append(out, '"')
	out = t.AppendFormat(out, layout)
	return append(out, '"')
}

// sessionZone is the time zone PostgreSQL writes times in (the session's TimeZone, which the
// server reports to the driver); UTC when Go does not know it.
func sessionZone(tz string) *time.Location {
	switch tz {
	case "", "UTC", "Etc/UTC", "GMT", "Etc/GMT", "Etc/UCT", "UCT", "Etc/Universal", "Universal", "Zulu":
		return time.UTC
	}
	if l, err := time.LoadLocation(tz); err == nil {
		return l
	}
	return time.UTC
}

// appendJSONString appends s as a JSON string, escaped as PostgreSQL's escape_json does.
func appendJSONString(out, s []byte) []byte {
	out = append(out, '"')
	start := 0
	for i, c := range s {
		var esc string
		switch {
		case c == '"':
			esc = `\"`
		case c == '\\':
			esc = `\\`
		case c >= 0x20:
			continue
		case c == '\b':
			esc = `\b`
		case c == '\f':
			esc = `\f`
		case c == '\n':
			esc = `\n`
		case c == '\r':
			esc = `\r`
		case c == '\t':
			esc = `\t`
		default:
			esc = `\u00` + string("0123456789abcdef"[c>>4]) + string("0123456789abcdef"[c&15])
		}
		out = append(out, s[start:i]...)
		out = append(out, esc...)
		start = i + 1
	}
	out = append(out, s[start:]...)
	return append(out, '"')
}

// appendJSONNumberText appends a number's text as PostgreSQL prints it; NaN and the infinities,
// which are no JSON numbers, as strings (as row_to_json does).
func appendJSONNumberText(out, raw []byte) ([]byte, error) {
	if len(raw) > 0 && (raw[len(raw)-1] < '0' || raw[len(raw)-1] > '9') {
		return appendJSONString(out, raw), nil
	}
	return append(out, raw...), nil
}

func appendBinaryInt(out, raw []byte) ([]byte, error) {
	switch len(raw) {
	case 2:
		return strconv.AppendInt(out, int64(int16(binary.BigEndian.Uint16(raw))), 10), nil
	case 4:
		return strconv.AppendInt(out, int64(int32(binary.BigEndian.Uint32(raw))), 10), nil
	case 8:
		return strconv.AppendInt(out, int64(binary.BigEndian.Uint64(raw)), 10), nil
	}
	return nil, fmt.Errorf("integer of %d bytes", len(raw))
}

// appendBinaryTextArray appends a one-dimensional text array in PostgreSQL's binary form
// (dimensions, then each element's length and bytes, -1 for NULL) as a JSON array.
func appendBinaryTextArray(out, raw []byte) ([]byte, error) {
	if len(raw) < 12 {
		return nil, fmt.Errorf("array of %d bytes", len(raw))
	}
	ndim := binary.BigEndian.Uint32(raw)
	if ndim == 0 {
		return append(out, "[]"...), nil
	}
	if ndim != 1 || len(raw) < 20 {
		return nil, fmt.Errorf("array of %d dimensions", ndim)
	}
	n := int(binary.BigEndian.Uint32(raw[12:]))
	rest := raw[20:]
	out = append(out, '[')
	for i := 0; i < n; i++ {
		if len(rest) < 4 {
			return nil, fmt.Errorf("array cut off")
		}
		l := int32(binary.BigEndian.Uint32(rest))
		rest = rest[4:]
		if i > 0 {
			out = append(out, ',')
		}
		if l < 0 {
			out = append(out, "null"...)
			continue
		}
		if int(l) > len(rest) {
			return nil, fmt.Errorf("array cut off")
		}
		out = appendJSONString(out, rest[:l])
		rest = rest[l:]
	}
	return append(out, ']'), nil
}

// appendUUID appends 16 bytes as a uuid's text (lower-case, with hyphens).
func appendUUID(out, b []byte) []byte {
	var s [36]byte
	hex.Encode(s[0:8], b[0:4])
	s[8] = '-'
	hex.Encode(s[9:13], b[4:6])
	s[13] = '-'
	hex.Encode(s[14:18], b[6:8])
	s[18] = '-'
	hex.Encode(s[19:23], b[8:10])
	s[23] = '-'
	hex.Encode(s[24:36], b[10:16])
	return append(out, s[:]...)
}
