package store

import (
	"context"
	"strings"
)

// PhotoTarget is a tree or group of the project a photo may belong to: found by its number, or
// as the nearest to the place the photo was taken.
type PhotoTarget struct {
	ID               string   `json:"id"`
	SingleTree       bool     `json:"single_tree"`
	Number           int      `json:"number"`
	NumberText       string   `json:"number_text"`
	SpeciesBotanical string   `json:"species_botanical"`
	Distance         *float64 `json:"distance,omitempty"` // metres from the photo's place, for a match by place
}

// photoTargetColumns are a PhotoTarget's columns, with tree t and species s joined.
const photoTargetColumns = `t.id, t.single_tree, t.number, t.number_text, coalesce(s.botanical, '')`

// TreesByNumber finds the project's trees and groups (not archived, within the caller's access
// limit) by number or by number text (case-insensitive), keyed by what was asked: the number in
// decimal, or the text in lower case. A number held by several objects (projects whose numbers
// repeat) maps to each of them, so the caller can say the match is ambiguous.
func (s *Queries) TreesByNumber(ctx context.Context, sc Content, numbers []int32, texts []string) (map[string][]PhotoTarget, error) {
	out := map[string][]PhotoTarget{}
	if len(numbers) == 0 && len(texts) == 0 {
		return out, nil
	}
	lower := make([]string, len(texts))
	for i, t := range texts {
		lower[i] = strings.ToLower(t)
	}
	limit, args, err := sc.limitSQL([]any{sc.OrganisationID, sc.ProjectID, numbers, lower})
	if err != nil {
		return nil, err
	}
	// Both keys of each match are answered: the caller looks up whichever it asked.
	rows, err := s.q.Query(ctx, `SELECT `+photoTargetColumns+`, t.number::text, lower(t.number_text)
		FROM tree t LEFT JOIN list_entry s ON s.id = t.species_id
		WHERE t.organisation_id = $1 AND t.project_id = $2 AND NOT t.archive
		  AND (t.number = ANY($3::int[]) OR (t.number_text <> '' AND lower(t.number_text) = ANY($4::text[])))`+limit+`
		ORDER BY t.number, t.id`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var p PhotoTarget
		var byNumber, byText string
		if err := rows.Scan(&p.ID, &p.SingleTree, &p.Number, &p.NumberText, &p.SpeciesBotanical, &byNumber, &byText); err != nil {
			return nil, err
		}
		out[byNumber] = append(out[byNumber], p)
		if byText != "" && byText != byNumber {
			out[byText] = append(out[byText], p)
		}
	}
	return out, rows.Err()
}

// NearestTrees finds, for each place (WGS84 longitude and latitude), the project's nearest tree
// or group (not archived, within the caller's access limit) no farther than radius metres; the
// answer has one entry per place, nil where nothing is that near. A group counts from its edge,
// so a photo taken inside it belongs to it.
func (s *Queries) NearestTrees(ctx context.Context, sc Content, lons, lats []float64, radius float64) ([]*PhotoTarget, error) {
	out := make([]*PhotoTarget, len(lons))
	if len(lons) == 0 {
		return out, nil
	}
	limit, args, err := sc.limitSQL([]any{sc.OrganisationID, sc.ProjectID, lons, lats, radius})
	if err != nil {
		return nil, err
	}
	// The index orders by planar distance in degrees (<->); the few nearest are then measured on
	// the spheroid, so a tree a little farther east than north is not preferred wrongly.
	rows, err := s.q.Query(ctx, `SELECT p.i, n.id, n.single_tree, n.number, n.number_text, n.botanical, n.metres
		FROM unnest($3::float8[], $4::float8[]) WITH ORDINALITY AS p(lon, lat, i)
		CROSS JOIN LATERAL (
			SELECT c.*, ST_Distance(c.geom::geography, ST_SetSRID(ST_MakePoint(p.lon, p.lat), 4326)::geography) AS metres
			FROM (SELECT `+photoTargetColumns+` AS botanical, t.geom
				FROM tree t LEFT JOIN list_entry s ON s.id = t.species_id
				WHERE t.organisation_id = $1 AND t.project_id = $2 AND NOT t.archive`+limit+`
				ORDER BY t.geom <-> ST_SetSRID(ST_MakePoint(p.lon, p.lat), 4326)
				LIMIT 8) c
			ORDER BY metres LIMIT 1) n
		WHERE n.metres <= $5`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var i int
		var p PhotoTarget
		var d float64
		if err := rows.Scan(&i, &p.ID, &p.SingleTree, &p.Number, &p.NumberText, &p.SpeciesBotanical, &d); err != nil {
			return nil, err
		}
		p.Distance = &d
		out[i-1] = &p
	}
	return out, rows.Err()
}
