package store

import (
	"context"
	"fmt"

	"arbor"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
)

// dbtx is what a pool and a transaction have in common.
type dbtx interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

// Queries holds the store's methods; they run on the pool (DB) or inside a transaction (Tx).
type Queries struct {
	q dbtx
}

// Tx is a transaction with the store's methods.
type Tx struct {
	Queries
	tx    pgx.Tx
	queue *river.Client[pgx.Tx]
}

// InTx runs fn in one transaction: committed when fn returns nil, rolled back otherwise, so a
// write that touches several rows is all or nothing.
func (db *DB) InTx(ctx context.Context, fn func(tx *Tx) error) error {
	ptx, err := db.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	tx := &Tx{Queries: Queries{q: ptx}, tx: ptx, queue: db.queue}
	defer ptx.Rollback(ctx) // a no-op after Commit
	if err := fn(tx); err != nil {
		return err
	}
	if err := ptx.Commit(ctx); err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	return nil
}

// ReadTx runs fn in one read-only transaction that sees one snapshot of the database, so that
// what several statements read (a count, then its pages) fits together. Its statements are
// planned for their values (countPlanned), as a count on the pool is.
func (db *DB) ReadTx(ctx context.Context, fn func(tx *Tx) error) error {
	ptx, err := db.Pool.BeginTx(ctx, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly})
	if err != nil {
		return err
	}
	tx := &Tx{Queries: Queries{q: ptx}, tx: ptx, queue: db.queue}
	defer ptx.Rollback(ctx) // a no-op after Commit
	if _, err := ptx.Exec(ctx, countPlanned); err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		return err
	}
	return ptx.Commit(ctx)
}

// scanAll reads every row with scan; an empty result is an empty list, never nil, so the JSON
// answer is [] rather than null.
func scanAll[T any](rows pgx.Rows, err error, scan func(pgx.Row) (*T, error)) ([]*T, error) {
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []*T{}
	for rows.Next() {
		v, err := scan(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

// collect reads every row into a T with scan; an empty result is an empty list, never nil, so
// the JSON answer is [] rather than null.
func collect[T any](rows pgx.Rows, err error, scan func(pgx.Row, *T) error) ([]T, error) {
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []T{}
	for rows.Next() {
		var v T
		if err := scan(rows, &v); err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

// collectByPos reads every row into a T field by field (pgx.RowToStructByPos); an empty result
// is an empty list, never nil, as in collect.
func collectByPos[T any](rows pgx.Rows, err error) ([]T, error) {
	if err != nil {
		return nil, err
	}
	list, err := pgx.CollectRows(rows, pgx.RowToStructByPos[T])
	if list == nil {
		list = []T{}
	}
	return list, err
}

// eachRow hands every row, read with scan, to fn as it comes, holding none: for streams too
// long to keep.
func eachRow[T any](rows pgx.Rows, err error, scan func(pgx.Row) (*T, error), fn func(*T) error) error {
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		v, err := scan(rows)
		if err != nil {
			return err
		}
		if err := fn(v); err != nil {
			return err
		}
	}
	return rows.Err()
}

// afterVersionedWrite answers an UPDATE … WHERE version = $n: the object as it is now, or, when
// the update matched no row because someone else changed it first, a stale-version conflict that
// carries the current object so the client can show it.
func afterVersionedWrite[T any](tag pgconn.CommandTag, err error, current func() (T, error)) (T, error) {
	var zero T
	if err != nil {
		return zero, err
	}
	cur, err := current()
	if err != nil {
		return zero, err
	}
	if tag.RowsAffected() == 0 {
		return zero, &arbor.Error{Code: arbor.ECONFLICT, Key: "error.stale_version", Current: cur}
	}
	return cur, nil
}

// countPlanned is the planner setting of queries that count what a filter passes: planned anew
// for their values every time. A plan PostgreSQL keeps after five runs of a statement is made
// for values it does not know, and takes a district's polygon for a hundred objects (an index
// scan through a ninth of a city, 0.3 s instead of 0.2 on two cores); planning costs a few
// milliseconds of queries that take hundreds.
const countPlanned = `SET LOCAL plan_cache_mode = force_custom_plan`

// withPlanner runs fn with planner settings (constants of the caller, never input) for its
// queries: in a transaction of its own on the pool, so that SET LOCAL ends with it. Inside a
// caller's transaction fn runs without them, not to change the plans of the caller's queries.
func (s *Queries) withPlanner(ctx context.Context, settings string, fn func(q *Queries) error) error {
	pool, ok := s.q.(*pgxpool.Pool)
	if !ok {
		return fn(s)
	}
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx) // a no-op after Commit
	if _, err := tx.Exec(ctx, settings); err != nil {
		return err
	}
	if err := fn(&Queries{q: tx}); err != nil {
		return err
	}
	return tx.Commit(ctx)
}
