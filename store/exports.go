package store

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"time"

	"arbor"

	"github.com/jackc/pgx/v5"
)

// ExportRecord is one export as the organisation's administrators see it: who, what, when.
type ExportRecord struct {
	ID          int64           `json:"id"`
	Project     *string         `json:"project"`
	ProjectName string          `json:"project_name"`
	User        *string         `json:"user"`
	Username    string          `json:"username"`
	Kind        string          `json:"kind"`
	Format      string          `json:"format"`
	Objects     int             `json:"objects"`
	Detail      json.RawMessage `json:"detail"`
	CreatedAt   time.Time       `json:"created_at"`
}

// RecordExport notes that userID took objects of the scope away as a file. detail is the
// request's filter or job (JSON), so an administrator can tell what left.
func (s *Queries) RecordExport(ctx context.Context, sc Content, userID, kind, format string, objects int, detail any) error {
	raw, err := json.Marshal(detail)
	if err != nil || string(raw) == "null" {
		raw = []byte("{}")
	}
	_, err = s.q.Exec(ctx, `INSERT INTO export_record (organisation_id, project_id, project_name, user_id, username, kind, format, objects, detail)
		SELECT $1, $2, coalesce((SELECT name FROM project WHERE organisation_id = $1 AND id = $2), ''),
		       nullif($3, '')::uuid, coalesce((SELECT email FROM app_user WHERE id = nullif($3, '')::uuid), ''), $4, $5, $6, $7`,
		sc.OrganisationID, nullIfEmpty(sc.ProjectID), userID, kind, format, objects, raw)
	return err
}

// ExportRecords lists the organisation's exports, newest first, at most limit.
func (s *Queries) ExportRecords(ctx context.Context, orgID string, limit, offset int) ([]*ExportRecord, int, error) {
	var total int
	if err := s.q.QueryRow(ctx, `SELECT count(*) FROM export_record WHERE organisation_id = $1`, orgID).Scan(&total); err != nil {
		return nil, 0, err
	}
	rows, err := s.q.Query(ctx, `SELECT id, project_id::text, project_name, user_id::text, username, kind, format, objects, detail, created_at
		FROM export_record WHERE organisation_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`, orgID, limit, offset)
	list, err := scanAll(rows, err, func(row pgx.Row) (*ExportRecord, error) {
		var e ExportRecord
		err := row.Scan(&e.ID, &e.Project, &e.ProjectName, &e.User, &e.Username, &e.Kind, &e.Format, &e.Objects, &e.Detail, &e.CreatedAt)
		return &e, err
	})
	return list, total, err
}

// EachTree hands every tree and group of the scope that passes the filter to fn, by number, in
// one streamed query: the whole project's export holds no page of rows in memory and pays no
// OFFSET. Run it in a read-only snapshot (DB.ReadTx) so the list is one moment's.
func (s *Queries) EachTree(ctx context.Context, sc Content, f Filter, fn func(*Tree) error) error {
	if err := s.longStatement(ctx); err != nil {
		return err
	}
	cond, args, err := s.treeScope(ctx, sc, f)
	if err != nil {
		return err
	}
	rows, err := s.q.Query(ctx, treeSelect(sc.Lang)+` WHERE `+cond+` ORDER BY t.number, t.number_text, t.id`, args...)
	return eachRow(rows, err, scanTree, fn)
}

// extraRow scans a tree row that carries more columns after the tree's own.
type extraRow struct {
	pgx.Row
	extra []any
}

func (r extraRow) Scan(dest ...any) error { return r.Row.Scan(append(dest, r.extra...)...) }

// CheckSRID answers EINVALID unless PostGIS knows the reference system.
func (s *Queries) CheckSRID(ctx context.Context, srid int) error {
	var ok bool
	if err := s.q.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM spatial_ref_sys WHERE srid = $1)`, srid).Scan(&ok); err != nil {
		return err
	}
	if !ok {
		return &arbor.Error{Code: arbor.EINVALID, Key: "export.srid", Fields: map[string]string{"srid": "export.srid"}}
	}
	return nil
}

// EachFeature is EachTree with each object's geometry in the reference system srid, as WKT and
// as GeoJSON.
func (s *Queries) EachFeature(ctx context.Context, sc Content, f Filter, srid int, fn func(t *Tree, wkt, geojson string) error) error {
	var wkt, geojson string
	from := func(geom string) string {
		return ", ST_AsText(" + geom + "), ST_AsGeoJSON(" + geom + ", 7)\n\tFROM tree t"
	}
	return s.eachFeature(ctx, sc, f, srid, from, []any{&wkt, &geojson}, func(t *Tree) error { return fn(t, wkt, geojson) })
}

// eachFeature streams the trees of a feature export, in order, with more columns: from is
// what stands before and for "FROM tree t", given the SQL of the geometry in srid; each row's
// columns are scanned into extra before each is called.
func (s *Queries) eachFeature(ctx context.Context, sc Content, f Filter, srid int, from func(geom string) string, extra []any, each func(t *Tree) error) error {
	if err := s.CheckSRID(ctx, srid); err != nil {
		return err
	}
	if err := s.longStatement(ctx); err != nil {
		return err
	}
	cond, args, err := s.treeScope(ctx, sc, f)
	if err != nil {
		return err
	}
	args = append(args, srid)
	geom := "ST_Transform(t.geom, $" + strconv.Itoa(len(args)) + "::int)"
	sql := strings.Replace(treeSelect(sc.Lang), "\n\tFROM tree t", from(geom), 1)
	rows, err := s.q.Query(ctx, sql+` WHERE `+cond+` ORDER BY t.number, t.number_text, t.id`, args...)
	scan := func(row pgx.Row) (*Tree, error) { return scanTree(extraRow{Row: row, extra: extra}) }
	return eachRow(rows, err, scan, each)
}

// longStatement lifts the server's statement timeout for the rest of the transaction: a whole
// city streams through one statement for as long as the workbook takes to write (BENCHMARKS.md
// "Exports"), and the export stops when the person's request is cancelled.
func (s *Queries) longStatement(ctx context.Context) error {
	_, err := s.q.Exec(ctx, `SET LOCAL statement_timeout = '15min'`)
	return err
}

// EachFeatureWKB is EachTree with each object's geometry in the reference system srid as WKB
// and its bounding box (min x, max x, min y, max y), as a GeoPackage stores them.
func (s *Queries) EachFeatureWKB(ctx context.Context, sc Content, f Filter, srid int, fn func(t *Tree, wkb []byte, box [4]float64) error) error {
	var wkb []byte
	var box [4]float64
	from := func(geom string) string {
		return ", ST_AsBinary(xg.geo, 'NDR'), ST_XMin(xg.geo), ST_XMax(xg.geo), ST_YMin(xg.geo), ST_YMax(xg.geo)\n\tFROM tree t CROSS JOIN LATERAL (SELECT " + geom + " AS geo) xg"
	}
	return s.eachFeature(ctx, sc, f, srid, from, []any{&wkb, &box[0], &box[1], &box[2], &box[3]}, func(t *Tree) error { return fn(t, wkb, box) })
}

// SRSDefinition is a reference system's name and its definition as OGC WKT, as PostGIS knows it;
// EINVALID for one it does not.
func (s *Queries) SRSDefinition(ctx context.Context, srid int) (name, wkt string, err error) {
	err = s.q.QueryRow(ctx, `SELECT coalesce(substring(srtext from '^[A-Z]+\["([^"]*)"'), auth_name || ':' || auth_srid), srtext
		FROM spatial_ref_sys WHERE srid = $1`, srid).Scan(&name, &wkt)
	if err == pgx.ErrNoRows {
		return "", "", &arbor.Error{Code: arbor.EINVALID, Key: "export.srid", Fields: map[string]string{"srid": "export.srid"}}
	}
	return name, wkt, err
}
