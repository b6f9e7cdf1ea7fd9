package api

import (
	"maps"
	"net/http"
	"strings"
	"testing"
)

// TestJobs: a manager builds a job from ids and a filter, is warned of objects in other jobs,
// releases it, and then neither the job nor its items change; completing and deleting follow
// the status rules of docs/DECISIONS.md.
func TestJobs(t *testing.T) {
	t.Parallel()
	e, w := newTreeWorld(t)
	var ids []string
	for i := 0; i < 4; i++ {
		ids = append(ids, w.createTree(t, w.editor, map[string]any{"geom": point(9.43+float64(i)*0.001, 54.78), "vitality": i % 2})["id"].(string))
	}
	work := w.addWork(t, w.care, ids[0], w.pruning, nil)
	jobs := w.url("/api/management/job")

	// Only management builds jobs.
	wantStatus(t, w.editor.do("POST", jobs, map[string]any{"name": "Spring round"}), http.StatusForbidden)
	r := w.manager.do("POST", jobs, map[string]any{"name": "Spring round", "note": "North side"})
	wantStatus(t, r, http.StatusCreated)
	job := r.json(t)
	id := job["id"].(string)
	wantError(t, w.manager.do("POST", jobs, map[string]any{"name": "spring ROUND"}), http.StatusConflict, "conflict", "A job of this name exists in the project already.")

	// Items by id (a work among them) and by filter; another project's tree is not found, and
	// refuses the whole selection (TestJobListCallsRefuseForeignIDs).
	foreign := e.insertID(t, `INSERT INTO tree (organisation_id, project_id, geom, number) VALUES ($1, $2, ST_SetSRID(ST_MakePoint(9, 54), 4326), 1) RETURNING id::text`, w.org, w.quiet)
	r = w.manager.do("POST", w.url("/api/content/job/add-list"), map[string]any{"job": id, "ids": []string{ids[0], foreign}, "actions": []string{work["id"].(string)}})
	wantStatus(t, r, http.StatusNotFound)
	r = w.manager.do("POST", w.url("/api/content/job/add-list"), map[string]any{"job": id, "ids": []string{ids[0]}, "actions": []string{work["id"].(string)}})
	wantStatus(t, r, http.StatusOK)
	if a := r.json(t); a["changed"] != 2.0 || a["job"].(map[string]any)["tree_count"] != 1.0 || a["job"].(map[string]any)["action_count"] != 1.0 {
		t.Fatalf("add-list %v", a)
	}
	vital := map[string]any{"conditions": []any{map[string]any{"field": "vitality", "op": "eq", "value": 1}}}
	r = w.manager.do("POST", w.url("/api/content/job/add-filter"), map[string]any{"job": id, "filter": vital})
	wantStatus(t, r, http.StatusOK)
	if a := r.json(t); a["changed"] != 2.0 || a["job"].(map[string]any)["tree_count"] != 3.0 {
		t.Fatalf("add-filter %v", a)
	}
	// A second job from a filter; the warning names the first for the objects both would hold.
	r = w.manager.do("POST", w.url("/api/content/job/exists-objects-in-jobs"), map[string]any{"ids": ids})
	wantStatus(t, r, http.StatusOK)
	if o := r.json(t)["items"].([]any); len(o) != 1 || o[0].(map[string]any)["objects"] != 3.0 {
		t.Fatalf("overlap %v", o)
	}
	r = w.manager.do("POST", w.url("/api/content/job/add-filter-new"), map[string]any{"name": "Autumn", "filter": vital})
	wantStatus(t, r, http.StatusOK)
	if a := r.json(t); a["changed"] != 2.0 || a["job"].(map[string]any)["name"] != "Autumn" {
		t.Fatalf("add-filter-new %v", a)
	}
	r = w.manager.do("POST", w.url("/api/content/job/remove-list"), map[string]any{"job": id, "ids": []string{ids[3]}})
	if a := r.json(t); a["changed"] != 1.0 {
		t.Fatalf("remove-list %v", a)
	}

	// Released: nothing about it changes any more, each refusal with its message.
	cur := w.manager.do("GET", w.url("/api/management/job/"+id), nil).json(t)
	r = w.manager.do("PUT", w.url("/api/management/job/"+id+"/status"), map[string]any{"status": 1, "version": cur["version"]})
	wantStatus(t, r, http.StatusOK)
	cur = r.json(t)
	wantError(t, w.manager.do("PUT", w.url("/api/management/job/"+id), map[string]any{"name": "Renamed", "version": cur["version"]}),
		http.StatusConflict, "conflict", "This job is in progress or completed and cannot be changed.")
	wantError(t, w.manager.do("POST", w.url("/api/content/job/add-list"), map[string]any{"job": id, "ids": []string{ids[3]}}),
		http.StatusConflict, "conflict", "This job is in progress or completed and cannot be changed.")
	wantError(t, w.manager.do("POST", w.url("/api/content/job/remove-list"), map[string]any{"job": id, "ids": []string{ids[0]}}),
		http.StatusConflict, "conflict", "Items cannot be removed from this job because of its status.")
	wantError(t, w.manager.do("POST", w.url("/api/content/job/reset"), map[string]any{"job": id}),
		http.StatusConflict, "conflict", "Items cannot be removed from this job because of its status.")
	wantError(t, w.manager.do("DELETE", w.url("/api/management/job/"+id), nil), http.StatusConflict, "conflict", "This job cannot be deleted because of its status.")
	wantFieldNames(t, wantError(t, w.manager.do("PUT", w.url("/api/management/job/"+id+"/status"), map[string]any{"status": 7, "version": cur["version"]}),
		http.StatusBadRequest, "invalid", ""), "status")

	// Progress: the work done and an inspection show in the counts; completed, then reopened and deleted.
	wantStatus(t, w.care.do("POST", w.url("/api/content/action/"+work["id"].(string)+"/complete"), map[string]any{"version": work["version"]}), http.StatusOK)
	wantStatus(t, w.editor.do("POST", w.url("/api/content/tree/"+ids[1]+"/checks"), map[string]any{"vitality": 1}), http.StatusCreated)
	cur = w.reader.do("GET", w.url("/api/management/job/"+id), nil).json(t)
	if cur["action_done"] != 1.0 || cur["check_count"] != 1.0 || cur["status"] != 1.0 {
		t.Fatalf("progress %v", cur)
	}
	// The item list: two trees and the work, each tree before its works, with what was done.
	items := w.reader.do("GET", w.url("/api/management/job/"+id+"/items"), nil).json(t)["items"].([]any)
	var done, checked, works int
	for _, it := range items {
		m := it.(map[string]any)
		if m["action"] != nil {
			works++
			if m["execute_timestamp"] != nil && m["action_name"] == "Deadwood removal" {
				done++
			}
		} else if m["check_timestamp"] != nil {
			checked++
		}
	}
	if len(items) != 3 || works != 1 || done != 1 || checked != 1 {
		t.Fatalf("items %v", items)
	}
	wantStatus(t, w.reader.do("GET", w.url("/api/management/job/not-a-job/items"), nil), http.StatusNotFound)
	r = w.manager.do("PUT", w.url("/api/management/job/"+id+"/status"), map[string]any{"status": 0, "version": cur["version"]})
	wantStatus(t, r, http.StatusOK)
	wantStatus(t, w.manager.do("DELETE", w.url("/api/management/job/"+id), nil), http.StatusNoContent)
	if l := w.reader.do("GET", jobs, nil).json(t); l["total"] != 2.0 { // Autumn and the world's own
		t.Fatalf("jobs after delete %v", l)
	}
}

// TestJobParticipantsAndLocks: people are assigned by e-mail (an address without an account is
// invited and takes part once registered); a held job refuses others' changes until released,
// and a manager who breaks the lock leaves a record for the holder.
func TestJobParticipantsAndLocks(t *testing.T) {
	t.Parallel()
	e, w := newTreeWorld(t)
	tr := w.createTree(t, w.editor, map[string]any{})
	job := w.manager.do("POST", w.url("/api/management/job"), map[string]any{"name": "Crew A"}).json(t)
	id := job["id"].(string)
	users := w.url("/api/management/job/" + id + "/users")

	newcomer := newEmail(t)
	r := w.manager.do("POST", users, map[string]any{"emails": w.members[2] + ", " + newcomer, "role": "editor"})
	wantStatus(t, r, http.StatusOK)
	if l := r.json(t)["items"].([]any); len(l) != 2 {
		t.Fatalf("participants %v", l)
	}
	if m := e.mail.last(t, newcomer); !strings.Contains(m.Text, "Crew A") || !strings.Contains(m.Text, "/register?email=") {
		t.Fatalf("invitation mail %q", m.Text)
	}
	wantError(t, w.manager.do("POST", users, map[string]any{"emails": w.members[2], "role": "care"}), http.StatusConflict, "conflict", "")
	wantFieldNames(t, wantError(t, w.manager.do("POST", users, map[string]any{"emails": "x@example.org", "role": "boss"}),
		http.StatusBadRequest, "invalid", ""), "role")
	if n := e.count(t, `SELECT count(*) FROM job_member WHERE job_id = $1`, id); n != 0 {
		t.Fatalf("%d participants before anyone accepted", n)
	}
	e.acceptAs(t, w.members[2])
	e.signUp(t, newcomer, testPassword)
	if n := e.count(t, `SELECT count(*) FROM job_member WHERE job_id = $1`, id); n != 2 {
		t.Fatalf("after registering, %d participants with an account, want 2", n)
	}

	// The editor holds the job: the manager's changes wait; the manager breaks the lock.
	lock := w.url("/api/management/job/" + id + "/lock")
	r = w.editor.do("POST", lock, nil)
	wantStatus(t, r, http.StatusOK)
	if j := r.json(t); j["locked"] != true || !strings.Contains(j["locked_alias"].(string), "Ada") {
		t.Fatalf("locked %v", j)
	}
	r = w.manager.do("POST", w.url("/api/content/job/add-list"), map[string]any{"job": id, "ids": []string{tr["id"].(string)}})
	m := wantError(t, r, http.StatusConflict, "conflict", "")
	if !strings.Contains(m["message"].(string), "is working on this job right now") {
		t.Fatalf("lock message %q", m["message"])
	}
	wantStatus(t, w.care.do("DELETE", lock, nil), http.StatusConflict)
	r = w.manager.do("DELETE", lock+"&force=true", nil)
	wantStatus(t, r, http.StatusOK)
	j := r.json(t)
	if j["locked"] != false || len(j["conflicts"].([]any)) != 1 {
		t.Fatalf("after breaking the lock %v", j)
	}
	// The record names both people, so the holder and the manager read who broke whose lock.
	if c := j["conflicts"].([]any)[0].(map[string]any); c["kind"] != "lock_broken" || !strings.Contains(c["holder_alias"].(string), "Ada") || c["by_alias"] == "" {
		t.Fatalf("conflict record %v", c)
	}
	wantStatus(t, w.manager.do("POST", w.url("/api/content/job/add-list"), map[string]any{"job": id, "ids": []string{tr["id"].(string)}}), http.StatusOK)

	// The manager resolves the conflict: it stays, marked with who resolved it; only management may.
	resolve := w.url("/api/management/job/" + id + "/conflicts/0/resolve")
	wantStatus(t, w.editor.do("POST", resolve, nil), http.StatusForbidden)
	r = w.manager.do("POST", resolve, nil)
	wantStatus(t, r, http.StatusOK)
	if c := r.json(t)["conflicts"].([]any); len(c) != 1 || c[0].(map[string]any)["resolved_at"] == nil || c[0].(map[string]any)["resolved_alias"] == "" {
		t.Fatalf("resolved conflict %v", c)
	}
	wantStatus(t, w.manager.do("POST", resolve, nil), http.StatusNotFound) // resolved already
	wantStatus(t, w.manager.do("POST", w.url("/api/management/job/"+id+"/conflicts/1/resolve"), nil), http.StatusNotFound)
	wantStatus(t, w.manager.do("POST", w.url("/api/management/job/"+id+"/conflicts/-1/resolve"), nil), http.StatusNotFound)
	wantStatus(t, w.manager.do("POST", w.url("/api/management/job/"+id+"/conflicts/x/resolve"), nil), http.StatusNotFound)
	wantStatus(t, w.manager.do("DELETE", users+"&x=1", nil), http.StatusMethodNotAllowed)
	wantStatus(t, w.manager.do("DELETE", w.url("/api/management/job/"+id+"/users/"+newcomer), nil), http.StatusOK)
	wantStatus(t, w.manager.do("DELETE", w.url("/api/management/job/"+id+"/users/"+newcomer), nil), http.StatusNotFound)
}

// TestJobSession: a participant who logs in as the job sees and changes only the job's objects,
// within their role, and nothing else of the project.
func TestJobSession(t *testing.T) {
	t.Parallel()
	e, w := newTreeWorld(t)
	in := w.createTree(t, w.editor, map[string]any{"number": 1})
	out := w.createTree(t, w.editor, map[string]any{"number": 2})
	r := w.manager.do("POST", w.url("/api/content/job/add-list-new"), map[string]any{"name": "Round 1", "ids": []string{in["id"].(string)}})
	wantStatus(t, r, http.StatusOK)
	jobID := r.json(t)["job"].(map[string]any)["id"].(string)

	crew := newEmail(t)
	e.signUp(t, crew, testPassword)
	w.addParticipant(t, e, jobID, crew, "editor")
	b := e.login(t, crew, testPassword)
	// Not a member of the project: nothing of it without the job session.
	wantStatus(t, b.do("GET", w.url("/api/content/trees"), nil), http.StatusNotFound)
	wantStatus(t, b.do("POST", "/api/auth/login/job/"+w.project+"/"+jobID, nil), http.StatusOK)

	list := b.do("GET", "/api/content/trees", nil).json(t)
	if list["total"] != 1.0 || list["items"].([]any)[0].(map[string]any)["id"] != in["id"] {
		t.Fatalf("job session lists %v", list)
	}
	wantStatus(t, b.do("GET", "/api/content/tree/"+out["id"].(string), nil), http.StatusNotFound)
	wantStatus(t, b.do("POST", "/api/content/tree/"+in["id"].(string)+"/checks", map[string]any{"vitality": 1}), http.StatusCreated)
	wantStatus(t, b.do("PUT", "/api/content/tree/"+out["id"].(string), map[string]any{"version": 1, "height": 3}), http.StatusNotFound)
	// An editor in the job still may not manage jobs or mass-edit.
	wantStatus(t, b.do("PUT", "/api/content/bulk", map[string]any{"ids": []string{in["id"].(string)}, "fields": map[string]any{"vitality": 2}}), http.StatusForbidden)
	// Another project's content is not reachable with the job session.
	wantStatus(t, b.do("GET", "/api/content/trees?project="+w.quiet, nil), http.StatusNotFound)

	// Leaving the job: a plain user session again, the job token revoked, the project out of reach.
	jobCookie := b.cookie(sessionCookie)
	r = b.do("POST", "/api/auth/login/user", nil)
	wantStatus(t, r, http.StatusOK)
	if s := r.json(t)["session"].(map[string]any); s["type"] != "user" || s["id_j"] != nil && s["id_j"] != "" {
		t.Fatalf("after leaving %v", s)
	}
	wantStatus(t, b.do("GET", "/api/content/trees", nil), http.StatusBadRequest) // no project any more
	wantStatus(t, e.bearerClient(jobCookie).do("GET", "/api/content/trees", nil), http.StatusUnauthorized)
	wantStatus(t, b.do("GET", "/api/management/job-list", nil), http.StatusOK)
}

// TestMyJobs: /api/management/job-list answers a person's jobs across projects and organisations
// (projects they may read, jobs they take part in) with the role they would work in; nobody
// sees the jobs of projects they have nothing to do with.
func TestMyJobs(t *testing.T) {
	t.Parallel()
	e, w := newWorld(t)
	e.exec(t, `INSERT INTO job (organisation_id, project_id, name) VALUES ($1, $2, 'Far away')`, w.otherOrg, w.far)
	mine := func(email string) map[string]string {
		t.Helper()
		r := e.login(t, email, testPassword).do("GET", "/api/management/job-list", nil)
		wantStatus(t, r, http.StatusOK)
		got := map[string]string{}
		for _, it := range r.json(t)["items"].([]any) {
			j := it.(map[string]any)
			role, _ := j["role"].(string)
			got[j["name"].(string)] = role + "@" + j["projectName"].(string)
		}
		return got
	}
	cases := []struct {
		who  string
		want map[string]string
	}{
		{w.admin, map[string]string{"Spring check": "job-manager@Park", "Pruning": "job-manager@Cemetery"}},
		{w.members[0], map[string]string{"Spring check": "job-manager@Park"}},
		{w.members[1], map[string]string{"Spring check": "@Park"}}, // a reader sees it, but is no participant
		{w.jobM, map[string]string{"Spring check": "editor@Park"}}, // a participant without project access
		{w.outsider, map[string]string{}},
	}
	for _, c := range cases {
		if got := mine(c.who); !maps.Equal(got, c.want) {
			t.Errorf("%s: jobs %v, want %v", c.who, got, c.want)
		}
	}
	wantStatus(t, e.browser().do("GET", "/api/management/job-list", nil), http.StatusUnauthorized)
}

// TestJobTakesOpenWorks: a tree put into a job brings its open works along (not the done ones),
// by id and by filter; a work added on its own joins alone; a completed job takes no participants.
func TestJobTakesOpenWorks(t *testing.T) {
	t.Parallel()
	_, w := newTreeWorld(t)
	a := w.createTree(t, w.editor, map[string]any{"vitality": 2})["id"].(string)
	b := w.createTree(t, w.editor, map[string]any{"vitality": 3})["id"].(string)
	open1 := w.addWork(t, w.care, a, w.pruning, nil)["id"].(string)
	open2 := w.addWork(t, w.care, a, w.pruning, map[string]any{"deadline": "2031-05-01"})["id"].(string)
	w.complete(t, w.addWork(t, w.care, a, w.pruning, nil))
	openB := w.addWork(t, w.care, b, w.pruning, nil)["id"].(string)
	job := w.manager.do("POST", w.url("/api/management/job"), map[string]any{"name": "Works come along"}).json(t)
	id := job["id"].(string)

	r := w.manager.do("POST", w.url("/api/content/job/add-list"), map[string]any{"job": id, "ids": []string{a}})
	wantStatus(t, r, http.StatusOK)
	if got := r.json(t); got["changed"] != 3.0 || got["job"].(map[string]any)["action_count"] != 2.0 {
		t.Fatalf("a tree by id should bring its two open works: %v", got)
	}
	works := map[string]bool{}
	for _, it := range w.reader.do("GET", w.url("/api/management/job/"+id+"/items"), nil).json(t)["items"].([]any) {
		if act, ok := it.(map[string]any)["action"].(string); ok {
			works[act] = true
		}
	}
	if len(works) != 2 || !works[open1] || !works[open2] {
		t.Fatalf("works in the job %v, want %s and %s", works, open1, open2)
	}
	// By filter: tree b and its open work.
	vit3 := map[string]any{"conditions": []any{map[string]any{"field": "vitality", "op": "eq", "value": 3}}}
	r = w.manager.do("POST", w.url("/api/content/job/add-filter"), map[string]any{"job": id, "filter": vit3})
	if got := r.json(t); got["changed"] != 2.0 || got["job"].(map[string]any)["action_count"] != 3.0 {
		t.Fatalf("a tree by filter should bring its open work %s: %v", openB, got)
	}
	// Removing tree b takes its work out with it; adding the work alone does not bring the tree's others.
	wantStatus(t, w.manager.do("POST", w.url("/api/content/job/remove-list"), map[string]any{"job": id, "ids": []string{b}}), http.StatusOK)
	r = w.manager.do("POST", w.url("/api/content/job/add-list"), map[string]any{"job": id, "actions": []string{openB}})
	if got := r.json(t); got["changed"] != 1.0 || got["job"].(map[string]any)["action_count"] != 3.0 {
		t.Fatalf("a work on its own %v", got)
	}

	// Completed: assigning is refused with its reason.
	cur := w.manager.do("GET", w.url("/api/management/job/"+id), nil).json(t)
	for _, st := range []int{1, 2} {
		r = w.manager.do("PUT", w.url("/api/management/job/"+id+"/status"), map[string]any{"status": st, "version": cur["version"]})
		wantStatus(t, r, http.StatusOK)
		cur = r.json(t)
	}
	wantFieldNames(t, wantError(t, w.manager.do("POST", w.url("/api/management/job/"+id+"/users"), map[string]any{"emails": w.members[2], "role": "editor"}),
		http.StatusConflict, "conflict", "This job is completed; nobody can be assigned to it any more."), "emails")
}
