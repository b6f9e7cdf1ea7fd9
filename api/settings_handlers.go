package api

import (
	"net/http"
	"net/url"
	"strings"
	"unicode/utf8"

	"arbor"
	"arbor/fields"
	"arbor/geo"
	"arbor/store"
)

// getSettings answers every member: the app needs custom fields, required fields, defaults and
// basemaps to show and edit trees, whatever the member's level.
func (s *Server) getSettings(w http.ResponseWriter, r *http.Request) error {
	t := targetOf(r)
	ps, err := s.db.ProjectSettings(r.Context(), t.organisationID, t.projectID)
	return writeResult(w, http.StatusOK, ps, err)
}

type settingsRequest struct {
	CustomFields        map[string]store.CustomField `json:"custom_fields"`
	RequiredFields      *[]string                    `json:"required_fields"`
	DefaultValues       map[string]any               `json:"default_values"`
	InspectionIntervals *store.InspectionIntervals   `json:"inspection_intervals"`
	Version             int                          `json:"version"`
}

// update checks the settings and builds the store's update of them: every field named must be a
// field of the catalogue, custom fields get their defaults, and a text field keeps no values.
func (req *settingsRequest) update() (store.SettingsUpdate, error) {
	c := settingsChecks{checks: checks{}}
	u := store.SettingsUpdate{DefaultValues: req.DefaultValues, InspectionIntervals: req.InspectionIntervals}
	if req.CustomFields != nil {
		u.CustomFields = c.customFields(req.CustomFields)
	}
	if req.RequiredFields != nil {
		u.RequiredFields = c.requiredFields(*req.RequiredFields)
	}
	c.defaultValues(req.DefaultValues)
	c.intervals(req.InspectionIntervals)
	if req.Version <= 0 {
		c.checks["version"] = "field.required"
	}
	if len(c.checks) > 0 {
		return u, &arbor.Error{Code: arbor.EINVALID, Key: "error.invalid_fields", Fields: c.checks, Args: c.args}
	}
	return u, nil
}

// settingsChecks collects the problems of a settings body, each under its field's key; the
// message's arguments name the last field that is not in the catalogue.
type settingsChecks struct {
	checks
	args map[string]any
}

func (c *settingsChecks) unknown(key, name string) {
	c.checks[key], c.args = "field.unknown_field", map[string]any{"field": name}
}

// customFields checks each custom field and fills in its defaults (a text field, sorted
// alphabetically); a text field keeps no list values and the category is the catalogue's.
func (c *settingsChecks) customFields(in map[string]store.CustomField) map[string]store.CustomField {
	out := map[string]store.CustomField{}
	for name, f := range in {
		key := "custom_fields." + name
		if _, ok := fields.CustomCategory[name]; !ok {
			c.unknown(key, name)
			continue
		}
		f.Alias = strings.TrimSpace(f.Alias)
		if f.Type == "" {
			f.Type = "text"
		}
		if f.Sort == "" {
			f.Sort = "alpha"
		}
		if msg := customFieldProblem(f); msg != "" {
			c.checks[key] = msg
		}
		if f.Type == "text" {
			f.Values = nil
		}
		f.Category = ""
		out[name] = f
	}
	return out
}

// customFieldProblem is the message key of what is wrong with a custom field, or "".
func customFieldProblem(f store.CustomField) string {
	switch {
	case utf8.RuneCountInString(f.Alias) > 50:
		return "field.too_long.50"
	case utf8.RuneCountInString(f.DefaultValue) > 200:
		return "field.too_long.200"
	case f.Active && f.Alias == "":
		return "field.required"
	case f.Type != "text" && f.Type != "list":
		return "field.custom_type"
	case f.Sort != "alpha" && f.Sort != "manual":
		return "field.custom_sort"
	case f.Type == "list" && !distinctShortValues(f.Values):
		return "field.custom_values"
	}
	return ""
}

// requiredFields keeps each known field once, in the order given.
func (c *settingsChecks) requiredFields(names []string) []string {
	out := []string{}
	for _, name := range names {
		if !fields.Known(name) {
			c.unknown("required_fields", name)
			continue
		}
		if !contains(out, name) {
			out = append(out, name)
		}
	}
	return out
}

// defaultValues allows a text of up to 200 characters, a number or a yes/no for any field of
// the catalogue but the tree's number.
func (c *settingsChecks) defaultValues(values map[string]any) {
	for name, v := range values {
		key := "default_values." + name
		if !fields.Known(name) || name == "number" {
			c.unknown(key, name)
			continue
		}
		switch x := v.(type) {
		case string:
			if utf8.RuneCountInString(x) > 200 {
				c.checks[key] = "field.value"
			}
		case float64, bool:
		default:
			c.checks[key] = "field.value"
		}
	}
}

// intervals allows 1 to 120 months for each pair of inspection intervals.
func (c *settingsChecks) intervals(in *store.InspectionIntervals) {
	if in == nil {
		return
	}
	for name, pair := range map[string]store.IntervalPair{"young_healthy": in.YoungHealthy,
		"aging_healthy": in.AgingHealthy, "damaged": in.Damaged, "hollow": in.Hollow} {
		if pair.Low < 1 || pair.Low > 120 || pair.High < 1 || pair.High > 120 {
			c.checks["inspection_intervals."+name] = "field.interval"
		}
	}
}

// putSettings replaces the parts of the settings the body names (custom_fields, required_fields,
// default_values, inspection_intervals), checking each against the field catalogue.
func (s *Server) putSettings(w http.ResponseWriter, r *http.Request) error {
	var req settingsRequest
	if err := decode(r, &req); err != nil {
		return err
	}
	u, err := req.update()
	if err != nil {
		return err
	}
	t := targetOf(r)
	ps, err := s.db.UpdateProjectSettings(r.Context(), t.organisationID, t.projectID, req.Version, u)
	return writeResult(w, http.StatusOK, ps, err)
}

func distinctShortValues(values []string) bool {
	if len(values) == 0 || len(values) > 500 {
		return false
	}
	seen := map[string]bool{}
	for _, v := range values {
		v = strings.TrimSpace(v)
		if v == "" || utf8.RuneCountInString(v) > 100 || seen[strings.ToLower(v)] {
			return false
		}
		seen[strings.ToLower(v)] = true
	}
	return true
}

type basemapRequest struct {
	store.BasemapSource
	Password *string `json:"password"` // absent: keep; "": remove
	Position int     `json:"position"`
	Version  int     `json:"version"`
	// BackgroundMap: the organisation's archive of a 'hosted' basemap (docs/API.md "Background maps").
	BackgroundMap string `json:"background_map"`
}

func (s *Server) basemapFields(r *http.Request, req basemapRequest) (store.BasemapFields, error) {
	ctx := r.Context()
	if strings.EqualFold(req.Type, "hosted") {
		return s.hostedBasemapFields(ctx, targetOf(r), req)
	}
	f := store.BasemapFields{Name: strings.TrimSpace(req.Name), Type: strings.ToLower(req.Type),
		URL: strings.TrimSpace(req.URL), Layers: strings.TrimSpace(req.Layers),
		Attribution: strings.TrimSpace(req.Attribution), Username: strings.TrimSpace(req.Username),
		Position: req.Position}
	c := checks{}
	c.name("name", f.Name)
	if f.Type != "xyz" && f.Type != "wms" && f.Type != "esri" && f.Type != "vector" {
		c["type"] = "field.basemap_type"
	}
	if u, err := url.Parse(f.URL); err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" || len(f.URL) > 2000 {
		c["url"] = "field.url"
	} else if f.Username != "" || (req.Password != nil && *req.Password != "") {
		// A protected basemap is fetched by the server (docs/API.md "Basemap proxy"): not from
		// inside its own network.
		if key := geo.CheckServiceURL(ctx, f.URL, s.allowPrivate); key != "" {
			c["url"] = key
		}
	}
	c.maxLen("layers", f.Layers, 100)
	c.maxLen("attribution", f.Attribution, 300)
	c.maxLen("username", f.Username, 100)
	if req.Password != nil {
		sealed := s.signer.Seal(*req.Password)
		f.PasswordSealed = &sealed
	}
	return f, c.err()
}

// decodeBasemap reads a basemap's fields from the request's body.
func (s *Server) decodeBasemap(r *http.Request) (basemapRequest, store.BasemapFields, error) {
	return decodeAs(r, func(req *basemapRequest) (store.BasemapFields, error) { return s.basemapFields(r, *req) })
}

func (s *Server) createBasemap(w http.ResponseWriter, r *http.Request) error {
	_, f, err := s.decodeBasemap(r)
	if err != nil {
		return err
	}
	t := targetOf(r)
	b, err := s.db.CreateBasemap(r.Context(), t.organisationID, t.projectID, f)
	return writeResult(w, http.StatusCreated, b, err)
}

func (s *Server) updateBasemap(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "basemapId")
	if err != nil {
		return err
	}
	req, f, err := s.decodeBasemap(r)
	if err != nil {
		return err
	}
	if req.Version <= 0 {
		return arbor.Invalid(map[string]string{"version": "field.required"})
	}
	t := targetOf(r)
	b, err := s.db.UpdateBasemap(r.Context(), t.organisationID, t.projectID, id, req.Version, f)
	return writeResult(w, http.StatusOK, b, err)
}

func (s *Server) deleteBasemap(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "basemapId")
	if err != nil {
		return err
	}
	t := targetOf(r)
	if err := s.db.DeleteBasemap(r.Context(), t.organisationID, t.projectID, id); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}
