package store_test

import (
	"os"
	"regexp"
	"strconv"
	"testing"

	"arbor/store"
)

// TestFellingWarnDaysAgree: the web app warns of a far-out felling in the work form with its own
// constant; it must be the server's, which counts the dashboard's warning, or the two disagree.
func TestFellingWarnDaysAgree(t *testing.T) {
	src, err := os.ReadFile("../web/src/features/trees/safety.ts")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`export const FELLING_WARN_DAYS = (\d+);`).FindSubmatch(src)
	if m == nil {
		t.Fatal("FELLING_WARN_DAYS not found in web/src/features/trees/safety.ts")
	}
	if n, _ := strconv.Atoi(string(m[1])); n != store.FellingWarnDays {
		t.Errorf("the web app warns after %d days, the server after %d", n, store.FellingWarnDays)
	}
}
