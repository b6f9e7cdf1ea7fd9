package seed_test

import (
	"context"
	"os"
	"testing"

	"arbor/store"
	"arbor/store/storetest"
)

func TestMain(m *testing.M) { os.Exit(storetest.Run(m)) }

func uniqueEmail(t *testing.T) string { return storetest.UniqueEmail(t, "Example.org") }

// openDB marks the test parallel and answers its own database and the context its calls run in.
func openDB(t *testing.T) (context.Context, *store.DB) {
	t.Helper()
	t.Parallel()
	return context.Background(), storetest.MustOpenDB(t)
}
