package seed_test

import (
	"fmt"
	"os"
	"strings"
	"sync/atomic"
	"testing"

	"arbor/store/storetest"
)

func TestMain(m *testing.M) { os.Exit(storetest.Run(m)) }

var seq atomic.Int64

func uniqueEmail(t *testing.T) string {
	return fmt.Sprintf("%s-%d@Example.org", strings.ToLower(strings.ReplaceAll(t.Name(), "/", "-")), seq.Add(1))
}
