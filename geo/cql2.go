package geo

import "arbor/store"

// ParseCQL2 reads a CQL2 filter (text or JSON) into the filter model.
func ParseCQL2(text, lang string) (*store.Filter, error) {
	return nil, bad("filter", "geo.cql2_syntax", map[string]any{"detail": "not yet"})
}
