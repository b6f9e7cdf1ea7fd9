// Package storetest gives tests a real, migrated PostgreSQL/PostGIS database of their own.
//
// The first test binary to need one migrates a template database (named after a hash of the
// migrations and SQL functions, so a change builds a new one); each test package then gets a
// clone of it, which takes a fraction of a second, and drops it at the end. Packages run in
// parallel without seeing each other's rows.
package storetest

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"sort"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"arbor/migrations"
	arborsql "arbor/sql"
	"arbor/store"

	"github.com/jackc/pgx/v5"
)

// DefaultURL is the database `make` sets up when DATABASE_URL is not given.
const DefaultURL = "postgres://arbor:arbor@127.0.0.1:5432/arbor?sslmode=disable"

var packageURL string // set by Run for the duration of a test binary

// Run creates this package's database, runs the tests and drops it. Call it from TestMain.
func Run(m *testing.M) int {
	ctx := context.Background()
	dbURL, drop, err := clone(ctx, AdminURL())
	if err != nil {
		fmt.Fprintln(os.Stderr, "storetest:", err)
		return 1
	}
	packageURL = dbURL
	code := m.Run()
	if err := drop(); err != nil {
		fmt.Fprintln(os.Stderr, "storetest: drop:", err)
	}
	return code
}

// URL is the connection string of this package's database.
func URL(t testing.TB) string {
	if packageURL == "" {
		t.Fatal("storetest: call storetest.Run from TestMain")
	}
	return packageURL
}

var emails atomic.Int64

// UniqueEmail is an address at host that no other test of the package uses: the test's name and
// a number.
func UniqueEmail(t testing.TB, host string) string {
	return fmt.Sprintf("%s-%d@%s", strings.ToLower(strings.ReplaceAll(t.Name(), "/", "-")), emails.Add(1), host)
}

// MustOpenDB opens this package's database; it is closed when the test ends.
func MustOpenDB(t testing.TB) *store.DB {
	t.Helper()
	db, err := store.Open(context.Background(), URL(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(db.Close)
	return db
}

// Querier runs a query: the pool of a store.DB, a connection or a transaction.
type Querier interface {
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
}

// Strings answers the one text column of a query's rows, in their order; an error ends the test.
func Strings(t testing.TB, q Querier, sql string, args ...any) []string {
	t.Helper()
	rows, err := q.Query(context.Background(), sql, args...)
	if err != nil {
		t.Fatal(err)
	}
	out, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// FreshURL clones a migrated database for this test alone and drops it when the test ends: for
// a test that needs a database no other test writes to (the backup's comparison of every table).
func FreshURL(t testing.TB) string {
	t.Helper()
	dbURL, drop, err := clone(context.Background(), AdminURL())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := drop(); err != nil {
			t.Errorf("storetest: drop: %v", err)
		}
	})
	return dbURL
}

// AdminURL is the database the test databases are made from (DATABASE_URL, else DefaultURL).
func AdminURL() string {
	if u := os.Getenv("DATABASE_URL"); u != "" {
		return u
	}
	return DefaultURL
}

// WithDatabase is dbURL naming the database name instead.
func WithDatabase(dbURL, name string) string { return withDatabase(dbURL, name) }

func clone(ctx context.Context, adminURL string) (string, func() error, error) {
	conn, err := pgx.Connect(ctx, adminURL)
	if err != nil {
		return "", nil, fmt.Errorf("connect %s: %w (is the database set up? `make db`)", adminURL, err)
	}
	defer conn.Close(ctx)
	tmpl := "arbor_tmpl_" + schemaHash()
	// Serialise template creation across test binaries running in parallel.
	if _, err := conn.Exec(ctx, "SELECT pg_advisory_lock(hashtext('arbor_test_template'))"); err != nil {
		return "", nil, err
	}
	err = ensureTemplate(ctx, conn, adminURL, tmpl)
	if _, uerr := conn.Exec(ctx, "SELECT pg_advisory_unlock(hashtext('arbor_test_template'))"); err == nil {
		err = uerr
	}
	if err != nil {
		return "", nil, err
	}
	name := "arbor_test_" + randomSuffix()
	if _, err := conn.Exec(ctx, fmt.Sprintf("CREATE DATABASE %s TEMPLATE %s", name, tmpl)); err != nil {
		return "", nil, fmt.Errorf("clone template: %w", err)
	}
	drop := func() error {
		c, err := pgx.Connect(context.Background(), adminURL)
		if err != nil {
			return err
		}
		defer c.Close(context.Background())
		_, err = c.Exec(context.Background(), fmt.Sprintf("DROP DATABASE IF EXISTS %s WITH (FORCE)", name))
		return err
	}
	return withDatabase(adminURL, name), drop, nil
}

func ensureTemplate(ctx context.Context, conn *pgx.Conn, adminURL, tmpl string) error {
	var exists bool
	if err := conn.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)", tmpl).Scan(&exists); err != nil {
		return err
	}
	if exists {
		return nil
	}
	// Old templates of earlier schemas are of no further use.
	rows, err := conn.Query(ctx, "SELECT datname FROM pg_database WHERE datname LIKE 'arbor\\_tmpl\\_%'")
	if err != nil {
		return err
	}
	old, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return err
	}
	for _, o := range old {
		_, _ = conn.Exec(ctx, fmt.Sprintf("ALTER DATABASE %s IS_TEMPLATE false", o))
		_, _ = conn.Exec(ctx, fmt.Sprintf("DROP DATABASE IF EXISTS %s WITH (FORCE)", o))
	}
	building := tmpl + "_building"
	_, _ = conn.Exec(ctx, fmt.Sprintf("DROP DATABASE IF EXISTS %s WITH (FORCE)", building))
	if _, err := conn.Exec(ctx, fmt.Sprintf("CREATE DATABASE %s", building)); err != nil {
		return fmt.Errorf("create template: %w", err)
	}
	mctx, cancel := context.WithTimeout(ctx, 5*time.Minute)
	defer cancel()
	if err := store.Migrate(mctx, withDatabase(adminURL, building)); err != nil {
		return fmt.Errorf("migrate template: %w", err)
	}
	// Renamed only once complete, so a half-built template is never cloned.
	if _, err := conn.Exec(ctx, fmt.Sprintf("ALTER DATABASE %s RENAME TO %s", building, tmpl)); err != nil {
		return err
	}
	_, err = conn.Exec(ctx, fmt.Sprintf("ALTER DATABASE %s IS_TEMPLATE true", tmpl))
	return err
}

func schemaHash() string {
	h := sha256.New()
	h.Write([]byte(store.QueueSchema))
	for _, fsys := range []fs.FS{migrations.FS, arborsql.FS} {
		names, _ := fs.Glob(fsys, "*.sql")
		sort.Strings(names)
		for _, n := range names {
			b, _ := fs.ReadFile(fsys, n)
			h.Write([]byte(n))
			h.Write(b)
		}
	}
	return hex.EncodeToString(h.Sum(nil))[:12]
}

func randomSuffix() string {
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

func withDatabase(dbURL, name string) string {
	u, err := url.Parse(dbURL)
	if err != nil {
		return dbURL
	}
	u.Path = "/" + name
	return u.String()
}
