package api

import (
	"net/http"
	"testing"
)

// TestJobEditConflicts: a crew's write in a job session that meets a newer version of a tree is
// refused as stale, but its changed fields are kept in the job's conflicts; management applies
// one such edit onto the current tree (history names the manager) and keeps the current values
// of another; anything else is refused. Outside job sessions a stale write keeps nothing.
func TestJobEditConflicts(t *testing.T) {
	t.Parallel()
	e, w := newTreeWorld(t)
	tr := w.createTree(t, w.editor, map[string]any{"number": 7, "height": 10, "vitality": 1, "top_form": "round"})
	treeID := tr["id"].(string)
	r := w.manager.do("POST", w.url("/api/content/job/add-list-new"), map[string]any{"name": "Field round", "ids": []string{treeID}})
	wantStatus(t, r, http.StatusOK)
	jobID := r.json(t)["job"].(map[string]any)["id"].(string)
	jobURL := w.url("/api/management/job/" + jobID)
	crew := newEmail(t)
	e.signUp(t, crew, testPassword)
	w.addParticipant(t, e, jobID, crew, "editor")
	b := e.login(t, crew, testPassword)
	wantStatus(t, b.do("POST", "/api/auth/login/job/"+w.project+"/"+jobID, nil), http.StatusOK)
	conflicts := func() []any {
		t.Helper()
		return w.manager.do("GET", jobURL, nil).json(t)["conflicts"].([]any)
	}

	// The manager changes the tree; the crew saves on the version they loaded.
	r = w.manager.do("PUT", w.url("/api/content/tree/"+treeID), map[string]any{"version": tr["version"], "height": 11, "top_form": "flat"})
	wantStatus(t, r, http.StatusOK)
	// Outside a job session a stale write is refused and nothing is kept.
	m := wantError(t, w.editor.do("PUT", w.url("/api/content/tree/"+treeID), map[string]any{"version": tr["version"], "height": 9}),
		http.StatusConflict, "conflict", "Someone else changed this in the meantime. Please reload to see the current state.")
	if m["kept"] != nil || len(conflicts()) != 0 {
		t.Fatalf("a stale write outside a job session kept something: %v", m)
	}
	// Bad input in the job session is refused as ever, and not kept.
	wantFieldNames(t, wantError(t, b.do("PUT", "/api/content/tree/"+treeID, map[string]any{"version": tr["version"], "vitality": 9}),
		http.StatusBadRequest, "invalid", ""), "vitality")
	// The crew's stale write: kept (only what they changed that differs from now), answered 409.
	m = wantError(t, b.do("PUT", "/api/content/tree/"+treeID, map[string]any{"version": tr["version"], "height": 12.5, "vitality": 2, "top_form": "flat"}),
		http.StatusConflict, "conflict", "Someone changed this tree meanwhile. Your changes are kept in the job for the manager to resolve.")
	if m["kept"] != true || m["current"].(map[string]any)["version"] != 2.0 {
		t.Fatalf("kept answer %v", m)
	}
	c := conflicts()
	if len(c) != 1 {
		t.Fatalf("conflicts %v", c)
	}
	edit := c[0].(map[string]any)
	fields := edit["fields"].(map[string]any)
	height, _ := fields["height"].(map[string]any)
	if edit["kind"] != "edit" || edit["tree"] != treeID || edit["number"] != 7.0 || edit["base_version"] != 1.0 || edit["at"] == nil ||
		edit["by_alias"] == "" || len(fields) != 2 || height["mine"] != 12.5 || height["current"] != 11.0 || fields["vitality"] == nil {
		t.Fatalf("edit conflict %v", edit)
	}
	if now := w.manager.do("GET", w.url("/api/content/tree/"+treeID), nil).json(t); now["height"] != 11.0 || now["version"] != 2.0 {
		t.Fatalf("a kept edit changed the tree: %v", now)
	}
	// German, the kept message in the crew's language.
	r = b.do("PUT", "/api/content/tree/"+treeID, map[string]any{"version": tr["version"], "top_form": "conical"}, header("Accept-Language", "de"))
	wantError(t, r, http.StatusConflict, "conflict", "Jemand hat diesen Baum inzwischen geändert. Ihre Änderungen sind im Auftrag gespeichert, die Auftragsleitung entscheidet darüber.")
	if len(conflicts()) != 2 {
		t.Fatal("the second kept edit is missing")
	}

	// Only management applies; a broken lock cannot be applied; out of range is not found.
	apply := func(i string) string { return w.url("/api/management/job/" + jobID + "/conflicts/" + i + "/apply") }
	wantStatus(t, w.editor.do("POST", apply("0"), nil), http.StatusForbidden)
	wantStatus(t, w.manager.do("POST", apply("5"), nil), http.StatusNotFound)
	wantStatus(t, w.manager.do("POST", apply("x"), nil), http.StatusNotFound)
	e.exec(t, `UPDATE job SET conflicts = conflicts || '[{"kind": "lock_broken"}]' WHERE id = $1`, jobID)
	wantError(t, w.manager.do("POST", apply("2"), nil), http.StatusConflict, "conflict", "Only kept edits can be applied; mark this conflict resolved instead.")

	// Applying the first: the crew's values on the current tree, by the manager, resolved "applied".
	r = w.manager.do("POST", apply("0"), nil)
	wantStatus(t, r, http.StatusOK)
	applied := r.json(t)["conflicts"].([]any)[0].(map[string]any)
	if applied["resolution"] != "applied" || applied["resolved_at"] == nil || applied["resolved_alias"] == "" {
		t.Fatalf("applied conflict %v", applied)
	}
	now := w.manager.do("GET", w.url("/api/content/tree/"+treeID), nil).json(t)
	if now["height"] != 12.5 || now["vitality"] != 2.0 || now["top_form"] != "flat" || now["version"] != 3.0 {
		t.Fatalf("after applying %v", now)
	}
	hist := w.manager.do("GET", w.url("/api/content/tree-hist?tree="+treeID), nil).json(t)["items"].([]any)
	if h := hist[0].(map[string]any); h["username"] != w.members[0] || (h["field"] != "height" && h["field"] != "vitality") {
		t.Fatalf("history after applying %v", h)
	}
	wantError(t, w.manager.do("POST", apply("0"), nil), http.StatusConflict, "conflict", "This conflict has been resolved already.")

	// Keeping the current values of the second: the tree stays, the record says "kept".
	r = w.manager.do("POST", w.url("/api/management/job/"+jobID+"/conflicts/1/resolve"), nil)
	wantStatus(t, r, http.StatusOK)
	if k := r.json(t)["conflicts"].([]any)[1].(map[string]any); k["resolution"] != "kept" || k["resolved_at"] == nil {
		t.Fatalf("kept conflict %v", k)
	}
	wantError(t, w.manager.do("POST", apply("1"), nil), http.StatusConflict, "conflict", "This conflict has been resolved already.")
	if now := w.manager.do("GET", w.url("/api/content/tree/"+treeID), nil).json(t); now["top_form"] != "flat" || now["version"] != 3.0 {
		t.Fatalf("keeping the current values changed the tree: %v", now)
	}
	// A group of the job: kept the same way, told as a group.
	grp := w.createTree(t, w.editor, map[string]any{"geom": square(9.44, 54.79, 0.001), "number": 8, "tree_count": 3})
	wantStatus(t, w.manager.do("POST", w.url("/api/content/job/add-list"), map[string]any{"job": jobID, "ids": []string{grp["id"].(string)}}), http.StatusOK)
	wantStatus(t, w.manager.do("PUT", w.url("/api/content/tree/"+grp["id"].(string)), map[string]any{"version": grp["version"], "tree_count": 4}), http.StatusOK)
	m = wantError(t, b.do("PUT", "/api/content/tree/"+grp["id"].(string), map[string]any{"version": grp["version"], "tree_count": 5}),
		http.StatusConflict, "conflict", "Someone changed this group meanwhile. Your changes are kept in the job for the manager to resolve.")
	if c := conflicts(); len(c) != 4 || c[3].(map[string]any)["single_tree"] != false || m["kept"] != true {
		t.Fatalf("group conflict %v", c)
	}
	// A stale write asking for what the tree holds already keeps nothing.
	m = wantError(t, b.do("PUT", "/api/content/tree/"+treeID, map[string]any{"version": 1, "top_form": "flat"}), http.StatusConflict, "conflict", "")
	if m["kept"] != nil || len(conflicts()) != 4 {
		t.Fatalf("an edit without differences was kept: %v", m)
	}
}
