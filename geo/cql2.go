package geo

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode"

	"arbor/store"
)

// CQL2 (OGC 21-065) is read into the one filter model, store.Filter: comparisons become its
// conditions, AND/OR/NOT its Expr. The store's compiler turns that into SQL, as it does for the
// data table and the tiles; nothing here writes SQL. Offered: comparisons (= <> < <= > >=),
// IN, BETWEEN, LIKE (a prefix or a part: 'Ti%', '%lia%'), IS [NOT] NULL, AND, OR, NOT, on
// the queryables, with string, number, boolean, DATE() and TIMESTAMP() literals.

// ParseCQL2 reads a CQL2 filter in lang ("cql2-text", the default, or "cql2-json").
func ParseCQL2(text, lang string) (*store.Filter, error) {
	var e store.Expr
	var err error
	switch strings.ToLower(lang) {
	case "", "cql2-text", "cql-text": // cql-text: the draft's name, which GDAL 3.6 sends
		p := &cqlParser{src: text}
		p.next()
		e, err = p.or()
		if p.err != nil { // a token that could not be read explains what followed
			err = p.err
		}
		if err == nil && p.tok.kind != tEOF {
			err = p.fail("unexpected %q", p.tok.text)
		}
	case "cql2-json":
		var raw any
		if jerr := json.Unmarshal([]byte(text), &raw); jerr != nil {
			return nil, syntax("not JSON: " + jerr.Error())
		}
		e, err = jsonExpr(raw, 0)
	default:
		return nil, bad("filter-lang", "geo.cql2_language", nil)
	}
	if err != nil {
		return nil, err
	}
	f := &store.Filter{}
	// A plain AND of comparisons is the model's own list of conditions.
	if conds, ok := flatAnd(e); ok {
		f.Conditions = conds
	} else {
		f.Where = &e
	}
	return f, nil
}

func flatAnd(e store.Expr) ([]store.Condition, bool) {
	if e.Cond != nil {
		return []store.Condition{*e.Cond}, true
	}
	if e.And == nil {
		return nil, false
	}
	var out []store.Condition
	for _, x := range e.And {
		c, ok := flatAnd(x)
		if !ok {
			return nil, false
		}
		out = append(out, c...)
	}
	return out, true
}

func syntax(detail string) error {
	return bad("filter", "geo.cql2_syntax", map[string]any{"detail": detail})
}

// literal is a CQL2 literal: a string, number, boolean or date, as the model's JSON value.
type cqlValue struct {
	v    any
	kind string // string, number, boolean, date
}

// comparison builds the condition "prop op values", checking the property and operator
// against the queryables; the errors name the property.
func comparison(prop, op string, values ...cqlValue) (store.Expr, error) {
	typ := queryableType(prop)
	if typ == "" {
		return store.Expr{}, bad("filter", "geo.cql2_property", map[string]any{"property": prop})
	}
	allowed := store.FilterOperators(prop)
	ok := func(o string) bool {
		for _, a := range allowed {
			if a == o {
				return true
			}
		}
		return false
	}
	// A list (the symptoms) equals a value when it holds it.
	if typ == "array" && op == "eq" {
		op = "contains"
	}
	var err error
	notOf := ""
	if !ok(op) {
		switch op {
		case "ne":
			notOf = "eq"
		case "not_in":
			notOf = "in"
		}
		if notOf == "" || !ok(notOf) {
			return store.Expr{}, bad("filter", "geo.cql2_operator", map[string]any{"property": prop, "detail": cqlOpName(op)})
		}
	}
	for i, v := range values {
		if values[i], err = asDate(prop, v); err != nil {
			return store.Expr{}, err
		}
	}
	var raw json.RawMessage
	switch len(values) {
	case 0:
	case 1:
		if err = fits(prop, typ, values[0]); err == nil {
			raw, err = json.Marshal(values[0].v)
		}
	default:
		list := make([]any, len(values))
		for i, v := range values {
			if err = fits(prop, typ, v); err != nil {
				return store.Expr{}, err
			}
			list[i] = v.v
		}
		raw, err = json.Marshal(list)
	}
	if err != nil {
		return store.Expr{}, err
	}
	if notOf != "" {
		return store.Expr{Not: &store.Expr{Cond: &store.Condition{Field: prop, Op: notOf, Value: raw}}}, nil
	}
	return store.Expr{Cond: &store.Condition{Field: prop, Op: op, Value: raw}}, nil
}

// asDate reads a string compared with a date queryable as the date it names: '2024-05-01', a
// time (its day), or '2024-05-01T' as GDAL 3.6 writes a date. Another string is not a date: 400.
func asDate(prop string, v cqlValue) (cqlValue, error) {
	if v.kind != "string" || !isDateQueryable(prop) {
		return v, nil
	}
	s, _ := v.v.(string)
	if d, err := time.Parse(time.DateOnly, strings.TrimSuffix(s, "T")); err == nil {
		return cqlValue{d.Format(time.DateOnly), "date"}, nil
	}
	if t, err := time.Parse(time.RFC3339Nano, s); err == nil {
		return cqlValue{t.UTC().Format(time.DateOnly), "date"}, nil
	}
	return v, bad("filter", "geo.value", map[string]any{"name": prop, "value": s})
}

func isDateQueryable(name string) bool {
	for _, q := range store.Queryables() {
		if q.Name == name {
			return q.Format == "date"
		}
	}
	return false
}

// fits says whether a literal is of the kind a queryable holds.
func fits(prop, typ string, v cqlValue) error {
	want := map[string]string{"integer": "number", "number": "number", "boolean": "boolean", "array": "string"}[typ]
	if want == "" {
		want = "string"
		if v.kind == "date" {
			return nil
		}
	}
	if v.kind != want {
		return bad("filter", "geo.value", map[string]any{"name": prop, "value": fmt.Sprint(v.v)})
	}
	return nil
}

func cqlOpName(op string) string {
	return map[string]string{"eq": "=", "ne": "<>", "lt": "<", "lte": "<=", "gt": ">", "gte": ">=", "in": "IN", "not_in": "NOT IN",
		"between": "BETWEEN", "contains": "LIKE '%…%'", "starts_with": "LIKE '…%'", "empty": "IS NULL", "not_empty": "IS NOT NULL"}[op]
}

// like turns a LIKE pattern into the model's operators: a part, a prefix or the whole value.
func like(prop, pattern string, not bool) (store.Expr, error) {
	inner := strings.TrimSuffix(strings.TrimPrefix(pattern, "%"), "%")
	if strings.ContainsAny(inner, "%_\\") {
		return store.Expr{}, bad("filter", "geo.cql2_unsupported", map[string]any{"detail": "LIKE '" + pattern + "'"})
	}
	op := "eq"
	switch {
	case strings.HasPrefix(pattern, "%") && strings.HasSuffix(pattern, "%") && len(pattern) > 1:
		op = "contains"
	case strings.HasSuffix(pattern, "%") && !strings.HasPrefix(pattern, "%"):
		op = "starts_with"
	case strings.HasPrefix(pattern, "%"):
		return store.Expr{}, bad("filter", "geo.cql2_unsupported", map[string]any{"detail": "LIKE '" + pattern + "'"})
	}
	e, err := comparison(prop, op, cqlValue{inner, "string"})
	if err != nil || !not {
		return e, err
	}
	return store.Expr{Not: &e}, nil
}

func dateLiteral(kind, s string) (cqlValue, error) {
	if kind == "date" {
		if _, err := time.Parse(time.DateOnly, s); err != nil {
			return cqlValue{}, syntax("DATE('" + s + "') is not a date")
		}
		return cqlValue{s, "date"}, nil
	}
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return cqlValue{}, syntax("TIMESTAMP('" + s + "') is not a time")
	}
	// The model compares dates: a time is the day it falls on.
	return cqlValue{t.UTC().Format(time.DateOnly), "date"}, nil
}

// ---- CQL2 text ---------------------------------------------------------------------------

type tokKind int

const (
	tEOF tokKind = iota
	tIdent
	tString
	tNumber
	tOp
	tPunct
)

type token struct {
	kind tokKind
	text string
}

type cqlParser struct {
	src string
	pos int
	tok token
	err error
}

func (p *cqlParser) fail(format string, args ...any) error {
	return syntax(fmt.Sprintf(format, args...) + fmt.Sprintf(" (at character %d)", p.pos+1))
}

// next reads the next token into p.tok.
func (p *cqlParser) next() {
	s := p.src
	for p.pos < len(s) && unicode.IsSpace(rune(s[p.pos])) {
		p.pos++
	}
	if p.pos >= len(s) {
		p.tok = token{tEOF, ""}
		return
	}
	start := p.pos
	c := s[p.pos]
	switch {
	case c == '\'':
		var b strings.Builder
		p.pos++
		for {
			if p.pos >= len(s) {
				p.err = syntax("a string is not closed")
				p.tok = token{tEOF, ""}
				return
			}
			if s[p.pos] == '\'' {
				if p.pos+1 < len(s) && s[p.pos+1] == '\'' {
					b.WriteByte('\'')
					p.pos += 2
					continue
				}
				p.pos++
				break
			}
			b.WriteByte(s[p.pos])
			p.pos++
		}
		p.tok = token{tString, b.String()}
	case c == '"':
		end := strings.IndexByte(s[p.pos+1:], '"')
		if end < 0 {
			p.err = syntax("a quoted name is not closed")
			p.tok = token{tEOF, ""}
			return
		}
		p.tok = token{tIdent, s[p.pos+1 : p.pos+1+end]}
		p.pos += end + 2
	case c >= '0' && c <= '9' || (c == '-' || c == '+' || c == '.') && p.pos+1 < len(s) && (s[p.pos+1] >= '0' && s[p.pos+1] <= '9' || s[p.pos+1] == '.'):
		p.pos++
		for p.pos < len(s) && strings.IndexByte("0123456789.eE", s[p.pos]) >= 0 ||
			p.pos < len(s) && (s[p.pos] == '-' || s[p.pos] == '+') && (s[p.pos-1] == 'e' || s[p.pos-1] == 'E') {
			p.pos++
		}
		p.tok = token{tNumber, s[start:p.pos]}
	case unicode.IsLetter(rune(c)) || c == '_':
		for p.pos < len(s) && (unicode.IsLetter(rune(s[p.pos])) || unicode.IsDigit(rune(s[p.pos])) || s[p.pos] == '_' || s[p.pos] == '.' || s[p.pos] == ':') {
			p.pos++
		}
		p.tok = token{tIdent, s[start:p.pos]}
	case strings.HasPrefix(s[p.pos:], "<>") || strings.HasPrefix(s[p.pos:], "<=") || strings.HasPrefix(s[p.pos:], ">="):
		p.pos += 2
		p.tok = token{tOp, s[start:p.pos]}
	case strings.IndexByte("=<>", c) >= 0:
		p.pos++
		p.tok = token{tOp, s[start:p.pos]}
	case strings.IndexByte("(),", c) >= 0:
		p.pos++
		p.tok = token{tPunct, s[start:p.pos]}
	default:
		p.err = syntax(fmt.Sprintf("unexpected %q at character %d", string(c), p.pos+1))
		p.tok = token{tEOF, ""}
	}
}

func (p *cqlParser) keyword(k string) bool {
	return p.tok.kind == tIdent && strings.EqualFold(p.tok.text, k)
}

func (p *cqlParser) expect(text string) error {
	if p.err != nil {
		return p.err
	}
	if p.tok.text != text || (p.tok.kind != tPunct && p.tok.kind != tOp && !p.keyword(text)) {
		if p.tok.kind == tEOF {
			return syntax(fmt.Sprintf("%q expected at the end", text))
		}
		return p.fail("%q expected, found %q", text, p.tok.text)
	}
	p.next()
	return nil
}

func (p *cqlParser) or() (store.Expr, error) {
	return p.chain("OR", p.and, func(list []store.Expr) store.Expr { return store.Expr{Or: list} })
}

func (p *cqlParser) and() (store.Expr, error) {
	return p.chain("AND", p.not, func(list []store.Expr) store.Expr { return store.Expr{And: list} })
}

// chain reads operands joined by keyword: one alone is itself, more are joined by join.
func (p *cqlParser) chain(keyword string, operand func() (store.Expr, error), join func([]store.Expr) store.Expr) (store.Expr, error) {
	first, err := operand()
	if err != nil {
		return first, err
	}
	list := []store.Expr{first}
	for p.keyword(keyword) {
		p.next()
		e, err := operand()
		if err != nil {
			return e, err
		}
		list = append(list, e)
	}
	if len(list) == 1 {
		return first, nil
	}
	return join(list), nil
}

func (p *cqlParser) not() (store.Expr, error) {
	if p.keyword("NOT") {
		p.next()
		e, err := p.not()
		if err != nil {
			return e, err
		}
		return store.Expr{Not: &e}, nil
	}
	if p.tok.kind == tPunct && p.tok.text == "(" {
		p.next()
		e, err := p.or()
		if err != nil {
			return e, err
		}
		return e, p.expect(")")
	}
	return p.predicate()
}

// value reads a literal.
func (p *cqlParser) value() (cqlValue, error) {
	if p.err != nil {
		return cqlValue{}, p.err
	}
	t := p.tok
	switch {
	case t.kind == tString:
		p.next()
		return cqlValue{t.text, "string"}, nil
	case t.kind == tNumber:
		f, err := strconv.ParseFloat(t.text, 64)
		if err != nil {
			return cqlValue{}, p.fail("%q is not a number", t.text)
		}
		p.next()
		return cqlValue{f, "number"}, nil
	case p.keyword("TRUE") || p.keyword("FALSE"):
		p.next()
		return cqlValue{strings.EqualFold(t.text, "TRUE"), "boolean"}, nil
	case p.keyword("DATE") || p.keyword("TIMESTAMP"):
		kind := strings.ToLower(t.text)
		p.next()
		if err := p.expect("("); err != nil {
			return cqlValue{}, err
		}
		if p.tok.kind != tString {
			return cqlValue{}, p.fail("%s needs a quoted value", strings.ToUpper(kind))
		}
		s := p.tok.text
		p.next()
		if err := p.expect(")"); err != nil {
			return cqlValue{}, err
		}
		return dateLiteral(kind, s)
	case t.kind == tEOF:
		return cqlValue{}, syntax("a value expected at the end")
	}
	return cqlValue{}, p.fail("a value expected, found %q", t.text)
}

var textOps = map[string]string{"=": "eq", "<>": "ne", "<": "lt", "<=": "lte", ">": "gt", ">=": "gte"}

func (p *cqlParser) predicate() (store.Expr, error) {
	if p.err != nil {
		return store.Expr{}, p.err
	}
	if p.tok.kind != tIdent || p.keyword("TRUE") || p.keyword("FALSE") {
		if p.tok.kind == tEOF {
			return store.Expr{}, syntax("a condition expected at the end")
		}
		return store.Expr{}, p.fail("a property expected, found %q", p.tok.text)
	}
	prop := p.tok.text
	p.next()
	if p.tok.kind == tPunct && p.tok.text == "(" {
		return store.Expr{}, bad("filter", "geo.cql2_unsupported", map[string]any{"detail": strings.ToUpper(prop) + "()"})
	}
	if queryableType(prop) == "" {
		return store.Expr{}, bad("filter", "geo.cql2_property", map[string]any{"property": prop})
	}
	if op, ok := textOps[p.tok.text]; ok && p.tok.kind == tOp {
		p.next()
		v, err := p.value()
		if err != nil {
			return store.Expr{}, err
		}
		return comparison(prop, op, v)
	}
	if p.keyword("IS") {
		p.next()
		op := "empty"
		if p.keyword("NOT") {
			op = "not_empty"
			p.next()
		}
		if err := p.expect("NULL"); err != nil {
			return store.Expr{}, err
		}
		return comparison(prop, op)
	}
	not := false
	if p.keyword("NOT") {
		not = true
		p.next()
	}
	switch {
	case p.keyword("IN"):
		p.next()
		if err := p.expect("("); err != nil {
			return store.Expr{}, err
		}
		var list []cqlValue
		for {
			v, err := p.value()
			if err != nil {
				return store.Expr{}, err
			}
			list = append(list, v)
			if len(list) > 10000 {
				return store.Expr{}, syntax("more than 10,000 values in IN")
			}
			if p.tok.kind == tPunct && p.tok.text == "," {
				p.next()
				continue
			}
			break
		}
		if err := p.expect(")"); err != nil {
			return store.Expr{}, err
		}
		op := "in"
		if not {
			op = "not_in"
		}
		if len(list) == 1 { // a list of one is still a list
			list = append(list, list[0])
		}
		return comparison(prop, op, list...)
	case p.keyword("BETWEEN"):
		p.next()
		lo, err := p.value()
		if err != nil {
			return store.Expr{}, err
		}
		if err := p.expect("AND"); err != nil {
			return store.Expr{}, err
		}
		hi, err := p.value()
		if err != nil {
			return store.Expr{}, err
		}
		e, err := comparison(prop, "between", lo, hi)
		if err != nil || !not {
			return e, err
		}
		return store.Expr{Not: &e}, nil
	case p.keyword("LIKE"):
		p.next()
		v, err := p.value()
		if err != nil {
			return store.Expr{}, err
		}
		s, ok := v.v.(string)
		if !ok || v.kind != "string" {
			return store.Expr{}, p.fail("LIKE needs a quoted pattern")
		}
		return like(prop, s, not)
	}
	if p.tok.kind == tEOF {
		return store.Expr{}, syntax("an operator expected after " + prop)
	}
	return store.Expr{}, p.fail("an operator expected after %s, found %q", prop, p.tok.text)
}

// ---- CQL2 JSON ---------------------------------------------------------------------------

var jsonOps = map[string]string{"=": "eq", "<>": "ne", "<": "lt", "<=": "lte", ">": "gt", ">=": "gte"}

func jsonExpr(raw any, depth int) (store.Expr, error) {
	if depth > 20 {
		return store.Expr{}, syntax("nested too deeply")
	}
	m, ok := raw.(map[string]any)
	if !ok {
		return store.Expr{}, syntax("an object with op and args expected")
	}
	op, _ := m["op"].(string)
	args, _ := m["args"].([]any)
	switch strings.ToLower(op) {
	case "and", "or":
		if len(args) < 2 {
			return store.Expr{}, syntax(op + " needs two or more args")
		}
		list := make([]store.Expr, len(args))
		for i, a := range args {
			e, err := jsonExpr(a, depth+1)
			if err != nil {
				return e, err
			}
			list[i] = e
		}
		if strings.EqualFold(op, "and") {
			return store.Expr{And: list}, nil
		}
		return store.Expr{Or: list}, nil
	case "not":
		if len(args) != 1 {
			return store.Expr{}, syntax("not needs one arg")
		}
		e, err := jsonExpr(args[0], depth+1)
		if err != nil {
			return e, err
		}
		return store.Expr{Not: &e}, nil
	}
	if len(args) == 0 {
		return store.Expr{}, syntax(fmt.Sprintf("op %q needs args", op))
	}
	prop, err := jsonProperty(args[0])
	if err != nil {
		return store.Expr{}, err
	}
	if queryableType(prop) == "" {
		return store.Expr{}, bad("filter", "geo.cql2_property", map[string]any{"property": prop})
	}
	switch {
	case jsonOps[op] != "":
		if len(args) != 2 {
			return store.Expr{}, syntax(op + " needs two args")
		}
		v, err := jsonValue(args[1])
		if err != nil {
			return store.Expr{}, err
		}
		return comparison(prop, jsonOps[op], v)
	case op == "isNull":
		return comparison(prop, "empty")
	case op == "in":
		list, _ := args[1].([]any)
		if len(args) != 2 || len(list) == 0 || len(list) > 10000 {
			return store.Expr{}, syntax("in needs a property and a list")
		}
		vals := make([]cqlValue, len(list))
		for i, x := range list {
			if vals[i], err = jsonValue(x); err != nil {
				return store.Expr{}, err
			}
		}
		if len(vals) == 1 {
			vals = append(vals, vals[0])
		}
		return comparison(prop, "in", vals...)
	case op == "between":
		if len(args) != 3 {
			return store.Expr{}, syntax("between needs a property and two values")
		}
		lo, err := jsonValue(args[1])
		if err != nil {
			return store.Expr{}, err
		}
		hi, err := jsonValue(args[2])
		if err != nil {
			return store.Expr{}, err
		}
		return comparison(prop, "between", lo, hi)
	case op == "like":
		if len(args) != 2 {
			return store.Expr{}, syntax("like needs a property and a pattern")
		}
		s, ok := args[1].(string)
		if !ok {
			return store.Expr{}, syntax("like needs a string pattern")
		}
		return like(prop, s, false)
	}
	return store.Expr{}, bad("filter", "geo.cql2_unsupported", map[string]any{"detail": op})
}

func jsonProperty(raw any) (string, error) {
	if m, ok := raw.(map[string]any); ok {
		if p, ok := m["property"].(string); ok {
			return p, nil
		}
	}
	return "", syntax("the first arg must be {\"property\": …}")
}

func jsonValue(raw any) (cqlValue, error) {
	switch v := raw.(type) {
	case string:
		return cqlValue{v, "string"}, nil
	case float64:
		return cqlValue{v, "number"}, nil
	case bool:
		return cqlValue{v, "boolean"}, nil
	case map[string]any:
		if d, ok := v["date"].(string); ok {
			return dateLiteral("date", d)
		}
		if t, ok := v["timestamp"].(string); ok {
			return dateLiteral("timestamp", t)
		}
	}
	return cqlValue{}, syntax(fmt.Sprintf("%v is not a value", raw))
}
