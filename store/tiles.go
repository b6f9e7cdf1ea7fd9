package store

import (
	"context"
	"errors"
	"strings"

	"arbor"

	"github.com/jackc/pgx/v5"
)

// TileZooms are the zooms of a layer the SQL depends on; the layer's definition (tiles/layers/layers.go)
// gives them, so that the tiles, their TileJSON and the styles cannot disagree.
type TileZooms struct {
	Detail int // first zoom with single objects; below it a grid of counts (when the layer has one)
	Label  int // first zoom whose objects carry their numbers
	Street int // first zoom whose tiles hold few objects each: one kept plan serves them (DB.street)
}

// tileQuery is the SQL of a tile layer: single objects and, where the layer has one, the grid
// below the detail zoom. Every value is bound: $1 z, $2 x, $3 y, $4 organisation, $5 project and,
// when labels is set, $6 the label zoom in the detail query (bound like the rest: the plan
// PostgreSQL keeps for the statement serves every zoom). Objects in stock only (neither felled
// nor archived) unless a filter says otherwise: its conditions, and the caller's access limit,
// take the place of the /*where*/ mark. Feature ids are the compact fid, not the UUID.
type tileQuery struct {
	detail, grid string
	labels       bool
}

var tileQueries = map[string]tileQuery{
	// Trees: points with what styling, labels and the info window need.
	"trees": {
		labels: true,
		detail: objectTile("trees", "", "t.single_tree"),
		// Below the detail zoom: one point per grid cell (64 × 64 per tile) with the count and,
		// per theme, the gravest class of the cell's trees, so a whole city still tells its story
		// (the higher safety, vitality, damage and development class is the graver, the earlier
		// deadline class; for inspections see check_class below).
		grid: `
		WITH b AS (SELECT ST_TileEnvelope($1, $2, $3) AS env, 40075016.68557849 / (1 << $1::int) / 64 AS cell)
		SELECT ST_AsMVT(q, 'trees', 4096, 'geom') FROM (
			SELECT ST_AsMVTGeom(ST_SetSRID(ST_MakePoint(avg(ST_X(t.geom_3857)), avg(ST_Y(t.geom_3857))), 3857),
			                    b.env, 4096, 0, false) AS geom,
			       count(*)::int AS count, max(t.action_security) AS safety, max(t.vitality) AS vitality,
			       max(t.damage_tree) AS damage, max(t.development) AS development,
			       min(arbor_deadline_class(t.action_deadline, current_date)) AS deadline_class,
			       -- Inspection classes by gravity, not by number: overdue (0), never inspected (4),
			       -- due (1), then later (2, 3). The smallest rank wins and is turned back into its
			       -- class, so a cell with one never-inspected tree is not drawn as checked and safe.
			       (ARRAY[0, 4, 1, 2, 3])[min((ARRAY[1, 3, 4, 5, 2])[coalesce(arbor_inspection_class(t.check_next, current_date), 4) + 1])] AS check_class
			FROM tree t CROSS JOIN b
			WHERE t.organisation_id = $4 AND t.project_id = $5 AND t.single_tree
			  AND t.geom_3857 && b.env /*where*/
			GROUP BY b.env, floor(ST_X(t.geom_3857) / b.cell), floor(ST_Y(t.geom_3857) / b.cell)
		) q`,
	},
	// Groups: polygons at every zoom (there are few of them), simplified by the tile grid.
	"groups": {
		labels: true,
		detail: objectTile("groups", "t.tree_count, round(t.area)::int AS area,", "NOT t.single_tree"),
	},
	// Works: open works at their point (a point work) or on their tree or group.
	"works": {
		detail: `
		WITH b AS (SELECT ST_TileEnvelope($1, $2, $3) AS env)
		SELECT ST_AsMVT(q, 'works', 4096, 'geom', 'fid') FROM (
			SELECT a.fid, ST_AsMVTGeom(coalesce(ST_Transform(a.geom, 3857), ST_PointOnSurface(t.geom_3857)), b.env, 4096, 64, true) AS geom,
			       a.action, a.security_relevance, a.code_action_security AS code,
			       arbor_deadline_class(a.deadline, current_date) AS deadline_class, t.fid AS tree
			FROM tree_action a JOIN tree t ON t.id = a.tree_id CROSS JOIN b
			WHERE a.organisation_id = $4 AND a.project_id = $5 AND a.execute_timestamp IS NULL
			  AND t.geom_3857 && b.env /*where*/
		) q`,
		grid: `
		WITH b AS (SELECT ST_TileEnvelope($1, $2, $3) AS env, 40075016.68557849 / (1 << $1::int) / 64 AS cell)
		SELECT ST_AsMVT(q, 'works', 4096, 'geom') FROM (
			SELECT ST_AsMVTGeom(ST_SetSRID(ST_MakePoint(avg(ST_X(p)), avg(ST_Y(p))), 3857), b.env, 4096, 0, false) AS geom,
			       count(*)::int AS count, min(arbor_deadline_class(a.deadline, current_date)) AS deadline_class
			FROM tree_action a JOIN tree t ON t.id = a.tree_id CROSS JOIN b
			CROSS JOIN LATERAL (SELECT ST_PointOnSurface(t.geom_3857) AS p) c
			WHERE a.organisation_id = $4 AND a.project_id = $5 AND a.execute_timestamp IS NULL
			  AND t.geom_3857 && b.env /*where*/
			GROUP BY b.env, floor(ST_X(p) / b.cell), floor(ST_Y(p) / b.cell)
		) q`,
	},
}

// objectTile is the detail query of the trees or the groups layer (kind picks which): each
// object with its number and the classes the map's themes colour by, columns adding the
// layer's own. The labels' numbers only where labels show (a null property is left out):
// below, tiles are a third smaller and quicker to make.
func objectTile(layer, columns, kind string) string {
	return `
		WITH b AS (SELECT ST_TileEnvelope($1, $2, $3) AS env)
		SELECT ST_AsMVT(q, '` + layer + `', 4096, 'geom', 'fid') FROM (
			SELECT t.fid, ST_AsMVTGeom(t.geom_3857, b.env, 4096, 64, true) AS geom,
			       CASE WHEN $1 >= $6 THEN t.number END AS number, CASE WHEN $1 >= $6 THEN t.number_text END AS number_text,
			       ` + columns + `
			       t.action_security AS safety, t.vitality, t.damage_tree AS damage, t.development,
			       arbor_deadline_class(t.action_deadline, current_date) AS deadline_class,
			       coalesce(arbor_inspection_class(t.check_next, current_date), 4) AS check_class
			FROM tree t CROSS JOIN b
			WHERE t.organisation_id = $4 AND t.project_id = $5 AND ` + kind + `
			  AND t.geom_3857 && b.env /*where*/
		) q`
}

// Tile renders one vector tile (uncompressed MVT) of a layer, of the objects that pass filter
// (nil: stock) and the caller's limit, with the layer's zooms; ENOTFOUND for an unknown layer.
func (s *Queries) Tile(ctx context.Context, sc Content, layer string, zooms TileZooms, z, x, y int, filter *Filter) ([]byte, error) {
	q, ok := tileQueries[layer]
	if !ok {
		return nil, arbor.Errorf(arbor.ENOTFOUND, "tile.layer", nil)
	}
	sql, grid := q.detail, z < zooms.Detail && q.grid != ""
	if grid {
		sql = q.grid
	}
	// The caller's access limit and the active filter narrow the layer (on alias t, the tree).
	if filter == nil {
		filter = &Filter{} // the stock
	}
	args := []any{z, x, y, sc.OrganisationID, sc.ProjectID}
	if q.labels && !grid { // the grid carries no numbers
		args = append(args, zooms.Label)
	}
	where, args, err := sc.limitSQL(args)
	if err != nil {
		return nil, err
	}
	filterCond, args, err := filter.Compile(args)
	if err != nil {
		return nil, err
	}
	where += " AND (" + filterCond + ")"
	var mvt []byte
	err = s.q.QueryRow(ctx, strings.Replace(sql, "/*where*/", where, 1), args...).Scan(&mvt)
	return mvt, err
}

// TileState is what tile URLs and caches need of a project: its content revision and the
// extent of its objects (lon/lat; nil when it has none).
type TileState struct {
	Revision int64
	Bounds   []float64 // west, south, east, north
}

// TileState reads the project's content revision and extent.
func (s *Queries) TileState(ctx context.Context, sc Content) (*TileState, error) {
	var st TileState
	var w, so, e, n *float64
	err := s.q.QueryRow(ctx, `
		SELECT p.content_revision, ST_XMin(x), ST_YMin(x), ST_XMax(x), ST_YMax(x)
		FROM project p LEFT JOIN LATERAL (
			SELECT ST_Extent(geom)::geometry AS x FROM tree WHERE organisation_id = p.organisation_id AND project_id = p.id
		) ext ON true
		WHERE p.organisation_id = $1 AND p.id = $2`, sc.OrganisationID, sc.ProjectID).Scan(&st.Revision, &w, &so, &e, &n)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, arbor.Errorf(arbor.ENOTFOUND, "error.not_found", nil)
	}
	if err != nil {
		return nil, err
	}
	if w != nil {
		st.Bounds = []float64{*w, *so, *e, *n}
	}
	return &st, nil
}

// ContentRevision is the project's content revision alone (cheap: one row by key).
func (s *Queries) ContentRevision(ctx context.Context, sc Content) (int64, error) {
	var rev int64
	err := s.q.QueryRow(ctx, `SELECT content_revision FROM project WHERE organisation_id = $1 AND id = $2`,
		sc.OrganisationID, sc.ProjectID).Scan(&rev)
	return rev, err
}
