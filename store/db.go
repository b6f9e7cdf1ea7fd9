// Package store holds all SQL. Every method takes the context of the request; tenant-scoped
// methods take the organisation id first and make it the first condition of their queries.
package store

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"sort"
	"strings"
	"time"

	"arbor/migrations"
	arborsql "arbor/sql"

	"github.com/golang-migrate/migrate/v4"
	_ "github.com/golang-migrate/migrate/v4/database/pgx/v5" // registers pgx5://
	"github.com/golang-migrate/migrate/v4/source/iofs"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
)

// DB is the application's handle on PostgreSQL.
type DB struct {
	Queries
	Pool *pgxpool.Pool
	// tiles renders vector tiles on connections that never start parallel workers: PostGIS then
	// merges the workers' partial tiles, which made a dense z14 tile two to three times slower
	// (30 against 70–140 ms) and its bytes differ from one rendering to the next.
	tiles *pgxpool.Pool
	// street renders the tiles of the street-level zooms (TileZooms.Street) on connections that
	// keep one generic plan per statement. Left to choose, PostgreSQL plans such a tile anew on
	// every call (its custom plans look cheaper than the generic one), and planning took three
	// times as long as running the query: 0.9 against 0.25–0.3 ms at z18 (BENCHMARKS.md). The
	// generic plan is the one a custom plan picks there too: the spatial index on the envelope.
	street *pgxpool.Pool
	queue  *river.Client[pgx.Tx] // inserts background work (queue.go)
}

// Tile renders a vector tile (Queries.Tile) on the tile connections.
func (db *DB) Tile(ctx context.Context, sc Content, layer string, zooms TileZooms, z, x, y int, filter *Filter) ([]byte, error) {
	if zooms.Street > 0 && z >= zooms.Street {
		return (&Queries{q: db.street}).Tile(ctx, sc, layer, zooms, z, x, y, filter)
	}
	return (&Queries{q: db.tiles}).Tile(ctx, sc, layer, zooms, z, x, y, filter)
}

// Open connects a pool and checks the connection within ctx.
func Open(ctx context.Context, databaseURL string) (*DB, error) {
	cfg, err := pgxpool.ParseConfig(databaseURL)
	if err != nil {
		return nil, fmt.Errorf("DATABASE_URL: %w", err)
	}
	// A statement that runs this long is a bug or an overload; cut it off so a request fails
	// with a message instead of hanging.
	if _, ok := cfg.ConnConfig.RuntimeParams["statement_timeout"]; !ok {
		cfg.ConnConfig.RuntimeParams["statement_timeout"] = "30000"
	}
	// Arbor's connections are named so an operator sees them in pg_stat_activity; a URL may
	// name them otherwise (?application_name=…), as the fault test does to find its own.
	if _, ok := cfg.ConnConfig.RuntimeParams["application_name"]; !ok {
		cfg.ConnConfig.RuntimeParams["application_name"] = "arbor"
	}
	// JIT compilation pays off for long analytic queries, not for ours: the planner's guesses
	// for trigger queries over transition tables start it for a few rows, and it then takes
	// longer than the work (1.7 s to compile a tally update of 3,000 trees).
	if _, ok := cfg.ConnConfig.RuntimeParams["jit"]; !ok {
		cfg.ConnConfig.RuntimeParams["jit"] = "off"
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, err
	}
	pingCtx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if err := pool.Ping(pingCtx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("cannot reach the database at %s: %w", redact(databaseURL), err)
	}
	tcfg := cfg.Copy()
	tcfg.ConnConfig.RuntimeParams["max_parallel_workers_per_gather"] = "0"
	tiles, err := pgxpool.NewWithConfig(ctx, tcfg)
	if err != nil {
		pool.Close()
		return nil, err
	}
	scfg := tcfg.Copy()
	scfg.ConnConfig.RuntimeParams["plan_cache_mode"] = "force_generic_plan"
	street, err := pgxpool.NewWithConfig(ctx, scfg)
	if err != nil {
		pool.Close()
		tiles.Close()
		return nil, err
	}
	queue, err := newQueue(pool)
	if err != nil {
		pool.Close()
		tiles.Close()
		street.Close()
		return nil, err
	}
	return &DB{Queries: Queries{q: pool}, Pool: pool, tiles: tiles, street: street, queue: queue}, nil
}

// Close releases the pools.
func (db *DB) Close() {
	db.street.Close()
	db.tiles.Close()
	db.Pool.Close()
}

// Migrate brings the schema to the newest version and then re-applies every function file of
// sql/ in order. It is idempotent and safe to run from several processes at once.
func Migrate(ctx context.Context, databaseURL string) error {
	src, err := iofs.New(migrations.FS, ".")
	if err != nil {
		return err
	}
	m, err := migrate.NewWithSourceInstance("iofs", src, migrateURL(databaseURL))
	if err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	defer m.Close()
	if err := m.Up(); err != nil && !errors.Is(err, migrate.ErrNoChange) {
		var dirty migrate.ErrDirty
		if errors.As(err, &dirty) {
			return fmt.Errorf("migrate: the database is marked dirty at version %d after a failed migration; fix the schema by hand, then run `arbor migrate -force %d`", dirty.Version, dirty.Version-1)
		}
		return fmt.Errorf("migrate: %w", err)
	}
	if err := migrateQueue(ctx, databaseURL); err != nil {
		return err
	}
	return applyFunctions(ctx, databaseURL)
}

// ForceVersion marks the schema as being at version v (after a manual repair).
func ForceVersion(databaseURL string, v int) error {
	src, err := iofs.New(migrations.FS, ".")
	if err != nil {
		return err
	}
	m, err := migrate.NewWithSourceInstance("iofs", src, migrateURL(databaseURL))
	if err != nil {
		return err
	}
	defer m.Close()
	return m.Force(v)
}

func applyFunctions(ctx context.Context, databaseURL string) error {
	conn, err := pgx.Connect(ctx, databaseURL)
	if err != nil {
		return err
	}
	defer conn.Close(ctx)
	names, err := fs.Glob(arborsql.FS, "*.sql")
	if err != nil {
		return err
	}
	sort.Strings(names)
	tx, err := conn.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	// One applier at a time: two servers starting together would otherwise race on CREATE OR REPLACE.
	if _, err := tx.Exec(ctx, "SELECT pg_advisory_xact_lock(hashtext('arbor_sql_functions'))"); err != nil {
		return err
	}
	for _, name := range names {
		body, err := arborsql.FS.ReadFile(name)
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, string(body)); err != nil {
			return fmt.Errorf("sql/%s: %w", name, err)
		}
	}
	return tx.Commit(ctx)
}

// migrateURL turns a postgres:// URL into the pgx5:// one golang-migrate's pgx driver expects.
func migrateURL(databaseURL string) string {
	for _, p := range []string{"postgres://", "postgresql://"} {
		if strings.HasPrefix(databaseURL, p) {
			return "pgx5://" + strings.TrimPrefix(databaseURL, p)
		}
	}
	return databaseURL
}

// redact hides the password of a database URL for messages and logs.
func redact(databaseURL string) string {
	u, err := url.Parse(databaseURL)
	if err != nil || u.User == nil {
		return databaseURL
	}
	if _, ok := u.User.Password(); ok {
		u.User = url.UserPassword(u.User.Username(), "xxxxx")
	}
	return u.String()
}

// isUniqueViolation reports whether err is a unique-constraint violation.
func isUniqueViolation(err error) bool {
	var pg *pgconn.PgError
	return errors.As(err, &pg) && pg.Code == "23505"
}

// Prune deletes expired sessions, tokens and old failed log-ins.
func (db *DB) Prune(ctx context.Context) error {
	_, err := db.Pool.Exec(ctx, "SELECT arbor_prune_expired()")
	return err
}

// Listen receives the notices of a channel on a connection of its own until ctx ends or the
// connection fails: connected is called once listening, then notice for every payload.
func (db *DB) Listen(ctx context.Context, channel string, connected func(), notice func(payload string)) error {
	conn, err := pgx.ConnectConfig(ctx, db.Pool.Config().ConnConfig.Copy())
	if err != nil {
		return err
	}
	defer conn.Close(context.Background())
	if _, err := conn.Exec(ctx, "LISTEN "+pgx.Identifier{channel}.Sanitize()); err != nil {
		return err
	}
	connected()
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			return err
		}
		notice(n.Payload)
	}
}
