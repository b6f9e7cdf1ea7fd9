package store_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"syscall"
	"testing"

	"arbor/store"

	"github.com/jackc/pgx/v5/pgconn"
)

// Unreachable tells a lost or refused connection (503, try again) from every other failure.
func TestUnreachable(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		err  error
		want bool
	}{
		{"backend terminated", &pgconn.PgError{Code: "57P01"}, true},
		{"crash shutdown", fmt.Errorf("commit: %w", &pgconn.PgError{Code: "57P02"}), true},
		{"starting up", &pgconn.PgError{Code: "57P03"}, true},
		{"connection failure", &pgconn.PgError{Code: "08006"}, true},
		{"too many connections", &pgconn.PgError{Code: "53300"}, true},
		{"cut mid-answer", fmt.Errorf("read: %w", io.ErrUnexpectedEOF), true},
		{"closed", fmt.Errorf("query: %w", pgconn.ErrConnClosed), true},
		{"refused", &net.OpError{Op: "dial", Err: syscall.ECONNREFUSED}, true},
		{"reset", fmt.Errorf("x: %w", syscall.ECONNRESET), true},
		{"unique violation", &pgconn.PgError{Code: "23505"}, false},
		{"NUL in text", &pgconn.PgError{Code: "22021"}, false},
		{"statement timeout", &pgconn.PgError{Code: "57014"}, false},
		{"canceled", context.Canceled, false},
		{"other", errors.New("boom"), false},
		{"nil", nil, false},
	} {
		if got := store.Unreachable(tc.err); got != tc.want {
			t.Errorf("%s: Unreachable(%v) = %v, want %v", tc.name, tc.err, got, tc.want)
		}
	}
}
