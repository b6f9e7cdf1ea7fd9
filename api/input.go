package api

import (
	"bytes"
	"encoding/json"
	"math"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"arbor"
)

// Input limits of every request (docs/API.md "Input limits"). They sit where requests are
// read, so no handler can forget them: PostgreSQL refuses a NUL character in text, an index
// entry beyond about 2.7 kB, an integer beyond 32 bits in an integer column and a date of year
// 0 — with an internal error, which a person must never see for their own mistake.
const (
	maxText       = 10_000 // characters of one text in a JSON body
	maxQueryValue = 65_536 // characters of one query value (a CQL2 filter with a polygon)
	maxDepth      = 32     // nesting of objects and arrays in a JSON body
	maxNumber     = 1e15   // magnitude of a number with a fraction or exponent
)

// datePrefix finds values that are meant as dates (2026-05-31, 2026-05-31T08:00:00Z).
var datePrefix = regexp.MustCompile(`^([+-]?\d{4,})-(\d{2})-(\d{2})(?:$|[T ])`)

// checkJSON walks a JSON body token by token and refuses, naming the field, what no field of
// the API accepts: NUL characters, texts beyond maxText, whole numbers beyond 32 bits, numbers
// beyond maxNumber, impossible dates and nesting beyond maxDepth. Malformed JSON is left to
// the decoder, which says so.
func checkJSON(raw []byte) error {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var path jsonPath
	for {
		tok, err := dec.Token()
		if err != nil {
			return nil // the end, or malformed: the decoder answers that
		}
		if err := path.check(tok); err != nil {
			return err
		}
	}
}

// jsonPath is where checkJSON stands: the open objects and arrays, innermost last.
type jsonPath []jsonFrame

type jsonFrame struct {
	object    bool
	key       string
	expectKey bool
}

// check refuses a token no field accepts and moves the path past it.
func (p *jsonPath) check(tok json.Token) error {
	switch t := tok.(type) {
	case json.Delim:
		if t == '{' || t == '[' {
			p.valueDone()
			if len(*p) >= maxDepth {
				return arbor.Errorf(arbor.EINVALID, "error.too_deep", map[string]any{"max": maxDepth})
			}
			*p = append(*p, jsonFrame{object: t == '{', expectKey: true})
			return nil
		}
		*p = (*p)[:len(*p)-1]
	case string:
		if n := len(*p); n > 0 && (*p)[n-1].object && (*p)[n-1].expectKey {
			if err := checkText("body", t); err != nil {
				return err
			}
			(*p)[n-1].key, (*p)[n-1].expectKey = t, false
			return nil
		}
		if err := checkText(p.field(), t); err != nil {
			return err
		}
		if !possibleDate(t) {
			return fieldError(p.field(), "error.bad_field", "field.date")
		}
		p.valueDone()
	case json.Number:
		if !numberInRange(t) {
			return fieldError(p.field(), "error.bad_field", "field.too_large")
		}
		p.valueDone()
	default:
		p.valueDone()
	}
	return nil
}

// field is the innermost key, which an error names ("body" outside any object).
func (p jsonPath) field() string {
	for i := len(p) - 1; i >= 0; i-- {
		if p[i].object && p[i].key != "" {
			return p[i].key
		}
	}
	return "body"
}

// valueDone: the innermost object's value has been read, a key comes next.
func (p jsonPath) valueDone() {
	if n := len(p); n > 0 && p[n-1].object {
		p[n-1].expectKey = true
	}
}

// checkText refuses a NUL character and a text beyond maxText characters.
func checkText(field, s string) error { return checkTextUpTo(field, s, maxText) }

// checkTextUpTo refuses a NUL character and a text beyond most characters.
func checkTextUpTo(field, s string, most int) error {
	if strings.IndexByte(s, 0) >= 0 {
		return fieldError(field, "error.bad_field", "field.nul")
	}
	if len(s) > most && utf8.RuneCountInString(s) > most {
		return &arbor.Error{Code: arbor.EINVALID, Key: "error.bad_field", Args: map[string]any{"field": field, "max": arbor.Count(most)},
			Fields: map[string]string{field: "field.too_long_max"}}
	}
	return nil
}

// numberInRange: a whole number fits 32 bits (every integer column of the database), another
// number stays below maxNumber.
func numberInRange(n json.Number) bool {
	s := string(n)
	if !strings.ContainsAny(s, ".eE") {
		i, err := strconv.ParseInt(s, 10, 32)
		return err == nil && i >= math.MinInt32
	}
	f, err := strconv.ParseFloat(s, 64)
	return err == nil && math.Abs(f) < maxNumber
}

// possibleDate: a value that starts like a date (2026-05-31) is one of the calendar's, in the
// years 1 to 9999 that PostgreSQL and every client can store; other texts pass.
func possibleDate(s string) bool {
	m := datePrefix.FindStringSubmatch(s)
	if m == nil {
		return true
	}
	year, err := strconv.Atoi(m[1])
	month, _ := strconv.Atoi(m[2])
	day, _ := strconv.Atoi(m[3])
	if err != nil || year < 1 || year > 9999 || month < 1 || month > 12 || day < 1 {
		return false
	}
	return day <= time.Date(year, time.Month(month)+1, 0, 0, 0, 0, 0, time.UTC).Day()
}

// checkQuery refuses query values no parameter accepts (a NUL character, beyond
// maxQueryValue characters), before any handler reads them.
func checkQuery(r *http.Request) error {
	if strings.IndexByte(r.URL.RawQuery, 0) < 0 && !strings.Contains(r.URL.RawQuery, "%00") && len(r.URL.RawQuery) <= maxQueryValue {
		return nil
	}
	for name, values := range r.URL.Query() {
		for _, v := range values {
			if err := checkText(name, name); err != nil {
				return err
			}
			if err := checkTextUpTo(name, v, maxQueryValue); err != nil {
				return err
			}
		}
	}
	return nil
}
