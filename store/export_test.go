package store

import "context"

// What the tests of package store_test may see of the DB's insides.

// TilePoolAcquires counts the connections each tile pool has handed out: which pool rendered a
// tile (DB.Tile).
func (db *DB) TilePoolAcquires() (tiles, street int64) {
	return db.tiles.Stat().AcquireCount(), db.street.Stat().AcquireCount()
}

// StreetPlanMode is plan_cache_mode on the street pool's connections.
func (db *DB) StreetPlanMode(ctx context.Context) (string, error) {
	var mode string
	err := db.street.QueryRow(ctx, `SHOW plan_cache_mode`).Scan(&mode)
	return mode, err
}
