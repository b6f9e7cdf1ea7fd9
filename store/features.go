package store

import (
	"arbor/fields"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"arbor"

	"github.com/jackc/pgx/v5"
)

// The GIS web service (OGC API Features, docs/API.md "GIS web service") reads a project's
// trees, groups, works and inspections as GeoJSON features. PostgreSQL sends each feature's
// values and its geometry as GeoJSON; the feature's JSON is written from them row by row
// (feature_json.go) and the caller copies it to the client as it comes, so a million trees cost
// no more memory than one.

// FeatureQuery is a checked request for features of one collection.
type FeatureQuery struct {
	Collection string // trees, groups, works, inspections
	ID         string // one feature (its uuid); empty: a page
	Limit      int
	Offset     int
	// After is the cursor of the last feature of the previous page (Feature.Cursor): the page
	// starts after it, found by the sort's index instead of counting Offset rows from the start.
	After string
	// BBox is west, south, east, north (x/y order) in BBoxSRID; nil: everywhere.
	BBox     []float64
	BBoxSRID int
	SRID     int  // the reference system of the geometries written
	Flip     bool // write them latitude (northing) first, the axis order of SRID's authority
	Digits   int  // decimals of the coordinates
	From, To *time.Time
	// Properties names the properties written (checked against FeatureProperties); nil: all.
	Properties []string
	// Filter narrows trees and groups (CQL2 compiled to the one filter model); nil: the stock.
	Filter *Filter
}

// featureCollection is how one collection is read: its FROM clause (alias t is always the tree
// or group the feature belongs to, so the access limit and the filter apply to it), the key, the
// change time, the geometry and the properties as name → SQL expression, in order.
type featureCollection struct {
	from     string
	where    string
	id       string
	version  string
	changed  string
	geometry string // "" for none
	order    string
	cursor   string // the sort key of a row as text, "a|b"
	after    string // the rows after a cursor: two %s for its parts
	props    [][2]string
	filter   bool // the tree filter narrows it
}

func treeProps() [][2]string {
	p := [][2]string{
		{"number", "t.number"}, {"number_text", "t.number_text"},
		{"species", "t.species_id"},
		{"species_botanical", "s.botanical"},
		{"species_name", "CASE {lang} WHEN 'de' THEN s.name_de WHEN 'fr' THEN s.name_fr ELSE s.name_en END"},
		{"planting_year", "t.planting_year"}, {"height", "t.height"}, {"diameter", "t.diameter"},
		{"scope", "t.scope"}, {"top_diameter", "t.top_diameter"}, {"top_form", "t.top_form"},
		{"vitality", "t.vitality"}, {"development", "t.development"}, {"damage_tree", "t.damage_tree"},
		{"security_expectation", "t.security_expectation"}, {"symptoms", "t.symptoms"},
		{"valuation_top", "t.valuation_top"}, {"valuation_root", "t.valuation_root"},
		{"valuation_trunk", "t.valuation_trunk"}, {"valuation_group", "t.valuation_group"},
		{"valuation_max", "t.valuation_max"}, {"tree_count", "t.tree_count"}, {"species_count", "t.species_count"},
		{"area", "round(t.area::numeric, 1)"}, {"archive", "t.archive"}, {"cut", "t.cut"}, {"cut_date", "t.cut_date"},
		{"action_count", "t.action_count"}, {"action_deadline", "t.action_deadline"},
		{"action_security", "t.action_security"}, {"actions", "t.actions"},
		{"check_comment", "t.check_comment"}, {"check_next", "t.check_next"}, {"check_timestamp", "t.check_timestamp"},
		{"create_timestamp", "t.create_timestamp"}, {"object_timestamp", "t.object_timestamp"},
	}
	for _, n := range fields.Custom() {
		p = append(p, [2]string{n, "t." + n})
	}
	return append(p, [2]string{"version", "t.version"})
}

var featureCollections = map[string]featureCollection{
	"trees": {
		from: "tree t LEFT JOIN list_entry s ON s.id = t.species_id", where: "t.single_tree",
		id: "t.id", version: "t.version", changed: "t.object_timestamp", geometry: "t.geom",
		order: "t.number, t.fid", props: treeProps(), filter: true,
		cursor: "t.number::text || '|' || t.fid::text", after: "(t.number, t.fid) > (%s::int, %s::bigint)",
	},
	"groups": {
		from: "tree t LEFT JOIN list_entry s ON s.id = t.species_id", where: "NOT t.single_tree",
		id: "t.id", version: "t.version", changed: "t.object_timestamp", geometry: "t.geom",
		order: "t.number, t.fid", props: treeProps(), filter: true,
		cursor: "t.number::text || '|' || t.fid::text", after: "(t.number, t.fid) > (%s::int, %s::bigint)",
	},
	"works": {
		from: "tree_action a JOIN tree t ON t.id = a.tree_id", where: "NOT t.archive",
		id: "a.id", version: "a.version", changed: "a.timestamp", geometry: "coalesce(a.geom, t.geom)",
		order: "a.timestamp, a.id", cursor: "a.timestamp::text || '|' || a.id::text", after: "(a.timestamp, a.id) > (%s::timestamptz, %s::uuid)",
		props: [][2]string{
			{"tree", "t.id"}, {"tree_number", "t.number"}, {"action", "a.action"}, {"category", "a.category"},
			{"security_relevance", "a.security_relevance"}, {"action_security", "a.code_action_security"},
			{"deadline", "a.deadline"}, {"altitude_class", "a.altitude_class"}, {"marker", "a.marker"},
			{"comment", "a.comment"}, {"tree_count", "a.tree_count"}, {"timestamp", "a.timestamp"},
			{"execute_timestamp", "a.execute_timestamp"}, {"execute_note", "a.execute_note"}, {"version", "a.version"},
		},
	},
	"inspections": {
		from: "tree_check c JOIN tree t ON t.id = c.tree_id", where: "NOT t.archive",
		id: "c.id", version: "1", changed: "c.timestamp", order: "c.timestamp, c.id",
		cursor: "c.timestamp::text || '|' || c.id::text", after: "(c.timestamp, c.id) > (%s::timestamptz, %s::uuid)",
		props: [][2]string{
			{"tree", "t.id"}, {"tree_number", "t.number"}, {"timestamp", "c.timestamp"}, {"inspector", "c.alias"},
			{"vitality", "c.vitality"}, {"development", "c.development"}, {"damage_tree", "c.damage_tree"},
			{"security_expectation", "c.security_expectation"}, {"symptoms", "c.symptoms"},
			{"valuation_top", "c.valuation_top"}, {"valuation_root", "c.valuation_root"},
			{"valuation_trunk", "c.valuation_trunk"}, {"valuation_group", "c.valuation_group"},
			{"comment", "c.comment"}, {"check_next", "c.check_next"},
		},
	},
}

// FeatureCollections names the collections in the order a landing page lists them.
func FeatureCollections() []string { return []string{"trees", "groups", "works", "inspections"} }

// FeatureProperties names a collection's properties in the order they are written; ok false for
// an unknown collection.
func FeatureProperties(collection string) ([]string, bool) {
	c, ok := featureCollections[collection]
	if !ok {
		return nil, false
	}
	out := make([]string, len(c.props))
	for i, p := range c.props {
		out[i] = p[0]
	}
	return out, true
}

// FeatureHasGeometry says whether a collection's features have a geometry.
func FeatureHasGeometry(collection string) bool { return featureCollections[collection].geometry != "" }

// FeatureFilterable says whether the filter model (and so CQL2) narrows a collection.
func FeatureFilterable(collection string) bool { return featureCollections[collection].filter }

// Queryable is a field the filter model can test, with the JSON Schema type of its values.
type Queryable struct {
	Name   string
	Type   string // number, integer, string, boolean, array
	Format string // date, uuid or ""
}

// Queryables lists the fields a filter may name (the filter model's own, so that a CQL2 filter
// and the data table's filter mean the same), sorted by name.
func Queryables() []Queryable {
	var out []Queryable
	for name, f := range filterFields {
		q := Queryable{Name: name}
		switch f.kind {
		case fNumber:
			q.Type = "number"
			if f.num == numInt {
				q.Type = "integer"
			}
		case fText, fGenus:
			q.Type = "string"
		case fTexts:
			q.Type = "array"
		case fDate:
			q.Type, q.Format = "string", "date"
		case fBool:
			q.Type = "boolean"
		case fID, fJob:
			q.Type, q.Format = "string", "uuid"
		}
		out = append(out, q)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// FilterOperators lists the operators the filter model allows on a field; nil for an unknown one.
func FilterOperators(field string) []string {
	f, ok := filterFields[field]
	if !ok {
		return nil
	}
	return filterOps[f.kind]
}

// Feature is one row of a feature query: its id, version and GeoJSON text. JSON is valid only
// until the callback returns (the writer's buffer, reused for the next row).
type Feature struct {
	ID      string
	Version int
	Cursor  string // its place in the collection's order, for FeatureQuery.After
	JSON    []byte
}

// featureStatement is a checked feature query as SQL: the collection, the properties it
// writes, and the rows it reads (FROM, WHERE, ORDER BY and LIMIT, with their arguments), shared
// by Features and the floor it is measured against (FeatureFloor).
type featureStatement struct {
	c       featureCollection
	props   [][2]string // name → SQL expression, {lang} bound
	geom    string      // the geometry's GeoJSON expression, "" for none
	args    []any
	where   string // the rows of the query, all pages
	limit   string // the page: LIMIT and OFFSET after the order
	keyList bool   // the page is past an offset
}

func (st *featureStatement) bind(v any) string {
	st.args = append(st.args, v)
	return fmt.Sprintf("$%d", len(st.args))
}

// featureSQL checks a feature query and turns it into SQL; ENOTFOUND for an unknown collection
// or a malformed id, a 4xx for a filter, cursor or polygon that cannot be read.
func (s *Queries) featureSQL(ctx context.Context, sc Content, fq FeatureQuery) (*featureStatement, error) {
	c, ok := featureCollections[fq.Collection]
	if !ok {
		return nil, arbor.Errorf(arbor.ENOTFOUND, "geo.collection_unknown", nil)
	}
	// A filter's polygon is checked first: a broken one is refused with PostGIS's reason.
	if fq.Filter != nil && len(fq.Filter.Geometry) > 0 {
		if _, err := s.CheckGeometry(ctx, fq.Filter.Geometry, "filter"); err != nil {
			return nil, err
		}
	}
	st := &featureStatement{c: c, props: c.props, args: []any{sc.OrganisationID, sc.ProjectID}}
	if fq.Properties != nil {
		st.props = nil
		for _, want := range fq.Properties {
			for _, p := range c.props {
				if p[0] == want {
					st.props = append(st.props, p)
				}
			}
		}
	}
	alias := strings.SplitN(c.id, ".", 2)[0]
	where := fmt.Sprintf("%[1]s.organisation_id = $1 AND %[1]s.project_id = $2 AND %[2]s", alias, c.where)
	limit, args, err := sc.limitSQL(st.args)
	if err != nil {
		return nil, err
	}
	st.args = args
	where += limit
	if c.filter {
		f := fq.Filter
		if f == nil {
			f = &Filter{}
		}
		cond, a, err := f.Compile(st.args)
		if err != nil {
			return nil, err
		}
		st.args = a
		where += " AND (" + cond + ")"
	} else if fq.Filter != nil {
		return nil, arbor.Invalid(map[string]string{"filter": "geo.filter_collection"})
	}
	if fq.ID != "" {
		if !fields.IsUUID(fq.ID) {
			return nil, arbor.Errorf(arbor.ENOTFOUND, "error.not_found", nil)
		}
		where += " AND " + c.id + " = " + st.bind(fq.ID) + "::uuid"
	}
	if fq.BBox != nil && c.geometry != "" {
		env := fmt.Sprintf("ST_MakeEnvelope(%s, %s, %s, %s, %d)", st.bind(fq.BBox[0]), st.bind(fq.BBox[1]), st.bind(fq.BBox[2]), st.bind(fq.BBox[3]), fq.BBoxSRID)
		if fq.BBoxSRID != 4326 {
			env = "ST_Transform(" + env + ", 4326)"
		}
		// The trees' index is on t.geom; a work without its own point lies at its tree.
		where += " AND t.geom && " + env + " AND ST_Intersects(" + c.geometry + ", " + env + ")"
	}
	if fq.After != "" && fq.ID == "" {
		a, b, ok := strings.Cut(fq.After, "|")
		if !ok || len(fq.After) > 200 || !validCursorPart(fq.Collection, a, b) {
			return nil, arbor.Invalid(map[string]string{"after": "geo.after"})
		}
		where += " AND " + fmt.Sprintf(c.after, st.bind(a), st.bind(b))
	}
	if fq.From != nil {
		where += " AND " + c.changed + " >= " + st.bind(*fq.From)
	}
	if fq.To != nil {
		where += " AND " + c.changed + " <= " + st.bind(*fq.To)
	}
	if c.geometry != "" {
		g := c.geometry
		if fq.SRID != 0 && fq.SRID != 4326 {
			g = fmt.Sprintf("ST_Transform(%s, %d)", g, fq.SRID)
		}
		if fq.Flip {
			g = "ST_FlipCoordinates(" + g + ")"
		}
		st.geom = g
	}
	props := make([][2]string, 0, len(st.props))
	for _, p := range st.props {
		if strings.Contains(p[1], "{lang}") {
			lang := sc.Lang
			if lang == "" {
				lang = "en"
			}
			p[1] = strings.ReplaceAll(p[1], "{lang}", st.bind(lang)+"::text")
		}
		props = append(props, p)
	}
	st.props, st.where = props, where
	offset := fq.Offset
	if fq.After != "" {
		offset = 0
	}
	switch {
	case fq.ID != "":
	case offset > 0:
		st.limit, st.keyList = ` LIMIT `+st.bind(fq.Limit)+` OFFSET `+st.bind(offset), true
	default:
		st.limit = ` LIMIT ` + st.bind(fq.Limit)
	}
	return st, nil
}

// Features reads the features of a query, calling each for every row as the database sends
// it; ENOTFOUND for an unknown collection, or for a single feature that is not there (or is
// outside the caller's access limit). PostgreSQL sends the properties' values; their JSON is
// written here (featureWriter): a city streamed four times as fast as with row_to_json
// (BENCHMARKS.md "The feature's JSON written in Go").
func (s *Queries) Features(ctx context.Context, sc Content, fq FeatureQuery, each func(Feature) error) error {
	st, err := s.featureSQL(ctx, sc, fq)
	if err != nil {
		return err
	}
	c := st.c
	geom := "NULL::text"
	if st.geom != "" {
		geom = fmt.Sprintf("ST_AsGeoJSON(%s, %d)", st.geom, featureDigits(fq))
	}
	cols := make([]string, 0, 4+len(st.props))
	cols = append(cols, c.id, c.version+"::int", c.cursor, geom)
	for _, p := range st.props {
		cols = append(cols, p[1])
	}
	where, orderBy := st.where, ` ORDER BY `+c.order+st.limit
	if st.keyList {
		// Past an offset, the page's keys are found first and only its rows are written: written
		// in the same statement as the sort, every row before the offset was turned into JSON
		// and thrown away (a page deep in a city took ten times the floor, BENCHMARKS.md).
		alias := strings.SplitN(c.id, ".", 2)[0]
		where = fmt.Sprintf("%s.organisation_id = $1 AND %s = ANY(ARRAY(SELECT %s FROM %s WHERE %s%s))", alias, c.id, c.id, c.from, where, orderBy)
		orderBy = ` ORDER BY ` + c.order
	}
	// From the start (a first page, a next link's cursor, every tree in one stream) the rows
	// come in the order's index order and each is written as it is read: no key list, no sort
	// of the written rows (which for a whole city was a sort of a gigabyte of JSON).
	sql := `SELECT ` + strings.Join(cols, ", ") + ` FROM ` + c.from + ` WHERE ` + where + orderBy
	rows, err := s.q.Query(ctx, sql, append([]any{featureResultFormats}, st.args...)...)
	if err != nil {
		return err
	}
	defer rows.Close()
	fw, err := newFeatureWriter(rows, 4, st.props)
	if err != nil {
		return err
	}
	versionFormat := rows.FieldDescriptions()[1].Format
	found := false
	for rows.Next() {
		found = true
		raw := rows.RawValues()
		var f Feature
		if f.ID = string(raw[0]); len(raw[0]) == 16 { // binary, as asked for
			f.ID = string(appendUUID(make([]byte, 0, 36), raw[0]))
		}
		if f.Version, err = featureVersion(raw[1], versionFormat); err != nil {
			return err
		}
		f.Cursor = string(raw[2])
		if f.JSON, err = fw.feature(f.ID, raw[3], raw[4:]); err != nil {
			return err
		}
		if err := each(f); err != nil {
			return err
		}
	}
	if err := rows.Err(); err != nil {
		return err
	}
	if fq.ID != "" && !found {
		return arbor.Errorf(arbor.ENOTFOUND, "error.not_found", nil)
	}
	return nil
}

// featureVersion reads a version sent as int4, in binary (as asked for) or as text.
func featureVersion(raw []byte, format int16) (int, error) {
	if format == pgx.BinaryFormatCode && len(raw) == 4 {
		return int(int32(binary.BigEndian.Uint32(raw))), nil
	}
	return strconv.Atoi(string(raw))
}

// featureDigits is the number of decimals of a query's coordinates.
func featureDigits(fq FeatureQuery) int {
	if fq.Digits <= 0 {
		return 7
	}
	return fq.Digits
}

// FeatureExtent is the extent of a project's objects, lon/lat (nil without any), within the
// caller's access limit.
func (s *Queries) FeatureExtent(ctx context.Context, sc Content) ([]float64, error) {
	limit, args, err := sc.limitSQL([]any{sc.OrganisationID, sc.ProjectID})
	if err != nil {
		return nil, err
	}
	var w, so, e, n *float64
	err = s.q.QueryRow(ctx, `SELECT ST_XMin(x), ST_YMin(x), ST_XMax(x), ST_YMax(x) FROM (
		SELECT ST_Extent(t.geom)::geometry AS x FROM tree t
		WHERE t.organisation_id = $1 AND t.project_id = $2 AND NOT t.archive AND NOT t.cut`+limit+`) q`, args...).Scan(&w, &so, &e, &n)
	if err != nil || w == nil {
		return nil, err
	}
	return []float64{*w, *so, *e, *n}, nil
}

// FeatureServiceName is the name of the project a feature service serves.
func (s *Queries) FeatureServiceName(ctx context.Context, sc Content) (string, error) {
	var name string
	err := s.q.QueryRow(ctx, `SELECT name FROM project WHERE organisation_id = $1 AND id = $2`, sc.OrganisationID, sc.ProjectID).Scan(&name)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", arbor.Errorf(arbor.ENOTFOUND, "error.not_found", nil)
	}
	return name, err
}

// FeatureFloor streams the same features as Features for the same query (the same rows,
// properties, geometry precision, order and page) through the plainest query PostgreSQL offers,
// ST_AsGeoJSON of each row: the floor `arbor bench geo` compares the service with
// (BENCHMARKS.md). A page past an offset counts its offset the plain way (LIMIT … OFFSET), as
// does a page after a cursor its condition. PostGIS before 3.5 has no id member for
// ST_AsGeoJSON(record), so the id is the floor's first property.
func (s *Queries) FeatureFloor(ctx context.Context, sc Content, fq FeatureQuery, each func([]byte) error) error {
	st, err := s.featureSQL(ctx, sc, fq)
	if err != nil {
		return err
	}
	if st.geom == "" {
		return fmt.Errorf("the floor of %s: no geometry", fq.Collection)
	}
	cols := []string{st.c.id + " AS id", st.geom + " AS geom"}
	for _, p := range st.props {
		cols = append(cols, p[1]+` AS "`+p[0]+`"`)
	}
	return eachFirstColumn(s.q.Query(ctx, fmt.Sprintf(`SELECT ST_AsGeoJSON(q.*, 'geom', %d)::text FROM (SELECT %s FROM %s WHERE %s ORDER BY %s%s) q`,
		featureDigits(fq), strings.Join(cols, ", "), st.c.from, st.where, st.c.order, st.limit), st.args...))(each)
}

// FeatureTableFloor is the floor of the first measurements (BENCHMARKS.md): the same trees as a
// page of Features, but only the tree table's own 36 columns (no species names, custom fields or
// classes), as ST_AsGeoJSON of each row; kept to compare with the figures measured against it.
func (s *Queries) FeatureTableFloor(ctx context.Context, sc Content, limit, offset int, each func([]byte) error) error {
	return eachFirstColumn(s.q.Query(ctx, `
		SELECT ST_AsGeoJSON(q.*, 'geom', 7)::text FROM (
			SELECT t.id, t.geom, t.number, t.number_text, t.species_id, t.planting_year, t.height, t.diameter, t.scope,
			       t.top_diameter, t.top_form, t.vitality, t.development, t.damage_tree, t.security_expectation, t.symptoms,
			       t.valuation_top, t.valuation_root, t.valuation_trunk, t.valuation_group, t.valuation_max, t.tree_count,
			       t.species_count, t.area, t.archive, t.cut, t.cut_date, t.action_count, t.action_deadline, t.action_security,
			       t.actions, t.check_comment, t.check_next, t.check_timestamp, t.create_timestamp, t.object_timestamp, t.version
			FROM tree t
			WHERE t.organisation_id = $1 AND t.project_id = $2 AND t.single_tree AND NOT t.archive AND NOT t.cut
			ORDER BY t.number, t.fid LIMIT $3 OFFSET $4) q`, sc.OrganisationID, sc.ProjectID, limit, offset))(each)
}

// eachFirstColumn calls each with the first column of every row as the database sends it.
func eachFirstColumn(rows pgx.Rows, err error) func(each func([]byte) error) error {
	return func(each func([]byte) error) error {
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			if err := each(rows.RawValues()[0]); err != nil {
				return err
			}
		}
		return rows.Err()
	}
}

// FeatureCount is the number of the stock's trees of a project (for the bench's offsets).
func (s *Queries) FeatureCount(ctx context.Context, sc Content) (int, error) {
	var n int
	err := s.q.QueryRow(ctx, `SELECT count(*) FROM tree t WHERE t.organisation_id = $1 AND t.project_id = $2
		AND t.single_tree AND NOT t.archive AND NOT t.cut`, sc.OrganisationID, sc.ProjectID).Scan(&n)
	return n, err
}

// validCursorPart checks a cursor's parts before they are bound: a number and a feature number
// for trees and groups, a time and an id for works and inspections.
func validCursorPart(collection, a, b string) bool {
	if collection == "trees" || collection == "groups" {
		_, err1 := strconv.ParseInt(a, 10, 32)
		_, err2 := strconv.ParseInt(b, 10, 64)
		return err1 == nil && err2 == nil
	}
	if _, err := time.Parse("2006-01-02 15:04:05.999999-07", a); err != nil {
		if _, err := time.Parse("2006-01-02 15:04:05.999999-07:00", a); err != nil {
			return false
		}
	}
	return fields.IsUUID(b)
}
