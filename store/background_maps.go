package store

import (
	"context"
	"errors"
	"time"

	"arbor"

	"github.com/jackc/pgx/v5"
)

// The organisation's own background maps (docs/API.md "Background maps"): tile archives kept as
// PMTiles in the blob store (files/), their records here, counted against the organisation's
// storage together with its photos and documents.

// BackgroundMap is one archive as people see it.
type BackgroundMap struct {
	ID          string     `json:"id"`
	Name        string     `json:"name"`
	Kind        string     `json:"kind"`        // raster, vector
	Format      string     `json:"format"`      // png, jpg, webp, avif, pbf
	Compression string     `json:"compression"` // of each tile: none, gzip
	Source      string     `json:"source"`      // the uploaded file: pmtiles, mbtiles (converted)
	MinZoom     int        `json:"min_zoom"`
	MaxZoom     int        `json:"max_zoom"`
	Bounds      [4]float64 `json:"bounds"` // west, south, east, north
	Layers      []string   `json:"layers"` // a vector archive's layers
	Attribution string     `json:"attribution"`
	Tiles       int64      `json:"tiles"`
	Size        int64      `json:"size"`
	Username    string     `json:"username"`
	CreatedAt   time.Time  `json:"created_at"`
	Projects    int        `json:"projects"` // how many projects show it as a basemap
	BlobKey     string     `json:"-"`
}

const backgroundMapColumns = `m.id, m.name, m.kind, m.format, m.compression, m.source, m.min_zoom, m.max_zoom, m.bounds,
	m.layers, m.attribution, m.tiles, m.size, m.username, m.created_at,
	(SELECT count(DISTINCT b.project_id) FROM project_basemap b WHERE b.background_map_id = m.id)::int, m.blob_key`

func scanBackgroundMap(row pgx.Row) (*BackgroundMap, error) {
	var m BackgroundMap
	var bounds []float64
	err := row.Scan(&m.ID, &m.Name, &m.Kind, &m.Format, &m.Compression, &m.Source, &m.MinZoom, &m.MaxZoom, &bounds,
		&m.Layers, &m.Attribution, &m.Tiles, &m.Size, &m.Username, &m.CreatedAt, &m.Projects, &m.BlobKey)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, arbor.Errorf(arbor.ENOTFOUND, "error.not_found", nil)
	}
	copy(m.Bounds[:], bounds)
	if m.Layers == nil {
		m.Layers = []string{}
	}
	return &m, err
}

// BackgroundMaps lists an organisation's archives, newest first.
func (s *Queries) BackgroundMaps(ctx context.Context, orgID string) ([]*BackgroundMap, error) {
	rows, err := s.q.Query(ctx, `SELECT `+backgroundMapColumns+` FROM background_map m
		WHERE m.organisation_id = $1 ORDER BY m.created_at DESC, m.id`, orgID)
	return scanAll(rows, err, scanBackgroundMap)
}

// BackgroundMap reads one archive of an organisation; another organisation's is not found.
func (s *Queries) BackgroundMap(ctx context.Context, orgID, id string) (*BackgroundMap, error) {
	return scanBackgroundMap(s.q.QueryRow(ctx, `SELECT `+backgroundMapColumns+` FROM background_map m
		WHERE m.organisation_id = $1 AND m.id = $2`, orgID, id))
}

// NewBackgroundMap is an archive stored in the blob store, to be recorded.
type NewBackgroundMap struct {
	Organisation                                     string
	Name, Kind, Format, Compression, Source, BlobKey string
	MinZoom, MaxZoom                                 int
	Bounds                                           [4]float64
	Layers                                           []string
	Attribution                                      string
	Tiles, Size                                      int64
}

// AddBackgroundMap records a stored archive within the organisation's storage, under the same
// lock as photos and documents: 'files.storage_full' (ETOOLARGE) when it does not fit.
func (tx *Tx) AddBackgroundMap(ctx context.Context, who Actor, n NewBackgroundMap) (*BackgroundMap, error) {
	if err := tx.lockDataSpace(ctx, n.Organisation); err != nil {
		return nil, err
	}
	space, err := tx.DataSpace(ctx, n.Organisation)
	if err != nil {
		return nil, err
	}
	if n.Size > space.BytesAvailable {
		return nil, arbor.Errorf(arbor.ETOOLARGE, "files.storage_full", nil)
	}
	if err := tx.setActor(ctx, who); err != nil {
		return nil, err
	}
	if n.Layers == nil {
		n.Layers = []string{}
	}
	return scanBackgroundMap(tx.q.QueryRow(ctx, `WITH m AS (
			INSERT INTO background_map (organisation_id, name, kind, format, compression, source, min_zoom, max_zoom,
				bounds, layers, attribution, tiles, size, blob_key, user_id, username)
			SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, a.user_id, a.username
			FROM arbor_actor() a
			RETURNING *)
		SELECT `+backgroundMapColumns+` FROM m`,
		n.Organisation, n.Name, n.Kind, n.Format, n.Compression, n.Source, n.MinZoom, n.MaxZoom, n.Bounds[:],
		n.Layers, n.Attribution, n.Tiles, n.Size, n.BlobKey))
}

// DeleteBackgroundMap removes an archive and every project's basemap of it; its blob is left to
// the sweep (document_orphan).
func (s *Queries) DeleteBackgroundMap(ctx context.Context, orgID, id string) error {
	tag, err := s.q.Exec(ctx, `DELETE FROM background_map WHERE organisation_id = $1 AND id = $2`, orgID, id)
	if err == nil && tag.RowsAffected() == 0 {
		return arbor.Errorf(arbor.ENOTFOUND, "error.not_found", nil)
	}
	return err
}

// ProjectBackgroundMap reads an archive that a project shows as a basemap, for its tiles: one of
// the project's organisation. An archive the project does not show is still served to its
// members (the map settings preview it before it is added); another organisation's is not found.
func (s *Queries) ProjectBackgroundMap(ctx context.Context, orgID, projectID, id string) (*BackgroundMap, error) {
	return scanBackgroundMap(s.q.QueryRow(ctx, `SELECT `+backgroundMapColumns+` FROM background_map m
		JOIN project p ON p.organisation_id = m.organisation_id AND p.id = $2
		WHERE m.organisation_id = $1 AND m.id = $3`, orgID, projectID, id))
}
