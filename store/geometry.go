package store

import (
	"context"
	"encoding/json"
	"errors"
	"strings"

	"arbor"

	"github.com/jackc/pgx/v5/pgconn"
)

// checkedGeometry is what CheckGeometry learned of a GeoJSON geometry.
type checkedGeometry struct {
	point bool // a tree; otherwise a polygon (a group)
}

// CheckGeometry asks PostGIS whether a GeoJSON geometry may be stored: a point (a tree) or a
// polygon / multipolygon (a group) in longitude -180..180 and latitude -90..90, valid by the
// OGC rules. An invalid polygon is refused with PostGIS's reason and never repaired silently.
func (s *Queries) CheckGeometry(ctx context.Context, geom json.RawMessage, field string) (checkedGeometry, error) {
	var g checkedGeometry
	if len(geom) == 0 || string(geom) == "null" {
		return g, arbor.Invalid(map[string]string{field: "field.required"})
	}
	if key := CheckGeoJSON(geom, TreeGeometries); key != "" {
		return g, &arbor.Error{Code: arbor.EINVALID, Key: key, Fields: map[string]string{field: key}}
	}
	var kind, reason string
	var valid, inRange bool
	// The area through geography is what the tree's trigger computes: a polygon it cannot
	// measure is refused here, as unreadable, rather than failing the write.
	err := s.q.QueryRow(ctx, `
		WITH g AS (SELECT ST_Force2D(ST_GeomFromGeoJSON($1)) AS g)
		SELECT GeometryType(g), ST_IsValid(g), coalesce(ST_IsValidReason(g), ''),
		       coalesce(ST_XMin(g) >= -180 AND ST_XMax(g) <= 180 AND ST_YMin(g) >= -90 AND ST_YMax(g) <= 90, false)
		       AND ST_Area(g::geography) >= 0
		FROM g`, string(geom)).Scan(&kind, &valid, &reason, &inRange)
	var pgErr *pgconn.PgError
	// PostGIS refuses what it cannot read with an error; a time-out or a lost connection is no
	// verdict on the geometry.
	if err != nil && errors.As(err, &pgErr) && pgErr.Code != "57014" && !Unreachable(err) {
		return g, &arbor.Error{Code: arbor.EINVALID, Key: "geometry.unreadable", Fields: map[string]string{field: "geometry.unreadable"}}
	}
	if err != nil {
		return g, err
	}
	switch {
	case kind != "POINT" && kind != "POLYGON" && kind != "MULTIPOLYGON":
		return g, &arbor.Error{Code: arbor.EINVALID, Key: "geometry.kind", Fields: map[string]string{field: "geometry.kind"}}
	case !inRange:
		return g, &arbor.Error{Code: arbor.EINVALID, Key: "geometry.range", Fields: map[string]string{field: "geometry.range"}}
	case !valid:
		args := map[string]any{"reason": strings.TrimSpace(reason)}
		return g, &arbor.Error{Code: arbor.EINVALID, Key: "geometry.invalid", Args: args, Fields: map[string]string{field: "geometry.invalid"}}
	}
	g.point = kind == "POINT"
	return g, nil
}
