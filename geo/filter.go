package geo

import (
	"encoding/json"
	"net/url"
	"strconv"

	"arbor/store"
)

// queryableType is the JSON Schema type of a queryable; "" for none.
func queryableType(name string) string {
	for _, q := range store.Queryables() {
		if q.Name == name {
			return q.Type
		}
	}
	return ""
}

// literal turns a text value into the JSON value a condition on a queryable of type typ takes.
func literal(param, typ, v string) (json.RawMessage, error) {
	switch typ {
	case "integer", "number":
		f, err := strconv.ParseFloat(v, 64)
		if err != nil {
			return nil, bad(param, "geo.value", map[string]any{"value": v})
		}
		return json.Marshal(f)
	case "boolean":
		b, err := strconv.ParseBool(v)
		if err != nil {
			return nil, bad(param, "geo.value", map[string]any{"value": v})
		}
		return json.Marshal(b)
	}
	return json.Marshal(v)
}

// equality is the condition of a queryable named as a query parameter: equal to its value
// (contains, for a list such as the symptoms).
func equality(name, v string) (store.Condition, error) {
	typ := queryableType(name)
	raw, err := literal(name, typ, v)
	if err != nil {
		return store.Condition{}, err
	}
	op := "eq"
	if typ == "array" {
		op = "contains"
	}
	return store.Condition{Field: name, Op: op, Value: raw}, nil
}

// readFilter reads the filter parameter (CQL2, text or JSON) into the filter model.
func (it *Items) readFilter(collection string, q url.Values) error {
	text, ok := q["filter"]
	if !ok {
		if q.Get("filter-lang") != "" {
			return bad("filter-lang", "geo.filter_missing", nil)
		}
		return nil
	}
	if !store.FeatureFilterable(collection) {
		return bad("filter", "geo.filter_collection", nil)
	}
	if c := q.Get("filter-crs"); c != "" {
		if _, ok := ParseCRS(c); !ok {
			return bad("filter-crs", "geo.crs", nil)
		}
	}
	f, err := ParseCQL2(text[0], q.Get("filter-lang"))
	if err != nil {
		return err
	}
	it.Query.Filter = f
	return nil
}
