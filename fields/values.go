package fields

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"time"
	"unicode/utf8"

	"arbor"
)

// Values are checked values of tree fields by JSON name; a nil value clears the field.
type Values map[string]any

// Parse checks raw JSON values of tree fields. Unknown names and bad values are
// reported together, each under its field's name. mass limits the names to those mass edit may set.
func Parse(raw map[string]json.RawMessage, mass bool) (Values, error) {
	out := Values{}
	bad := map[string]string{}
	for name, v := range raw {
		f, ok := Named(name)
		if !ok || (mass && !f.Mass) {
			bad[name] = "field.not_writable"
			continue
		}
		val, key := f.Read(v)
		if key != "" {
			bad[name] = key
			continue
		}
		out[name] = val
	}
	if len(bad) > 0 {
		return nil, arbor.Invalid(bad)
	}
	return out, nil
}

// Read reads one value; the second result is a message key when the value is not acceptable.
func (f Field) Read(v json.RawMessage) (any, string) {
	if bytes.Equal(bytes.TrimSpace(v), []byte("null")) {
		switch f.Kind {
		case Text:
			return "", ""
		case Texts:
			return []string{}, ""
		}
		if f.Name == "number" || f.Name == "tree_count" || f.Name == "species_count" {
			return nil, "field.required"
		}
		return nil, ""
	}
	switch f.Kind {
	case Int, Decimal:
		var n float64
		if err := json.Unmarshal(v, &n); err != nil {
			return nil, "field.number"
		}
		if f.Kind == Int && n != math.Trunc(n) {
			return nil, "field.whole_number"
		}
		if f.Name == "planting_year" && (n < f.Min || n > float64(time.Now().Year()+1)) {
			return nil, "field.year"
		}
		if n < f.Min {
			if f.Min == 0 {
				return nil, "field.not_negative"
			}
			return nil, "field.enum"
		}
		if n > f.Max {
			if f.Kind == Int && f.Max <= 4 {
				return nil, "field.enum"
			}
			return nil, "field.too_large"
		}
		if f.Kind == Int {
			return int64(n), ""
		}
		return math.Round(n*10) / 10, ""
	case Text:
		var s string
		if err := json.Unmarshal(v, &s); err != nil {
			return nil, "field.text"
		}
		s = strings.TrimSpace(s)
		if utf8.RuneCountInString(s) > f.MaxLen {
			return nil, fmt.Sprintf("field.too_long.%d", f.MaxLen)
		}
		return s, ""
	case Texts:
		var list []string
		if err := json.Unmarshal(v, &list); err != nil {
			return nil, "field.text_list"
		}
		out := []string{}
		for _, s := range list {
			s = strings.TrimSpace(s)
			if utf8.RuneCountInString(s) > f.MaxLen {
				return nil, fmt.Sprintf("field.too_long.%d", f.MaxLen)
			}
			if s != "" {
				out = append(out, s)
			}
		}
		if len(out) > 100 {
			return nil, "field.text_list"
		}
		return out, ""
	case Species:
		var s string
		if err := json.Unmarshal(v, &s); err != nil || !IsUUID(s) {
			return nil, "field.species"
		}
		return s, ""
	}
	return nil, "field.not_writable"
}

// Empty reports whether a value leaves a required field unfilled.
func Empty(v any) bool {
	switch x := v.(type) {
	case nil:
		return true
	case string:
		return x == ""
	case []string:
		return len(x) == 0
	}
	return false
}

// IsUUID reports whether s is written as a UUID, so an id that is none is refused before it
// reaches the database.
func IsUUID(s string) bool {
	if len(s) != 36 {
		return false
	}
	for i, c := range s {
		switch i {
		case 8, 13, 18, 23:
			if c != '-' {
				return false
			}
		default:
			if !strings.ContainsRune("0123456789abcdefABCDEF", c) {
				return false
			}
		}
	}
	return true
}

// computed are fields of a tree that the server computes; a client may send them back as it
// read them, and they are ignored.
var computed = map[string]bool{
	"id": true, "fid": true, "project": true, "single_tree": true, "version": true, "species_botanical": true,
	"species_language": true, "species_protection": true, "valuation_max": true, "area": true, "archive": true,
	"cut": true, "cut_date": true, "action_count": true, "action_deadline": true, "action_security": true,
	"actions": true, "deadline_class": true, "check_comment": true, "check_next": true, "check_class": true,
	"check_timestamp": true, "check_username": true, "check_alias": true, "create_timestamp": true,
	"create_username": true, "create_alias": true, "object_timestamp": true, "object_username": true,
	"object_alias": true,
}

// Computed reports whether name is a field the server computes.
func Computed(name string) bool { return computed[name] }
