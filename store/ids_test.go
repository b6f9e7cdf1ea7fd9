package store_test

import (
	"context"
	"encoding/binary"
	"testing"
	"time"

	"github.com/google/uuid"

	"arbor/store/storetest"
)

// TestTimeOrderedIDs: new trees, groups, inspections and works get UUIDs of version 7 whose
// first 48 bits are the time they were made in milliseconds, so ids made later sort after
// earlier ones (which keeps the indexes over ids growing at their end; migration 0033).
func TestTimeOrderedIDs(t *testing.T) {
	t.Parallel()
	db := storetest.MustOpenDB(t)
	ctx := context.Background()
	_, id := sqlHelpers(t, db)
	org, project := newOrgProject(t, db, "Time town", "Ordered")
	before := time.Now()
	var ids []string
	for n := range 3 {
		ids = append(ids, id(`INSERT INTO tree (organisation_id, project_id, number, geom)
			VALUES ($1, $2, $3, ST_SetSRID(ST_MakePoint(9.5, 54.5), 4326)) RETURNING id`, org, project, n+1))
		time.Sleep(2 * time.Millisecond)
	}
	ids = append(ids, id(`INSERT INTO tree_check (organisation_id, project_id, tree_id, vitality) VALUES ($1, $2, $3, 1) RETURNING id`, org, project, ids[0]))
	work := newWork(t, db, org, "Pruning", "Schnitt", "Taille")
	ids = append(ids, id(`INSERT INTO tree_action (organisation_id, project_id, tree_id, work_id, action) VALUES ($1, $2, $3, $4, 'Pruning') RETURNING id`, org, project, ids[1], work))
	after := time.Now()

	for i, s := range ids {
		u, err := uuid.Parse(s)
		if err != nil {
			t.Fatal(err)
		}
		ms := int64(binary.BigEndian.Uint64(append([]byte{0, 0}, u[:6]...)))
		if u.Version() != 7 || u.Variant() != uuid.RFC4122 || ms < before.UnixMilli() || ms > after.UnixMilli() {
			t.Errorf("id %s: version %d, variant %v, made at %d, want 7, RFC 4122, in [%d, %d]", s, u.Version(), u.Variant(), ms, before.UnixMilli(), after.UnixMilli())
		}
		if i > 0 && i < 3 && s <= ids[i-1] {
			t.Errorf("id %s made after %s sorts before it", s, ids[i-1])
		}
	}
	// Many at once differ (the bits after the time are random).
	var distinct int
	if err := db.Pool.QueryRow(ctx, `SELECT count(DISTINCT arbor_uuid7()) FROM generate_series(1, 10000)`).Scan(&distinct); err != nil || distinct != 10000 {
		t.Errorf("10,000 ids: %d distinct, %v", distinct, err)
	}
}
