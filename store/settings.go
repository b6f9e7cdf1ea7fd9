package store

import (
	"arbor/fields"
	"context"
	"encoding/json"
	"errors"
	"time"

	"arbor"

	"github.com/jackc/pgx/v5"
)

// ProjectSettings are the settings of a project beyond its general fields.
type ProjectSettings struct {
	CustomFields        map[string]CustomField `json:"custom_fields"`
	RequiredFields      []string               `json:"required_fields"`
	DefaultValues       map[string]any         `json:"default_values"`
	InspectionIntervals InspectionIntervals    `json:"inspection_intervals"`
	Basemaps            []*Basemap             `json:"basemaps"`
	Version             int                    `json:"version"`
}

// BasemapSource is what a basemap is called and where it is loaded from, as the app sends it and
// reads it back.
type BasemapSource struct {
	Name   string `json:"name"`
	Type   string `json:"type"`
	URL    string `json:"url"`
	Layers string `json:"layers"`
	// Attribution names the map's source, shown on the map (plain text).
	Attribution string `json:"attribution"`
	Username    string `json:"username"`
}

// Basemap is a background map. The password never leaves the server: HasPassword says whether
// one is kept.
type Basemap struct {
	ID string `json:"id"`
	BasemapSource
	HasPassword bool      `json:"has_password"`
	Position    int       `json:"position"`
	Version     int       `json:"version"`
	CreatedAt   time.Time `json:"created_at"`
	// BackgroundMap is the organisation's archive a 'hosted' basemap shows (docs/API.md
	// "Background maps"); its URL is the server's tiles (raster) or default style (vector), and
	// Layers says which of the two.
	BackgroundMap *string `json:"background_map"`
}

// ProjectSettings reads a project's settings; every custom field is listed, configured or not.
func (s *Queries) ProjectSettings(ctx context.Context, orgID, projectID string) (*ProjectSettings, error) {
	var ps ProjectSettings
	var custom, defaults, intervals []byte
	err := s.q.QueryRow(ctx, `
		SELECT custom_fields, required_fields, default_values, inspection_intervals, version
		FROM project WHERE organisation_id = $1 AND id = $2`, orgID, projectID).
		Scan(&custom, &ps.RequiredFields, &defaults, &intervals, &ps.Version)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, arbor.Errorf(arbor.ENOTFOUND, "error.not_found", nil)
	}
	if err != nil {
		return nil, err
	}
	stored := map[string]CustomField{}
	if err := json.Unmarshal(custom, &stored); err != nil {
		return nil, err
	}
	ps.CustomFields = map[string]CustomField{}
	for name, category := range fields.CustomCategory {
		f, ok := stored[name]
		if !ok {
			f = CustomField{Type: "text", Sort: "alpha"}
		}
		if f.Values == nil {
			f.Values = []string{}
		}
		f.Category = category
		ps.CustomFields[name] = f
	}
	if err := json.Unmarshal(defaults, &ps.DefaultValues); err != nil {
		return nil, err
	}
	if err := json.Unmarshal(intervals, &ps.InspectionIntervals); err != nil {
		return nil, err
	}
	if ps.Basemaps, err = s.Basemaps(ctx, orgID, projectID); err != nil {
		return nil, err
	}
	return &ps, nil
}

// SettingsUpdate replaces one part of the settings; nil parts stay as they are.
type SettingsUpdate struct {
	CustomFields        map[string]CustomField
	RequiredFields      []string
	DefaultValues       map[string]any
	InspectionIntervals *InspectionIntervals
}

// UpdateProjectSettings writes the given parts if version is current; ECONFLICT with the current
// settings otherwise.
func (s *Queries) UpdateProjectSettings(ctx context.Context, orgID, projectID string, version int, u SettingsUpdate) (*ProjectSettings, error) {
	enc := func(v any, set bool) ([]byte, error) {
		if !set {
			return nil, nil
		}
		return json.Marshal(v)
	}
	custom, err := enc(u.CustomFields, u.CustomFields != nil)
	if err != nil {
		return nil, err
	}
	defaults, err := enc(u.DefaultValues, u.DefaultValues != nil)
	if err != nil {
		return nil, err
	}
	intervals, err := enc(u.InspectionIntervals, u.InspectionIntervals != nil)
	if err != nil {
		return nil, err
	}
	tag, err := s.q.Exec(ctx, `
		UPDATE project SET
			custom_fields = coalesce($4::jsonb, custom_fields),
			required_fields = coalesce($5::text[], required_fields),
			default_values = coalesce($6::jsonb, default_values),
			inspection_intervals = coalesce($7::jsonb, inspection_intervals),
			version = version + 1, updated_at = now()
		WHERE organisation_id = $1 AND id = $2 AND version = $3`,
		orgID, projectID, version, custom, u.RequiredFields, defaults, intervals)
	return afterVersionedWrite(tag, err, func() (*ProjectSettings, error) { return s.ProjectSettings(ctx, orgID, projectID) })
}

func scanBasemap(row pgx.Row) (*Basemap, error) {
	var b Basemap
	err := row.Scan(&b.ID, &b.Name, &b.Type, &b.URL, &b.Layers, &b.Attribution, &b.Username, &b.HasPassword, &b.Position, &b.Version, &b.CreatedAt, &b.BackgroundMap)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, arbor.Errorf(arbor.ENOTFOUND, "error.not_found", nil)
	}
	return &b, err
}

const basemapColumns = `id, name, type, url, layers, attribution, username, password_sealed <> '', position, version, created_at, background_map_id`

// Basemaps lists a project's basemaps in their order.
func (s *Queries) Basemaps(ctx context.Context, orgID, projectID string) ([]*Basemap, error) {
	rows, err := s.q.Query(ctx, `SELECT `+basemapColumns+` FROM project_basemap
		WHERE organisation_id = $1 AND project_id = $2 ORDER BY position, created_at`, orgID, projectID)
	return scanAll(rows, err, scanBasemap)
}

// BasemapFields are what a person enters for a basemap. PasswordSealed nil keeps the kept one.
type BasemapFields struct {
	Name, Type, URL, Layers, Attribution, Username string
	PasswordSealed                                 *string
	Position                                       int
	BackgroundMap                                  *string // a 'hosted' basemap's archive
}

// CreateBasemap adds a basemap to a project.
func (s *Queries) CreateBasemap(ctx context.Context, orgID, projectID string, f BasemapFields) (*Basemap, error) {
	sealed := ""
	if f.PasswordSealed != nil {
		sealed = *f.PasswordSealed
	}
	return scanBasemap(s.q.QueryRow(ctx, `
		INSERT INTO project_basemap (organisation_id, project_id, name, type, url, layers, username, password_sealed, position, attribution, background_map_id)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING `+basemapColumns,
		orgID, projectID, f.Name, f.Type, f.URL, f.Layers, f.Username, sealed, f.Position, f.Attribution, f.BackgroundMap))
}

// UpdateBasemap changes a basemap if version is current.
func (s *Queries) UpdateBasemap(ctx context.Context, orgID, projectID, id string, version int, f BasemapFields) (*Basemap, error) {
	b, err := scanBasemap(s.q.QueryRow(ctx, `
		UPDATE project_basemap SET name = $5, type = $6, url = $7, layers = $8, username = $9,
			password_sealed = coalesce($10, password_sealed), position = $11, attribution = $12,
			background_map_id = $13, version = version + 1
		WHERE organisation_id = $1 AND project_id = $2 AND id = $3 AND version = $4
		RETURNING `+basemapColumns, orgID, projectID, id, version, f.Name, f.Type, f.URL, f.Layers, f.Username,
		f.PasswordSealed, f.Position, f.Attribution, f.BackgroundMap))
	if arbor.ErrorCode(err) != arbor.ENOTFOUND {
		return b, err
	}
	cur, err := scanBasemap(s.q.QueryRow(ctx, `SELECT `+basemapColumns+` FROM project_basemap
		WHERE organisation_id = $1 AND project_id = $2 AND id = $3`, orgID, projectID, id))
	if err != nil {
		return nil, err
	}
	return nil, &arbor.Error{Code: arbor.ECONFLICT, Key: "error.stale_version", Current: cur}
}

// DeleteBasemap removes a basemap.
func (s *Queries) DeleteBasemap(ctx context.Context, orgID, projectID, id string) error {
	tag, err := s.q.Exec(ctx, `DELETE FROM project_basemap WHERE organisation_id = $1 AND project_id = $2 AND id = $3`,
		orgID, projectID, id)
	if err == nil && tag.RowsAffected() == 0 {
		return arbor.Errorf(arbor.ENOTFOUND, "error.not_found", nil)
	}
	return err
}

// BasemapWithSecret reads one basemap of a project with its sealed password ("" when none), for
// the basemap proxy (docs/API.md "Basemap proxy"); another project's basemap is not found.
func (s *Queries) BasemapWithSecret(ctx context.Context, orgID, projectID, id string) (*Basemap, string, error) {
	var b Basemap
	var sealed string
	err := s.q.QueryRow(ctx, `SELECT `+basemapColumns+`, password_sealed FROM project_basemap
		WHERE organisation_id = $1 AND project_id = $2 AND id = $3`, orgID, projectID, id).
		Scan(&b.ID, &b.Name, &b.Type, &b.URL, &b.Layers, &b.Attribution, &b.Username, &b.HasPassword, &b.Position,
			&b.Version, &b.CreatedAt, &b.BackgroundMap, &sealed)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, "", arbor.Errorf(arbor.ENOTFOUND, "error.not_found", nil)
	}
	if err != nil {
		return nil, "", err
	}
	return &b, sealed, nil
}
