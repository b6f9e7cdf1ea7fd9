package api

import (
	"context"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"arbor/store"
)

// newSupport signs up a platform support account ("super manager") and logs it in.
func (e *env) newSupport(t *testing.T) (*browser, string, string) {
	t.Helper()
	email := newEmail(t)
	id := e.signUp(t, email, testPassword)
	if _, err := e.db.CreateConfirmedUser(context.Background(), store.NewUser{FirstName: "Sam", LastName: "Support",
		Email: email, PasswordHash: "unused: the account exists", Language: "en"}, true); err != nil {
		t.Fatal(err)
	}
	return e.login(t, email, testPassword), email, id
}

// TestSupportOverview: only platform support reads the overview of every organisation — its
// state (demo with days left, booked, expired, terminated), package, add-ons and usage — with
// search, a status filter and paging; reading it leaves no support record.
func TestSupportOverview(t *testing.T) {
	t.Parallel()
	e, admin, adminEmail, _ := newLoggedIn(t)
	normal, _, _ := e.loggedIn(t)
	sup, _, supID := e.newSupport(t)
	tag := strings.ToLower(strings.ReplaceAll(t.Name(), "Test", "")) + time.Now().Format("150405.000")
	demo := opNewOrg(t, admin, "Demo "+tag)
	booked := opNewOrg(t, admin, "Gebucht "+tag)
	expired := opNewOrg(t, admin, "Abgelaufen "+tag)
	ended := opNewOrg(t, admin, "Gekündigt "+tag)
	consentAll(t, admin, booked.ID)
	for _, pkg := range []string{"trees-1000", "gis", "storage-10gb"} {
		wantStatus(t, admin.do("POST", opOrgPath(booked.ID, "/packages"), map[string]any{"package": pkg}), http.StatusCreated)
	}
	e.exec(t, `UPDATE organisation SET demo_until = now() - interval '2 days' WHERE id = $1`, expired.ID)
	wantStatus(t, admin.do("POST", opOrgPath(ended.ID, "/cancel"), map[string]any{}), http.StatusOK)
	wantStatus(t, admin.do("POST", opOrgPath(demo.ID, "/projects"), map[string]any{"name": "Park"}), http.StatusCreated)

	path := "/api/management/support/organisations"
	for _, b := range []*browser{admin, normal} {
		wantError(t, b.do("GET", path, nil), http.StatusForbidden, "forbidden", "")
		wantError(t, b.do("GET", "/api/management/support/records", nil), http.StatusForbidden, "forbidden", "")
	}
	wantStatus(t, e.browser().do("GET", path, nil), http.StatusUnauthorized)

	page := func(query string) opList[store.SupportOrganisation] {
		t.Helper()
		return opGet[opList[store.SupportOrganisation]](t, sup, path+"?"+query)
	}
	all := page("q=" + url.QueryEscape(tag))
	if all.Total != 4 || len(all.Items) != 4 {
		t.Fatalf("searching %q found %d (%d): %+v", tag, all.Total, len(all.Items), all.Items)
	}
	byID := map[string]store.SupportOrganisation{}
	for _, o := range all.Items {
		byID[o.ID] = o
	}
	if o := byID[demo.ID]; o.Status != "demo" || o.DemoDaysLeft != 28 || o.TreePackage != nil || o.TreeCountMax != 1000 ||
		o.ProjectCount != 1 || !slices.Equal(o.Administrators, []string{strings.ToLower(adminEmail)}) || len(o.Addons) != 0 {
		t.Fatalf("the demo: %+v", o)
	}
	if o := byID[booked.ID]; o.Status != "booked" || o.TreePackage == nil || *o.TreePackage != "trees-1000" ||
		!slices.Equal(o.Addons, []string{"gis"}) || o.StoragePackages != 1 || o.DataSpaceMBMax != 2*10240 || o.TreeCountMax != 1000 {
		t.Fatalf("the booked one: %+v", o)
	}
	if o := byID[expired.ID]; o.Status != "expired" || o.DemoDaysLeft != 0 {
		t.Fatalf("the expired one: %+v", o)
	}
	if o := byID[ended.ID]; o.Status != "terminated" {
		t.Fatalf("the cancelled one: %+v", o)
	}
	// Sorted by name, paged; the status narrows; an administrator's address and the id find it.
	names := []string{}
	for _, o := range all.Items {
		names = append(names, o.Name)
	}
	if !slices.IsSorted(names) {
		t.Fatalf("not by name: %v", names)
	}
	if p := page("q=" + url.QueryEscape(tag) + "&limit=1&offset=1"); p.Total != 4 || len(p.Items) != 1 || p.Items[0].Name != names[1] {
		t.Fatalf("page 2 of 1: %+v", p)
	}
	if p := page("q=" + url.QueryEscape(tag) + "&status=expired"); p.Total != 1 || p.Items[0].ID != expired.ID {
		t.Fatalf("expired only: %+v", p)
	}
	if p := page("q=" + url.QueryEscape(strings.ToUpper(adminEmail))); p.Total != 4 {
		t.Fatalf("by the administrator's address: %d", p.Total)
	}
	if p := page("q=" + booked.ID); p.Total != 1 || p.Items[0].ID != booked.ID {
		t.Fatalf("by id: %+v", p)
	}
	wantStatus(t, sup.do("GET", path+"?status=sleeping", nil), http.StatusBadRequest)
	wantStatus(t, sup.do("GET", path+"?limit=0", nil), http.StatusBadRequest)
	// Reading the overview and the record is no support action.
	opGet[opList[store.SupportRecord]](t, sup, "/api/management/support/records")
	if got := e.opAuditOf(t, supID); len(got) != 0 {
		t.Fatalf("reading the overview left support records %v", got)
	}
}

// TestSupportRecords: extending a demo from the overview is one record (who, what, which
// organisation, how many days); the record lists newest first, paged, of one organisation when
// asked.
func TestSupportRecords(t *testing.T) {
	t.Parallel()
	e, admin, _, _ := newLoggedIn(t)
	sup, supEmail, supID := e.newSupport(t)
	a := opNewOrg(t, admin, "Amt Linde")
	b := opNewOrg(t, admin, "Amt Ulme")
	wantStatus(t, sup.do("POST", opOrgPath(a.ID, "/demo/extend"), map[string]any{"days": 10}), http.StatusOK)
	opGet[store.Organisation](t, sup, opOrgPath(b.ID))
	wantStatus(t, sup.do("POST", opOrgPath(a.ID, "/demo/extend"), map[string]any{"days": 3}), http.StatusOK)

	records := func(query string) opList[store.SupportRecord] {
		t.Helper()
		return opGet[opList[store.SupportRecord]](t, sup, "/api/management/support/records?"+query)
	}
	ofA := records("organisation=" + a.ID)
	if ofA.Total != 2 || len(ofA.Items) != 2 {
		t.Fatalf("records of A: %+v", ofA)
	}
	newest := ofA.Items[0]
	if newest.Action != "extend demo" || newest.Detail["days"] != 3.0 || newest.OrganisationName != "Amt Linde" ||
		newest.UserEmail != strings.ToLower(supEmail) || newest.UserName == "" || *newest.UserID != supID ||
		time.Since(newest.At) > time.Minute || ofA.Items[1].Detail["days"] != 10.0 || ofA.Items[1].ID >= newest.ID {
		t.Fatalf("records of A, newest first: %+v", ofA.Items)
	}
	// Paged: the second of A's is the older extension.
	if p := records("organisation=" + a.ID + "&limit=1&offset=1"); p.Total != 2 || len(p.Items) != 1 || p.Items[0].ID != ofA.Items[1].ID {
		t.Fatalf("page 2 of A's records: %+v", p)
	}
	// Everyone's, newest first: B's read lies between A's two extensions.
	mine := []store.SupportRecord{}
	for _, r := range records("limit=1000").Items {
		if r.UserID != nil && *r.UserID == supID {
			mine = append(mine, r)
		}
	}
	if len(mine) != 3 || mine[1].OrganisationName != "Amt Ulme" || mine[1].Action != "GET "+opOrgPath(b.ID) || mine[2].Detail["days"] != 10.0 {
		t.Fatalf("all records: %+v", mine)
	}
	wantStatus(t, sup.do("GET", "/api/management/support/records?organisation=nope", nil), http.StatusBadRequest)
}
