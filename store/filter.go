package store

import (
	"arbor/fields"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"arbor"
)

// Filter is the one filter model of the product (table, map tiles, exports, jobs and access
// limits): a stock state, a text search, attribute conditions, a polygon and a selection of ids.
// Every part narrows the result (AND).
type Filter struct {
	State      string          `json:"state,omitempty"` // stock (default), felled, archived, all
	Search     string          `json:"q,omitempty"`     // number, species and every text field (searchText)
	Conditions []Condition     `json:"conditions,omitempty"`
	Geometry   json.RawMessage `json:"geometry,omitempty"` // GeoJSON Polygon or MultiPolygon
	IDs        []string        `json:"ids,omitempty"`
	// Where is a condition with OR and NOT (a CQL2 filter of the GIS web service), narrowing
	// like the rest; nil: none.
	Where *Expr `json:"where,omitempty"`
}

// Expr is a boolean combination of conditions: exactly one of its members is set.
type Expr struct {
	And  []Expr     `json:"and,omitempty"`
	Or   []Expr     `json:"or,omitempty"`
	Not  *Expr      `json:"not,omitempty"`
	Cond *Condition `json:"cond,omitempty"`
}

// maxExprConditions bounds an Expr, as lists of values are bounded.
const maxExprConditions = 1000

// Condition is one attribute condition: field, operator and value.
type Condition struct {
	Field string          `json:"field"`
	Op    string          `json:"op"`
	Value json.RawMessage `json:"value,omitempty"`
}

// filterKind is how a field is compared.
type filterKind int

const (
	fNumber filterKind = iota
	fText
	fTexts // a list (symptoms): contains
	fDate
	fBool
	fID    // a list entry id (species)
	fJob   // membership in a job: eq / in a job id, empty (in no job), not_empty (in any)
	fGenus // the genus of the species (the first word of its botanical name): every species of it at once
)

// filterField is a field conditions may name, with the SQL expression it stands for (on alias t,
// from this fixed table only).
type filterField struct {
	expr string
	kind filterKind
	// The SQL type of a number field's expression. Values are bound as that type, so the column
	// is compared as it is stored: cast to another type, its statistics and indexes go unused
	// and the planner takes a filter passing a third of a city for one passing a few rows.
	num numType
}

type numType int

const (
	numInt     numType = iota // smallint or integer: compared with whole numbers (int8)
	numDecimal                // numeric
	numFloat                  // double precision
)

// filterFields: every writable tree field, custom fields included, and the computed ones.
var filterFields = func() map[string]filterField {
	m := map[string]filterField{
		"action_security":    {"t.action_security", fNumber, numInt},
		"action_count":       {"t.action_count", fNumber, numInt},
		"action_deadline":    {"t.action_deadline", fDate, 0},
		"deadline_class":     {"arbor_deadline_class(t.action_deadline, current_date)", fNumber, numInt},
		"check_next":         {"t.check_next", fDate, 0},
		"check_class":        {"coalesce(arbor_inspection_class(t.check_next, current_date), 4)", fNumber, numInt},
		"check_timestamp":    {"t.check_timestamp::date", fDate, 0},
		"check_comment":      {"t.check_comment", fText, 0},
		"create_timestamp":   {"t.create_timestamp::date", fDate, 0},
		"object_timestamp":   {"t.object_timestamp::date", fDate, 0},
		"cut_date":           {"t.cut_date", fDate, 0},
		"area":               {"t.area", fNumber, numFloat},
		"valuation_max":      {"t.valuation_max", fNumber, numInt},
		"single_tree":        {"t.single_tree", fBool, 0},
		"security_relevance": {"EXISTS (SELECT 1 FROM tree_action a WHERE a.tree_id = t.id AND a.security_relevance AND a.execute_timestamp IS NULL)", fBool, 0},
		// An open safety-relevant work whose deadline has passed: the tree stays unsafe beyond the
		// date someone set for making it safe (the dashboard's "overdue safety works").
		"safety_overdue": {safetyOverdueSQL, fBool, 0},
		// Not safe, and no felling due within FellingWarnDays (store/dashboard.go).
		"felling_late": {fellingLateSQL, fBool, 0},
		"job":          {"", fJob, 0},
		"genus":        {"", fGenus, 0},
	}
	for _, f := range fields.Table {
		k, num := fNumber, numInt
		switch f.Kind {
		case fields.Decimal:
			num = numDecimal
		case fields.Text:
			k = fText
		case fields.Texts:
			k = fTexts
		case fields.Species:
			k = fID
		}
		m[f.Name] = filterField{"t." + f.Column, k, num}
	}
	return m
}()

// operators allowed per kind.
var filterOps = map[filterKind][]string{
	fNumber: {"eq", "ne", "in", "not_in", "lt", "lte", "gt", "gte", "between", "empty", "not_empty"},
	fText:   {"eq", "ne", "in", "contains", "starts_with", "empty", "not_empty", "lt", "lte", "gt", "gte"},
	fTexts:  {"contains", "empty", "not_empty"},
	fDate:   {"eq", "lt", "lte", "gt", "gte", "between", "empty", "not_empty"},
	fBool:   {"eq"},
	fID:     {"eq", "ne", "in", "not_in", "empty", "not_empty"},
	fJob:    {"eq", "in", "empty", "not_empty"},
	fGenus:  {"eq", "ne", "in", "not_in"},
}

// filterSQL builds a condition on alias t, appending the values it binds to args. Nothing of
// the filter reaches the SQL text except names from the tables above.
type filterSQL struct {
	args  []any
	parts []string
}

func (b *filterSQL) bind(v any) string {
	b.args = append(b.args, v)
	return fmt.Sprintf("$%d", len(b.args))
}

// bindAs binds a value of a kind with the cast its column needs (array says a list of them).
func (b *filterSQL) bindAs(k filterKind, v any, array bool) string {
	cast := map[filterKind]string{fID: "::uuid", fDate: "::date", fNumber: "::float8", fText: "::text", fTexts: "::text", fBool: "::boolean"}[k]
	if array {
		cast += "[]"
	}
	return b.bind(v) + cast
}

// Compile turns the filter into SQL conditions on alias t (tree), binding values after the
// args given. Errors name the part of the filter that is wrong.
func (f *Filter) Compile(args []any) (string, []any, error) {
	b := &filterSQL{args: args}
	bad := map[string]string{}
	switch f.State {
	case "", "stock":
		b.parts = append(b.parts, "NOT t.archive", "NOT t.cut")
	case "felled":
		b.parts = append(b.parts, "t.cut")
	case "archived":
		b.parts = append(b.parts, "t.archive")
	case "all":
	default:
		bad["state"] = "filter.state"
	}
	if q := strings.TrimSpace(f.Search); q != "" {
		like := b.bind("%" + likeEscape(q) + "%")
		exact := b.bind(q)
		b.parts = append(b.parts, fmt.Sprintf(`(t.number::text = %[2]s OR %[3]s ILIKE %[1]s
			OR EXISTS (SELECT 1 FROM list_entry s WHERE s.id = t.species_id
			           AND (s.botanical ILIKE %[1]s OR s.name_de ILIKE %[1]s OR s.name_en ILIKE %[1]s OR s.name_fr ILIKE %[1]s)))`, like, exact, searchText))
	}
	for i, c := range f.Conditions {
		where := fmt.Sprintf("conditions.%d", i)
		sql, key := b.condition(c)
		if key != "" {
			bad[where] = key
			continue
		}
		b.parts = append(b.parts, sql)
	}
	if len(f.Geometry) > 0 && string(f.Geometry) != "null" {
		// Validity is checked by the caller with CheckGeometry (it needs the database); what
		// cannot be read as an area at all is refused here.
		if key := CheckGeoJSON(f.Geometry, FilterGeometries); key != "" {
			bad["geometry"] = key
		} else if g, ok := geometryValue(f.Geometry); ok {
			b.parts = append(b.parts, "ST_Intersects(t.geom, "+b.bind(g)+"::geometry)")
		} else {
			bad["geometry"] = "geometry.unreadable"
		}
	}
	if f.Where != nil {
		n := 0
		sql, key := b.expr(*f.Where, 0, &n)
		if key != "" {
			bad["where"] = key
		} else {
			b.parts = append(b.parts, sql)
		}
	}
	if f.IDs != nil {
		for _, id := range f.IDs {
			if !fields.IsUUID(id) {
				bad["ids"] = "field.id"
			}
		}
		b.parts = append(b.parts, "t.id = ANY("+b.bind(f.IDs)+"::uuid[])")
	}
	if len(bad) > 0 {
		return "", nil, &arbor.Error{Code: arbor.EINVALID, Key: "filter.invalid", Fields: bad}
	}
	if len(b.parts) == 0 {
		return "true", b.args, nil
	}
	return strings.Join(b.parts, " AND "), b.args, nil
}

// expr compiles a boolean combination of conditions, or answers the message key of what is
// wrong with it.
func (b *filterSQL) expr(e Expr, depth int, n *int) (string, string) {
	if depth > 20 {
		return "", "filter.too_deep"
	}
	join := func(list []Expr, op string) (string, string) {
		if len(list) == 0 {
			return "", "filter.value"
		}
		parts := make([]string, len(list))
		for i, x := range list {
			sql, key := b.expr(x, depth+1, n)
			if key != "" {
				return "", key
			}
			parts[i] = sql
		}
		return "(" + strings.Join(parts, " "+op+" ") + ")", ""
	}
	switch {
	case e.Cond != nil:
		if *n++; *n > maxExprConditions {
			return "", "filter.too_deep"
		}
		sql, key := b.condition(*e.Cond)
		if key != "" {
			return "", key
		}
		// A condition unknown for an object (its field is empty) is false, so its NOT is true:
		// "not vitality 1" keeps the trees without a vitality, as the operator ne does.
		return "coalesce(" + sql + ", false)", ""
	case e.Not != nil:
		sql, key := b.expr(*e.Not, depth+1, n)
		if key != "" {
			return "", key
		}
		return "NOT " + sql, ""
	case e.And != nil:
		return join(e.And, "AND")
	case e.Or != nil:
		return join(e.Or, "OR")
	}
	return "", "filter.value"
}

// searchText is every text a person enters about an object, in one value the quick search
// reads with one ILIKE: the tag, the top form, the symptoms, the last inspection's comment and
// every custom field (a city keeps its street, site or district there, and repeats its numbers
// per street, so a tree is found by them). The parts are joined by a line break, which a search
// box cannot hold, so a search never matches across two fields.
var searchText = func() string {
	parts := []string{"t.check_comment"}
	for _, f := range fields.Table {
		switch f.Kind {
		case fields.Text:
			parts = append(parts, "t."+f.Column)
		case fields.Texts:
			parts = append(parts, "array_to_string(t."+f.Column+", E'\\n')")
		}
	}
	return "concat_ws(E'\\n', " + strings.Join(parts, ", ") + ")"
}()

// geometryValue is a filter's GeoJSON as the value of a geometry parameter: PostgreSQL reads it
// once, when the statement's values are bound. Written as ST_GeomFromGeoJSON($n), the polygon
// was read again for every object a reused (generic) plan tested: a district's dashboard took
// 0.9–1.6 s instead of 0.3, and its tiles paid the same per tree. The named reference system
// makes it EPSG:4326 whatever the GeoJSON says, as ST_SetSRID did.
func geometryValue(raw json.RawMessage) (string, bool) {
	var g map[string]json.RawMessage
	if err := json.Unmarshal(raw, &g); err != nil || g == nil {
		return "", false
	}
	g["crs"] = json.RawMessage(`{"type":"name","properties":{"name":"EPSG:4326"}}`)
	b, err := json.Marshal(g)
	return string(b), err == nil
}

// condition compiles one condition, or answers the message key of what is wrong with it.
func (b *filterSQL) condition(c Condition) (string, string) {
	f, ok := filterFields[c.Field]
	if !ok {
		return "", "filter.field"
	}
	allowed := false
	for _, op := range filterOps[f.kind] {
		allowed = allowed || op == c.Op
	}
	if !allowed {
		return "", "filter.operator"
	}
	if f.kind == fJob {
		return b.jobCondition(c)
	}
	if f.kind == fGenus {
		return b.genusCondition(c)
	}
	if f.kind == fNumber && c.Op != "empty" && c.Op != "not_empty" {
		return b.numberCondition(f, c)
	}
	switch c.Op {
	case "empty", "not_empty":
		var isEmpty string
		switch f.kind {
		case fText:
			isEmpty = "(" + f.expr + " = '')"
		case fTexts:
			isEmpty = "(cardinality(" + f.expr + ") = 0)"
		default:
			isEmpty = "(" + f.expr + " IS NULL)"
		}
		if c.Op == "empty" {
			return isEmpty, ""
		}
		return "NOT " + isEmpty, ""
	case "in", "not_in":
		list, ok := b.list(f.kind, c.Value)
		if !ok {
			return "", "filter.value"
		}
		cond := f.expr + " = ANY(" + b.bindAs(f.kind, list, true) + ")"
		if c.Op == "not_in" {
			return "(" + f.expr + " IS NULL OR NOT " + cond + ")", ""
		}
		return cond, ""
	case "between":
		var pair []json.RawMessage
		if json.Unmarshal(c.Value, &pair) != nil || len(pair) != 2 {
			return "", "filter.value"
		}
		lo, ok1 := b.scalar(f.kind, pair[0])
		hi, ok2 := b.scalar(f.kind, pair[1])
		if !ok1 || !ok2 {
			return "", "filter.value"
		}
		return "(" + f.expr + " BETWEEN " + b.bindAs(f.kind, lo, false) + " AND " + b.bindAs(f.kind, hi, false) + ")", ""
	}
	v, ok := b.scalar(f.kind, c.Value)
	if !ok {
		return "", "filter.value"
	}
	switch c.Op {
	case "eq":
		if f.kind == fTexts {
			break
		}
		return f.expr + " = " + b.bindAs(f.kind, v, false), ""
	case "ne":
		return "(" + f.expr + " IS NULL OR " + f.expr + " <> " + b.bindAs(f.kind, v, false) + ")", ""
	case "lt":
		return f.expr + " < " + b.bindAs(f.kind, v, false), ""
	case "lte":
		return f.expr + " <= " + b.bindAs(f.kind, v, false), ""
	case "gt":
		return f.expr + " > " + b.bindAs(f.kind, v, false), ""
	case "gte":
		return f.expr + " >= " + b.bindAs(f.kind, v, false), ""
	case "contains":
		if f.kind == fTexts {
			return b.bindAs(f.kind, v, false) + " = ANY(" + f.expr + ")", ""
		}
		return f.expr + " ILIKE " + b.bind("%"+likeEscape(v.(string))+"%"), ""
	case "starts_with":
		return f.expr + " ILIKE " + b.bind(likeEscape(v.(string))+"%"), ""
	}
	return "", "filter.operator"
}

// genusCondition compiles a condition on the genus: the object's species is one of the species
// list's entries whose botanical name starts with the genus ("Acer" is every maple at once). The
// species are looked up once per statement, so the objects are matched by their species id.
func (b *filterSQL) genusCondition(c Condition) (string, string) {
	genera, ok := oneOrList[string](c, 1000, "in", "not_in")
	if !ok {
		return "", "filter.value"
	}
	for i, g := range genera {
		genera[i] = strings.TrimSpace(g)
		if genera[i] == "" || len(genera[i]) > 200 {
			return "", "filter.value"
		}
	}
	cond := "t.species_id IN (SELECT s.id FROM list_entry s WHERE s.list = 'species' AND " +
		genusSQL("s.botanical") + " = ANY(" + b.bind(genera) + "::text[]))"
	if c.Op == "not_in" || c.Op == "ne" {
		return "(t.species_id IS NULL OR NOT " + cond + ")", ""
	}
	return cond, ""
}

// oneOrList reads a condition's value: for the operators of a list, a list of 1 to most values;
// for any other, one value, as a list of one.
func oneOrList[T any](c Condition, most int, listOps ...string) ([]T, bool) {
	if slices.Contains(listOps, c.Op) {
		var values []T
		ok := json.Unmarshal(c.Value, &values) == nil && len(values) > 0 && len(values) <= most
		return values, ok
	}
	var v T
	err := json.Unmarshal(c.Value, &v)
	return []T{v}, err == nil
}

// genusSQL is the genus of a botanical name in SQL: its first word, without a hybrid sign
// ("× Cupressocyparis" and "xCupressocyparis" are both Cupressocyparis).
func genusSQL(botanical string) string {
	return "split_part(ltrim(" + botanical + ", '×x '), ' ', 1)"
}

// numberCondition compiles a comparison of a number field, binding values as the field's own
// type. A whole-number field compared with a fraction is compared with the whole numbers the
// fraction stands for: height classes aside, "vitality ≥ 1.5" means 2 and up, "= 1.5" nothing.
func (b *filterSQL) numberCondition(f filterField, c Condition) (string, string) {
	values, ok := oneOrList[float64](c, 10000, "in", "not_in", "between")
	if !ok || (c.Op == "between" && len(values) != 2) {
		return "", "filter.value"
	}
	cast := map[numType]string{numInt: "::int8", numDecimal: "::numeric", numFloat: "::float8"}[f.num]
	one := func(v float64) string {
		if f.num == numInt {
			return b.bind(int64(v)) + cast
		}
		return b.bind(v) + cast
	}
	whole := func(v float64) bool { return f.num != numInt || v == math.Trunc(v) }
	// Bounds of a whole-number field; beyond ±2^53 every int column is inside anyway.
	down := func(v float64) float64 { return math.Max(-1<<53, math.Min(1<<53, math.Floor(v))) }
	up := func(v float64) float64 { return math.Max(-1<<53, math.Min(1<<53, math.Ceil(v))) }
	if f.num != numInt {
		down, up = func(v float64) float64 { return v }, func(v float64) float64 { return v }
	}
	v := values[0]
	switch c.Op {
	case "in", "not_in":
		var ints []int64
		var floats []float64
		for _, v := range values {
			if f.num != numInt {
				floats = append(floats, v)
			} else if whole(v) {
				ints = append(ints, int64(down(v)))
			}
		}
		cond := "false"
		if f.num == numInt && len(ints) > 0 {
			cond = f.expr + " = ANY(" + b.bind(ints) + cast + "[])"
		} else if len(floats) > 0 {
			cond = f.expr + " = ANY(" + b.bind(floats) + cast + "[])"
		}
		if c.Op == "not_in" {
			return "(" + f.expr + " IS NULL OR NOT " + cond + ")", ""
		}
		return cond, ""
	case "between":
		return "(" + f.expr + " BETWEEN " + one(up(values[0])) + " AND " + one(down(values[1])) + ")", ""
	case "eq":
		if !whole(v) {
			return "false", ""
		}
		return f.expr + " = " + one(down(v)), ""
	case "ne":
		if !whole(v) {
			return "true", ""
		}
		return "(" + f.expr + " IS NULL OR " + f.expr + " <> " + one(down(v)) + ")", ""
	case "lt":
		return f.expr + " < " + one(up(v)), ""
	case "lte":
		return f.expr + " <= " + one(down(v)), ""
	case "gt":
		return f.expr + " > " + one(down(v)), ""
	case "gte":
		return f.expr + " >= " + one(up(v)), ""
	}
	return "", "filter.operator"
}

// scalar reads one value of a kind, typed for binding.
func (b *filterSQL) scalar(k filterKind, raw json.RawMessage) (any, bool) {
	switch k {
	case fNumber:
		var n float64
		return n, json.Unmarshal(raw, &n) == nil
	case fText, fTexts:
		var s string
		return s, json.Unmarshal(raw, &s) == nil && len(s) <= 2000
	case fDate:
		var s string
		if json.Unmarshal(raw, &s) != nil {
			return nil, false
		}
		_, err := time.Parse(time.DateOnly, s)
		return s, err == nil
	case fBool:
		var v bool
		return v, json.Unmarshal(raw, &v) == nil
	case fID:
		var s string
		return s, json.Unmarshal(raw, &s) == nil && fields.IsUUID(s)
	}
	return nil, false
}

// list reads a list of values of a kind, typed as an array for binding.
func (b *filterSQL) list(k filterKind, raw json.RawMessage) (any, bool) {
	var items []json.RawMessage
	if json.Unmarshal(raw, &items) != nil || len(items) == 0 || len(items) > 10000 {
		return nil, false
	}
	switch k {
	case fNumber:
		return listOf[float64](items, nil)
	case fText:
		return listOf[string](items, nil)
	case fID:
		return listOf(items, fields.IsUUID)
	}
	return nil, false
}

// listOf reads every item as a T that, given valid, it also passes.
func listOf[T any](items []json.RawMessage, valid func(T) bool) (any, bool) {
	out := make([]T, len(items))
	for i, it := range items {
		if json.Unmarshal(it, &out[i]) != nil || (valid != nil && !valid(out[i])) {
			return nil, false
		}
	}
	return out, true
}

// jobCondition compiles a condition on job membership: the object, or one of its works, is an
// item of the job(s); empty: of no unfinished job; not_empty: of some unfinished job.
func (b *filterSQL) jobCondition(c Condition) (string, string) {
	switch c.Op {
	case "empty", "not_empty":
		cond := "EXISTS (SELECT 1 FROM job_item i JOIN job j ON j.id = i.job_id WHERE i.tree_id = t.id AND j.status < 2)"
		if c.Op == "empty" {
			return "NOT " + cond, ""
		}
		return cond, ""
	case "eq":
		v, ok := b.scalar(fID, c.Value)
		if !ok {
			return "", "filter.value"
		}
		return "EXISTS (SELECT 1 FROM job_item i WHERE i.tree_id = t.id AND i.job_id = " + b.bindAs(fID, v, false) + ")", ""
	case "in":
		list, ok := b.list(fID, c.Value)
		if !ok {
			return "", "filter.value"
		}
		return "EXISTS (SELECT 1 FROM job_item i WHERE i.tree_id = t.id AND i.job_id = ANY(" + b.bindAs(fID, list, true) + "))", ""
	}
	return "", "filter.operator"
}

// And is the filter that passes what both pass; other's conditions are added to a copy of f
// (other carries conditions only: the parts a job session adds to a member's limit).
func (f *Filter) And(other *Filter) *Filter {
	if f == nil {
		return other
	}
	if other == nil {
		return f
	}
	out := *f
	out.Conditions = append(append([]Condition{}, f.Conditions...), other.Conditions...)
	return &out
}
