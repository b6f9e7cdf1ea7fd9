package store

import (
	"context"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5"
)

// FeaturesByPostgres writes the features of a query the way PostgreSQL writes them
// (row_to_json of the properties, as the service did before it wrote them in Go), for the test
// that both write the same bytes.
func (s *Queries) FeaturesByPostgres(ctx context.Context, sc Content, fq FeatureQuery) ([]string, error) {
	st, err := s.featureSQL(ctx, sc, fq)
	if err != nil {
		return nil, err
	}
	geom := "'null'"
	if st.geom != "" {
		geom = fmt.Sprintf("ST_AsGeoJSON(%s, %d)", st.geom, featureDigits(fq))
	}
	props, lateral := "'{}'", ""
	if len(st.props) > 0 {
		cols := make([]string, len(st.props))
		for i, p := range st.props {
			cols[i] = p[1] + ` AS "` + p[0] + `"`
		}
		props, lateral = "row_to_json(p)::text", ` CROSS JOIN LATERAL (SELECT `+strings.Join(cols, ", ")+`) p`
	}
	rows, err := s.q.Query(ctx, `SELECT '{"type":"Feature","id":"' || `+st.c.id+`::text || '","geometry":' || `+geom+
		` || ',"properties":' || `+props+` || '}' FROM `+st.c.from+lateral+` WHERE `+st.where+` ORDER BY `+st.c.order+st.limit, st.args...)
	return collect(rows, err, func(row pgx.Row, f *string) error { return row.Scan(f) })
}
