package api

import (
	"fmt"
	"math"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"arbor/export/exporttest"
)

// packageUse reads the organisation's usage from its packages page as its administrator.
func packageUse(t *testing.T, admin *browser, org string) map[string]any {
	t.Helper()
	r := admin.do("GET", "/api/management/organisation/"+org+"/packages", nil)
	wantStatus(t, r, http.StatusOK)
	return r.json(t)["usage"].(map[string]any)
}

// TestTreePackageLimit: the tree data package holds exactly its size — trees one each, a group
// 100 trees per hectare begun, felled and archived objects counted too — and beyond it a create
// and an import are refused with 'tree package full'; the notice comes at 90 %.
func TestTreePackageLimit(t *testing.T) {
	t.Parallel()
	e, w := newTreeWorld(t)
	admin := e.login(t, w.admin, testPassword)
	a := w.createTree(t, w.editor, map[string]any{"number": 1})
	b := w.createTree(t, w.editor, map[string]any{"number": 2})
	w.createTree(t, w.editor, map[string]any{"number": 3})
	wantStatus(t, w.care.do("POST", w.url("/api/content/tree/"+a["id"].(string)+"/fell"), map[string]any{"version": a["version"], "cut_date": "2026-01-05"}), http.StatusOK)
	wantStatus(t, w.manager.do("PUT", w.url("/api/content/archive"), map[string]any{"ids": []string{b["id"].(string)}, "archive": true}), http.StatusOK)
	e.exec(t, `UPDATE organisation SET max_object = 1000 WHERE id = $1`, w.org)
	if u := packageUse(t, admin, w.org); u["tree_count"] != 3.0 || u["tree_count_max"] != 1000.0 || u["status"] != "demo" {
		t.Fatalf("felled and archived count: %v", u)
	}
	// A new organisation's demo holds 1,000 trees.
	r := admin.do("POST", "/api/management/organisation/new", map[string]any{"name": "Neu " + t.Name(), "zip": "24937", "city": "Flensburg"})
	wantStatus(t, r, http.StatusCreated)
	if u := packageUse(t, admin, r.json(t)["id"].(string)); u["tree_count_max"] != 1000.0 || u["status"] != "demo" || u["tree_count"] != 0.0 {
		t.Fatalf("a new organisation: %v", u)
	}

	// A group counts one tree per 100 m² begun.
	group := square(9.431, 54.781, 0.001)
	var area float64
	if err := e.db.Pool.QueryRow(t.Context(), `SELECT ST_Area(ST_GeomFromGeoJSON($1)::geography)`, mustJSON(t, group)).Scan(&area); err != nil {
		t.Fatal(err)
	}
	units := int(math.Ceil(area / 100))
	e.exec(t, `UPDATE organisation SET max_object = $2 WHERE id = $1`, w.org, 3+units-1)
	r = w.editor.do("POST", w.url("/api/content/tree"), map[string]any{"geom": group, "number": 4}, header("Accept-Language", "en"))
	wantError(t, r, http.StatusConflict, "conflict", treesFull)
	e.exec(t, `UPDATE organisation SET max_object = $2 WHERE id = $1`, w.org, 3+units)
	w.createTree(t, w.editor, map[string]any{"geom": group, "number": 4})
	u := packageUse(t, admin, w.org)
	if u["tree_count"] != float64(3+units) || u["tree_space_percent_in_use"] != 100.0 || !hasNotice(u, "tree_package_full") {
		t.Fatalf("at the limit: %v (group of %.0f m² counts %d)", u, area, units)
	}
	r = w.editor.do("POST", w.url("/api/content/tree"), map[string]any{"geom": point(9.44, 54.79), "number": 5})
	wantError(t, r, http.StatusConflict, "conflict", treesFull)

	// An import that would pass the limit is refused whole (its queued task fails with the
	// notice, nothing written); one that fits is written.
	csv := []byte("nr,x,y\n10,9.45,54.79\n11,9.451,54.791\n")
	opts := map[string]any{"mapping": []map[string]string{{"target": "number"}, {"target": "x"}, {"target": "y"}}, "srid": 4326}
	if res := importQueued(t, w, w.editor, "more.csv", csv, opts); res["message"] != treesFull {
		t.Fatalf("an import past the limit ended with %v", res)
	}
	if n := e.count(t, `SELECT tree_units FROM organisation WHERE id = $1`, w.org); n != 3+units {
		t.Fatalf("after the refused import the count is %d", n)
	}
	e.exec(t, `UPDATE organisation SET max_object = $2 WHERE id = $1`, w.org, 3+units+2)
	if res := importQueued(t, w, w.editor, "more.csv", csv, opts); res["trees"] != 2.0 {
		t.Fatalf("an import that fits ended with %v", res)
	}
	if n := e.count(t, `SELECT tree_units FROM organisation WHERE id = $1`, w.org); n != 3+units+2 {
		t.Fatalf("after the import the count is %d", n)
	}

	// Deleting an object gives its place back; the notice comes from 90 %.
	e.exec(t, `UPDATE organisation SET max_object = $2 WHERE id = $1`, w.org, int(float64(3+units+2)/0.9))
	u = packageUse(t, admin, w.org)
	if !hasNotice(u, "tree_package_almost_full") || hasNotice(u, "tree_package_full") {
		t.Fatalf("at %v %%: notices %v", u["tree_space_percent_in_use"], u["notices"])
	}
	if n := e.count(t, `SELECT tree_units - (SELECT sum(arbor_tree_units(single_tree, area)) FROM tree WHERE organisation_id = $1)
		FROM organisation WHERE id = $1`, w.org); n != 0 {
		t.Fatalf("the kept count differs from the objects by %d", n)
	}
}

const treesFull = "Tree package full: your organisation's tree data package holds no more trees. An administrator can book a bigger package on the organisation's packages page."

func hasNotice(u map[string]any, n string) bool {
	list, _ := u["notices"].([]any)
	for _, x := range list {
		if x == n {
			return true
		}
	}
	return false
}

// TestTreePackageConcurrentCreates: twenty creates at the same moment against a package with
// room for five: exactly five are made, the rest refused, the count never passes the limit.
func TestTreePackageConcurrentCreates(t *testing.T) {
	t.Parallel()
	e, w := newTreeWorld(t)
	w.createTree(t, w.editor, map[string]any{"number": 1})
	e.exec(t, `UPDATE organisation SET max_object = 6 WHERE id = $1`, w.org)
	status, counts := concurrently(20, func(i int) *resp {
		return w.editor.do("POST", w.url("/api/content/tree"), map[string]any{"geom": point(9.43+float64(i)/1000, 54.78), "number": 100 + i})
	})
	if counts[http.StatusCreated] != 5 || counts[http.StatusConflict] != 15 {
		t.Fatalf("made %d, refused %d: %v", counts[http.StatusCreated], counts[http.StatusConflict], status)
	}
	if n := e.count(t, `SELECT count(*) FROM tree WHERE organisation_id = $1`, w.org); n != 6 {
		t.Fatalf("%d trees", n)
	}
}

// TestBooking: only administrators book; prices come from the price list; a package smaller
// than the objects or than the booked one is refused; a booking changes the organisation,
// mails every administrator and makes an invoice with net, VAT and gross.
func TestBooking(t *testing.T) {
	t.Parallel()
	e, w := newTreeWorld(t)
	admin := e.login(t, w.admin, testPassword)
	second := newEmail(t)
	e.exec(t, `INSERT INTO organisation_admin (organisation_id, user_id) VALUES ($1, $2)`, w.org, e.signUp(t, second, testPassword))
	e.exec(t, `UPDATE organisation SET leitweg_id_invoice = '04011000-1234512345-06', tax_id_invoice = 'DE123456789',
		street = 'Marktplatz', number = '1', zip = '24937', city = 'Flensburg' WHERE id = $1`, w.org)
	path := "/api/management/organisation/" + w.org + "/packages"
	booked := func() int { return e.count(t, `SELECT count(*) FROM booking WHERE organisation_id = $1`, w.org) }

	// Not an administrator, a forged price, an unknown package: refused, nothing booked.
	wantStatus(t, w.manager.do("POST", path, map[string]any{"package": "trees-1000"}), http.StatusForbidden)
	wantStatus(t, w.manager.do("GET", path, nil), http.StatusForbidden)
	// Without the consent to the terms and the data processing agreement nothing is booked.
	r := admin.do("POST", path, map[string]any{"package": "trees-1000"})
	m := wantError(t, r, http.StatusConflict, "conflict", "Before booking, an administrator accepts the terms and the data processing agreement on the organisation's documents page.")
	wantFields(t, m, map[string]string{"agb": "Before booking, an administrator accepts the terms on the organisation's documents page.",
		"avv": "Before booking, an administrator accepts the data processing agreement on the organisation's documents page."})
	consentAll(t, admin, w.org)
	r = admin.do("POST", path, map[string]any{"package": "trees-1000", "price_cents": 1})
	wantError(t, r, http.StatusBadRequest, "invalid", "Send only the package and the quantity: prices come from the price list.")
	wantError(t, admin.do("POST", path, map[string]any{"package": "trees-3"}), http.StatusBadRequest, "invalid", "")
	wantError(t, admin.do("POST", path, map[string]any{"package": "gaeb", "quantity": 2}), http.StatusBadRequest, "invalid", "")

	// A package smaller than what the objects count is refused.
	e.exec(t, `UPDATE organisation SET max_object = 100000 WHERE id = $1`, w.org)
	w.createTree(t, w.editor, map[string]any{"geom": square(9.431, 54.781, 0.003), "number": 1})
	count := e.count(t, `SELECT tree_units FROM organisation WHERE id = $1`, w.org)
	if count <= 500 || count > 1000 {
		t.Fatalf("the group counts %d", count)
	}
	r = admin.do("POST", path, map[string]any{"package": "trees-500"})
	wantError(t, r, http.StatusBadRequest, "invalid", fmt.Sprintf("This package is too small: your organisation's objects count %s trees, the package holds 500.", grouped(count)))
	if booked() != 0 {
		t.Fatal("something was booked")
	}

	// A tree data package: the limit, the state, the invoice's figures, the mails.
	r = admin.do("POST", path, map[string]any{"package": "trees-1000"})
	wantStatus(t, r, http.StatusCreated)
	bk := r.json(t)
	if bk["net_cents"] != 29000.0 || bk["vat_cents"] != 5510.0 || bk["gross_cents"] != 34510.0 || bk["unit_cents"] != 29000.0 {
		t.Fatalf("booking %v", bk)
	}
	u := packageUse(t, admin, w.org)
	if u["status"] != "booked" || u["tree_count_max"] != 1000.0 || u["tree_package"] != "trees-1000" {
		t.Fatalf("after booking: %v", u)
	}
	e.mail.settle()
	for _, to := range []string{w.admin, second} {
		m := e.mail.last(t, to)
		if !strings.Contains(m.Subject, "Tree data package 1,000 trees") || !strings.Contains(m.Text, "€345.10") ||
			!strings.Contains(m.Text, bk["invoice_number"].(string)) {
			t.Fatalf("mail to %s: %s\n%s", to, m.Subject, m.Text)
		}
	}

	// Not an upgrade; then an upgrade credits the unused year of the old package.
	wantError(t, admin.do("POST", path, map[string]any{"package": "trees-1000"}), http.StatusBadRequest, "invalid", "")
	r = admin.do("POST", path, map[string]any{"package": "trees-2500"})
	wantStatus(t, r, http.StatusCreated)
	if up := r.json(t); up["credit_cents"] != 29000.0 || up["net_cents"] != 30000.0 || up["vat_cents"] != 5700.0 {
		t.Fatalf("upgrade %v", up)
	}

	// Photo storage adds its space; an add-on is booked once.
	r = admin.do("POST", path, map[string]any{"package": "storage-10gb", "quantity": 2})
	wantStatus(t, r, http.StatusCreated)
	if s := r.json(t); s["net_cents"] != 12000.0 || s["vat_cents"] != 2280.0 || s["gross_cents"] != 14280.0 {
		t.Fatalf("storage %v", s)
	}
	if m := admin.do("GET", "/api/document/size/"+w.org, nil).json(t); m["data_space_mb_max"] != 30720.0 {
		t.Fatalf("storage after booking %v", m)
	}
	wantStatus(t, admin.do("POST", path, map[string]any{"package": "gaeb"}), http.StatusCreated)
	wantError(t, admin.do("POST", path, map[string]any{"package": "gaeb"}), http.StatusConflict, "conflict", "")
	if booked() != 4 {
		t.Fatalf("%d bookings", booked())
	}

	// The invoices: listed for administrators and support, printed as PDFs.
	r = admin.do("GET", "/api/document/billing/"+w.org, nil)
	wantStatus(t, r, http.StatusOK)
	items := r.json(t)["items"].([]any)
	if len(items) != 4 {
		t.Fatalf("invoices %v", items)
	}
	first := items[3].(map[string]any)
	wantStatus(t, w.manager.do("GET", "/api/document/download-billing/"+w.org+"/"+first["id"].(string), nil), http.StatusForbidden)
	r = admin.do("GET", "/api/document/download-billing/"+w.org+"/"+first["id"].(string), nil)
	wantStatus(t, r, http.StatusOK)
	if !strings.HasPrefix(string(r.body), "%PDF") || r.Header.Get("Content-Type") != "application/pdf" {
		t.Fatalf("invoice %q", r.body[:min(20, len(r.body))])
	}
	text := exporttest.PDFText(t, r.body, "-layout")
	for _, want := range []string{"Invoice " + first["invoice_number"].(string), "04011000-1234512345-06", "DE123456789",
		"Tree data package 1,000 trees", "€290.00", "VAT 19 %", "€55.10", "€345.10", "Marktplatz 1", "24937 Flensburg"} {
		if !strings.Contains(text, want) {
			t.Errorf("invoice lacks %q:\n%s", want, text)
		}
	}
	wantStatus(t, admin.do("GET", "/api/document/download-billing/"+w.org+"/"+w.project, nil), http.StatusNotFound)
}

func grouped(n int) string {
	s := fmt.Sprint(n)
	if len(s) > 3 {
		s = s[:len(s)-3] + "," + s[len(s)-3:]
	}
	return s
}

// TestAddonsGateTheirRoutes: after the demo, the GIS web service (its pages and API keys) and the
// GAEB export answer only to an organisation that booked them.
func TestAddonsGateTheirRoutes(t *testing.T) {
	t.Parallel()
	e, w := newTreeWorld(t)
	admin := e.login(t, w.admin, testPassword)
	wantStatus(t, w.reader.do("GET", "/api/features/"+w.project+"/collections", nil), http.StatusOK)
	r := admin.do("POST", "/api/management/organisation/"+w.org+"/api-keys", map[string]any{"name": "QGIS", "projects": []string{w.project}})
	wantStatus(t, r, http.StatusCreated)
	key := r.json(t)["secret"].(string)
	anon := e.browser()
	byKey := func() *resp {
		return anon.do("GET", "/api/features/"+w.project+"/collections", nil, header("X-API-Key", key))
	}
	wantStatus(t, byKey(), http.StatusOK)

	// The demo ends: every add-on is off.
	e.exec(t, `UPDATE organisation SET demo_until = now() - interval '1 day' WHERE id = $1`, w.org)
	gaeb := func() *resp {
		return w.manager.do("POST", w.url("/api/content/export-gaeb"), map[string]any{"filter": map[string]any{}})
	}
	wantError(t, w.reader.do("GET", "/api/features/"+w.project+"/collections", nil), http.StatusForbidden, "forbidden", "The GIS web service is an add-on: an administrator can book it on the organisation's packages page.")
	wantError(t, byKey(), http.StatusForbidden, "forbidden", "")
	wantError(t, admin.do("POST", "/api/management/organisation/"+w.org+"/api-keys", map[string]any{"name": "x", "projects": []string{w.project}}), http.StatusForbidden, "forbidden", "")
	wantError(t, gaeb(), http.StatusForbidden, "forbidden", "The GAEB export is an add-on: an administrator can book it on the organisation's packages page.")
	if u := packageUse(t, admin, w.org); u["status"] != "expired" || len(u["addons"].([]any)) != 0 {
		t.Fatalf("expired: %v", u)
	}

	// Booking the GIS web service opens it, the GAEB export stays closed until booked too.
	consentAll(t, admin, w.org)
	wantStatus(t, admin.do("POST", "/api/management/organisation/"+w.org+"/packages", map[string]any{"package": "gis"}), http.StatusCreated)
	wantStatus(t, w.reader.do("GET", "/api/features/"+w.project+"/collections", nil), http.StatusOK)
	wantStatus(t, byKey(), http.StatusOK)
	wantError(t, gaeb(), http.StatusForbidden, "forbidden", "")
	wantStatus(t, admin.do("POST", "/api/management/organisation/"+w.org+"/packages", map[string]any{"package": "gaeb"}), http.StatusCreated)
	if r := gaeb(); r.StatusCode == http.StatusForbidden {
		t.Fatalf("GAEB after booking: %d %s", r.StatusCode, r.body)
	}
}

// TestDemoEnds: the periodic job tells every administrator once a week before the demo's end,
// once a day before and once when it ended; an ended demo leaves the organisation read-only
// (reads and exports still work) until a tree data package is booked, and nothing is deleted.
// The server's clock is the test's: moving it past the 28 days ends the demo for the API. The
// job runs over the whole (shared) database, so its steps move this organisation's end, not the
// job's clock, lest other tests' organisations get notices.
func TestDemoEnds(t *testing.T) {
	t.Parallel()
	var clock atomic.Int64
	start := time.Now()
	clock.Store(start.UnixNano())
	e := newEnv(t, withNow(func() time.Time { return time.Unix(0, clock.Load()) }))
	w := e.buildTreeWorld(t)
	admin := e.login(t, w.admin, testPassword)
	second := newEmail(t)
	e.exec(t, `INSERT INTO organisation_admin (organisation_id, user_id) VALUES ($1, $2)`, w.org, e.signUp(t, second, testPassword))
	tree := w.createTree(t, w.editor, map[string]any{"number": 1})
	ctx := t.Context()
	// endDemos runs the job now with the demo ending after left.
	endDemos := func(left time.Duration) {
		t.Helper()
		e.exec(t, `UPDATE organisation SET demo_until = $2 WHERE id = $1`, w.org, time.Now().Add(left))
		if _, err := e.srv.app.EndDemos(ctx, time.Now()); err != nil {
			t.Fatal(err)
		}
	}
	mails := func(to string) []string {
		e.mail.settle()
		var subjects []string
		for _, m := range e.mail.to(to) {
			if strings.Contains(m.Subject, "demo") {
				subjects = append(subjects, m.Subject)
			}
		}
		return subjects
	}
	endDemos(8 * 24 * time.Hour) // 8 days left: nothing yet
	if got := mails(w.admin); len(got) != 0 {
		t.Fatalf("8 days before: %v", got)
	}
	endDemos(6*24*time.Hour - time.Hour)
	endDemos(6*24*time.Hour - 2*time.Hour) // a second run tells nobody again
	for _, to := range []string{w.admin, second} {
		if got := mails(to); len(got) != 1 || got[0] != "Your Arbor demo ends in 6 days" {
			t.Fatalf("a week before, %s got %v", to, got)
		}
	}
	endDemos(12 * time.Hour)
	if got := mails(w.admin); len(got) != 2 || got[1] != "Your Arbor demo ends tomorrow" {
		t.Fatalf("a day before: %v", got)
	}
	// The server's clock past the 28 days ends the demo for the API at once, whatever the job did.
	e.exec(t, `UPDATE organisation SET demo_until = $2 WHERE id = $1`, w.org, start.Add(28*24*time.Hour))
	clock.Store(start.Add(28*24*time.Hour + time.Second).UnixNano())
	wantError(t, w.editor.do("POST", w.url("/api/content/tree"), map[string]any{"geom": point(9.44, 54.79), "number": 2}), http.StatusConflict, "conflict", "")
	clock.Store(start.UnixNano())
	// Still in the demo: changes work.
	wantStatus(t, w.editor.do("POST", w.url("/api/content/tree"), map[string]any{"geom": point(9.44, 54.79), "number": 2}), http.StatusCreated)

	endDemos(-time.Hour)
	endDemos(-24 * time.Hour)
	if got := mails(second); len(got) != 3 || got[2] != "Your Arbor demo has ended" {
		t.Fatalf("at the end: %v", got)
	}
	if n := e.count(t, `SELECT count(*) FROM organisation WHERE id = $1 AND demo_ended_at IS NOT NULL AND demo_notice = 0`, w.org); n != 1 {
		t.Fatal("the end is not recorded")
	}
	org := admin.do("GET", "/api/management/organisation/"+w.org+"/packages", nil).json(t)["usage"].(map[string]any)
	if org["status"] != "expired" {
		t.Fatalf("after the end: %v", org["status"])
	}

	// Read-only: writes refused, reads and exports kept, nothing deleted.
	r := w.editor.do("POST", w.url("/api/content/tree"), map[string]any{"geom": point(9.45, 54.79), "number": 3})
	wantError(t, r, http.StatusConflict, "conflict", "The 28-day demo of this organisation has ended: its data can still be read, but changes need a tree data package. An administrator can book one on the organisation's packages page.")
	wantError(t, w.editor.do("PUT", w.url("/api/content/tree/"+tree["id"].(string)), map[string]any{"version": tree["version"], "height": 12}), http.StatusConflict, "conflict", "")
	wantError(t, admin.do("POST", "/api/management/organisation/"+w.org+"/projects", map[string]any{"name": "New"}), http.StatusConflict, "conflict", "")
	wantStatus(t, w.reader.do("GET", w.url("/api/content/tree/"+tree["id"].(string)), nil), http.StatusOK)
	wantStatus(t, w.manager.do("POST", w.url("/api/content/data"), map[string]any{"limit": 10}), http.StatusOK)
	if n := e.count(t, `SELECT count(*) FROM tree WHERE organisation_id = $1`, w.org); n != 2 {
		t.Fatalf("%d trees after the end", n)
	}

	// Booking a package opens the organisation again (its administrator consents after the demo's
	// end); the job tells no more.
	consentAll(t, admin, w.org)
	wantStatus(t, admin.do("POST", "/api/management/organisation/"+w.org+"/packages", map[string]any{"package": "trees-500"}), http.StatusCreated)
	wantStatus(t, w.editor.do("POST", w.url("/api/content/tree"), map[string]any{"geom": point(9.45, 54.79), "number": 3}), http.StatusCreated)
	endDemos(-48 * time.Hour)
	if got := mails(w.admin); len(got) != 3 {
		t.Fatalf("after booking: %v", got)
	}
}
