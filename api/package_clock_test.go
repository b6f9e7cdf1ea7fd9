package api

import (
	"net/http"
	"sync/atomic"
	"testing"
	"time"
)

// TestAddonsFollowTheServerClock: the add-ons an organisation may use and its read-only state
// after the demo are judged on one clock, the server's (the one tests move): moved before the
// demo's end both are open — even though the database's own now() is past it — and moved past it
// the add-ons close and changes are refused at the same moment; back again, both open again. A
// booked add-on does not depend on the clock.
func TestAddonsFollowTheServerClock(t *testing.T) {
	t.Parallel()
	var clock atomic.Int64
	start := time.Now()
	clock.Store(start.Add(-2 * time.Hour).UnixNano())
	e := newEnv(t, withNow(func() time.Time { return time.Unix(0, clock.Load()) }))
	w := e.buildTreeWorld(t)
	admin := e.login(t, w.admin, testPassword)
	// The demo ended an hour ago by the database's clock.
	e.exec(t, `UPDATE organisation SET demo_until = $2 WHERE id = $1`, w.org, start.Add(-time.Hour))
	gis := func() int {
		return w.reader.do("GET", "/api/features/"+w.project+"/collections", nil).StatusCode
	}
	gaeb := func() int {
		return w.manager.do("POST", w.url("/api/content/export-gaeb"), map[string]any{"filter": map[string]any{}}).StatusCode
	}
	n := 0
	create := func() int {
		n++
		return w.editor.do("POST", w.url("/api/content/tree"), map[string]any{"geom": point(9.43+float64(n)/1000, 54.78), "number": n}).StatusCode
	}
	state := func(wantStatus string, wantAddons int) {
		t.Helper()
		u := packageUse(t, admin, w.org)
		if u["status"] != wantStatus || len(u["addons"].([]any)) != wantAddons {
			t.Fatalf("at %v: usage %v, want %s with %d add-ons", time.Unix(0, clock.Load()), u, wantStatus, wantAddons)
		}
	}

	// Two hours back the server's clock is in the demo: every add-on can be tried and trees made.
	clock.Store(start.Add(-2 * time.Hour).UnixNano())
	if g, c := gis(), create(); g != http.StatusOK || c != http.StatusCreated {
		t.Fatalf("in the demo by the server's clock: GIS %d, create %d", g, c)
	}
	state("demo", 3)

	// Moved past the end: the add-on closes and the organisation is read-only, together.
	clock.Store(start.UnixNano())
	if g, c := gis(), create(); g != http.StatusForbidden || c != http.StatusConflict {
		t.Fatalf("past the end: GIS %d, create %d", g, c)
	}
	state("expired", 0)

	// Moved back: both open again.
	clock.Store(start.Add(-2 * time.Hour).UnixNano())
	if g, c := gis(), create(); g != http.StatusOK || c != http.StatusCreated {
		t.Fatalf("moved back into the demo: GIS %d, create %d", g, c)
	}

	// Past the end with the GIS web service booked: it works, GAEB does not, changes are refused.
	clock.Store(start.UnixNano())
	consentAll(t, admin, w.org)
	wantStatus(t, admin.do("POST", "/api/management/organisation/"+w.org+"/packages", map[string]any{"package": "gis"}), http.StatusCreated)
	if g, x, c := gis(), gaeb(), create(); g != http.StatusOK || x != http.StatusForbidden || c != http.StatusConflict {
		t.Fatalf("expired with GIS booked: GIS %d, GAEB %d, create %d", g, x, c)
	}
	state("expired", 1)
}
