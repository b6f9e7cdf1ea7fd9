package store

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

// fieldKind says how a tree field's value is read and checked.
type fieldKind int

const (
	kindInt     fieldKind = iota // whole number within min..max (enumerations included)
	kindDecimal                  // number with at most one fractional digit kept, min..max
	kindText                     // text of at most maxLen characters
	kindTexts                    // list of texts (symptoms)
	kindSpecies                  // id of a species list entry
)

// treeField is one field of a tree or group a person may write. The table below is the only
// way a field name reaches SQL: column names come from here, values are always bound.
type treeField struct {
	name     string // JSON name (docs/PRODUCT.md §3)
	column   string
	kind     fieldKind
	min, max float64
	maxLen   int
	mass     bool // may be set by mass edit
}

func enumField(name string, max float64) treeField {
	return treeField{name: name, column: name, kind: kindInt, min: 0, max: max, mass: true}
}

func textField(name string, maxLen int) treeField {
	return treeField{name: name, column: name, kind: kindText, maxLen: maxLen, mass: true}
}

// treeFieldTable lists the writable fields. Sizes: height and crown diameter in metres, trunk
// diameter and circumference in centimetres; the limits are beyond any living tree.
var treeFieldTable = func() []treeField {
	t := []treeField{
		{name: "number", column: "number", kind: kindInt, min: 0, max: math.MaxInt32},
		textField("number_text", 50),
		{name: "species", column: "species_id", kind: kindSpecies, mass: true},
		{name: "planting_year", column: "planting_year", kind: kindInt, min: 1000, max: 9999, mass: true},
		{name: "height", column: "height", kind: kindDecimal, min: 0, max: 200, mass: true},
		{name: "diameter", column: "diameter", kind: kindDecimal, min: 0, max: 5000, mass: true},
		{name: "scope", column: "scope", kind: kindDecimal, min: 0, max: 15000, mass: true},
		{name: "top_diameter", column: "top_diameter", kind: kindDecimal, min: 0, max: 200, mass: true},
		textField("top_form", 100),
		enumField("vitality", 4), enumField("development", 3), enumField("damage_tree", 3),
		enumField("security_expectation", 1),
		{name: "symptoms", column: "symptoms", kind: kindTexts, maxLen: 200, mass: true},
		enumField("valuation_top", 3), enumField("valuation_root", 3), enumField("valuation_trunk", 3),
		enumField("valuation_group", 3),
		{name: "tree_count", column: "tree_count", kind: kindInt, min: 0, max: 1000000, mass: true},
		{name: "species_count", column: "species_count", kind: kindInt, min: 0, max: 100000, mass: true},
	}
	for _, name := range sortedCustomFields() {
		t = append(t, textField(name, 2000))
	}
	return t
}()

func sortedCustomFields() []string {
	var out []string
	for _, n := range []string{"01", "02", "03", "04", "05", "06", "07", "08", "09", "11", "12", "13", "21", "22", "23", "31", "32"} {
		out = append(out, "general"+n)
	}
	return out
}

func treeFieldNamed(name string) (treeField, bool) {
	for _, f := range treeFieldTable {
		if f.name == name {
			return f, true
		}
	}
	return treeField{}, false
}

// TreeValues are checked values of tree fields by JSON name; a nil value clears the field.
type TreeValues map[string]any

// ParseTreeValues checks raw JSON values of tree fields. Unknown names and bad values are
// reported together, each under its field's name. mass limits the names to those mass edit may set.
func ParseTreeValues(raw map[string]json.RawMessage, mass bool) (TreeValues, error) {
	out := TreeValues{}
	bad := map[string]string{}
	for name, v := range raw {
		f, ok := treeFieldNamed(name)
		if !ok || (mass && !f.mass) {
			bad[name] = "field.not_writable"
			continue
		}
		val, key := f.parse(v)
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

// parse reads one value; the second result is a message key when the value is not acceptable.
func (f treeField) parse(v json.RawMessage) (any, string) {
	if bytes.Equal(bytes.TrimSpace(v), []byte("null")) {
		switch f.kind {
		case kindText:
			return "", ""
		case kindTexts:
			return []string{}, ""
		}
		if f.name == "number" || f.name == "tree_count" || f.name == "species_count" {
			return nil, "field.required"
		}
		return nil, ""
	}
	switch f.kind {
	case kindInt, kindDecimal:
		var n float64
		if err := json.Unmarshal(v, &n); err != nil {
			return nil, "field.number"
		}
		if f.kind == kindInt && n != math.Trunc(n) {
			return nil, "field.whole_number"
		}
		if f.name == "planting_year" && (n < f.min || n > float64(time.Now().Year()+1)) {
			return nil, "field.year"
		}
		if n < f.min {
			if f.min == 0 {
				return nil, "field.not_negative"
			}
			return nil, "field.enum"
		}
		if n > f.max {
			if f.kind == kindInt && f.max <= 4 {
				return nil, "field.enum"
			}
			return nil, "field.too_large"
		}
		if f.kind == kindInt {
			return int64(n), ""
		}
		return math.Round(n*10) / 10, ""
	case kindText:
		var s string
		if err := json.Unmarshal(v, &s); err != nil {
			return nil, "field.text"
		}
		s = strings.TrimSpace(s)
		if utf8.RuneCountInString(s) > f.maxLen {
			return nil, fmt.Sprintf("field.too_long.%d", f.maxLen)
		}
		return s, ""
	case kindTexts:
		var list []string
		if err := json.Unmarshal(v, &list); err != nil {
			return nil, "field.text_list"
		}
		out := []string{}
		for _, s := range list {
			s = strings.TrimSpace(s)
			if utf8.RuneCountInString(s) > f.maxLen {
				return nil, fmt.Sprintf("field.too_long.%d", f.maxLen)
			}
			if s != "" {
				out = append(out, s)
			}
		}
		if len(out) > 100 {
			return nil, "field.text_list"
		}
		return out, ""
	case kindSpecies:
		var s string
		if err := json.Unmarshal(v, &s); err != nil || !isUUID(s) {
			return nil, "field.species"
		}
		return s, ""
	}
	return nil, "field.not_writable"
}

// empty reports whether a value leaves a required field unfilled.
func empty(v any) bool {
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

func isUUID(s string) bool {
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

// treeComputed are fields of a tree that the server computes; a client may send them back as it
// read them, and they are ignored.
var treeComputed = map[string]bool{
	"id": true, "fid": true, "project": true, "single_tree": true, "version": true, "species_botanical": true,
	"species_language": true, "species_protection": true, "valuation_max": true, "area": true, "archive": true,
	"cut": true, "cut_date": true, "action_count": true, "action_deadline": true, "action_security": true,
	"actions": true, "deadline_class": true, "check_comment": true, "check_next": true, "check_class": true,
	"check_timestamp": true, "check_username": true, "check_alias": true, "create_timestamp": true,
	"create_username": true, "create_alias": true, "object_timestamp": true, "object_username": true,
	"object_alias": true,
}

// TreeComputedField reports whether name is a field the server computes.
func TreeComputedField(name string) bool { return treeComputed[name] }
