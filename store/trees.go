package store

import (
	"arbor/fields"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"arbor"

	"github.com/jackc/pgx/v5"
)

// Content is the part of an organisation a content request works in: one project. Every query of
// trees, checks, works and history starts with its conditions.
type Content struct {
	OrganisationID string
	ProjectID      string
	Lang           string  // language of list names in answers (species, works)
	Limit          *Filter // the caller's access limit: nothing outside it is read or written
}

// An access limit is applied one way: read from a member's row by accessLimit, compiled into
// the query's condition by limitCondition (through limitSQL where a query has a Content). No
// query filters rows in Go.

// accessLimit reads a member's stored access limit; nil for none. A limit is a place or a set
// of trees, never a stock state: a district's felled trees stay the district's.
func accessLimit(raw []byte) (*Filter, error) {
	if raw == nil {
		return nil, nil
	}
	limit := &Filter{}
	if err := json.Unmarshal(raw, limit); err != nil {
		return nil, err
	}
	limit.State = "all"
	return limit, nil
}

// limitCondition is the condition (on alias t) that keeps a query inside an access limit,
// binding after args; "" without a limit.
func limitCondition(limit *Filter, args []any) (string, []any, error) {
	if limit == nil {
		return "", args, nil
	}
	return limit.Compile(args)
}

// limitSQL is the condition that keeps a query inside the caller's access limit (limitCondition),
// " AND (…)" binding after args, or "" without a limit.
func (sc Content) limitSQL(args []any) (string, []any, error) {
	cond, args, err := limitCondition(sc.Limit, args)
	if err != nil || cond == "" {
		return "", args, err
	}
	return " AND (" + cond + ")", args, nil
}

// Actor is the person behind a write; the database stamps history and authorship with it.
// Names left empty are taken from the account.
type Actor struct {
	UserID   string
	Username string // e-mail address
	Alias    string // display name
}

func nullIfEmpty(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// Tree is a tree or a group with the fields of docs/PRODUCT.md §3.
type Tree struct {
	ID                string          `json:"id"`
	FID               int64           `json:"fid"` // the feature id in vector tiles
	Project           string          `json:"project"`
	SingleTree        bool            `json:"single_tree"`
	Geom              json.RawMessage `json:"geom"`
	Number            int             `json:"number"`
	NumberText        string          `json:"number_text"`
	Species           *string         `json:"species"`
	SpeciesBotanical  string          `json:"species_botanical"`
	SpeciesLanguage   string          `json:"species_language"`
	SpeciesProtection bool            `json:"species_protection"`
	PlantingYear      *int            `json:"planting_year"`
	Height            *float64        `json:"height"`
	Diameter          *float64        `json:"diameter"`
	Scope             *float64        `json:"scope"`
	TopDiameter       *float64        `json:"top_diameter"`
	TopForm           string          `json:"top_form"`
	Assessment
	ValuationMax    *int       `json:"valuation_max"`
	TreeCount       int        `json:"tree_count"`
	SpeciesCount    int        `json:"species_count"`
	Area            *float64   `json:"area"`
	Archive         bool       `json:"archive"`
	Cut             bool       `json:"cut"`
	CutDate         *string    `json:"cut_date"`
	ActionCount     int        `json:"action_count"`
	ActionDeadline  *string    `json:"action_deadline"`
	ActionSecurity  int        `json:"action_security"`
	Actions         string     `json:"actions"`
	DeadlineClass   int        `json:"deadline_class"`
	CheckComment    string     `json:"check_comment"`
	CheckNext       *string    `json:"check_next"`
	CheckClass      *int       `json:"check_class"`
	CheckTimestamp  *time.Time `json:"check_timestamp"`
	CheckUsername   string     `json:"check_username"`
	CheckAlias      string     `json:"check_alias"`
	CreateTimestamp time.Time  `json:"create_timestamp"`
	CreateUsername  string     `json:"create_username"`
	CreateAlias     string     `json:"create_alias"`
	ObjectTimestamp time.Time  `json:"object_timestamp"`
	ObjectUsername  string     `json:"object_username"`
	ObjectAlias     string     `json:"object_alias"`
	Custom          map[string]string
	Version         int `json:"version"`
}

// MarshalJSON flattens the custom fields (general01 …) into the object, as docs/PRODUCT.md §3 names them.
func (t *Tree) MarshalJSON() ([]byte, error) {
	type plain Tree
	b, err := json.Marshal((*plain)(t))
	if err != nil {
		return nil, err
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, err
	}
	delete(m, "Custom")
	for k, v := range t.Custom {
		m[k], _ = json.Marshal(v)
	}
	return json.Marshal(m)
}

// nameColumn is the list name column for a language, from a fixed set.
func nameColumn(lang string) string {
	switch lang {
	case "de":
		return "name_de"
	case "fr":
		return "name_fr"
	}
	return "name_en"
}

// treeSelect reads trees with their species; $1 organisation, $2 project, $3 language column
// chosen by nameColumn. Classes are computed for today.
func treeSelect(lang string) string {
	custom := fields.Custom()
	return `SELECT t.id, t.fid, t.project_id, t.single_tree, ST_AsGeoJSON(t.geom, 7), t.number, t.number_text,
		t.species_id, coalesce(s.botanical, ''), coalesce(s.` + nameColumn(lang) + `, ''), coalesce(s.protection, false),
		t.planting_year, t.height, t.diameter, t.scope, t.top_diameter, t.top_form,
		t.vitality, t.development, t.damage_tree, t.security_expectation, t.symptoms,
		t.valuation_top, t.valuation_root, t.valuation_trunk, t.valuation_group, t.valuation_max,
		t.tree_count, t.species_count, t.area, t.archive, t.cut, to_char(t.cut_date, 'YYYY-MM-DD'),
		t.action_count, to_char(t.action_deadline, 'YYYY-MM-DD'), t.action_security, t.actions,
		arbor_deadline_class(t.action_deadline, current_date),
		t.check_comment, to_char(t.check_next, 'YYYY-MM-DD'), arbor_inspection_class(t.check_next, current_date),
		t.check_timestamp, t.check_username, t.check_alias,
		t.create_timestamp, t.create_username, t.create_alias, t.object_timestamp, t.object_username, t.object_alias,
		t.` + strings.Join(custom, ", t.") + `, t.version
	FROM tree t LEFT JOIN list_entry s ON s.id = t.species_id`
}

func scanTree(row pgx.Row) (*Tree, error) {
	var t Tree
	var geom string
	custom := make([]string, len(fields.Custom()))
	dest := []any{&t.ID, &t.FID, &t.Project, &t.SingleTree, &geom, &t.Number, &t.NumberText,
		&t.Species, &t.SpeciesBotanical, &t.SpeciesLanguage, &t.SpeciesProtection,
		&t.PlantingYear, &t.Height, &t.Diameter, &t.Scope, &t.TopDiameter, &t.TopForm,
		&t.Vitality, &t.Development, &t.DamageTree, &t.SecurityExpectation, &t.Symptoms,
		&t.ValuationTop, &t.ValuationRoot, &t.ValuationTrunk, &t.ValuationGroup, &t.ValuationMax,
		&t.TreeCount, &t.SpeciesCount, &t.Area, &t.Archive, &t.Cut, &t.CutDate,
		&t.ActionCount, &t.ActionDeadline, &t.ActionSecurity, &t.Actions, &t.DeadlineClass,
		&t.CheckComment, &t.CheckNext, &t.CheckClass, &t.CheckTimestamp, &t.CheckUsername, &t.CheckAlias,
		&t.CreateTimestamp, &t.CreateUsername, &t.CreateAlias, &t.ObjectTimestamp, &t.ObjectUsername, &t.ObjectAlias}
	for i := range custom {
		dest = append(dest, &custom[i])
	}
	dest = append(dest, &t.Version)
	if err := row.Scan(dest...); err != nil {
		return nil, err
	}
	t.Geom = json.RawMessage(geom)
	t.Custom = map[string]string{}
	for i, name := range fields.Custom() {
		t.Custom[name] = custom[i]
	}
	if t.Symptoms == nil {
		t.Symptoms = []string{}
	}
	return &t, nil
}

// Tree reads one tree or group of the scope; ENOTFOUND when it is not there.
func (s *Queries) Tree(ctx context.Context, sc Content, id string) (*Tree, error) {
	if !fields.IsUUID(id) {
		return nil, arbor.Errorf(arbor.ENOTFOUND, "error.not_found", nil)
	}
	return s.treeWhere(ctx, sc, "t.id = $3::uuid", id)
}

// TreeByRef reads a tree or group by its id or by its feature id in vector tiles (a number).
func (s *Queries) TreeByRef(ctx context.Context, sc Content, ref string) (*Tree, error) {
	if fid, err := strconv.ParseInt(ref, 10, 64); err == nil && fid > 0 {
		return s.treeWhere(ctx, sc, "t.fid = $3::bigint", ref)
	}
	return s.Tree(ctx, sc, ref)
}

// treeWhere reads the one tree of the scope matching cond, a fixed condition on $3.
func (s *Queries) treeWhere(ctx context.Context, sc Content, cond, arg string) (*Tree, error) {
	limit, args, err := sc.limitSQL([]any{sc.OrganisationID, sc.ProjectID, arg})
	if err != nil {
		return nil, err
	}
	t, err := scanTree(s.q.QueryRow(ctx, treeSelect(sc.Lang)+`
		WHERE t.organisation_id = $1 AND t.project_id = $2 AND `+cond+limit, args...))
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, arbor.Errorf(arbor.ENOTFOUND, "error.not_found", nil)
	}
	return t, err
}

// TreeQuery narrows and orders a list of trees.
type TreeQuery struct {
	Filter Filter
	Sort   []string
	Limit  int
	Offset int
}

// treeSortColumns are the fields a list may be sorted by.
var treeSortColumns = map[string]string{
	"number": "t.number", "number_text": "t.number_text", "species_botanical": "s.botanical",
	"check_next": "t.check_next", "action_deadline": "t.action_deadline", "action_security": "t.action_security",
	"vitality": "t.vitality", "object_timestamp": "t.object_timestamp", "create_timestamp": "t.create_timestamp",
	"check_timestamp": "t.check_timestamp",
}

// sortColumn is the SQL a list may be sorted by for a field: every field filters know (but
// lists and job membership), and the species name.
func sortColumn(field string) (string, bool) {
	if col, ok := treeSortColumns[field]; ok {
		return col, true
	}
	f, ok := filterFields[field]
	if !ok || f.kind == fTexts || f.kind == fJob {
		return "", false
	}
	return f.expr, true
}

// treeScope is the condition (on aliases t and s) and its values for the scope's trees and
// groups that pass a filter, within the caller's limit.
func (s *Queries) treeScope(ctx context.Context, sc Content, f Filter) (string, []any, error) {
	if len(f.Geometry) > 0 && string(f.Geometry) != "null" {
		if _, err := s.CheckGeometry(ctx, f.Geometry, "geometry"); err != nil {
			return "", nil, err
		}
	}
	filter, args, err := f.Compile([]any{sc.OrganisationID, sc.ProjectID})
	if err != nil {
		return "", nil, err
	}
	limit, args, err := sc.limitSQL(args)
	if err != nil {
		return "", nil, err
	}
	return "t.organisation_id = $1 AND t.project_id = $2 AND " + filter + limit, args, nil
}

// CountTrees counts the scope's trees and groups that pass the filter (the whole stock from the
// tallies).
func (s *Queries) CountTrees(ctx context.Context, sc Content, f Filter) (int, error) {
	if sc.canUseTally(&f) {
		return s.tallyStock(ctx, sc)
	}
	cond, args, err := s.treeScope(ctx, sc, f)
	if err != nil {
		return 0, err
	}
	var total int
	err = s.withPlanner(ctx, countPlanned, func(q *Queries) error {
		return q.q.QueryRow(ctx, `SELECT count(*) FROM tree t WHERE `+cond, args...).Scan(&total)
	})
	return total, err
}

// TreePage reads a page of the scope's trees and groups that pass the filter, in two steps:
// the ids of the page are sorted out first, carrying only the sort keys, and only those rows
// are then read whole. On a big project the sort meets hundreds of thousands of rows, and
// wide rows with their GeoJSON would make it several times slower.
func (s *Queries) TreePage(ctx context.Context, sc Content, q TreeQuery) ([]*Tree, error) {
	cond, args, err := s.treeScope(ctx, sc, q.Filter)
	if err != nil {
		return nil, err
	}
	if q.Limit <= 0 || q.Limit > 1000 {
		q.Limit = 100
	}
	keys, inner, outer, cols := []string{"t.id"}, []string{}, []string{}, []string{}
	for i, f := range q.Sort {
		desc := strings.HasPrefix(f, "-")
		col, ok := sortColumn(strings.TrimPrefix(f, "-"))
		if !ok {
			return nil, arbor.Invalid(map[string]string{"sort": "field.sort"})
		}
		dir := ""
		if desc {
			dir = " DESC NULLS LAST"
		}
		cols = append(cols, col)
		keys = append(keys, fmt.Sprintf("%s AS k%d", col, i))
		inner = append(inner, col+dir)
		outer = append(outer, fmt.Sprintf("p.k%d%s", i, dir))
	}
	// Ties go by number the way the first key goes, so a page sorted by one key descending is the
	// exact reverse of its index and read backwards along it, also where thousands of objects
	// share a value (an import's change date).
	tie := ""
	if len(q.Sort) > 0 && strings.HasPrefix(q.Sort[0], "-") {
		tie = " DESC"
	}
	keys = append(keys, "t.number")
	inner = append(inner, "t.number"+tie, "t.id"+tie)
	outer = append(outer, "p.number"+tie, "p.id"+tie)
	var ids string
	switch {
	case len(cols) == 1 && indexedSorts[cols[0]]:
		ids, args = indexedPageIDs(cols[0], strings.HasPrefix(q.Sort[0], "-"), cond, args, q.Limit, q.Offset)
	case len(cols) == 1 && cols[0] == "s.botanical" && (q.Filter.State == "" || q.Filter.State == "stock"):
		ids, args = speciesPageIDs(strings.HasPrefix(q.Sort[0], "-"), cond, args, q.Limit, q.Offset)
	default:
		args = append(args, q.Limit, q.Offset)
		ids = `SELECT ` + strings.Join(keys, ", ") + ` FROM tree t LEFT JOIN list_entry s ON s.id = t.species_id
		      WHERE ` + cond + ` ORDER BY ` + strings.Join(inner, ", ") + fmt.Sprintf(` LIMIT $%d OFFSET $%d`, len(args)-1, len(args))
	}
	rows, err := s.q.Query(ctx, treeSelect(sc.Lang)+`
		JOIN (`+ids+`) p ON p.id = t.id
		ORDER BY `+strings.Join(outer, ", "), args...)
	return scanAll(rows, err, scanTree)
}

// indexedSorts are the sorts a partial index of the stock serves (migrations 0009, 0011, 0014): a
// page sorted by one of them alone is read along the index and stops after offset + limit rows.
var indexedSorts = map[string]bool{
	"t.check_next": true, "t.action_deadline": true, "t.height": true, "t.diameter": true,
	"t.planting_year": true, "t.vitality": true, "t.action_security": true,
	"t.number_text": true, "t.object_timestamp": true, "t.check_timestamp": true,
}

// twoPartPage is what both parts of an indexed page need: the direction, the FROM and WHERE of
// the scope, and the values offset + limit, limit and offset bound after args ($n-2, $n-1, $n).
func twoPartPage(desc bool, cond string, args []any, limit, offset int) (dir, from string, _ []any, n int) {
	if desc {
		dir = " DESC"
	}
	args = append(args, limit+offset, limit, offset)
	return dir, ` FROM tree t LEFT JOIN list_entry s ON s.id = t.species_id WHERE ` + cond, args, len(args)
}

// indexedPageIDs is the inner query of TreePage for one indexed sort key: the objects with a
// value along the index (either way round), then those without, each part stopping after
// offset + limit rows, so that empty values come last both ways round as in every other sort.
// The empty part is ordered by the (empty) key too: that is the index's order, so the planner
// reads the empty values along it instead of looking for them through every object.
func indexedPageIDs(col string, desc bool, cond string, args []any, limit, offset int) (string, []any) {
	dir, from, args, n := twoPartPage(desc, cond, args, limit, offset)
	return fmt.Sprintf(`SELECT * FROM (
			(SELECT t.id, %[1]s AS k0, t.number%[2]s AND %[1]s IS NOT NULL ORDER BY %[1]s%[3]s, t.number%[3]s, t.id%[3]s LIMIT $%[4]d)
			UNION ALL
			(SELECT t.id, %[1]s, t.number%[2]s AND %[1]s IS NULL ORDER BY %[1]s%[3]s, t.number%[3]s, t.id%[3]s LIMIT $%[4]d)
		) u ORDER BY k0%[3]s NULLS LAST, number%[3]s, id%[3]s LIMIT $%[5]d OFFSET $%[6]d`, col, from, dir, n-2, n-1, n), args
}

// speciesPageIDs is the inner query of TreePage sorted by species name, in the stock: the
// project's species (from the tallies, a few hundred at most) in name order, each one's objects
// along the index tree_stock_species, stopping after offset + limit rows; then the objects
// without a species. OFFSET 0 keeps the species subquery sorted on its own, so the planner
// knows the rows come in name order and sorts only within a name.
func speciesPageIDs(desc bool, cond string, args []any, limit, offset int) (string, []any) {
	dir, from, args, n := twoPartPage(desc, cond, args, limit, offset)
	return fmt.Sprintf(`SELECT * FROM (
			(SELECT x.id, sp.botanical AS k0, x.number
			 FROM (SELECT e.id, e.botanical FROM list_entry e
			       WHERE e.id IN (SELECT v.value::uuid FROM project_tally v
			                      WHERE v.project_id = $2 AND v.field = 'species' AND v.value <> '' AND v.n > 0)
			       ORDER BY e.botanical%[2]s OFFSET 0) sp
			 CROSS JOIN LATERAL (SELECT t.id, t.number%[1]s AND t.species_id = sp.id ORDER BY t.number%[2]s, t.id%[2]s LIMIT $%[3]d) x
			 ORDER BY sp.botanical%[2]s, x.number%[2]s, x.id%[2]s LIMIT $%[3]d)
			UNION ALL
			(SELECT t.id, NULL, t.number%[1]s AND t.species_id IS NULL ORDER BY t.number%[2]s, t.id%[2]s LIMIT $%[3]d)
		) u ORDER BY k0%[2]s NULLS LAST, number%[2]s, id%[2]s LIMIT $%[4]d OFFSET $%[5]d`, from, dir, n-2, n-1, n), args
}

// Trees lists a page of the scope's trees and groups that pass the filter, with the total.
func (s *Queries) Trees(ctx context.Context, sc Content, q TreeQuery) ([]*Tree, int, error) {
	list, err := s.TreePage(ctx, sc, q)
	if err != nil {
		return nil, 0, err
	}
	total, err := s.CountTrees(ctx, sc, q.Filter)
	return list, total, err
}

func likeEscape(s string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
}

// NextNumber is the next free tree number of the project.
func (s *Queries) NextNumber(ctx context.Context, sc Content) (int, error) {
	var n int
	err := s.q.QueryRow(ctx, `SELECT arbor_next_number($1)`, sc.ProjectID).Scan(&n)
	return n, err
}

// TreeInput is a tree to create: its geometry (GeoJSON) and field values. ID may come from the
// client (the field app); creating the same id again answers the stored tree.
type TreeInput struct {
	ID     string
	Geom   json.RawMessage
	Values fields.Values
}

// CreateTree creates a tree (a point) or a group (a polygon) after applying the project's
// default values, checking its required fields, its species and, in a unique-number project,
// its number. It runs in the caller's transaction so the checks and the insert are one.
func (tx *Tx) CreateTree(ctx context.Context, sc Content, who Actor, in TreeInput) (*Tree, bool, error) {
	if in.ID != "" {
		if !fields.IsUUID(in.ID) {
			return nil, false, arbor.Invalid(map[string]string{"id": "field.id"})
		}
		var org, project string
		err := tx.q.QueryRow(ctx, `SELECT organisation_id, project_id FROM tree WHERE id = $1`, in.ID).Scan(&org, &project)
		if err == nil {
			if org != sc.OrganisationID || project != sc.ProjectID {
				return nil, false, arbor.Errorf(arbor.ECONFLICT, "tree.id_taken", nil)
			}
			t, err := tx.Tree(ctx, sc, in.ID)
			return t, false, err
		}
		if !errors.Is(err, pgx.ErrNoRows) {
			return nil, false, err
		}
	}
	g, err := tx.CheckGeometry(ctx, in.Geom, "geom")
	if err != nil {
		return nil, false, err
	}
	if err := tx.setActor(ctx, who); err != nil {
		return nil, false, err
	}
	p, err := tx.contentSettings(ctx, sc, true)
	if err != nil {
		return nil, false, err
	}
	values := fields.Values{}
	for name, v := range p.defaults {
		values[name] = v
	}
	for name, v := range in.Values {
		values[name] = v
	}
	if _, ok := values["number"]; !ok {
		n, err := tx.NextNumber(ctx, sc)
		if err != nil {
			return nil, false, err
		}
		values["number"] = int64(n)
	}
	if err := tx.checkTreeValues(ctx, sc, p, "", values, true); err != nil {
		return nil, false, err
	}
	cols := []string{"organisation_id", "project_id", "single_tree", "geom"}
	vals := []string{"$1", "$2", "$3", "ST_SetSRID(ST_Force2D(ST_GeomFromGeoJSON($4)), 4326)"}
	args := []any{sc.OrganisationID, sc.ProjectID, g.point, string(in.Geom)}
	if in.ID != "" {
		args = append(args, in.ID)
		cols, vals = append(cols, "id"), append(vals, fmt.Sprintf("$%d", len(args)))
	}
	for _, f := range fields.Table {
		v, ok := values[f.Name]
		if !ok {
			continue
		}
		args = append(args, v)
		cols, vals = append(cols, f.Column), append(vals, fmt.Sprintf("$%d", len(args)))
	}
	var id string
	err = tx.q.QueryRow(ctx, `INSERT INTO tree (`+strings.Join(cols, ", ")+`) VALUES (`+strings.Join(vals, ", ")+`) RETURNING id`, args...).Scan(&id)
	if err != nil {
		return nil, false, PackageFull(err)
	}
	t, err := tx.Tree(ctx, sc, id)
	if arbor.ErrorCode(err) == arbor.ENOTFOUND {
		return nil, false, outsideLimit()
	}
	return t, true, err
}

// UpdateTree writes the given fields (and the geometry, when given) of one tree or group if
// version is current; ECONFLICT with the current object otherwise.
func (tx *Tx) UpdateTree(ctx context.Context, sc Content, who Actor, id string, version int, geom json.RawMessage, values fields.Values) (*Tree, error) {
	cur, err := tx.Tree(ctx, sc, id)
	if err != nil {
		return nil, err
	}
	if cur.Version != version {
		return nil, &arbor.Error{Code: arbor.ECONFLICT, Key: "error.stale_version", Current: cur}
	}
	if err := tx.setActor(ctx, who); err != nil {
		return nil, err
	}
	p, err := tx.contentSettings(ctx, sc, false)
	if err != nil {
		return nil, err
	}
	// Required fields are judged on the object as it will be, not only on what was sent.
	merged := cur.values()
	for k, v := range values {
		merged[k] = v
	}
	if err := tx.checkTreeValues(ctx, sc, p, id, merged, false); err != nil {
		return nil, err
	}
	if n, ok := values["number"]; ok && n.(int64) == int64(cur.Number) {
		delete(values, "number") // unchanged: no duplicate check against itself
	}
	sets := []string{"version = version + 1"}
	args := []any{sc.OrganisationID, sc.ProjectID, id, version}
	if len(geom) > 0 {
		g, err := tx.CheckGeometry(ctx, geom, "geom")
		if err != nil {
			return nil, err
		}
		if g.point != cur.SingleTree {
			return nil, arbor.Invalid(map[string]string{"geom": "geometry.kind_change"})
		}
		args = append(args, string(geom))
		sets = append(sets, fmt.Sprintf("geom = ST_SetSRID(ST_Force2D(ST_GeomFromGeoJSON($%d)), 4326)", len(args)))
	}
	for _, f := range fields.Table {
		v, ok := values[f.Name]
		if !ok {
			continue
		}
		args = append(args, v)
		sets = append(sets, fmt.Sprintf("%s = $%d", f.Column, len(args)))
	}
	tag, err := tx.q.Exec(ctx, `UPDATE tree SET `+strings.Join(sets, ", ")+`
		WHERE organisation_id = $1 AND project_id = $2 AND id = $3 AND version = $4`, args...)
	t, err := afterVersionedWrite(tag, err, func() (*Tree, error) { return tx.Tree(ctx, sc, id) })
	if arbor.ErrorCode(err) == arbor.ENOTFOUND {
		return nil, outsideLimit() // moved out of the caller's access limit
	}
	return t, err
}

// outsideLimit refuses a write that would put an object outside the caller's access limit;
// the transaction is rolled back.
func outsideLimit() error {
	return &arbor.Error{Code: arbor.EFORBIDDEN, Key: "tree.outside_limit", Fields: map[string]string{"geom": "tree.outside_limit"}}
}

// values are the tree's writable fields as ParseTreeValues would give them.
func (t *Tree) values() fields.Values {
	v := fields.Values{"number": int64(t.Number), "number_text": t.NumberText, "top_form": t.TopForm,
		"symptoms": t.Symptoms, "tree_count": int64(t.TreeCount), "species_count": int64(t.SpeciesCount)}
	opt := func(name string, p any) {
		switch x := p.(type) {
		case *int:
			if x != nil {
				v[name] = int64(*x)
				return
			}
		case *float64:
			if x != nil {
				v[name] = *x
				return
			}
		case *string:
			if x != nil {
				v[name] = *x
				return
			}
		}
		v[name] = nil
	}
	opt("species", t.Species)
	opt("planting_year", t.PlantingYear)
	opt("height", t.Height)
	opt("diameter", t.Diameter)
	opt("scope", t.Scope)
	opt("top_diameter", t.TopDiameter)
	opt("vitality", t.Vitality)
	opt("development", t.Development)
	opt("damage_tree", t.DamageTree)
	opt("security_expectation", t.SecurityExpectation)
	opt("valuation_top", t.ValuationTop)
	opt("valuation_root", t.ValuationRoot)
	opt("valuation_trunk", t.ValuationTrunk)
	opt("valuation_group", t.ValuationGroup)
	for k, s := range t.Custom {
		v[k] = s
	}
	return v
}

// contentProject is what writes need to know of the project.
type contentProject struct {
	uniqueNumber bool
	required     []string
	defaults     fields.Values
	aliases      map[string]string // custom field → its alias
}

func (tx *Tx) contentSettings(ctx context.Context, sc Content, withDefaults bool) (*contentProject, error) {
	var p contentProject
	var defaults, custom []byte
	err := tx.q.QueryRow(ctx, `SELECT unique_number, required_fields, default_values, custom_fields FROM project
		WHERE organisation_id = $1 AND id = $2`, sc.OrganisationID, sc.ProjectID).Scan(&p.uniqueNumber, &p.required, &defaults, &custom)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, arbor.Errorf(arbor.ENOTFOUND, "error.not_found", nil)
	}
	if err != nil {
		return nil, err
	}
	var cf map[string]CustomField
	if err := json.Unmarshal(custom, &cf); err != nil {
		return nil, err
	}
	p.aliases = map[string]string{}
	for name, f := range cf {
		p.aliases[name] = f.Alias
	}
	if withDefaults {
		var raw map[string]json.RawMessage
		if err := json.Unmarshal(defaults, &raw); err != nil {
			return nil, err
		}
		// A default that no longer fits the field (a changed rule) is left out, not an error
		// the person creating a tree could do anything about.
		p.defaults = fields.Values{}
		for name, v := range raw {
			if f, ok := fields.Named(name); ok && name != "number" {
				if val, key := f.Read(v); key == "" {
					p.defaults[name] = val
				}
			}
		}
	}
	return &p, nil
}

// checkTreeValues enforces what needs the database: the project's required fields (docs/PRODUCT.md §5,
// one message listing them), a known species, and a free number in a unique-number project.
func (tx *Tx) checkTreeValues(ctx context.Context, sc Content, p *contentProject, id string, values fields.Values, creating bool) error {
	var missing []string
	for _, name := range p.required {
		if _, ok := fields.Named(name); !ok {
			continue // not a field a tree write fills (check_comment is asked of inspections)
		}
		if fields.Empty(values[name]) {
			missing = append(missing, name)
		}
	}
	if len(missing) > 0 {
		sort.Strings(missing)
		return &arbor.Error{Code: arbor.EINVALID, Key: "tree.required_fields", Args: map[string]any{"fields": missing, "aliases": p.aliases},
			Fields: fieldKeys(missing, "field.required")}
	}
	if sp, ok := values["species"].(string); ok {
		var found bool
		if err := tx.q.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM list_entry WHERE id = $1 AND list = 'species'
			AND (organisation_id IS NULL OR organisation_id = $2))`, sp, sc.OrganisationID).Scan(&found); err != nil {
			return err
		}
		if !found {
			return arbor.Invalid(map[string]string{"species": "field.species"})
		}
	}
	if n, ok := values["number"].(int64); ok && p.uniqueNumber {
		// Serialise numbering within the project so two people cannot take one number at once.
		if _, err := tx.q.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtext($1))`, "tree-number:"+sc.ProjectID); err != nil {
			return err
		}
		var taken bool
		if err := tx.q.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM tree WHERE organisation_id = $1 AND project_id = $2
			AND number = $3 AND id::text <> $4)`, sc.OrganisationID, sc.ProjectID, n, id).Scan(&taken); err != nil {
			return err
		}
		if taken {
			next, err := tx.NextNumber(ctx, sc)
			if err != nil {
				return err
			}
			return &arbor.Error{Code: arbor.ECONFLICT, Key: "tree.number_taken", Args: map[string]any{"number": n, "next": next},
				Fields: map[string]string{"number": "tree.number_taken"}, Current: map[string]int{"next": next}}
		}
	}
	return nil
}

func fieldKeys(names []string, key string) map[string]string {
	m := map[string]string{}
	for _, n := range names {
		m[n] = key
	}
	return m
}

// setActor names who writes in this transaction, for the history the triggers keep.
func (tx *Tx) setActor(ctx context.Context, who Actor) error {
	_, err := tx.q.Exec(ctx, `SELECT arbor_set_actor($1, $2, $3)`, nullIfEmpty(who.UserID), nullIfEmpty(who.Username), nullIfEmpty(who.Alias))
	return err
}
