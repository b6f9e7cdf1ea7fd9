package api

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
)

// TestJobRulesByStatusLockAndRole walks every job status (0 open, 1 in progress, 2 completed)
// × lock (none, held by the one acting, held by someone else) × project role, and tries each change
// of a job and its items: rename, add items, remove items, delete. Only management may change jobs;
// for management an open job that nobody else holds may be changed, and every other combination is
// refused with its own message (docs/PRODUCT.md §4, §8; docs/DECISIONS.md), changing nothing.
func TestJobRulesByStatusLockAndRole(t *testing.T) {
	t.Parallel()
	e, w := newTreeWorld(t)
	inJob := w.createTree(t, w.editor, map[string]any{"geom": point(9.43, 54.78)})["id"].(string)
	outside := w.createTree(t, w.editor, map[string]any{"geom": point(9.431, 54.78)})["id"].(string)
	managerID, editorID := e.userID(t, w.members[0]), e.userID(t, w.members[2])

	const (
		fixed     = "This job is in progress or completed and cannot be changed."
		noRemove  = "Items cannot be removed from this job because of its status."
		noDelete  = "This job cannot be deleted because of its status."
		lockedFmt = "is working on this job right now"
	)
	roles := []struct {
		name string
		b    *browser
	}{{"manager", w.manager}, {"editor", w.editor}, {"care", w.care}, {"reader", w.reader}}
	n := 0
	for status := 0; status <= 2; status++ {
		for _, lock := range []string{"none", "mine", "other"} {
			for _, role := range roles {
				n++
				// A fresh job per case, holding one tree, put into the state by hand.
				r := w.manager.do("POST", w.url("/api/management/job"), map[string]any{"name": fmt.Sprintf("Case %d", n)})
				wantStatus(t, r, http.StatusCreated)
				job := r.json(t)["id"].(string)
				wantStatus(t, w.manager.do("POST", w.url("/api/content/job/add-list"), map[string]any{"job": job, "ids": []string{inJob}}), http.StatusOK)
				holder := map[string]any{"none": nil, "mine": managerID, "other": editorID}[lock]
				if lock == "mine" && role.name != "manager" {
					holder = e.userID(t, w.members[map[string]int16{"editor": 2, "care": 3, "reader": 1}[role.name]])
				}
				if lock == "other" && role.name == "editor" {
					holder = managerID
				}
				e.exec(t, `UPDATE job SET status = $2, locked_by = $3, locked_at = CASE WHEN $3::uuid IS NULL THEN NULL ELSE now() END WHERE id = $1`, job, status, holder)
				version := w.manager.do("GET", w.url("/api/management/job/"+job), nil).json(t)["version"]
				items := func() int {
					return e.count(t, `SELECT count(*) FROM job_item WHERE job_id = $1`, job)
				}
				name := fmt.Sprintf("%d/%s/%s", status, lock, role.name)

				calls := []struct {
					what, method, path string
					body               map[string]any
					refusal            string // for management
				}{
					{"rename", "PUT", "/api/management/job/" + job, map[string]any{"name": "Renamed " + name, "version": version}, fixed},
					{"add", "POST", "/api/content/job/add-list", map[string]any{"job": job, "ids": []string{outside}}, fixed},
					{"remove", "POST", "/api/content/job/remove-list", map[string]any{"job": job, "ids": []string{inJob}}, noRemove},
					{"delete", "DELETE", "/api/management/job/" + job, nil, noDelete},
				}
				for _, c := range calls {
					before := items()
					r := role.b.do(c.method, w.url(c.path), c.body)
					switch {
					case role.name != "manager":
						wantStatus(t, r, http.StatusForbidden)
					case status != 0:
						wantError(t, r, http.StatusConflict, "conflict", c.refusal)
					case lock == "other":
						m := wantError(t, r, http.StatusConflict, "conflict", "")
						if msg, _ := m["message"].(string); !strings.Contains(msg, lockedFmt) {
							t.Fatalf("%s %s: lock message %q", name, c.what, msg)
						}
					default:
						if r.StatusCode != http.StatusOK && r.StatusCode != http.StatusNoContent {
							t.Fatalf("%s %s: allowed, but answered %d: %s", name, c.what, r.StatusCode, r.body)
						}
						continue // allowed: the change happened (the next call sees it)
					}
					if after := items(); after != before {
						t.Fatalf("%s %s: refused, but the job's items went from %d to %d", name, c.what, before, after)
					}
				}
				if status == 0 && lock != "other" && role.name == "manager" {
					if e.count(t, `SELECT count(*) FROM job WHERE id = $1`, job) != 0 {
						t.Fatalf("%s: the job was not deleted", name)
					}
				} else if e.count(t, `SELECT count(*) FROM job WHERE id = $1 AND name = $2`, job, fmt.Sprintf("Case %d", n)) != 1 {
					t.Fatalf("%s: a refused job changed", name)
				}
			}
		}
	}
}

// TestJobStatusMoves walks a job through every status move: one step at a time, not released
// empty, not moved while someone else holds it, not completed while a crew edit waits for a
// decision; each refusal with its message and the status left as it was.
func TestJobStatusMoves(t *testing.T) {
	t.Parallel()
	e, w := newTreeWorld(t)
	editorID := e.userID(t, w.members[2])
	r := w.manager.do("POST", w.url("/api/management/job"), map[string]any{"name": "Status moves"})
	wantStatus(t, r, http.StatusCreated)
	job := r.json(t)["id"].(string)
	path := w.url("/api/management/job/" + job + "/status")
	version := func() any { return w.manager.do("GET", w.url("/api/management/job/"+job), nil).json(t)["version"] }
	status := func() int { return e.count(t, `SELECT status FROM job WHERE id = $1`, job) }
	move := func(to int) *resp {
		return w.manager.do("PUT", path, map[string]any{"status": to, "version": version()})
	}
	refused := func(to int, message string) {
		t.Helper()
		before := status()
		wantError(t, move(to), http.StatusConflict, "conflict", message)
		if after := status(); after != before {
			t.Fatalf("refused move to %d changed the status %d → %d", to, before, after)
		}
	}

	refused(1, "This job holds no trees, groups or works yet; add some before releasing it to the field.")
	tree := w.createTree(t, w.editor, map[string]any{"geom": point(9.43, 54.78)})["id"].(string)
	wantStatus(t, w.manager.do("POST", w.url("/api/content/job/add-list"), map[string]any{"job": job, "ids": []string{tree}}), http.StatusOK)
	refused(2, "A job moves one step at a time: from open to in progress to completed, and back the same way.")
	wantStatus(t, move(1), http.StatusOK)

	// The same status again changes nothing, not even the version.
	v := version()
	r = w.manager.do("PUT", path, map[string]any{"status": 1, "version": v})
	wantStatus(t, r, http.StatusOK)
	if got := r.json(t)["version"]; got != v {
		t.Fatalf("a move to the same status moved the version %v → %v", v, got)
	}
	// An older version is refused as every stale write is.
	wantError(t, w.manager.do("PUT", path, map[string]any{"status": 2, "version": v.(float64) - 1}), http.StatusConflict, "conflict", "")

	// Held by the editor: the manager cannot move it until it is given back.
	e.exec(t, `UPDATE job SET locked_by = $2, locked_at = now() WHERE id = $1`, job, editorID)
	m := wantError(t, move(2), http.StatusConflict, "conflict", "")
	if msg, _ := m["message"].(string); !strings.Contains(msg, "is working on this job right now") {
		t.Fatalf("lock message %q", msg)
	}
	e.exec(t, `UPDATE job SET locked_by = NULL, locked_at = NULL WHERE id = $1`, job)

	// A crew edit waiting for a decision blocks completing; a broken lock's record does not.
	e.exec(t, `UPDATE job SET conflicts = '[{"kind":"edit","tree":"x"},{"kind":"lock_broken"}]'::jsonb WHERE id = $1`, job)
	refused(2, "Crew edits waiting for a decision: 1. Resolve them before completing the job.")
	e.exec(t, `UPDATE job SET conflicts = jsonb_set(conflicts, '{0,resolved_at}', to_jsonb(now())) WHERE id = $1`, job)
	wantStatus(t, move(2), http.StatusOK)

	refused(0, "A job moves one step at a time: from open to in progress to completed, and back the same way.")
	wantStatus(t, move(1), http.StatusOK)
	wantStatus(t, move(0), http.StatusOK)
	if s := status(); s != 0 {
		t.Fatalf("status %d after resuming and taking it back", s)
	}
}
