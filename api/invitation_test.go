package api

import (
	"net/http"
	"regexp"
	"slices"
	"strings"
	"testing"

	"arbor/store"
)

// acceptAs logs in as email (testPassword) and accepts every invitation open to it; it answers
// how many there were.
func (e *env) acceptAs(t *testing.T, email string) int {
	t.Helper()
	b := e.login(t, email, testPassword)
	var list opList[store.MyInvitation]
	list = opGet[opList[store.MyInvitation]](t, b, "/api/management/user/invitations")
	for _, inv := range list.Items {
		wantStatus(t, b.do("POST", "/api/management/user/invitations/"+inv.Kind+"/"+inv.ID, nil), http.StatusOK)
	}
	return len(list.Items)
}

// opAddAdmins invites the addresses (with accounts) to administer the organisation and has each
// accept.
func opAddAdmins(t *testing.T, b *browser, orgID string, emails ...string) {
	t.Helper()
	wantStatus(t, b.do("POST", opOrgPath(orgID, "/admins"), map[string]any{"emails": strings.Join(emails, ",")}), http.StatusOK)
	for _, e := range emails {
		b.e.acceptAs(t, e)
	}
}

// addParticipant invites an address with an account to a job and has it accept.
func (w *treeWorld) addParticipant(t *testing.T, e *env, jobID, email, role string) {
	t.Helper()
	wantStatus(t, w.manager.do("POST", w.url("/api/management/job/"+jobID+"/users"), map[string]any{"emails": email, "role": role}), http.StatusOK)
	e.acceptAs(t, email)
}

var uuidText = regexp.MustCompile(`[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}`)

// sameBut compares two answers with the address each was about, and times, taken out.
func sameBut(t *testing.T, what string, a *resp, aEmail string, b *resp, bEmail string) {
	t.Helper()
	norm := func(r *resp, email string) string {
		s := regexp.MustCompile(`"createdAt":"[^"]*"`).ReplaceAllString(string(r.body), `"createdAt":"T"`)
		return strings.ReplaceAll(strings.ToLower(s), strings.ToLower(email), "EMAIL")
	}
	if a.StatusCode != b.StatusCode || norm(a, aEmail) != norm(b, bEmail) {
		t.Fatalf("%s: the answers for an account and for an unknown address differ:\n%d %s\n%d %s", what,
			a.StatusCode, a.body, b.StatusCode, b.body)
	}
}

// TestInvitationsRevealNoAccount (issue 22, finding 3): adding an administrator, sharing a project
// and assigning to a job answer the same for an address with an account and one without — the
// same status, the same body, no names — and grant nothing before the person accepts. The account
// accepts or declines in the app (the link of its e-mail); the address accepts by registering.
func TestInvitationsRevealNoAccount(t *testing.T) {
	t.Parallel()
	e, w := newTreeWorld(t)
	a := e.login(t, w.admin, testPassword)
	job := w.manager.do("POST", w.url("/api/management/job"), map[string]any{"name": "Crew B"}).json(t)["id"].(string)

	type kind struct {
		name, path, listPath string
		body                 func(email string) map[string]any
		by                   *browser
		granted              string // SQL: a row of the role for the account $1
	}
	kinds := []kind{
		{"administrator", opOrgPath(w.org, "/admins"), opOrgPath(w.org, "/admins"),
			func(m string) map[string]any { return map[string]any{"emails": m} }, a,
			`SELECT count(*) FROM organisation_admin WHERE user_id = $1`},
		{"project", opProjPath(w.quiet, "/users"), opProjPath(w.quiet, "/users"),
			func(m string) map[string]any { return map[string]any{"emails": m, "access": 2} }, a,
			`SELECT count(*) FROM project_member WHERE user_id = $1`},
		{"job", w.url("/api/management/job/" + job + "/users"), w.url("/api/management/job/" + job + "/users"),
			func(m string) map[string]any { return map[string]any{"emails": m, "role": "care"} }, w.manager,
			`SELECT count(*) FROM job_member WHERE user_id = $1`},
	}
	for _, k := range kinds {
		known, unknown := newEmail(t), newEmail(t)
		knownID := e.signUp(t, known, testPassword)
		// Each address alone, so both answers can be compared whole.
		rKnown := k.by.do("POST", k.path, k.body(known))
		wantStatus(t, rKnown, http.StatusOK)
		rUnknown := k.by.do("POST", k.path, k.body(unknown))
		// The second answer lists both invitations; compare each with the first address's row.
		rKnownAgain := k.by.do("GET", k.listPath, nil)
		sameBut(t, k.name+": the invited address's row", rowOf(t, rKnownAgain, known), known, rowOf(t, rUnknown, unknown), unknown)
		wantStatus(t, rUnknown, http.StatusOK)
		if m1, m2 := rKnown.json(t)["message"], rUnknown.json(t)["message"]; m1 != m2 {
			t.Fatalf("%s: messages %q and %q", k.name, m1, m2)
		}
		for _, r := range []*resp{rKnown, rUnknown, rKnownAgain} {
			if strings.Contains(string(r.body), knownID) || strings.Contains(string(r.body), `"firstName":"Ada"`) && k.name != "administrator" {
				t.Fatalf("%s: the answer reveals the account: %s", k.name, r.body)
			}
		}
		// Inviting either again is refused alike.
		sameBut(t, k.name+": again", k.by.do("POST", k.path, k.body(known)), known, k.by.do("POST", k.path, k.body(unknown)), unknown)

		// Nothing is granted before accepting.
		if n := e.count(t, k.granted, knownID); n != 0 {
			t.Fatalf("%s: granted before accepting (%d rows)", k.name, n)
		}
		mail := e.mail.last(t, known)
		if l := linkIn(t, mail.Text, "/invitations"); l.path != "/invitations" {
			t.Fatalf("%s: the account's mail has no link to accept:\n%s", k.name, mail.Text)
		}
		if l := linkIn(t, e.mail.last(t, unknown).Text, "/register"); !strings.EqualFold(l.email, unknown) {
			t.Fatalf("%s: the unknown address's mail links %q", k.name, l.email)
		}

		// The account sees the invitation and accepts it; the unknown address registers.
		b := e.login(t, known, testPassword)
		invs := opGet[opList[store.MyInvitation]](t, b, "/api/management/user/invitations").Items
		if len(invs) != 1 || !strings.Contains(invs[0].By, "Ada") {
			t.Fatalf("%s: invitations %+v", k.name, invs)
		}
		wantStatus(t, b.do("POST", "/api/management/user/invitations/"+invs[0].Kind+"/"+invs[0].ID, nil), http.StatusOK)
		wantError(t, b.do("POST", "/api/management/user/invitations/"+invs[0].Kind+"/"+invs[0].ID, nil), http.StatusNotFound, "not_found", "")
		if n := e.count(t, k.granted, knownID); n != 1 {
			t.Fatalf("%s: %d roles after accepting, want 1", k.name, n)
		}
		unknownID := e.signUp(t, unknown, testPassword)
		if n := e.count(t, k.granted, unknownID); n != 1 {
			t.Fatalf("%s: %d roles after registering, want 1", k.name, n)
		}
	}

	// Declining: the invitation is gone and nothing is granted; another's invitation cannot be
	// answered.
	declining := newEmail(t)
	decliningID := e.signUp(t, declining, testPassword)
	wantStatus(t, a.do("POST", opProjPath(w.quiet, "/users"), map[string]any{"emails": declining, "access": 1}), http.StatusOK)
	outsider := e.login(t, w.outsider, testPassword)
	wantStatus(t, outsider.do("POST", "/api/management/user/invitations/project/"+w.quiet, nil), http.StatusNotFound)
	wantStatus(t, outsider.do("DELETE", "/api/management/user/invitations/project/"+w.quiet, nil), http.StatusNotFound)
	d := e.login(t, declining, testPassword)
	d.lang = "de"
	wantError(t, d.do("POST", "/api/management/user/invitations/nonsense/"+w.quiet, nil), http.StatusNotFound, "not_found", "")
	r := d.do("DELETE", "/api/management/user/invitations/project/"+w.quiet, nil)
	wantStatus(t, r, http.StatusOK)
	if n := len(opDecode[opList[store.MyInvitation]](t, r).Items); n != 0 {
		t.Fatalf("%d invitations after declining", n)
	}
	wantError(t, d.do("DELETE", "/api/management/user/invitations/project/"+w.quiet, nil), http.StatusNotFound, "not_found",
		"Diese Einladung gibt es nicht (mehr).")
	if n := e.count(t, `SELECT count(*) FROM project_member WHERE user_id = $1`, decliningID); n != 0 {
		t.Fatal("a declined invitation granted access")
	}
	if n := e.count(t, `SELECT count(*) FROM project_invitation WHERE email = lower($1)`, declining); n != 0 {
		t.Fatal("a declined invitation stayed")
	}

	// An administrator's invitation is listed by address and may be withdrawn.
	later := newEmail(t)
	r = a.do("POST", opOrgPath(w.org, "/admins"), map[string]any{"emails": later})
	wantStatus(t, r, http.StatusOK)
	if msg := r.json(t)["message"]; msg != "Invitation sent. Nobody becomes an administrator before accepting it." {
		t.Fatalf("message %q", msg)
	}
	invited := func() []string {
		var out []string
		for _, i := range opGet[struct {
			Invitations []store.AdminInvitation `json:"invitations"`
		}](t, a, opOrgPath(w.org, "/admins")).Invitations {
			out = append(out, i.Email)
		}
		return out
	}
	if got := invited(); !slices.Contains(got, strings.ToLower(later)) {
		t.Fatalf("administrator invitations %v", got)
	}
	wantStatus(t, a.do("DELETE", opOrgPath(w.org, "/admins/"+later), nil), http.StatusNoContent)
	wantStatus(t, a.do("DELETE", opOrgPath(w.org, "/admins/"+later), nil), http.StatusNotFound)
	if got := invited(); slices.Contains(got, strings.ToLower(later)) {
		t.Fatalf("a withdrawn invitation is listed: %v", got)
	}
}

// rowOf cuts the row about email out of a list answer (items, invitations), as an answer of its
// own for sameBut.
func rowOf(t *testing.T, r *resp, email string) *resp {
	t.Helper()
	m := r.json(t)
	for _, field := range []string{"items", "invitations"} {
		list, _ := m[field].([]any)
		for _, x := range list {
			row := x.(map[string]any)
			if e, _ := row["email"].(string); strings.EqualFold(e, email) {
				return &resp{Response: r.Response, body: []byte(mustJSON(t, row))}
			}
		}
	}
	t.Fatalf("no row for %s in %s", email, r.body)
	return nil
}
