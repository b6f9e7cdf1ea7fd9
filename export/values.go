package export

import "arbor/store"

// deref is the value p points to, or nil where p is nil: an empty field becomes JSON null or
// SQL NULL.
func deref[T any](p *T) any {
	if p == nil {
		return nil
	}
	return *p
}

// derefAs is deref with the value converted on the way (an int as float64 for JSON, a moment
// in UTC …).
func derefAs[T, R any](p *T, as func(T) R) any {
	if p == nil {
		return nil
	}
	return as(*p)
}

// customField is a project's custom field as a file shows it: the field's key and its label
// (the alias, else the key).
type customField struct{ field, label string }

// customFields are the project's custom fields a file carries — the active ones and those with
// an alias — sorted by key.
func customFields(m map[string]store.CustomField) []customField {
	out := []customField{}
	for _, name := range customNames(m) {
		f := m[name]
		if f.Active || f.Alias != "" {
			out = append(out, customField{name, firstOf(f.Alias, name)})
		}
	}
	return out
}
