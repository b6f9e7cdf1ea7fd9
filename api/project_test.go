package api

import (
	"net/http"
	"net/url"
	"reflect"
	"slices"
	"strings"
	"testing"

	"arbor/store"
)

const opProjectList = "/api/management/project-list"

func opProjectIDs(list []*store.Project) []string {
	var ids []string
	for _, p := range list {
		ids = append(ids, p.ID)
	}
	return ids
}

func TestProjectCreate(t *testing.T) {
	t.Parallel()
	_, a, _, _ := newLoggedIn(t)
	o1 := opNewOrg(t, a, "Stadt Kastanie")
	o2 := opNewOrg(t, a, "Stadt Robinie")

	r := a.do("POST", opOrgPath(o1.ID, "/projects"), map[string]any{"name": " Stadtpark ", "note": "Ostteil", "companyName": "Grün GmbH"})
	wantStatus(t, r, http.StatusCreated)
	p := opDecode[store.Project](t, r)
	if p.ID == "" || p.Name != "Stadtpark" || p.Note != "Ostteil" || p.CompanyName != "Grün GmbH" || p.Organisation != o1.ID ||
		p.OrganisationName != "Stadt Kastanie" || p.Role != "manager" || !p.UniqueNumber || p.ShowNumberText ||
		p.Version != 1 || p.Terminated {
		t.Fatalf("created project %s", r.body)
	}
	r = a.do("POST", opOrgPath(o1.ID, "/projects"), map[string]any{"name": "Friedhof", "unique_number": false, "show_number_text": true})
	wantStatus(t, r, http.StatusCreated)
	if q := opDecode[store.Project](t, r); q.UniqueNumber || !q.ShowNumberText {
		t.Fatalf("repeating numbers: %s", r.body)
	}

	// The name is unique within the organisation, whatever the case and spacing.
	const exists = "A project with this name exists already in this organisation."
	for _, name := range []string{"Stadtpark", "STADTPARK", "  stadtPark "} {
		m := wantError(t, a.do("POST", opOrgPath(o1.ID, "/projects"), map[string]any{"name": name}), http.StatusConflict, "conflict", exists)
		wantFields(t, m, map[string]string{"name": exists})
	}
	a.lang = "de"
	wantError(t, a.do("POST", opOrgPath(o1.ID, "/projects"), map[string]any{"name": "stadtpark"}), http.StatusConflict, "conflict",
		"In dieser Organisation gibt es bereits ein Projekt mit diesem Namen.")
	a.lang = "en"
	// ... but another organisation may have one of the same name.
	r = a.do("POST", opOrgPath(o2.ID, "/projects"), map[string]any{"name": "Stadtpark"})
	wantStatus(t, r, http.StatusCreated)
	if q := opDecode[store.Project](t, r); q.Organisation != o2.ID || q.OrganisationName != "Stadt Robinie" {
		t.Fatalf("project in the second organisation %s", r.body)
	}

	// Validation names every field.
	long := strings.Repeat("x", 2001)
	m := wantError(t, a.do("POST", opOrgPath(o1.ID, "/projects"), map[string]any{"name": "  ", "note": long}), http.StatusBadRequest, "invalid", opMsgInvalid)
	wantFields(t, m, map[string]string{"name": msgRequired, "note": ""})
	m = wantError(t, a.do("POST", opOrgPath(o1.ID, "/projects"), map[string]any{"note": "n"}), http.StatusBadRequest, "invalid", opMsgInvalid)
	wantFields(t, m, map[string]string{"name": msgRequired})
	m = wantError(t, a.do("POST", opOrgPath(o1.ID, "/projects"), map[string]any{"name": "Long note", "note": long}), http.StatusBadRequest, "invalid", "")
	wantFields(t, m, map[string]string{"note": ""})
	m = wantError(t, a.do("POST", opOrgPath(o1.ID, "/projects"), map[string]any{"name": strings.Repeat("n", 101)}), http.StatusBadRequest, "invalid", "")
	wantFields(t, m, map[string]string{"name": "This is too long: at most 100 characters."})
	wantStatus(t, a.do("POST", opOrgPath(o1.ID, "/projects"), map[string]any{"name": "Long note", "note": strings.Repeat("x", 2000)}), http.StatusCreated)

	if got := opGet[store.Organisation](t, a, opOrgPath(o1.ID)); got.ProjectCount != 3 {
		t.Fatalf("organisation 1 has %d projects, want 3", got.ProjectCount)
	}
	if got := opGet[store.Organisation](t, a, opOrgPath(o2.ID)); got.ProjectCount != 1 {
		t.Fatalf("organisation 2 has %d projects, want 1", got.ProjectCount)
	}
}

func TestProjectListAndOpen(t *testing.T) {
	t.Parallel()
	e, a, _, _ := newLoggedIn(t)
	m, mEmail, _ := e.loggedIn(t)
	stranger, _, _ := e.loggedIn(t)
	o1 := opNewOrg(t, a, "Amt Eibe")
	o2 := opNewOrg(t, a, "Amt Erle")
	p1 := opNewProject(t, a, o1.ID, "Bahnhof")
	p2 := opNewProject(t, a, o1.ID, "Rathaus")
	p3 := opNewProject(t, a, o2.ID, "Hafen")

	// The administrator sees every project of its organisations, narrowed on request.
	all := opGet[opList[*store.Project]](t, a, opProjectList)
	if ids := opProjectIDs(all.Items); len(ids) != 3 || !slices.Contains(ids, p1.ID) || !slices.Contains(ids, p2.ID) ||
		!slices.Contains(ids, p3.ID) || all.Total != 3 {
		t.Fatalf("administrator's projects %v", ids)
	}
	for _, p := range all.Items {
		want := map[string]string{p1.ID: "Amt Eibe", p2.ID: "Amt Eibe", p3.ID: "Amt Erle"}[p.ID]
		if p.OrganisationName != want || p.Role != "manager" {
			t.Fatalf("listed %s: organisationName %q role %q", p.Name, p.OrganisationName, p.Role)
		}
	}
	narrowed := opGet[opList[*store.Project]](t, a, opProjectList+"?organisation="+o2.ID)
	if ids := opProjectIDs(narrowed.Items); !slices.Equal(ids, []string{p3.ID}) {
		t.Fatalf("?organisation=%s lists %v", o2.ID, ids)
	}
	narrowed = opGet[opList[*store.Project]](t, a, opProjectList+"?organisation="+o1.ID)
	if ids := opProjectIDs(narrowed.Items); len(ids) != 2 || slices.Contains(ids, p3.ID) {
		t.Fatalf("?organisation=%s lists %v", o1.ID, ids)
	}
	wantError(t, a.do("GET", opProjectList+"?organisation=nonsense", nil), http.StatusNotFound, "not_found", opMsgNotFound)
	if l := opGet[opList[*store.Project]](t, stranger, opProjectList); len(l.Items) != 0 {
		t.Fatalf("a stranger lists %v", opProjectIDs(l.Items))
	}
	if l := opGet[opList[*store.Project]](t, stranger, opProjectList+"?organisation="+o1.ID); len(l.Items) != 0 {
		t.Fatalf("a stranger lists %v in another organisation", opProjectIDs(l.Items))
	}

	// An administrator who is no member has recent projects too, and counts among its people.
	if got := opGet[store.Project](t, a, opProjPath(p1.ID)); got.MemberCount != 1 {
		t.Fatalf("people with access to a new project: %d, want 1 (its administrator)", got.MemberCount)
	}
	if ids := opProjectIDs(opGet[opList[*store.Project]](t, a, opProjectList).Items); ids[0] != p1.ID {
		t.Fatalf("administrator's recent projects %v, want %s first", ids, p1.ID)
	}

	// A member sees the shared projects only, the most recently opened first.
	opShare(t, a, p1.ID, mEmail, 2)
	opShare(t, a, p2.ID, mEmail, 1)
	order := func() []string {
		t.Helper()
		return opProjectIDs(opGet[opList[*store.Project]](t, m, opProjectList).Items)
	}
	if got := order(); !slices.Equal(got, []string{p2.ID, p1.ID}) { // never opened: newest first
		t.Fatalf("member's projects before opening %v, want [%s %s]", got, p2.ID, p1.ID)
	}
	for _, open := range []store.Project{p1, p2, p1} {
		got := opGet[store.Project](t, m, opProjPath(open.ID))
		if got.OpenedAt == nil {
			t.Fatalf("GET %s left opened_at empty", open.Name)
		}
		want := []string{open.ID, p1.ID}
		if open.ID == p1.ID {
			want = []string{p1.ID, p2.ID}
		}
		if got := order(); !slices.Equal(got, want) {
			t.Fatalf("after opening %s: %v, want %v", open.Name, got, want)
		}
	}
	list := opGet[opList[*store.Project]](t, m, opProjectList)
	for _, p := range list.Items {
		want := map[string]string{p1.ID: "editor", p2.ID: "reader"}[p.ID]
		if p.Role != want || p.OrganisationName != "Amt Eibe" || p.OpenedAt == nil {
			t.Fatalf("member's %s: role %q organisationName %q opened %v", p.Name, p.Role, p.OrganisationName, p.OpenedAt)
		}
	}
	if l := opGet[opList[*store.Project]](t, m, opProjectList+"?organisation="+o2.ID); len(l.Items) != 0 {
		t.Fatalf("member lists %v in an organisation without access", opProjectIDs(l.Items))
	}
	wantError(t, m.do("GET", opProjPath(p3.ID), nil), http.StatusNotFound, "not_found", opMsgNotFound)
}

func TestProjectUpdate(t *testing.T) {
	t.Parallel()
	e, a, _, _ := newLoggedIn(t)
	reader, readerEmail, _ := e.loggedIn(t)
	manager, managerEmail, _ := e.loggedIn(t)
	o := opNewOrg(t, a, "Forstamt Lärche")
	p := opNewProject(t, a, o.ID, "Waldweg")
	opNewProject(t, a, o.ID, "Lichtung")
	opShare(t, a, p.ID, readerEmail, 1)
	opShare(t, a, p.ID, managerEmail, 0)

	r := a.do("PUT", opProjPath(p.ID), map[string]any{"name": "Waldweg Nord", "note": "neu", "companyName": "Forst AG",
		"show_number_text": true, "unique_number": false, "version": p.Version})
	wantStatus(t, r, http.StatusOK)
	u := opDecode[store.Project](t, r)
	if u.Name != "Waldweg Nord" || u.Note != "neu" || u.CompanyName != "Forst AG" || !u.ShowNumberText || u.UniqueNumber ||
		u.Version != p.Version+1 || u.Role != "manager" {
		t.Fatalf("updated project %s", r.body)
	}

	// A stale version is refused with the current state.
	m := wantError(t, a.do("PUT", opProjPath(p.ID), map[string]any{"name": "Lost", "version": p.Version}), http.StatusConflict, "conflict", opMsgStale)
	cur, _ := m["current"].(map[string]any)
	if cur == nil || cur["name"] != "Waldweg Nord" || cur["version"] != float64(u.Version) || cur["role"] != "manager" {
		t.Fatalf("stale project update: current %v", m["current"])
	}
	m = wantError(t, a.do("PUT", opProjPath(p.ID), map[string]any{"name": "No version"}), http.StatusBadRequest, "invalid", "")
	wantFields(t, m, map[string]string{"version": msgRequired})
	m = wantError(t, a.do("PUT", opProjPath(p.ID), map[string]any{"name": "", "version": u.Version}), http.StatusBadRequest, "invalid", "")
	wantFields(t, m, map[string]string{"name": msgRequired})
	// Renaming onto another project's name is refused like creating it.
	wantError(t, a.do("PUT", opProjPath(p.ID), map[string]any{"name": "LICHTUNG", "version": u.Version}), http.StatusConflict, "conflict",
		"A project with this name exists already in this organisation.")

	// A reader may look but not change; a manager member may change.
	if got := opGet[store.Project](t, reader, opProjPath(p.ID)); got.Role != "reader" || got.Name != "Waldweg Nord" {
		t.Fatalf("reader sees %+v", got)
	}
	wantError(t, reader.do("PUT", opProjPath(p.ID), map[string]any{"name": "Reader's", "version": u.Version}), http.StatusForbidden, "forbidden", opMsgForbidden)
	r = manager.do("PUT", opProjPath(p.ID), map[string]any{"name": "Waldweg Süd", "unique_number": true, "version": u.Version})
	wantStatus(t, r, http.StatusOK)
	if got := opDecode[store.Project](t, r); got.Name != "Waldweg Süd" || !got.UniqueNumber || got.Version != u.Version+1 || got.Role != "manager" {
		t.Fatalf("manager's update %s", r.body)
	}
}

func opMember(t *testing.T, list []store.ProjectMember, email string) store.ProjectMember {
	t.Helper()
	for _, m := range list {
		if strings.EqualFold(m.Email, email) {
			return m
		}
	}
	t.Fatalf("%s is not among the members %+v", email, list)
	return store.ProjectMember{}
}

func opMembers(t *testing.T, b *browser, projectID string) []store.ProjectMember {
	t.Helper()
	return opGet[opList[store.ProjectMember]](t, b, opProjPath(projectID, "/users")).Items
}

func TestProjectSharing(t *testing.T) {
	t.Parallel()
	e, a, _, _ := newLoggedIn(t)
	u, uEmail, uID := e.loggedIn(t)
	invited := newEmail(t)
	o := opNewOrg(t, a, "Gartenamt Buche")
	p := opNewProject(t, a, o.ID, "Rosengarten")

	// One account and one address without an account, at once: both are invited alike, by
	// address only (TestInvitationsRevealNoAccount compares the answers).
	r := a.do("POST", opProjPath(p.ID, "/users"), map[string]any{"emails": uEmail + ", " + strings.ToUpper(invited), "access": 1})
	wantStatus(t, r, http.StatusOK)
	ans := opDecode[opList[store.ProjectMember]](t, r)
	if ans.Message != "Invitation sent. Access is granted once it is accepted." || len(ans.Items) != 2 || ans.Total != 2 {
		t.Fatalf("share answer %s", r.body)
	}
	for _, email := range []string{uEmail, invited} {
		if m := opMember(t, ans.Items, email); !m.Pending || m.Access != 1 || m.UserID != nil || m.FirstName != "" {
			t.Fatalf("invitation %+v", m)
		}
	}
	if !reflect.DeepEqual(opMembers(t, a, p.ID), ans.Items) {
		t.Fatal("the members list differs from the share answer")
	}

	// The account is asked to accept in the app; the address is invited to register.
	shared := e.mail.last(t, uEmail)
	if shared.Subject != "Ada Baum invites you to the project Rosengarten" || !strings.Contains(shared.Text, "Accept or decline the invitation") {
		t.Fatalf("shared mail %q:\n%s", shared.Subject, shared.Text)
	}
	linkIn(t, shared.Text, "/invitations")
	inv := e.mail.to(invited)
	if len(inv) != 1 || !strings.Contains(inv[0].Subject, "Rosengarten") || !strings.Contains(inv[0].Text, "Register with this e-mail address") {
		t.Fatalf("invitation mails %+v", inv)
	}
	if l := linkIn(t, inv[0].Text, "/register"); !strings.EqualFold(l.email, invited) {
		t.Fatalf("invitation link for %q, want %q", l.email, invited)
	}
	wantStatus(t, u.do("GET", opProjPath(p.ID), nil), http.StatusNotFound)
	if e.acceptAs(t, uEmail) != 1 {
		t.Fatal("the account had no invitation to accept")
	}
	if mu := opMember(t, opMembers(t, a, p.ID), uEmail); mu.Pending || mu.Access != 1 || mu.UserID == nil || *mu.UserID != uID || mu.FirstName != "Ada" {
		t.Fatalf("member after accepting %+v", mu)
	}

	// Sharing again with either is refused, naming the address; nothing changes, nobody is mailed.
	fresh := newEmail(t)
	before := opMembers(t, a, p.ID)
	for _, tc := range []struct{ emails, named string }{
		{uEmail, uEmail},
		{fresh + ", " + invited, invited},
		{fresh + ", " + strings.ToUpper(uEmail), strings.ToUpper(uEmail)},
	} {
		msg := tc.named + " has access to the project already or is invited."
		m := wantError(t, a.do("POST", opProjPath(p.ID, "/users"), map[string]any{"emails": tc.emails, "access": 2}),
			http.StatusConflict, "conflict", msg)
		wantFields(t, m, map[string]string{"emails": msg})
	}
	if after := opMembers(t, a, p.ID); !reflect.DeepEqual(after, before) {
		t.Fatalf("refused shares changed the members: %+v", after)
	}
	if n := len(e.mail.to(fresh)); n != 0 {
		t.Fatalf("a refused share mailed %d invitations", n)
	}
	if n := len(e.mail.to(uEmail)); n != 2 { // confirmation and the one invitation
		t.Fatalf("%d mails to the member", n)
	}

	// The access level must be one of 0..3.
	const accessMsg = "Please choose an access level: Management, View, Edit or Care."
	for _, body := range []map[string]any{{"emails": fresh}, {"emails": fresh, "access": 7}, {"emails": fresh, "access": -1}} {
		m := wantError(t, a.do("POST", opProjPath(p.ID, "/users"), body), http.StatusBadRequest, "invalid", opMsgInvalid)
		wantFields(t, m, map[string]string{"access": accessMsg})
	}
	m := wantError(t, a.do("POST", opProjPath(p.ID, "/users"), map[string]any{"emails": "nobody@", "access": 9}), http.StatusBadRequest, "invalid", "")
	wantFields(t, m, map[string]string{"access": accessMsg, "emails": "Please enter one or more e-mail addresses, separated by commas."})
	if n := len(opMembers(t, a, p.ID)); n != 2 {
		t.Fatalf("refused shares left %d members", n)
	}

	// The invited address registers, confirms, and finds the project with View access.
	invitedID := e.signUp(t, invited, testPassword)
	ib := e.login(t, invited, testPassword)
	list := opGet[opList[*store.Project]](t, ib, opProjectList)
	if len(list.Items) != 1 || list.Items[0].ID != p.ID || list.Items[0].Role != "reader" || list.Items[0].OrganisationName != "Gartenamt Buche" {
		t.Fatalf("the newly registered user's projects %+v", list.Items)
	}
	if got := opGet[store.Project](t, ib, opProjPath(p.ID)); got.Role != "reader" {
		t.Fatalf("role %q, want reader", got.Role)
	}
	if mi := opMember(t, opMembers(t, a, p.ID), invited); mi.Pending || mi.UserID == nil || *mi.UserID != invitedID || mi.Access != 1 {
		t.Fatalf("the accepted invitation %+v", mi)
	}

	// Changing a member's level.
	r = a.do("PUT", opProjPath(p.ID, "/users/"+uID), map[string]any{"access": 2})
	wantStatus(t, r, http.StatusOK)
	if mu := opMember(t, opDecode[opList[store.ProjectMember]](t, r).Items, uEmail); mu.Access != 2 {
		t.Fatalf("after the change %+v", mu)
	}
	if got := opGet[store.Project](t, u, opProjPath(p.ID)); got.Role != "editor" {
		t.Fatalf("role %q after the change, want editor", got.Role)
	}
	m = wantError(t, a.do("PUT", opProjPath(p.ID, "/users/"+uID), map[string]any{"access": 4}), http.StatusBadRequest, "invalid", "")
	wantFields(t, m, map[string]string{"access": accessMsg})
	wantError(t, a.do("PUT", opProjPath(p.ID, "/users/"+uID), map[string]any{}), http.StatusBadRequest, "invalid", "")
	wantError(t, a.do("PUT", opProjPath(p.ID, "/users/5b0e4f0c-7d4b-4c7e-9b8a-3f2f7d9a1c11"), map[string]any{"access": 1}),
		http.StatusNotFound, "not_found", opMsgNotFound)

	// ... and an invitation's, by its address.
	later := newEmail(t)
	opShare(t, a, p.ID, later, 1)
	r = a.do("PUT", opProjPath(p.ID, "/users/"+url.PathEscape(strings.ToUpper(later))), map[string]any{"access": 3})
	wantStatus(t, r, http.StatusOK)
	if ml := opMember(t, opDecode[opList[store.ProjectMember]](t, r).Items, later); !ml.Pending || ml.Access != 3 {
		t.Fatalf("changed invitation %+v", ml)
	}
	wantError(t, a.do("PUT", opProjPath(p.ID, "/users/"+newEmail(t)), map[string]any{"access": 1}), http.StatusNotFound, "not_found", opMsgNotFound)

	// Revoking an invitation and a membership.
	r = a.do("DELETE", opProjPath(p.ID, "/users/"+later), nil)
	wantStatus(t, r, http.StatusOK)
	for _, x := range opDecode[opList[store.ProjectMember]](t, r).Items {
		if strings.EqualFold(x.Email, later) {
			t.Fatal("the revoked invitation is still listed")
		}
	}
	wantStatus(t, a.do("DELETE", opProjPath(p.ID, "/users/"+uID), nil), http.StatusOK)
	wantError(t, a.do("DELETE", opProjPath(p.ID, "/users/"+uID), nil), http.StatusNotFound, "not_found", opMsgNotFound)
	wantError(t, u.do("GET", opProjPath(p.ID), nil), http.StatusNotFound, "not_found", opMsgNotFound)
	if l := opGet[opList[*store.Project]](t, u, opProjectList); len(l.Items) != 0 {
		t.Fatalf("the revoked member still lists %v", opProjectIDs(l.Items))
	}
	if l := opGet[opList[*store.Organisation]](t, u, opOrgs); len(l.Items) != 0 {
		t.Fatalf("the revoked member still lists organisations %v", opOrgIDs(l.Items))
	}
	rest := opMembers(t, a, p.ID)
	if len(rest) != 1 || *rest[0].UserID != invitedID {
		t.Fatalf("members after revoking %+v", rest)
	}
}

func TestProjectAssignments(t *testing.T) {
	t.Parallel()
	e, a, _, _ := newLoggedIn(t)
	_, uEmail, uID := e.loggedIn(t)
	_, wEmail, wID := e.loggedIn(t)
	invited := newEmail(t)
	o := opNewOrg(t, a, "Bezirk Walnuss")
	other := opNewOrg(t, a, "Bezirk Hasel")
	p := opNewProject(t, a, o.ID, "Anger")
	q := opNewProject(t, a, o.ID, "Brunnen")
	elsewhere := opNewProject(t, a, other.ID, "Chaussee")
	opShare(t, a, p.ID, uEmail+","+invited, 2)
	opShare(t, a, q.ID, wEmail, 0)
	opShare(t, a, q.ID, uEmail, 3)
	opShare(t, a, elsewhere.ID, wEmail, 1)

	got := opGet[opList[store.Assignment]](t, a, opOrgPath(o.ID, "/assignments"))
	type row struct {
		project, user, email string
		access               int16
		pending              bool
	}
	var rows []row
	for _, x := range got.Items {
		user := ""
		if x.UserID != nil {
			user = *x.UserID
		}
		rows = append(rows, row{x.ProjectID, user, strings.ToLower(x.Email), x.Access, x.Pending})
		if (x.ProjectID == p.ID) != (x.ProjectName == "Anger") {
			t.Fatalf("assignment %+v names the wrong project", x)
		}
	}
	want := []row{
		{p.ID, uID, strings.ToLower(uEmail), 2, false},
		{p.ID, "", strings.ToLower(invited), 2, true},
		{q.ID, uID, strings.ToLower(uEmail), 3, false},
		{q.ID, wID, strings.ToLower(wEmail), 0, false},
	}
	key := func(r row) string { return r.project + r.email }
	slices.SortFunc(rows, func(x, y row) int { return strings.Compare(key(x), key(y)) })
	slices.SortFunc(want, func(x, y row) int { return strings.Compare(key(x), key(y)) })
	if !slices.Equal(rows, want) || got.Total != 4 {
		t.Fatalf("assignments %+v, want %+v", rows, want)
	}
	if n := len(opGet[opList[store.Assignment]](t, a, opOrgPath(other.ID, "/assignments")).Items); n != 1 {
		t.Fatalf("the other organisation has %d assignments, want 1", n)
	}
}

// TestDemoProjectWizard: a new organisation's administrator runs the wizard and gets a project
// with the sample's trees, which the map's tiles and the data table can read; bad input is a 400
// naming the field, someone else gets 404, and nothing is created by either.
func TestDemoProjectWizard(t *testing.T) {
	t.Parallel()
	e, admin, _, _ := newLoggedIn(t)
	r := admin.do("POST", "/api/management/organisation/new", map[string]any{"name": "Wizard " + t.Name()})
	wantStatus(t, r, http.StatusCreated)
	org := r.json(t)["id"].(string)
	path := "/api/management/organisation/" + org + "/demo-project"

	m := wantError(t, admin.do("POST", path, map[string]any{"name": " ", "fields": []string{"street"}}), http.StatusBadRequest, "invalid", "")
	wantFields(t, m, map[string]string{"name": ""})
	m = wantError(t, admin.do("POST", path, map[string]any{"name": "Altstadt", "fields": []string{"street", "price"}}), http.StatusBadRequest, "invalid", "")
	wantFields(t, m, map[string]string{"fields": ""})
	stranger, _, _ := e.loggedIn(t)
	wantStatus(t, stranger.do("POST", path, map[string]any{"name": "Altstadt"}), http.StatusNotFound)
	if n := e.count(t, `SELECT count(*) FROM project WHERE organisation_id = $1`, org); n != 0 {
		t.Fatalf("refused wizards left %d projects", n)
	}

	r = admin.do("POST", path, map[string]any{"name": "Altstadt", "fields": []string{"street", "area"}})
	wantStatus(t, r, http.StatusCreated)
	res := r.json(t)
	p := res["project"].(map[string]any)
	id := p["id"].(string)
	if p["name"] != "Altstadt" || p["role"] != "manager" || p["tree_count"].(float64)+p["group_count"].(float64) == 0 ||
		res["checks"].(float64) == 0 || res["works"].(float64) == 0 || res["job"] == "" {
		t.Fatalf("wizard answered %v", res)
	}
	r = admin.do("POST", "/api/content/data?project="+id, map[string]any{"limit": 5})
	wantStatus(t, r, http.StatusOK)
	if r.json(t)["total"].(float64) != p["tree_count"].(float64)+p["group_count"].(float64) {
		t.Fatalf("the data table of the demo project: %v", r.json(t))
	}
	wantStatus(t, admin.do("GET", "/api/management/job?project="+id, nil), http.StatusOK)
	// The same name again is the project that exists.
	wantError(t, admin.do("POST", path, map[string]any{"name": "altstadt"}), http.StatusConflict, "conflict", "")
}
