package geo

import (
	"math"
	"net/url"
	"strconv"
	"strings"
	"time"

	"arbor"
	"arbor/store"
)

const (
	// DefaultLimit is the page size when a client names none.
	DefaultLimit = 100
	// MaxLimit is the biggest page. A bigger limit is read as this one, as OGC API Features
	// asks (a limit beyond the maximum is not an error); the next link leads on.
	MaxLimit = 10000
)

// Items is a checked items request: what the store reads, and how it is written.
type Items struct {
	Query store.FeatureQuery
	CRS   CRS
	// Params are the request's own parameters that next and previous links repeat.
	Params url.Values
}

// bad is the error of one invalid query parameter, naming it.
func bad(param, key string, args map[string]any) error {
	if args == nil {
		args = map[string]any{}
	}
	if _, ok := args["name"]; !ok {
		args["name"] = param
	}
	return &arbor.Error{Code: arbor.EINVALID, Key: key, Args: args, Fields: map[string]string{param: key}}
}

// common parameters every resource takes: the format, the API key, and for items the rest.
var resourceParams = map[string]bool{"f": true, "key": true}

var itemsParams = map[string]bool{"f": true, "key": true, "limit": true, "offset": true, "bbox": true, "bbox-crs": true,
	"crs": true, "datetime": true, "properties": true, "filter": true, "filter-lang": true, "filter-crs": true, "after": true}

// CheckParams refuses parameters a resource does not know (OGC API Features asks for a 400, so
// a misspelt parameter is not silently ignored).
func CheckParams(q url.Values) error {
	for name := range q {
		if !resourceParams[name] {
			return bad(name, "geo.param_unknown", nil)
		}
	}
	return nil
}

// FeatureParams checks the parameters of a single feature: f, key and crs, properties.
func FeatureParams(collection string, q url.Values) (Items, error) {
	it := Items{CRS: defaultCRS(), Params: url.Values{}}
	it.Query.Collection = collection
	for name := range q {
		if !resourceParams[name] && name != "crs" && name != "properties" {
			return it, bad(name, "geo.param_unknown", nil)
		}
	}
	if err := it.readCRS(q); err != nil {
		return it, err
	}
	return it, it.readProperties(collection, q)
}

// ParseItems checks an items request of a collection. Queryables named as parameters
// (?vitality=2) are equality conditions, as Part 3 offers.
func ParseItems(collection string, q url.Values) (Items, error) {
	it := Items{CRS: defaultCRS(), Params: url.Values{}}
	fq := &it.Query
	fq.Collection = collection
	fq.Limit = DefaultLimit
	var eq []store.Condition
	queryable := map[string]bool{}
	if store.FeatureFilterable(collection) {
		for _, qb := range store.Queryables() {
			queryable[qb.Name] = true
		}
	}
	for name, vs := range q {
		switch {
		case itemsParams[name]:
		case queryable[name]:
			c, err := equality(name, vs[0])
			if err != nil {
				return it, err
			}
			eq = append(eq, c)
		default:
			return it, bad(name, "geo.param_unknown", nil)
		}
		if name != "offset" && name != "f" && name != "after" {
			it.Params[name] = vs
		}
	}
	if v := q.Get("limit"); v != "" {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n < 1 {
			return it, bad("limit", "geo.limit", map[string]any{"max": MaxLimit})
		}
		fq.Limit = int(min(n, MaxLimit))
		it.Params.Set("limit", strconv.Itoa(fq.Limit))
	}
	if v := q.Get("offset"); v != "" {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n < 0 || n > math.MaxInt32 {
			return it, bad("offset", "geo.offset", nil)
		}
		fq.Offset = int(n)
	}
	fq.After = q.Get("after")
	if err := it.readCRS(q); err != nil {
		return it, err
	}
	if v := q.Get("bbox"); v != "" {
		bc := defaultCRS()
		if s := q.Get("bbox-crs"); s != "" {
			c, ok := ParseCRS(s)
			if !ok {
				return it, bad("bbox-crs", "geo.crs", nil)
			}
			bc = c
		}
		box, err := parseBBox(v, bc)
		if err != nil {
			return it, err
		}
		fq.BBox, fq.BBoxSRID = box, bc.SRID
	} else if q.Get("bbox-crs") != "" {
		if _, ok := ParseCRS(q.Get("bbox-crs")); !ok {
			return it, bad("bbox-crs", "geo.crs", nil)
		}
	}
	if v := q.Get("datetime"); v != "" {
		from, to, err := parseDatetime(v)
		if err != nil {
			return it, err
		}
		fq.From, fq.To = from, to
	}
	if err := it.readProperties(collection, q); err != nil {
		return it, err
	}
	if err := it.readFilter(collection, q); err != nil {
		return it, err
	}
	if len(eq) > 0 {
		if fq.Filter == nil {
			fq.Filter = &store.Filter{}
		}
		fq.Filter.Conditions = append(fq.Filter.Conditions, eq...)
	}
	return it, nil
}

func (it *Items) readCRS(q url.Values) error {
	if s := q.Get("crs"); s != "" {
		c, ok := ParseCRS(s)
		if !ok {
			return bad("crs", "geo.crs", nil)
		}
		it.CRS = c
	}
	it.Query.SRID, it.Query.Flip, it.Query.Digits = it.CRS.SRID, it.CRS.Flip, it.CRS.Digits
	return nil
}

func (it *Items) readProperties(collection string, q url.Values) error {
	if _, ok := q["properties"]; !ok {
		return nil
	}
	known, _ := store.FeatureProperties(collection)
	it.Query.Properties = []string{}
	for _, p := range strings.Split(q.Get("properties"), ",") {
		p = strings.TrimSpace(p)
		if p == "" {
			continue
		}
		found := false
		for _, k := range known {
			found = found || k == p
		}
		if !found {
			return bad("properties", "geo.property", map[string]any{"property": p})
		}
		it.Query.Properties = append(it.Query.Properties, p)
	}
	return nil
}

// parseBBox reads west,south,east,north (or six numbers with heights) in the axis order of
// the CRS, answering them x/y (longitude or easting first).
func parseBBox(v string, c CRS) ([]float64, error) {
	parts := strings.Split(v, ",")
	if len(parts) != 4 && len(parts) != 6 {
		return nil, bad("bbox", "geo.bbox", nil)
	}
	n := make([]float64, len(parts))
	for i, p := range parts {
		f, err := strconv.ParseFloat(strings.TrimSpace(p), 64)
		if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
			return nil, bad("bbox", "geo.bbox", nil)
		}
		n[i] = f
	}
	if len(n) == 6 { // lower corner x, y, z; upper corner x, y, z
		n = []float64{n[0], n[1], n[3], n[4]}
	}
	if c.Flip {
		n = []float64{n[1], n[0], n[3], n[2]}
	}
	if n[0] > n[2] || n[1] > n[3] {
		return nil, bad("bbox", "geo.bbox_order", nil)
	}
	if c.SRID == 4326 && (n[0] < -180 || n[2] > 180 || n[1] < -90 || n[3] > 90) {
		return nil, bad("bbox", "geo.bbox_range", nil)
	}
	if c.SRID != 4326 && (math.Abs(n[0]) > 1e8 || math.Abs(n[1]) > 1e8 || math.Abs(n[2]) > 1e8 || math.Abs(n[3]) > 1e8) {
		return nil, bad("bbox", "geo.bbox_range", nil)
	}
	return n, nil
}

// parseDatetime reads an instant, a date, or an interval of them with ".." or "" for an open
// end.
func parseDatetime(v string) (*time.Time, *time.Time, error) {
	one := func(s string, end bool) (*time.Time, bool) {
		if s == ".." || s == "" {
			return nil, true
		}
		if t, err := time.Parse(time.RFC3339Nano, s); err == nil {
			return &t, true
		}
		if t, err := time.Parse(time.DateOnly, s); err == nil {
			if end { // a date as the end of an interval is the whole day
				t = t.Add(24*time.Hour - time.Nanosecond)
			}
			return &t, true
		}
		return nil, false
	}
	parts := strings.Split(v, "/")
	switch len(parts) {
	case 1:
		if _, err := time.Parse(time.DateOnly, v); err == nil {
			from, _ := one(v, false)
			to, _ := one(v, true)
			return from, to, nil
		}
		t, ok := one(v, false)
		if !ok || t == nil {
			return nil, nil, bad("datetime", "geo.datetime", nil)
		}
		return t, t, nil
	case 2:
		from, ok1 := one(parts[0], false)
		to, ok2 := one(parts[1], true)
		if !ok1 || !ok2 || (from == nil && to == nil && parts[0] != ".." && parts[1] != "..") {
			return nil, nil, bad("datetime", "geo.datetime", nil)
		}
		if from != nil && to != nil && from.After(*to) {
			return nil, nil, bad("datetime", "geo.datetime", nil)
		}
		return from, to, nil
	}
	return nil, nil, bad("datetime", "geo.datetime", nil)
}
