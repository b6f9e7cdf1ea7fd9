package importer

import (
	"encoding/json"
	"math"
	"regexp"
	"strconv"
	"strings"
)

// Column says what one column of a file becomes: its target (a tree field, a custom field, a
// coordinate role or species_common; empty: left out), the unit its numbers are in ("m", "cm",
// "mm"; empty: the target's own) and, for trunk sizes, whether it holds the circumference or
// the diameter (a register keeps one, Arbor both; the other is computed).
type Column struct {
	Target string `json:"target"`
	Unit   string `json:"unit,omitempty"`
	Holds  string `json:"holds,omitempty"` // "circumference" or "diameter"
}

// Record is one row made fit for a tree or group: the values of tree fields as JSON (checked
// by the store like any other write), the species as written, and the place.
type Record struct {
	Line          int
	Values        map[string]json.RawMessage
	Species       string
	SpeciesCommon string
	ExternalID    string
	X, Y          *float64
	WKT           string
}

// maxExternalID is the longest id of another system kept: UUIDs, GML ids and keys fit.
const maxExternalID = 200

// unitOf is the unit Arbor keeps a size field in; other numeric fields have none.
var unitOf = map[string]string{"height": "m", "top_diameter": "m", "diameter": "cm", "scope": "cm"}

var metres = map[string]float64{"m": 1, "cm": 0.01, "mm": 0.001}

// numericTargets are the tree fields whose values are numbers.
var numericTargets = map[string]bool{
	"number": true, "planting_year": true, "height": true, "diameter": true, "scope": true,
	"top_diameter": true, "tree_count": true, "species_count": true,
}

// Enumerations and the names people write for their values, in EN, DE and FR (the app's own
// labels, and the words registers commonly use), lower case.
var enumLabels = map[string][][]string{
	"vitality": {
		{"vital", "healthy", "gesund", "sain"},
		{"slightly weakened", "leicht geschwächt", "légèrement affaibli", "geschwächt", "weakened"},
		{"severely weakened", "stark geschwächt", "fortement affaibli"},
		{"dying", "absterbend", "dépérissant", "mourant"},
		{"dead", "abgestorben", "tot", "mort"},
	},
	"development": {
		{"juvenile", "jugendphase", "jeune", "jung", "young"},
		{"mature", "reifephase", "adulte", "reif"},
		{"aging", "alterungsphase", "vieillissant", "alt", "old"},
		{"hollow tree", "hohler baum", "arbre creux", "hohl", "hollow"},
	},
	"damage_tree": {
		{"none", "keine", "aucun", "kein"},
		{"minor", "gering", "léger", "leger", "faible", "leicht"},
		{"moderate", "mittel", "moyen"},
		{"severe", "stark", "grave", "fort", "schwer"},
	},
	"security_expectation": {
		{"low", "gering", "faible", "niedrig"},
		{"high", "hoch", "élevée", "elevee"},
	},
	"valuation_top":   valuationLabels,
	"valuation_root":  valuationLabels,
	"valuation_trunk": valuationLabels,
	"valuation_group": valuationLabels,
}

var valuationLabels = [][]string{
	{"none", "keine", "aucun"}, {"minor", "gering", "léger", "leger"}, {"moderate", "mittel", "moyen"}, {"severe", "stark", "grave"},
}

// Apply makes a record of a row by the columns' mapping (by position). Cells that cannot be read
// are reported by line and column, in the order of the columns; an empty cell sets nothing.
func Apply(row Row, columns []string, mapping []Column) (Record, []*RowError) {
	rec := Record{Line: row.Line, Values: map[string]json.RawMessage{}}
	var errs []*RowError
	bad := func(i int, key string) {
		errs = append(errs, &RowError{Line: row.Line, Column: columns[i], Key: key, Value: row.Values[i]})
	}
	for i, m := range mapping {
		if i >= len(row.Values) || m.Target == "" {
			continue
		}
		v := strings.TrimSpace(row.Values[i])
		if v == "" {
			continue
		}
		switch t := m.Target; {
		case t == TargetX || t == TargetY:
			n, ok := ParseNumber(v)
			if !ok {
				bad(i, "import.not_a_number")
				continue
			}
			if t == TargetX {
				rec.X = &n
			} else {
				rec.Y = &n
			}
		case t == TargetWKT:
			rec.WKT = v
		case t == "species":
			rec.Species = v
		case t == TargetSpeciesCommon:
			rec.SpeciesCommon = v
		case t == TargetExternalID:
			if len(v) > maxExternalID {
				bad(i, "import.external_id_long")
				continue
			}
			rec.ExternalID = v
		case enumLabels[t] != nil:
			code, ok := enumCode(t, v)
			if !ok {
				bad(i, "import.unknown_value")
				continue
			}
			rec.Values[t] = json.RawMessage(strconv.Itoa(code))
		case numericTargets[t]:
			n, ok := ParseNumber(v)
			if !ok {
				bad(i, "import.not_a_number")
				continue
			}
			n, ok = convert(t, m, n)
			if !ok {
				bad(i, "import.unit")
				continue
			}
			if t == "number" || t == "planting_year" || t == "tree_count" || t == "species_count" {
				if n != math.Trunc(n) {
					bad(i, "import.not_whole")
					continue
				}
				rec.Values[t] = json.RawMessage(strconv.FormatInt(int64(n), 10))
			} else {
				rec.Values[t] = json.RawMessage(strconv.FormatFloat(n, 'f', -1, 64))
			}
		default:
			b, _ := json.Marshal(v)
			rec.Values[t] = b
		}
	}
	return rec, errs
}

// convert brings a size to its field's unit, and a circumference to a diameter or back.
func convert(target string, m Column, n float64) (float64, bool) {
	unit := unitOf[target]
	if unit == "" {
		return n, m.Unit == "" && m.Holds == ""
	}
	from := m.Unit
	if from == "" {
		from = unit
	}
	f, ok := metres[from]
	if !ok {
		return 0, false
	}
	n = n * f / metres[unit]
	switch {
	case m.Holds == "" || (m.Holds == "diameter" && target == "diameter") || (m.Holds == "circumference" && target == "scope"):
	case m.Holds == "circumference" && target == "diameter":
		n /= math.Pi
	case m.Holds == "diameter" && target == "scope":
		n *= math.Pi
	default:
		return 0, false
	}
	return math.Round(n*10) / 10, true
}

// enumCode reads an enumeration's value: its code (0, 1, …; "2.0" too), one of its names, or
// both as the app's lists write them ("2 – moderate").
func enumCode(field, v string) (int, bool) {
	labels := enumLabels[field]
	if m := codeAndName.FindStringSubmatch(v); m != nil {
		v = m[1]
	}
	if n, ok := ParseNumber(v); ok {
		if n == math.Trunc(n) && n >= 0 && int(n) < len(labels) {
			return int(n), true
		}
		return 0, false
	}
	v = strings.ToLower(strings.Join(strings.Fields(v), " "))
	for code, names := range labels {
		for _, name := range names {
			if v == name {
				return code, true
			}
		}
	}
	return 0, false
}

var codeAndName = regexp.MustCompile(`^\s*(\d+)\s*[–—-]\s*\S`)

// ParseNumber reads a number as registers write it: "12.5", "12,5" (German), "1.234,5",
// "1,234.5", "1 234,5"; the last of '.' and ',' is the decimal mark when both occur.
func ParseNumber(v string) (float64, bool) {
	v = strings.TrimSpace(strings.ReplaceAll(strings.ReplaceAll(v, "\u00a0", ""), " ", ""))
	if v == "" {
		return 0, false
	}
	dot, comma := strings.LastIndex(v, "."), strings.LastIndex(v, ",")
	switch {
	case dot >= 0 && comma >= 0 && comma > dot:
		v = strings.ReplaceAll(v, ".", "")
		v = strings.Replace(v, ",", ".", 1)
	case dot >= 0 && comma >= 0:
		v = strings.ReplaceAll(v, ",", "")
	case comma >= 0:
		if strings.Count(v, ",") > 1 {
			return 0, false
		}
		v = strings.Replace(v, ",", ".", 1)
	}
	n, err := strconv.ParseFloat(v, 64)
	if err != nil || math.IsInf(n, 0) || math.IsNaN(n) {
		return 0, false
	}
	return n, true
}
