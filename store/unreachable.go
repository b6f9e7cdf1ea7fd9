package store

import (
	"errors"
	"io"
	"net"
	"strings"
	"syscall"

	"github.com/jackc/pgx/v5/pgconn"
)

// Unreachable says whether err means that PostgreSQL could not be reached or dropped the
// connection: a restart or failover, a killed backend, a network cut, too many connections. The
// same request may succeed when tried again a moment later, so the API answers 503 with
// Retry-After (README.md, "When PostgreSQL restarts") instead of an internal error.
func Unreachable(err error) bool {
	if err == nil {
		return false
	}
	var connErr *pgconn.ConnectError
	if errors.As(err, &connErr) {
		return true
	}
	var pg *pgconn.PgError
	if errors.As(err, &pg) {
		switch {
		case strings.HasPrefix(pg.Code, "08"): // connection exception
			return true
		case pg.Code == "57P01", pg.Code == "57P02", pg.Code == "57P03": // admin shutdown (pg_terminate_backend, fast shutdown), crash shutdown, cannot connect now
			return true
		case pg.Code == "53300": // too many connections
			return true
		}
		return false
	}
	if errors.Is(err, pgconn.ErrConnClosed) || errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) ||
		errors.Is(err, syscall.ECONNRESET) || errors.Is(err, syscall.EPIPE) || errors.Is(err, syscall.ECONNREFUSED) {
		return true
	}
	var op *net.OpError
	return errors.As(err, &op)
}

// ConnectionLost closes the idle connections of every pool after one of them was found dead
// (Unreachable): when PostgreSQL restarts or its backends are terminated, all connections die
// together, and each idle one would otherwise fail one more request before the pool replaces it.
// Connections in use are closed when they are given back.
func (db *DB) ConnectionLost() {
	db.Pool.Reset()
	db.tiles.Reset()
	db.street.Reset()
}
