package api

import (
	"context"
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"arbor/mail"
	"arbor/store"
)

// ---- helpers shared by organisation_test.go and project_test.go ----------------------------

const opOrgs = "/api/management/organisation"

func opOrgPath(id string, rest ...string) string {
	return opOrgs + "/" + id + strings.Join(rest, "")
}

func opProjPath(id string, rest ...string) string {
	return "/api/management/project/" + id + strings.Join(rest, "")
}

// opList is the shape of every list answer.
type opList[T any] struct {
	Items   []T    `json:"items"`
	Total   int    `json:"total"`
	Message string `json:"message"`
}

// opDecode decodes a JSON answer into T.
func opDecode[T any](t *testing.T, r *resp) T {
	t.Helper()
	var v T
	if err := json.Unmarshal(r.body, &v); err != nil {
		t.Fatalf("%s %s: %v\n%s", r.Request.Method, r.Request.URL.Path, err, r.body)
	}
	return v
}

// opGet does a GET that must answer 200 and decodes it.
func opGet[T any](t *testing.T, b *browser, path string) T {
	t.Helper()
	r := b.do("GET", path, nil)
	wantStatus(t, r, http.StatusOK)
	return opDecode[T](t, r)
}

// opNewOrg creates an organisation through the API as b.
func opNewOrg(t *testing.T, b *browser, name string) store.Organisation {
	t.Helper()
	r := b.do("POST", opOrgs+"/new", map[string]any{"name": name})
	wantStatus(t, r, http.StatusCreated)
	return opDecode[store.Organisation](t, r)
}

// opNewProject creates a project in an organisation through the API as b.
func opNewProject(t *testing.T, b *browser, orgID, name string) store.Project {
	t.Helper()
	r := b.do("POST", opOrgPath(orgID, "/projects"), map[string]any{"name": name})
	wantStatus(t, r, http.StatusCreated)
	return opDecode[store.Project](t, r)
}

// opShare shares a project through the API as b, has every invited account accept (addresses
// without one stay invited) and returns the members afterwards.
func opShare(t *testing.T, b *browser, projectID, emails string, access int) []store.ProjectMember {
	t.Helper()
	r := b.do("POST", opProjPath(projectID, "/users"), map[string]any{"emails": emails, "access": access})
	wantStatus(t, r, http.StatusOK)
	for _, email := range store.SplitEmails(emails) {
		if b.e.userID(t, email) != "" {
			b.e.acceptAs(t, email)
		}
	}
	return opMembers(t, b, projectID)
}

func opOrgIDs(list []*store.Organisation) []string {
	var ids []string
	for _, o := range list {
		ids = append(ids, o.ID)
	}
	return ids
}

func opAdminEmails(list []store.Person) []string {
	var out []string
	for _, p := range list {
		out = append(out, strings.ToLower(p.Email))
	}
	slices.Sort(out)
	return out
}

func opSorted(s ...string) []string {
	out := make([]string, len(s))
	for i, v := range s {
		out[i] = strings.ToLower(v)
	}
	slices.Sort(out)
	return out
}

// opMailsAbout returns the mails to addr whose subject mentions about.
func (e *env) opMailsAbout(addr, about string) []mail.Message {
	var out []mail.Message
	for _, m := range e.mail.to(addr) {
		if strings.Contains(m.Subject, about) {
			out = append(out, m)
		}
	}
	return out
}

// opSetLanguage changes an account's language (the one its e-mails are written in).
func (e *env) opSetLanguage(t *testing.T, userID, lang string) {
	t.Helper()
	e.exec(t, `UPDATE app_user SET language = $2 WHERE id = $1`, userID, lang)
}

const (
	opMsgZip        = "Please enter a postal code of 4 or 5 digits."
	opMsgTerminated = "This organisation has been cancelled: its data can still be read but no longer changed."
	opMsgNotFound   = "This page or object does not exist, or you have no access to it."
	opMsgForbidden  = "You are not allowed to do this."
	opMsgStale      = "Someone else changed this in the meantime. Please reload to see the current state."
	opMsgInvalid    = "Please check the highlighted fields."
)

// ---- organisations -------------------------------------------------------------------------

func TestOrganisationCreate(t *testing.T) {
	t.Parallel()
	e, b, _, me := newLoggedIn(t)

	r := b.do("POST", opOrgs+"/new", map[string]any{"name": "  Stadt Eichenau  ", "street": "Hauptstraße", "number": "1",
		"zip": "24937", "city": "Flensburg", "country": "at", "invoice_type": "paypal", "email_invoice": "rechnung@eichenau.de",
		"leitweg_id_invoice": "04011000-1234512345-06"})
	wantStatus(t, r, http.StatusCreated)
	o := opDecode[store.Organisation](t, r)
	if o.ID == "" || o.Name != "Stadt Eichenau" || o.Zip != "24937" || o.Country != "AT" || o.InvoiceType != "paypal" ||
		o.EmailInvoice != "rechnung@eichenau.de" || o.LeitwegIDInvoice != "04011000-1234512345-06" || o.City != "Flensburg" {
		t.Fatalf("created organisation %s", r.body)
	}
	if !slices.Equal(o.Roles, []string{"admin"}) || o.Status != "demo" || o.DemoDaysLeft != 28 || o.Terminated ||
		o.TerminatedBy != nil || o.Version != 1 || o.Location != "en" {
		t.Fatalf("created organisation: roles %v status %q days %d terminated %v version %d location %q",
			o.Roles, o.Status, o.DemoDaysLeft, o.Terminated, o.Version, o.Location)
	}

	// Defaults: invoice by bill, Germany.
	d := opNewOrg(t, b, "Baumpflege Nord")
	if d.InvoiceType != "billing" || d.Country != "DE" || d.Status != "demo" || d.DemoDaysLeft != 28 {
		t.Fatalf("defaults: invoice %q country %q status %q days %d", d.InvoiceType, d.Country, d.Status, d.DemoDaysLeft)
	}

	// Both appear in the creator's list, by name, with the creator's role; nobody else's.
	list := opGet[opList[*store.Organisation]](t, b, opOrgs)
	if got := opOrgIDs(list.Items); !slices.Equal(got, []string{d.ID, o.ID}) || list.Total != 2 {
		t.Fatalf("list %v (total %d), want [%s %s]", got, list.Total, d.ID, o.ID)
	}
	for _, it := range list.Items {
		if !slices.Equal(it.Roles, []string{"admin"}) {
			t.Fatalf("listed roles %v", it.Roles)
		}
	}
	other, _, _ := e.loggedIn(t)
	if l := opGet[opList[*store.Organisation]](t, other, opOrgs); l.Total != 0 || len(l.Items) != 0 {
		t.Fatalf("another user sees %d organisations", l.Total)
	}

	// Read back; the creator is its one administrator.
	got := opGet[store.Organisation](t, b, opOrgPath(o.ID))
	if got.Name != o.Name || got.Country != "AT" || !slices.Equal(got.Roles, []string{"admin"}) {
		t.Fatalf("GET organisation %+v", got)
	}
	admins := opGet[opList[store.Person]](t, b, opOrgPath(o.ID, "/admins"))
	if len(admins.Items) != 1 || admins.Items[0].ID != me {
		t.Fatalf("administrators %+v, want only %s", admins.Items, me)
	}
}

func TestOrganisationValidation(t *testing.T) {
	t.Parallel()
	_, b, _, _ := newLoggedIn(t)

	// Every invalid field is named at once, and nothing is created.
	m := wantError(t, b.do("POST", opOrgs+"/new", map[string]any{"name": "  ", "zip": "123", "country": "US",
		"invoice_type": "cash", "email_invoice": "x@", "leitweg_id_invoice": "abc"}), http.StatusBadRequest, "invalid", opMsgInvalid)
	wantFields(t, m, map[string]string{
		"name":               msgRequired,
		"zip":                opMsgZip,
		"country":            "Please choose a country from the list.",
		"invoice_type":       "Please choose invoice or PayPal.",
		"email_invoice":      "Please enter a valid e-mail address.",
		"leitweg_id_invoice": "Please enter a Leitweg-ID like 04011000-1234512345-06.",
	})
	for _, zip := range []string{"123", "123456", "12a45", "1234 5"} {
		m := wantError(t, b.do("POST", opOrgs+"/new", map[string]any{"name": "Zip " + zip, "zip": zip}), http.StatusBadRequest, "invalid", "")
		wantFields(t, m, map[string]string{"zip": opMsgZip})
	}
	if l := opGet[opList[*store.Organisation]](t, b, opOrgs); l.Total != 0 {
		t.Fatalf("refused creations left %d organisations", l.Total)
	}

	// The same in German.
	b.lang = "de"
	m = wantError(t, b.do("POST", opOrgs+"/new", map[string]any{"zip": "12a45", "country": "US"}), http.StatusBadRequest, "invalid",
		"Bitte prüfen Sie die markierten Felder.")
	wantFields(t, m, map[string]string{
		"name":    "Dieses Feld ist ein Pflichtfeld.",
		"zip":     "Bitte geben Sie eine Postleitzahl mit 4 oder 5 Ziffern ein.",
		"country": "Bitte wählen Sie ein Land aus der Liste.",
	})
	b.lang = "en"

	// Valid values.
	for _, tc := range []struct{ zip, country, leitweg, wantCountry string }{
		{"0123", "at", "04011000-1234512345-06", "AT"},
		{"24937", "DE", "991-33333TEST-33", "DE"},
		{" 1010 ", " ch ", "", "CH"},
	} {
		r := b.do("POST", opOrgs+"/new", map[string]any{"name": "Valid " + tc.zip, "zip": tc.zip, "country": tc.country,
			"leitweg_id_invoice": tc.leitweg})
		wantStatus(t, r, http.StatusCreated)
		o := opDecode[store.Organisation](t, r)
		if o.Zip != strings.TrimSpace(tc.zip) || o.Country != tc.wantCountry || o.LeitwegIDInvoice != tc.leitweg {
			t.Fatalf("zip %q country %q leitweg %q stored as %q %q %q", tc.zip, tc.country, tc.leitweg, o.Zip, o.Country, o.LeitwegIDInvoice)
		}
	}

	// An update is checked just the same.
	o := opNewOrg(t, b, "Checked on update")
	m = wantError(t, b.do("PUT", opOrgPath(o.ID), map[string]any{"name": "Checked on update", "zip": "123456",
		"invoice_type": "cash", "version": o.Version}), http.StatusBadRequest, "invalid", opMsgInvalid)
	wantFields(t, m, map[string]string{"zip": opMsgZip, "invoice_type": ""})
	if got := opGet[store.Organisation](t, b, opOrgPath(o.ID)); got.Version != o.Version || got.Zip != "" {
		t.Fatalf("a refused update changed the organisation: %+v", got)
	}
}

func TestOrganisationUpdateVersion(t *testing.T) {
	t.Parallel()
	_, b, _, _ := newLoggedIn(t)
	o := opNewOrg(t, b, "Gemeinde Linde")

	r := b.do("PUT", opOrgPath(o.ID), map[string]any{"name": "Gemeinde Linde-Süd", "city": "Kiel", "zip": "24103",
		"country": "dk", "version": o.Version})
	wantStatus(t, r, http.StatusOK)
	u := opDecode[store.Organisation](t, r)
	if u.Version != o.Version+1 || u.Name != "Gemeinde Linde-Süd" || u.City != "Kiel" || u.Country != "DK" ||
		!slices.Equal(u.Roles, []string{"admin"}) {
		t.Fatalf("updated organisation %s", r.body)
	}

	// A second change based on the old version is refused, with the current state.
	m := wantError(t, b.do("PUT", opOrgPath(o.ID), map[string]any{"name": "Lost update", "version": o.Version}),
		http.StatusConflict, "conflict", opMsgStale)
	cur, _ := m["current"].(map[string]any)
	if cur == nil || cur["name"] != "Gemeinde Linde-Süd" || cur["version"] != float64(u.Version) || cur["id"] != o.ID {
		t.Fatalf("stale update: current %v", m["current"])
	}
	// Without a version there is nothing to compare.
	m = wantError(t, b.do("PUT", opOrgPath(o.ID), map[string]any{"name": "No version"}), http.StatusBadRequest, "invalid", "")
	wantFields(t, m, map[string]string{"version": msgRequired})

	if got := opGet[store.Organisation](t, b, opOrgPath(o.ID)); got.Name != "Gemeinde Linde-Süd" || got.Version != u.Version {
		t.Fatalf("after refused updates: %+v", got)
	}
}

func TestOrganisationMemberReadsOnly(t *testing.T) {
	t.Parallel()
	e, admin, _, _ := newLoggedIn(t)
	member, memberEmail, _ := e.loggedIn(t)
	o := opNewOrg(t, admin, "Stadt Ahorn")
	p := opNewProject(t, admin, o.ID, "Friedhof")
	opShare(t, admin, p.ID, memberEmail, 1)

	got := opGet[store.Organisation](t, member, opOrgPath(o.ID))
	if got.Name != "Stadt Ahorn" || !slices.Equal(got.Roles, []string{"member"}) {
		t.Fatalf("member reads %+v", got)
	}
	list := opGet[opList[*store.Organisation]](t, member, opOrgs)
	if len(list.Items) != 1 || list.Items[0].ID != o.ID || !slices.Equal(list.Items[0].Roles, []string{"member"}) {
		t.Fatalf("member's organisations %+v", list.Items)
	}
	wantError(t, member.do("PUT", opOrgPath(o.ID), map[string]any{"name": "Taken over", "version": got.Version}),
		http.StatusForbidden, "forbidden", opMsgForbidden)
	if cur := opGet[store.Organisation](t, admin, opOrgPath(o.ID)); cur.Name != "Stadt Ahorn" || cur.Version != got.Version {
		t.Fatalf("a refused member update changed %+v", cur)
	}
}

func TestOrganisationOtherTenantIsNotFound(t *testing.T) {
	t.Parallel()
	e, a, _, _ := newLoggedIn(t)
	b, _, _ := e.loggedIn(t)
	orgA := opNewOrg(t, a, "Tenant A")
	opNewOrg(t, b, "Tenant B")
	const nobody = "5b0e4f0c-7d4b-4c7e-9b8a-3f2f7d9a1c11"

	for _, tc := range []struct {
		method, rest string
		body         any
	}{
		{"GET", "", nil},
		{"PUT", "", map[string]any{"name": "Hijacked", "version": 1}},
		{"GET", "/admins", nil},
		{"POST", "/admins", map[string]any{"emails": "x@example.org"}},
		{"GET", "/assignments", nil},
		{"POST", "/projects", map[string]any{"name": "Intruder"}},
		{"POST", "/cancel", nil},
	} {
		foreign := b.do(tc.method, opOrgPath(orgA.ID, tc.rest), tc.body)
		wantError(t, foreign, http.StatusNotFound, "not_found", opMsgNotFound)
		missing := b.do(tc.method, opOrgPath(nobody, tc.rest), tc.body)
		wantError(t, missing, http.StatusNotFound, "not_found", opMsgNotFound)
		if string(foreign.body) != string(missing.body) {
			t.Fatalf("%s %s: another tenant's organisation answers %s, a missing one %s", tc.method, tc.rest, foreign.body, missing.body)
		}
	}
	wantError(t, b.do("GET", opOrgPath("not-a-uuid"), nil), http.StatusNotFound, "not_found", opMsgNotFound)

	got := opGet[store.Organisation](t, a, opOrgPath(orgA.ID))
	if got.Name != "Tenant A" || got.Version != 1 || got.Terminated || got.ProjectCount != 0 {
		t.Fatalf("the other tenant's calls changed %+v", got)
	}
	if n := len(opGet[opList[store.Person]](t, a, opOrgPath(orgA.ID, "/admins")).Items); n != 1 {
		t.Fatalf("%d administrators", n)
	}
}

func TestOrganisationAdministrators(t *testing.T) {
	t.Parallel()
	e, a, aEmail, aID := newLoggedIn(t)
	bb, bEmail, bID := e.loggedIn(t)
	_, cEmail, cID := e.loggedIn(t)
	_, fEmail, _ := e.loggedIn(t)
	unknown := newEmail(t)
	o := opNewOrg(t, a, "Baumschule West")
	admins := func() []string {
		t.Helper()
		return opAdminEmails(opGet[opList[store.Person]](t, a, opOrgPath(o.ID, "/admins")).Items)
	}

	// Two at once, with blanks, spaces and a repeat in another case: both are invited, nobody is
	// an administrator before accepting.
	r := a.do("POST", opOrgPath(o.ID, "/admins"), map[string]any{"emails": " " + bEmail + " ,," + cEmail + ", " + strings.ToUpper(bEmail) + " ,"})
	wantStatus(t, r, http.StatusOK)
	if got := opAdminEmails(opDecode[opList[store.Person]](t, r).Items); !slices.Equal(got, []string{strings.ToLower(aEmail)}) {
		t.Fatalf("administrators before anyone accepted %v", got)
	}
	if e.acceptAs(t, bEmail) != 1 || e.acceptAs(t, cEmail) != 1 {
		t.Fatal("B and C were not invited once each")
	}
	if got := admins(); !slices.Equal(got, opSorted(aEmail, bEmail, cEmail)) {
		t.Fatalf("listed administrators %v", got)
	}
	for _, p := range opGet[opList[store.Person]](t, a, opOrgPath(o.ID, "/admins")).Items {
		if p.ID == "" || p.FirstName != "Ada" || p.LastName != "Baum" {
			t.Fatalf("administrator %+v", p)
		}
	}

	// All or none: a valid address next to one that is refused is not invited either.
	msg := bEmail + " is already an administrator of this organisation."
	m := wantError(t, a.do("POST", opOrgPath(o.ID, "/admins"), map[string]any{"emails": fEmail + ", " + bEmail}),
		http.StatusConflict, "conflict", msg)
	wantFields(t, m, map[string]string{"emails": msg})
	for _, bad := range []string{"", " , ", "not-an-address", fEmail + ", x@"} {
		m = wantError(t, a.do("POST", opOrgPath(o.ID, "/admins"), map[string]any{"emails": bad}), http.StatusBadRequest, "invalid", "")
		wantFields(t, m, map[string]string{"emails": "Please enter one or more e-mail addresses, separated by commas."})
	}
	if got := admins(); !slices.Equal(got, opSorted(aEmail, bEmail, cEmail)) {
		t.Fatalf("refused additions changed the administrators: %v", got)
	}
	if n := e.count(t, `SELECT count(*) FROM organisation_invitation WHERE organisation_id = $1`, o.ID); n != 0 {
		t.Fatalf("refused additions left %d invitations", n)
	}
	// An address without an account is invited like any other (TestInvitationsRevealNoAccount).
	wantStatus(t, a.do("POST", opOrgPath(o.ID, "/admins"), map[string]any{"emails": unknown}), http.StatusOK)
	// In German, naming the address.
	a.lang = "de"
	wantError(t, a.do("POST", opOrgPath(o.ID, "/admins"), map[string]any{"emails": cEmail}), http.StatusConflict, "conflict",
		cEmail+" ist bereits Administrator dieser Organisation.")
	a.lang = "en"

	// A new administrator can manage the organisation.
	if got := opGet[store.Organisation](t, bb, opOrgPath(o.ID)); !slices.Equal(got.Roles, []string{"admin"}) {
		t.Fatalf("added administrator's roles %v", got.Roles)
	}
	wantStatus(t, bb.do("GET", opOrgPath(o.ID, "/admins"), nil), http.StatusOK)

	// Removing: B removes itself and loses all access (it has no other role there).
	wantStatus(t, bb.do("DELETE", opOrgPath(o.ID, "/admins/"+bID), nil), http.StatusNoContent)
	if got := admins(); !slices.Equal(got, opSorted(aEmail, cEmail)) {
		t.Fatalf("after removing B: %v", got)
	}
	wantError(t, bb.do("GET", opOrgPath(o.ID), nil), http.StatusNotFound, "not_found", opMsgNotFound)
	wantError(t, bb.do("GET", opOrgPath(o.ID, "/admins"), nil), http.StatusNotFound, "not_found", opMsgNotFound)
	wantError(t, bb.do("DELETE", opOrgPath(o.ID, "/admins/"+cID), nil), http.StatusNotFound, "not_found", opMsgNotFound)
	if l := opGet[opList[*store.Organisation]](t, bb, opOrgs); l.Total != 0 {
		t.Fatalf("a removed administrator still lists %d organisations", l.Total)
	}
	// Someone who is no administrator cannot be removed.
	wantError(t, a.do("DELETE", opOrgPath(o.ID, "/admins/"+bID), nil), http.StatusNotFound, "not_found", opMsgNotFound)
	wantError(t, a.do("DELETE", opOrgPath(o.ID, "/admins/not-a-uuid"), nil), http.StatusNotFound, "not_found", opMsgNotFound)

	// The last administrator stays.
	wantStatus(t, a.do("DELETE", opOrgPath(o.ID, "/admins/"+cID), nil), http.StatusNoContent)
	wantError(t, a.do("DELETE", opOrgPath(o.ID, "/admins/"+aID), nil), http.StatusConflict, "conflict",
		"An organisation needs at least one administrator.")
	a.lang = "de"
	wantError(t, a.do("DELETE", opOrgPath(o.ID, "/admins/"+aID), nil), http.StatusConflict, "conflict",
		"Eine Organisation braucht mindestens einen Administrator.")
	a.lang = "en"
	if got := admins(); !slices.Equal(got, []string{strings.ToLower(aEmail)}) {
		t.Fatalf("after removing C: %v", got)
	}
}

func TestOrganisationCancel(t *testing.T) {
	t.Parallel()
	e, a, aEmail, aID := newLoggedIn(t)
	bb, bEmail, bID := e.loggedIn(t)
	member, memberEmail, memberID := e.loggedIn(t)
	_, laterEmail, _ := e.loggedIn(t)
	e.opSetLanguage(t, bID, "de")

	o := opNewOrg(t, a, "Stadt Ulmenhof")
	opAddAdmins(t, a, o.ID, bEmail)
	p := opNewProject(t, a, o.ID, "Allee")
	opShare(t, a, p.ID, memberEmail, 1)
	o = opGet[store.Organisation](t, a, opOrgPath(o.ID))

	r := a.do("POST", opOrgPath(o.ID, "/cancel"), nil)
	wantStatus(t, r, http.StatusOK)
	if msg := r.json(t)["message"]; msg != "The organisation has been cancelled. We have sent a confirmation by e-mail." {
		t.Fatalf("cancel answer %s", r.body)
	}

	// Every administrator is told, in their own language; nobody else.
	mailA, mailB := e.opMailsAbout(aEmail, "rganisation Stadt Ulmenhof"), e.opMailsAbout(bEmail, "rganisation Stadt Ulmenhof")
	if len(mailA) != 1 || len(mailB) != 1 {
		t.Fatalf("cancellation mails: %d to A, %d to B", len(mailA), len(mailB))
	}
	if s := mailA[0].Subject; s != "Your organisation Stadt Ulmenhof has been cancelled" {
		t.Fatalf("English subject %q", s)
	}
	if s := mailB[0].Subject; s != "Ihre Organisation Stadt Ulmenhof wurde gekündigt" {
		t.Fatalf("German subject %q", s)
	}
	if !strings.Contains(mailA[0].Text, "Ada Baum has cancelled the organisation Stadt Ulmenhof") ||
		!strings.Contains(mailB[0].Text, "Ada Baum hat die Organisation Stadt Ulmenhof") {
		t.Fatalf("mail texts:\n%s\n---\n%s", mailA[0].Text, mailB[0].Text)
	}
	for _, msg := range e.mail.to(memberEmail) {
		if strings.Contains(msg.Subject, "cancel") {
			t.Fatalf("a project member got %q", msg.Subject)
		}
	}

	// The state, as everyone with access sees it.
	got := opGet[store.Organisation](t, bb, opOrgPath(o.ID))
	if !got.Terminated || got.Status != "terminated" || got.TerminatedBy == nil || *got.TerminatedBy != aID ||
		got.TerminatedAt == nil || got.DemoDaysLeft != 0 || got.Version != o.Version+1 {
		t.Fatalf("cancelled organisation %+v", got)
	}

	// Every write is refused; reading still works.
	writes := []struct {
		b            *browser
		method, path string
		body         any
	}{
		{a, "PUT", opOrgPath(o.ID), map[string]any{"name": "Revived", "version": got.Version}},
		{a, "POST", opOrgPath(o.ID, "/admins"), map[string]any{"emails": laterEmail}},
		{a, "DELETE", opOrgPath(o.ID, "/admins/"+bID), nil},
		{a, "POST", opOrgPath(o.ID, "/projects"), map[string]any{"name": "After the end"}},
		{a, "POST", opOrgPath(o.ID, "/cancel"), nil},
		{bb, "POST", opOrgPath(o.ID, "/cancel"), nil},
		{a, "PUT", opProjPath(p.ID), map[string]any{"name": "Renamed", "version": p.Version}},
		{a, "POST", opProjPath(p.ID, "/users"), map[string]any{"emails": laterEmail, "access": 1}},
		{a, "PUT", opProjPath(p.ID, "/users/"+memberID), map[string]any{"access": 2}},
		{a, "DELETE", opProjPath(p.ID, "/users/"+memberID), nil},
	}
	for _, w := range writes {
		wantError(t, w.b.do(w.method, w.path, w.body), http.StatusConflict, "conflict", opMsgTerminated)
	}
	bb.lang = "de"
	wantError(t, bb.do("PUT", opOrgPath(o.ID), map[string]any{"name": "x", "version": got.Version}), http.StatusConflict, "conflict",
		"Diese Organisation wurde gekündigt: Ihre Daten können noch gelesen, aber nicht mehr geändert werden.")

	for _, path := range []string{opOrgPath(o.ID), opOrgPath(o.ID, "/admins"), opOrgPath(o.ID, "/assignments"), opOrgs,
		opProjPath(p.ID), opProjPath(p.ID, "/users"), "/api/management/project-list"} {
		wantStatus(t, a.do("GET", path, nil), http.StatusOK)
	}
	if pr := opGet[store.Project](t, member, opProjPath(p.ID)); !pr.Terminated || pr.Role != "reader" {
		t.Fatalf("project of a cancelled organisation %+v", pr)
	}
	after := opGet[store.Organisation](t, a, opOrgPath(o.ID))
	if after.Version != got.Version || after.Name != "Stadt Ulmenhof" || after.ProjectCount != 1 {
		t.Fatalf("refused writes changed %+v", after)
	}
	if n := len(opGet[opList[store.Person]](t, a, opOrgPath(o.ID, "/admins")).Items); n != 2 {
		t.Fatalf("%d administrators after refused changes", n)
	}
	if n := len(opGet[opList[store.ProjectMember]](t, a, opProjPath(p.ID, "/users")).Items); n != 1 {
		t.Fatalf("%d project members after refused changes", n)
	}
	if len(e.opMailsAbout(aEmail, "rganisation Stadt Ulmenhof")) != 1 || len(e.mail.to(laterEmail)) != 1 { // laterEmail: its confirmation only
		t.Fatal("a refused write sent mail")
	}
}

// Cancelling while the mail server is down cancels, and the confirmations leave once it is back.
func TestOrganisationCancelWhileMailIsDown(t *testing.T) {
	t.Parallel()
	e, a, aEmail, _ := newLoggedIn(t)
	_, bEmail, _ := e.loggedIn(t)
	o := opNewOrg(t, a, "Stadt Espe")
	opAddAdmins(t, a, o.ID, bEmail)

	e.mail.setFail(errMailDown)
	wantStatus(t, a.do("POST", opOrgPath(o.ID, "/cancel"), nil), http.StatusOK)
	if n := e.count(t, `SELECT count(*) FROM organisation WHERE id = $1 AND terminated`, o.ID); n != 1 {
		t.Fatal("not cancelled")
	}
	if a, b := len(e.opMailsAbout(aEmail, "rganisation Stadt Espe")), len(e.opMailsAbout(bEmail, "rganisation Stadt Espe")); a != 0 || b != 0 {
		t.Fatalf("cancellation mails through a server that is down: %d to A, %d to B", a, b)
	}
	e.mail.setFail(nil)
	e.exec(t, `UPDATE river_job SET state = 'available', scheduled_at = now() WHERE kind = 'mail' AND state = 'retryable'
		AND args->>'to' = ANY($1)`, []string{aEmail, bEmail})
	if a, b := len(e.opMailsAbout(aEmail, "rganisation Stadt Espe")), len(e.opMailsAbout(bEmail, "rganisation Stadt Espe")); a != 1 || b != 1 {
		t.Fatalf("cancellation mails once the server is back: %d to A, %d to B", a, b)
	}
}

// opAudit is one support_audit row.
type opAudit struct{ org, action string }

func (e *env) opAuditOf(t *testing.T, userID string) []opAudit {
	t.Helper()
	rows, err := e.db.Pool.Query(context.Background(),
		`SELECT coalesce(organisation_id::text, ''), action FROM support_audit WHERE user_id = $1 ORDER BY id`, userID)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []opAudit
	for rows.Next() {
		var a opAudit
		if err := rows.Scan(&a.org, &a.action); err != nil {
			t.Fatal(err)
		}
		out = append(out, a)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

func TestOrganisationPlatformSupport(t *testing.T) {
	t.Parallel()
	e, admin, _, adminID := newLoggedIn(t)
	normal, _, normalID := e.loggedIn(t)
	sup, _, superID := e.newSupport(t)

	// The administrator's own work leaves no support record.
	o := opNewOrg(t, admin, "Kreis Birkenfeld")
	p := opNewProject(t, admin, o.ID, "Schulhof")
	opGet[opList[*store.Organisation]](t, admin, opOrgs)
	opGet[store.Organisation](t, admin, opOrgPath(o.ID))
	opGet[opList[store.Person]](t, admin, opOrgPath(o.ID, "/admins"))
	opGet[store.Project](t, admin, opProjPath(p.ID))
	wantStatus(t, admin.do("PUT", opOrgPath(o.ID), map[string]any{"name": "Kreis Birkenfeld", "city": "Birkenfeld", "version": o.Version}), http.StatusOK)
	other := opNewOrg(t, normal, "Gemeinde Pappel")

	// Only support may list every organisation.
	wantError(t, normal.do("GET", opOrgs+"?all=true", nil), http.StatusForbidden, "forbidden", opMsgForbidden)
	wantError(t, admin.do("GET", opOrgs+"?all=true", nil), http.StatusForbidden, "forbidden", opMsgForbidden)
	if n := len(opGet[opList[*store.Organisation]](t, sup, opOrgs).Items); n != 0 {
		t.Fatalf("support's own list has %d organisations", n)
	}
	all := opGet[opList[*store.Organisation]](t, sup, opOrgs+"?all=true")
	ids := opOrgIDs(all.Items)
	if !slices.Contains(ids, o.ID) || !slices.Contains(ids, other.ID) || all.Total != len(all.Items) {
		t.Fatalf("?all=true lists %v (total %d), want %s and %s among them", ids, all.Total, o.ID, other.ID)
	}
	for _, it := range all.Items {
		if it.ID == o.ID && len(it.Roles) != 0 {
			t.Fatalf("support has roles %v in %s", it.Roles, o.ID)
		}
	}

	// Support reads and changes another organisation.
	got := opGet[store.Organisation](t, sup, opOrgPath(o.ID))
	if got.Name != "Kreis Birkenfeld" || got.City != "Birkenfeld" || len(got.Roles) != 0 {
		t.Fatalf("support reads %+v", got)
	}
	r := sup.do("PUT", opOrgPath(o.ID), map[string]any{"name": "Landkreis Birkenfeld", "city": "Birkenfeld", "version": got.Version})
	wantStatus(t, r, http.StatusOK)
	if u := opDecode[store.Organisation](t, r); u.Name != "Landkreis Birkenfeld" || u.Version != got.Version+1 {
		t.Fatalf("support's update %s", r.body)
	}
	if n := opGet[store.Organisation](t, admin, opOrgPath(o.ID)); n.Name != "Landkreis Birkenfeld" {
		t.Fatalf("the administrator sees %q", n.Name)
	}
	opGet[store.Project](t, sup, opProjPath(p.ID))

	want := []opAudit{
		{"", "list organisations"},
		{o.ID, "GET " + opOrgPath(o.ID)},
		{o.ID, "PUT " + opOrgPath(o.ID)},
		{o.ID, "GET " + opProjPath(p.ID)},
	}
	if got := e.opAuditOf(t, superID); !slices.Equal(got, want) {
		t.Fatalf("support audit %v, want %v", got, want)
	}
	for _, id := range []string{adminID, normalID} {
		if got := e.opAuditOf(t, id); len(got) != 0 {
			t.Fatalf("a normal user's calls were recorded as support: %v", got)
		}
	}
	// The refused ?all=true left no record of any organisation either.
	if n := e.count(t, `SELECT count(*) FROM support_audit WHERE organisation_id IN ($1, $2) AND user_id <> $3`, o.ID, other.ID, superID); n != 0 {
		t.Fatalf("%d support records by others", n)
	}
}

// TestExtendDemo: platform support extends an organisation's demo by N days and the support
// record keeps who, which organisation and by how much; its administrator (and anyone else) is
// refused with 403 and nothing changes; a number of days outside 1–90 is a 400 naming `days`.
func TestExtendDemo(t *testing.T) {
	t.Parallel()
	e, admin, _, _ := newLoggedIn(t)
	sup, _, superID := e.newSupport(t)
	o := opNewOrg(t, admin, "Amt Eiche")
	path := "/api/management/organisation/" + o.ID + "/demo/extend"
	until := func() time.Time {
		var u time.Time
		if err := e.db.Pool.QueryRow(context.Background(), `SELECT demo_until FROM organisation WHERE id = $1`, o.ID).Scan(&u); err != nil {
			t.Fatal(err)
		}
		return u
	}
	before := until()

	wantError(t, admin.do("POST", path, map[string]any{"days": 14}), http.StatusForbidden, "forbidden", "")
	if !until().Equal(before) || e.count(t, `SELECT count(*) FROM support_audit WHERE organisation_id = $1`, o.ID) != 0 {
		t.Fatal("a refused extension changed the demo or was recorded")
	}
	for _, days := range []any{0, 91, -3, "7"} {
		r := sup.do("POST", path, map[string]any{"days": days})
		if r.StatusCode != http.StatusBadRequest {
			t.Fatalf("days %v: %d %s", days, r.StatusCode, r.body)
		}
	}
	if !until().Equal(before) {
		t.Fatal("an invalid extension changed the demo")
	}

	r := sup.do("POST", path, map[string]any{"days": 14})
	wantStatus(t, r, http.StatusOK)
	if got := until().Sub(before); got != 14*24*time.Hour {
		t.Fatalf("the demo was extended by %v, want 14 days", got)
	}
	if left := r.json(t)["demo_days_left"].(float64); left < 41 || left > 42 {
		t.Fatalf("demo_days_left %v after 28 + 14 days", left)
	}
	if n := e.count(t, `SELECT count(*) FROM support_audit WHERE user_id = $1 AND organisation_id = $2 AND action = 'extend demo'
		AND (detail->>'days')::int = 14`, superID, o.ID); n != 1 {
		t.Fatalf("%d support records of the extension", n)
	}
	// One extension is one record: the detailed one, not the generic one of every support call too.
	if got := e.opAuditOf(t, superID); len(got) != 1 || got[0] != (opAudit{o.ID, "extend demo"}) {
		t.Fatalf("the extension left the support records %v", got)
	}
	// An ended demo is extended from now: the organisation can be written again.
	e.exec(t, `UPDATE organisation SET demo_until = now() - interval '3 days', demo_notice = 0, demo_ended_at = now() WHERE id = $1`, o.ID)
	wantStatus(t, sup.do("POST", path, map[string]any{"days": 7}), http.StatusOK)
	if u := until(); u.Before(time.Now().Add(6*24*time.Hour)) || u.After(time.Now().Add(8*24*time.Hour)) {
		t.Fatalf("an ended demo extended by 7 days ends %v", u)
	}
	if n := e.count(t, `SELECT count(*) FROM organisation WHERE id = $1 AND demo_notice = 28 AND demo_ended_at IS NULL`, o.ID); n != 1 {
		t.Fatal("the demo's notices did not start over")
	}
	wantStatus(t, admin.do("POST", "/api/management/organisation/"+o.ID+"/projects", map[string]any{"name": "Wieder offen"}), http.StatusCreated)
}
