package store

import (
	"arbor/fields"
	"context"
	"errors"
	"strconv"

	"arbor"

	"github.com/jackc/pgx/v5"
)

// TenderLimit is the most open works one tender (GAEB X83) holds: a contractor's bill of
// quantities, not the whole city's backlog.
const TenderLimit = 20000

// TenderWork is one open work to put out to tender, with what a contractor needs to find and
// price it: the work type (German, as the tender is German), the object, where it stands.
type TenderWork struct {
	WorkKey    string // the work list entry's id (several works of one type are one position)
	WorkName   string // German name of the work type
	Category   string // felling, pruning, investigation, securing, site, planting, …
	SingleTree bool
	TreeCount  int     // trees the work covers (a group's work may name how many)
	GroupTrees int     // trees the object holds
	Area       float64 // m² of a group
	Number     int
	NumberText string
	Botanical  string
	SpeciesDE  string
	Custom     map[string]string // general01 … general09: where a city keeps street and site
	Lon, Lat   float64
	Deadline   *string // YYYY-MM-DD
	Marker     string
	Comment    string
	Altitude   *int
}

// TenderSelection names the works of a tender: the open works of the objects a filter shows
// (with ids: a selection), or those of a job (its works, and every open work of the trees it
// holds without a work).
type TenderSelection struct {
	Filter *Filter
	Job    string
}

// TenderWorks reads the open works of a selection or a job, within the caller's access limit,
// ordered by work type, then tree number. EINVALID past TenderLimit.
func (s *Queries) TenderWorks(ctx context.Context, sc Content, sel TenderSelection) ([]TenderWork, error) {
	var scope string
	var args []any
	switch {
	case sel.Job != "":
		if _, err := s.Job(ctx, sc, sel.Job); err != nil {
			return nil, err
		}
		args = []any{sc.OrganisationID, sc.ProjectID, sel.Job}
		scope = `(EXISTS (SELECT 1 FROM job_item i WHERE i.organisation_id = $1 AND i.job_id = $3 AND i.action_id = a.id)
			OR EXISTS (SELECT 1 FROM job_item i WHERE i.organisation_id = $1 AND i.job_id = $3 AND i.tree_id = t.id AND i.action_id IS NULL))`
	case sel.Filter != nil:
		if len(sel.Filter.Geometry) > 0 && string(sel.Filter.Geometry) != "null" {
			if _, err := s.CheckGeometry(ctx, sel.Filter.Geometry, "geometry"); err != nil {
				return nil, err
			}
		}
		cond, more, err := sel.Filter.Compile([]any{sc.OrganisationID, sc.ProjectID})
		if err != nil {
			return nil, err
		}
		args, scope = more, cond
	default:
		return nil, arbor.Invalid(map[string]string{"filter": "field.required"})
	}
	limit, args, err := sc.limitSQL(args)
	if err != nil {
		return nil, err
	}
	args = append(args, TenderLimit+1)
	custom := ""
	for _, n := range fields.Custom()[:9] {
		custom += ", t." + n
	}
	rows, err := s.q.Query(ctx, `
		SELECT a.work_id::text, coalesce(w.name_de, a.action), coalesce(nullif(a.category, ''), w.category, ''),
		       t.single_tree, a.tree_count, t.tree_count, coalesce(t.area, 0), t.number, t.number_text,
		       coalesce(s.botanical, ''), coalesce(s.name_de, ''),
		       ST_X(coalesce(a.geom, ST_PointOnSurface(t.geom))), ST_Y(coalesce(a.geom, ST_PointOnSurface(t.geom))),
		       to_char(a.deadline, 'YYYY-MM-DD'), a.marker, a.comment, a.altitude_class`+custom+`
		FROM tree_action a JOIN tree t ON t.id = a.tree_id
		LEFT JOIN list_entry w ON w.id = a.work_id
		LEFT JOIN list_entry s ON s.id = t.species_id
		WHERE a.organisation_id = $1 AND a.project_id = $2 AND t.organisation_id = $1 AND t.project_id = $2
		  AND a.execute_timestamp IS NULL AND `+scope+limit+`
		ORDER BY 3, 2, a.work_id, t.single_tree DESC, t.number, t.number_text, a.deadline NULLS LAST
		LIMIT $`+strconv.Itoa(len(args)), args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []TenderWork
	for rows.Next() {
		var w TenderWork
		c := make([]string, 9)
		if err := rows.Scan(&w.WorkKey, &w.WorkName, &w.Category, &w.SingleTree, &w.TreeCount, &w.GroupTrees, &w.Area, &w.Number,
			&w.NumberText, &w.Botanical, &w.SpeciesDE, &w.Lon, &w.Lat, &w.Deadline, &w.Marker, &w.Comment, &w.Altitude,
			&c[0], &c[1], &c[2], &c[3], &c[4], &c[5], &c[6], &c[7], &c[8]); err != nil {
			return nil, err
		}
		w.Custom = map[string]string{}
		for i, n := range fields.Custom()[:9] {
			if c[i] != "" {
				w.Custom[n] = c[i]
			}
		}
		out = append(out, w)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if len(out) > TenderLimit {
		return nil, arbor.Errorf(arbor.EINVALID, "export.gaeb_too_many", map[string]any{"limit": arbor.Count(TenderLimit)})
	}
	return out, nil
}

// ExportHeading is what a document says it is from: the organisation and the project.
type ExportHeading struct {
	Organisation string
	Project      string
}

// ExportHeading reads the names of the scope's organisation and project.
func (s *Queries) ExportHeading(ctx context.Context, sc Content) (ExportHeading, error) {
	var h ExportHeading
	err := s.q.QueryRow(ctx, `SELECT o.name, p.name FROM project p JOIN organisation o ON o.id = p.organisation_id
		WHERE p.organisation_id = $1 AND p.id = $2`, sc.OrganisationID, sc.ProjectID).Scan(&h.Organisation, &h.Project)
	if errors.Is(err, pgx.ErrNoRows) {
		return h, arbor.Errorf(arbor.ENOTFOUND, "error.not_found", nil)
	}
	return h, err
}

// Neighbour is a tree or group near another, for the small map of a tree's record.
type Neighbour struct {
	ID         string
	Number     int
	NumberText string
	SingleTree bool
	Geom       []byte // GeoJSON in EPSG:4326
}

// Neighbours reads the stock's trees and groups within metres of a tree or group (itself
// included), at most limit of them, nearest first, within the caller's access limit.
func (s *Queries) Neighbours(ctx context.Context, sc Content, id string, metres float64, limit int) ([]Neighbour, error) {
	if !fields.IsUUID(id) {
		return nil, arbor.Errorf(arbor.ENOTFOUND, "error.not_found", nil)
	}
	within, args, err := sc.limitSQL([]any{sc.OrganisationID, sc.ProjectID, id, metres})
	if err != nil {
		return nil, err
	}
	args = append(args, limit)
	// The box (a degree of latitude is 111 km; a degree of longitude no less than a third of
	// that below 70° N) lets the index find the candidates before the exact distance.
	rows, err := s.q.Query(ctx, `SELECT t.id::text, t.number, t.number_text, t.single_tree, ST_AsGeoJSON(t.geom, 7)
		FROM tree c JOIN tree t ON t.organisation_id = c.organisation_id AND t.project_id = c.project_id
		WHERE c.organisation_id = $1 AND c.project_id = $2 AND c.id = $3
		  AND t.geom && ST_Expand(c.geom, $4 / 111000.0 * 3)
		  AND ST_DWithin(t.geom::geography, c.geom::geography, $4)
		  AND (t.id = c.id OR (NOT t.archive AND NOT t.cut))`+within+`
		ORDER BY t.id <> c.id, t.geom <-> c.geom LIMIT $`+strconv.Itoa(len(args)), args...)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[Neighbour])
}
