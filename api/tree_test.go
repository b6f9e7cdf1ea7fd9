package api

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"
)

// treeWorld is buildWorld's project with value list entries of its own: a species and the works
// that stand for each safety rule of docs/PRODUCT.md §4.
type treeWorld struct {
	*world
	species, otherSpecies                     string
	investigation, felling, pruning, watering string
	manager, reader, editor, care             *browser
}

func (e *env) buildTreeWorld(t *testing.T) *treeWorld {
	t.Helper()
	w := &treeWorld{world: e.buildWorld(t)}
	entry := func(list, name string, relevance bool, security int) string {
		return e.insertID(t, `INSERT INTO list_entry (organisation_id, list, name_en, name_de, name_fr, botanical,
			security_relevance, action_security) VALUES ($1, $2, $3, $3, $3, CASE WHEN $2 = 'species' THEN $3 ELSE '' END, $4, $5)
			RETURNING id::text`, w.org, list, name, relevance, security)
	}
	w.species = entry("species", "Tilia cordata "+t.Name(), false, 2)
	w.otherSpecies = entry("species", "Quercus robur "+t.Name(), false, 2)
	w.investigation = entry("work", "Detailed investigation", true, 1)
	w.felling = entry("work", "Felling", true, 3)
	w.pruning = entry("work", "Deadwood removal", true, 2)
	w.watering = entry("work", "Watering", false, 2)
	w.manager = e.login(t, w.members[0], testPassword)
	w.reader = e.login(t, w.members[1], testPassword)
	w.editor = e.login(t, w.members[2], testPassword)
	w.care = e.login(t, w.members[3], testPassword)
	return w
}

func (w *treeWorld) url(path string) string {
	sep := "?"
	if strings.Contains(path, "?") {
		sep = "&"
	}
	return path + sep + "project=" + w.project
}

func point(lon, lat float64) map[string]any {
	return map[string]any{"type": "Point", "coordinates": []float64{lon, lat}}
}

func square(lon, lat, size float64) map[string]any {
	return map[string]any{"type": "Polygon", "coordinates": [][][]float64{{{lon, lat}, {lon + size, lat}, {lon + size, lat + size}, {lon, lat + size}, {lon, lat}}}}
}

// createTree creates a tree as b and returns it.
func (w *treeWorld) createTree(t *testing.T, b *browser, body map[string]any) map[string]any {
	t.Helper()
	if _, ok := body["geom"]; !ok {
		body["geom"] = point(9.43, 54.78)
	}
	r := b.do("POST", w.url("/api/content/tree"), body)
	wantStatus(t, r, http.StatusCreated)
	return r.json(t)
}

func TestTreeCreateReadUpdate(t *testing.T) {
	t.Parallel()
	e, w := newTreeWorld(t)

	tr := w.createTree(t, w.editor, map[string]any{"species": w.species, "height": 12.34, "vitality": 1,
		"symptoms": []string{"cavity", " "}, "general01": "pit open", "number_text": "B 7"})
	if tr["number"] != 1.0 || tr["height"] != 12.3 || tr["species_botanical"] != "Tilia cordata "+t.Name() ||
		tr["single_tree"] != true || tr["general01"] != "pit open" || tr["action_security"] != 0.0 || tr["version"] != 1.0 {
		t.Fatalf("created tree %v", tr)
	}
	if tr["create_username"] != w.members[2] || !strings.Contains(tr["create_alias"].(string), "Ada") {
		t.Fatalf("author %v / %v", tr["create_username"], tr["create_alias"])
	}
	id := tr["id"].(string)

	// Any member reads it; another organisation cannot even see the project.
	wantStatus(t, w.reader.do("GET", w.url("/api/content/tree/"+id), nil), http.StatusOK)
	outsider := e.login(t, w.outsider, testPassword)
	wantStatus(t, outsider.do("GET", w.url("/api/content/tree/"+id), nil), http.StatusNotFound)
	// Readers and care do not change tree data (docs/PRODUCT.md §6).
	wantStatus(t, w.reader.do("POST", w.url("/api/content/tree"), map[string]any{"geom": point(9, 54)}), http.StatusForbidden)
	wantStatus(t, w.care.do("PUT", w.url("/api/content/tree/"+id), map[string]any{"version": 1, "height": 3}), http.StatusForbidden)
	// Without a project there is nothing to work in.
	wantError(t, w.editor.do("POST", "/api/content/tree", map[string]any{"geom": point(9, 54)}), http.StatusBadRequest, "invalid", "")

	// Update with the version; the answer is the new state, sent back whole it is accepted.
	tr["height"] = 14
	tr["species"] = w.otherSpecies
	r := w.editor.do("PUT", w.url("/api/content/tree/"+id), tr)
	wantStatus(t, r, http.StatusOK)
	up := r.json(t)
	if up["height"] != 14.0 || up["version"] != 2.0 || up["species"] != w.otherSpecies {
		t.Fatalf("updated %v", up)
	}
	// A stale version answers 409 with the current object, and nothing is written.
	r = w.manager.do("PUT", w.url("/api/content/tree/"+id), map[string]any{"version": 1, "height": 99})
	m := wantError(t, r, http.StatusConflict, "conflict", "")
	if cur := m["current"].(map[string]any); cur["height"] != 14.0 || cur["version"] != 2.0 {
		t.Fatalf("current %v", cur)
	}

	// The list shows it with its total.
	r = w.reader.do("GET", w.url("/api/content/trees?q=B%207"), nil)
	wantStatus(t, r, http.StatusOK)
	if l := r.json(t); l["total"] != 1.0 {
		t.Fatalf("search B 7: %v", l)
	}
	wantError(t, w.reader.do("GET", w.url("/api/content/trees?sort=password"), nil), http.StatusBadRequest, "invalid", "")
}

func TestTreeBadInput(t *testing.T) {
	t.Parallel()
	e, w := newTreeWorld(t)
	before := e.count(t, `SELECT count(*) FROM tree WHERE project_id = $1`, w.project)

	r := w.editor.do("POST", w.url("/api/content/tree"), map[string]any{"geom": point(9.4, 54.7),
		"vitality": 7, "height": -1, "development": 1.5, "planting_year": 3000, "species": "00000000-0000-0000-0000-000000000000",
		"shoe_size": 42, "number_text": strings.Repeat("x", 51)})
	m := wantError(t, r, http.StatusBadRequest, "invalid", "")
	wantFieldNames(t, m, "vitality", "height", "development", "planting_year", "shoe_size", "number_text")

	r = w.editor.do("POST", w.url("/api/content/tree"), map[string]any{"geom": point(9.4, 54.7), "species": "00000000-0000-0000-0000-000000000000"})
	wantFieldNames(t, wantError(t, r, http.StatusBadRequest, "invalid", ""), "species")
	// A species of another organisation is unknown here.
	foreign := e.insertID(t, `INSERT INTO list_entry (organisation_id, list, name_en, name_de, name_fr, botanical)
		VALUES ($1, 'species', 'Foreign', 'Foreign', 'Foreign', 'Foreign') RETURNING id::text`, w.otherOrg)
	r = w.editor.do("POST", w.url("/api/content/tree"), map[string]any{"geom": point(9.4, 54.7), "species": foreign})
	wantFieldNames(t, wantError(t, r, http.StatusBadRequest, "invalid", ""), "species")

	r = w.editor.do("POST", w.url("/api/content/tree"), map[string]any{"geom": point(200, 54.7)})
	wantError(t, r, http.StatusBadRequest, "invalid", "Coordinates must lie within longitude -180 to 180 and latitude -90 to 90.")
	r = w.editor.do("POST", w.url("/api/content/tree"), map[string]any{"geom": map[string]any{"type": "LineString", "coordinates": [][]float64{{9, 54}, {9.1, 54}}}})
	wantFieldNames(t, wantError(t, r, http.StatusBadRequest, "invalid", ""), "geom")
	r = w.editor.do("POST", w.url("/api/content/tree"), map[string]any{"geom": "here"})
	wantFieldNames(t, wantError(t, r, http.StatusBadRequest, "invalid", ""), "geom")
	// A self-intersecting polygon (a bow tie) is refused with PostGIS's reason, never repaired.
	bowtie := map[string]any{"type": "Polygon", "coordinates": [][][]float64{{{9.40, 54.70}, {9.41, 54.71}, {9.41, 54.70}, {9.40, 54.71}, {9.40, 54.70}}}}
	r = w.editor.do("POST", w.url("/api/content/tree"), map[string]any{"geom": bowtie})
	m = wantError(t, r, http.StatusBadRequest, "invalid", "")
	if msg := m["message"].(string); !strings.Contains(msg, "Self-intersection") {
		t.Fatalf("bow tie message %q does not give PostGIS's reason", msg)
	}
	if after := e.count(t, `SELECT count(*) FROM tree WHERE project_id = $1`, w.project); after != before {
		t.Fatalf("refused input was stored: %d → %d trees", before, after)
	}
}

func TestGroupAreaAndPackageCount(t *testing.T) {
	t.Parallel()
	e, w := newTreeWorld(t)
	// About 100 m × 111 m at 54.78° N: roughly 1.1 ha.
	g := w.createTree(t, w.editor, map[string]any{"geom": square(9.43, 54.78, 0.001), "tree_count": 40, "species_count": 3})
	area := g["area"].(float64)
	if g["single_tree"] != false || area < 7000 || area > 7300 {
		t.Fatalf("group %v, area %v m²", g["single_tree"], area)
	}
	w.createTree(t, w.editor, map[string]any{})
	p := w.reader.do("GET", "/api/management/project/"+w.project, nil).json(t)
	if p["tree_count"] != 1.0 || p["group_count"] != 1.0 {
		t.Fatalf("project counts trees %v, groups %v; want 1 and 1", p["tree_count"], p["group_count"])
	}
	var count int
	e.db.Pool.QueryRow(t.Context(), `SELECT arbor_package_count($1)`, w.org).Scan(&count)
	// One tree plus the group at 100 trees per hectare (one per 100 m² begun).
	if want := 1 + int(area/100+0.999999); count != want {
		t.Fatalf("package count %d, want %d", count, want)
	}
}

func TestTreeNumbers(t *testing.T) {
	t.Parallel()
	e, w := newTreeWorld(t)
	w.createTree(t, w.editor, map[string]any{"number": 10})
	r := w.editor.do("GET", w.url("/api/content/nextNumber"), nil)
	if n := r.json(t)["number"]; n != 11.0 {
		t.Fatalf("next number %v", n)
	}
	// Unique numbering: a duplicate answers 409 with the next free number.
	r = w.editor.do("POST", w.url("/api/content/tree"), map[string]any{"geom": point(9.4, 54.7), "number": 10})
	m := wantError(t, r, http.StatusConflict, "conflict", "Tree number 10 is already taken in this project. The next free number is 11.")
	if m["current"].(map[string]any)["next"] != 11.0 {
		t.Fatalf("next free number not offered: %v", m)
	}
	// A client id makes creation idempotent.
	id := "6f1c1d2e-8b7a-4c3d-9e0f-112233445566"
	first := w.createTree(t, w.editor, map[string]any{"id": id, "number": 20})
	r = w.editor.do("POST", w.url("/api/content/tree"), map[string]any{"id": id, "number": 20, "geom": point(9.43, 54.78)})
	wantStatus(t, r, http.StatusOK)
	if again := r.json(t); again["id"] != first["id"] || again["version"] != 1.0 {
		t.Fatalf("repeat %v", again)
	}
	// An object entered by mistake can be deleted and created again with its id (the map's undo
	// and redo); once inspected it is evidence and stays.
	wantStatus(t, w.editor.do("DELETE", w.url("/api/content/tree/"+id), nil), http.StatusNoContent)
	wantStatus(t, w.editor.do("GET", w.url("/api/content/tree/"+id), nil), http.StatusNotFound)
	w.createTree(t, w.editor, map[string]any{"id": id, "number": 20})
	wantStatus(t, w.editor.do("POST", w.url("/api/content/tree/"+id+"/checks"), map[string]any{}), http.StatusCreated)
	wantError(t, w.editor.do("DELETE", w.url("/api/content/tree/"+id), nil), http.StatusConflict, "conflict", "")
	if n := e.count(t, `SELECT count(*) FROM history WHERE entity_id = $1 AND op = 'delete'`, id); n != 1 {
		t.Fatalf("deletion not in history: %d", n)
	}
	// Repeating numbers: no check.
	e.exec(t, `UPDATE project SET unique_number = false WHERE id = $1`, w.project)
	w.createTree(t, w.editor, map[string]any{"number": 10})
}

func TestRequiredFieldsAndDefaults(t *testing.T) {
	t.Parallel()
	e, w := newTreeWorld(t)
	e.exec(t, `UPDATE project SET required_fields = '{species,height,general02}', default_values = '{"planting_year": 2019}',
		custom_fields = '{"general02": {"alias": "Tree pit", "active": true, "type": "text"}}' WHERE id = $1`, w.project)
	r := w.editor.do("POST", w.url("/api/content/tree"), map[string]any{"geom": point(9.4, 54.7), "height": 5})
	m := wantError(t, r, http.StatusBadRequest, "invalid", "You must fill in the following fields: Tree pit, Species before saving changes.")
	wantFieldNames(t, m, "species", "general02")
	w.editor.lang = "de"
	r = w.editor.do("POST", w.url("/api/content/tree"), map[string]any{"geom": point(9.4, 54.7), "height": 5})
	wantError(t, r, http.StatusBadRequest, "invalid", "Sie müssen folgende Felder ausfüllen: Tree pit, Baumart, bevor Sie die Änderungen speichern.")
	w.editor.lang = "en"

	tr := w.createTree(t, w.editor, map[string]any{"height": 5, "species": w.species, "general02": "open"})
	if tr["planting_year"] != 2019.0 {
		t.Fatalf("default planting year not applied: %v", tr["planting_year"])
	}
	// Emptying a required field is refused on update and in mass edit.
	r = w.editor.do("PUT", w.url("/api/content/tree/"+tr["id"].(string)), map[string]any{"version": 1, "height": nil})
	wantFieldNames(t, wantError(t, r, http.StatusBadRequest, "invalid", ""), "height")
	r = w.manager.do("PUT", w.url("/api/content/bulk"), map[string]any{"ids": []string{tr["id"].(string)}, "fields": map[string]any{"general02": ""}})
	wantFieldNames(t, wantError(t, r, http.StatusBadRequest, "invalid", ""), "general02")
}

// safetyOf reads a tree's action_security.
func (w *treeWorld) safetyOf(t *testing.T, id string) float64 {
	t.Helper()
	r := w.reader.do("GET", w.url("/api/content/tree/"+id), nil)
	wantStatus(t, r, http.StatusOK)
	return r.json(t)["action_security"].(float64)
}

func (w *treeWorld) addWork(t *testing.T, b *browser, tree, work string, extra map[string]any) map[string]any {
	t.Helper()
	body := map[string]any{"tree": tree, "work": work}
	for k, v := range extra {
		body[k] = v
	}
	r := b.do("POST", w.url("/api/content/action"), body)
	wantStatus(t, r, http.StatusCreated)
	return r.json(t)
}

func (w *treeWorld) complete(t *testing.T, a map[string]any) map[string]any {
	t.Helper()
	r := w.care.do("POST", w.url("/api/content/action/"+a["id"].(string)+"/complete"), map[string]any{"version": a["version"], "execute_note": "done"})
	wantStatus(t, r, http.StatusOK)
	return r.json(t)
}

// TestSafetyFromWorks checks each rule of docs/PRODUCT.md §4, after every kind of write.
func TestSafetyFromWorks(t *testing.T) {
	t.Parallel()
	e, w := newTreeWorld(t)
	id := w.createTree(t, w.editor, map[string]any{})["id"].(string)

	if s := w.safetyOf(t, id); s != 0 {
		t.Fatalf("no works: safety %v, want 0 safe", s)
	}
	water := w.addWork(t, w.care, id, w.watering, nil)
	if water["security_relevance"] != false || w.safetyOf(t, id) != 0 {
		t.Fatal("a work that is not safety-relevant changed safety")
	}
	inv := w.addWork(t, w.care, id, w.investigation, map[string]any{"deadline": time.Now().AddDate(0, 0, 10).Format(time.DateOnly)})
	if s := w.safetyOf(t, id); s != 1 {
		t.Fatalf("open detailed investigation: safety %v, want 1 doubtful", s)
	}
	if inv["deadline_class"] != 1.0 {
		t.Fatalf("deadline in 10 days: class %v, want 1 (up to 2 weeks)", inv["deadline_class"])
	}
	prune := w.addWork(t, w.editor, id, w.pruning, nil)
	if s := w.safetyOf(t, id); s != 2 {
		t.Fatalf("open deadwood removal: safety %v, want 2 restorable", s)
	}
	fell := w.addWork(t, w.manager, id, w.felling, nil)
	if s := w.safetyOf(t, id); s != 3 {
		t.Fatalf("open felling: safety %v, want 3 not safe", s)
	}
	// Marking the felling not safety-relevant (an update) lowers safety again.
	r := w.care.do("PUT", w.url("/api/content/action/"+fell["id"].(string)), map[string]any{"work": w.felling, "security_relevance": false, "version": fell["version"]})
	wantStatus(t, r, http.StatusOK)
	if s := w.safetyOf(t, id); s != 2 {
		t.Fatalf("felling no longer relevant: safety %v, want 2", s)
	}
	w.complete(t, prune)
	if s := w.safetyOf(t, id); s != 1 {
		t.Fatalf("pruning completed, investigation open: safety %v, want 1", s)
	}
	done := w.complete(t, inv)
	if s := w.safetyOf(t, id); s != 0 {
		t.Fatalf("all safety-relevant works completed: safety %v, want 0", s)
	}
	if done["execute_username"] != w.members[3] || done["execute_note"] != "done" || done["execute_timestamp"] == nil {
		t.Fatalf("completion %v", done)
	}
	// Reopening makes it count again; deleting it (care may) removes it.
	r = w.care.do("DELETE", w.url("/api/content/action/"+inv["id"].(string)+"/complete"), map[string]any{"version": done["version"]})
	wantStatus(t, r, http.StatusOK)
	if s := w.safetyOf(t, id); s != 1 {
		t.Fatalf("reopened investigation: safety %v, want 1", s)
	}
	wantStatus(t, w.care.do("DELETE", w.url("/api/content/action/"+inv["id"].(string)), nil), http.StatusNoContent)
	if s := w.safetyOf(t, id); s != 0 {
		t.Fatalf("investigation deleted: safety %v, want 0", s)
	}
	// Readers do not touch works; unknown works are refused.
	wantStatus(t, w.reader.do("POST", w.url("/api/content/action"), map[string]any{"tree": id, "work": w.felling}), http.StatusForbidden)
	r = w.care.do("POST", w.url("/api/content/action"), map[string]any{"tree": id, "work": w.species, "deadline": "soon"})
	wantFieldNames(t, wantError(t, r, http.StatusBadRequest, "invalid", ""), "deadline")
	r = w.care.do("POST", w.url("/api/content/action"), map[string]any{"tree": id, "work": w.species})
	wantFieldNames(t, wantError(t, r, http.StatusBadRequest, "invalid", ""), "work")
	list := w.reader.do("GET", w.url("/api/content/tree/"+id+"/actions"), nil).json(t)
	if list["total"] != 3.0 {
		t.Fatalf("works %v", list)
	}
	// The database keeps the rule even for writes that bypass the API.
	e.exec(t, `UPDATE tree_action SET execute_timestamp = NULL, security_relevance = true WHERE id = $1`, fell["id"])
	if s := w.safetyOf(t, id); s != 3 {
		t.Fatalf("felling reopened in SQL: safety %v, want 3", s)
	}
}

func TestPointWorkNeedsGroup(t *testing.T) {
	t.Parallel()
	_, w := newTreeWorld(t)
	r := w.care.do("POST", w.url("/api/content/action"), map[string]any{"work": w.pruning, "geom": point(9.4305, 54.7805)})
	wantError(t, r, http.StatusBadRequest, "invalid", "Point works can only be placed on groups; a group must exist first.")
	g := w.createTree(t, w.editor, map[string]any{"geom": square(9.43, 54.78, 0.001)})
	a := w.addWork(t, w.care, "", w.pruning, map[string]any{"geom": point(9.4305, 54.7805)})
	if a["tree"] != g["id"] || a["geom"] == nil {
		t.Fatalf("point work %v not on group %v", a, g["id"])
	}
	if s := w.safetyOf(t, g["id"].(string)); s != 2 {
		t.Fatalf("group safety %v, want 2", s)
	}
	r = w.care.do("POST", w.url("/api/content/action"), map[string]any{"work": w.pruning, "geom": point(9.5, 54.9)})
	wantStatus(t, r, http.StatusBadRequest)
}

func TestInspections(t *testing.T) {
	t.Parallel()
	e, w := newTreeWorld(t)
	id := w.createTree(t, w.editor, map[string]any{"development": 0, "security_expectation": 0})["id"].(string)
	checkURL := w.url("/api/content/tree/" + id + "/checks")
	at := time.Date(2026, 3, 15, 10, 0, 0, 0, time.UTC)

	// The interval matrix of docs/DECISIONS.md, case by case.
	cases := []struct {
		body map[string]any
		next string
	}{
		{map[string]any{"development": 0, "damage_tree": 0, "security_expectation": 0}, "2029-03-15"}, // juvenile, healthy, low: 36
		{map[string]any{"development": 1, "damage_tree": 1, "security_expectation": 1}, "2028-03-15"}, // mature, slight damage, high: 24
		{map[string]any{"development": 2, "damage_tree": 0, "security_expectation": 0}, "2028-03-15"}, // aging, low: 24
		{map[string]any{"development": 2, "damage_tree": 1, "security_expectation": 1}, "2027-03-15"}, // aging, high: 12
		{map[string]any{"development": 0, "damage_tree": 2, "security_expectation": 0}, "2027-03-15"}, // damaged: 12
		{map[string]any{"development": 3, "damage_tree": 0, "security_expectation": 0}, "2027-03-15"}, // hollow: 12
	}
	for i, c := range cases {
		c.body["timestamp"] = at.Add(time.Duration(i) * time.Minute)
		r := w.editor.do("POST", checkURL, c.body)
		wantStatus(t, r, http.StatusCreated)
		if got := r.json(t)["check_next"]; got != c.next {
			t.Errorf("case %d %v: next %v, want %s", i, c.body, got, c.next)
		}
	}
	// The project's own matrix is used.
	e.exec(t, `UPDATE project SET inspection_intervals = jsonb_set(inspection_intervals, '{hollow,low}', '6') WHERE id = $1`, w.project)
	r := w.editor.do("POST", checkURL, map[string]any{"timestamp": at.Add(time.Hour), "development": 3, "vitality": 2,
		"comment": "cavity at 2 m", "symptoms": []string{"cavity"}, "valuation_trunk": 2})
	wantStatus(t, r, http.StatusCreated)
	latest := r.json(t)
	if latest["check_next"] != "2026-09-15" || latest["username"] != w.members[2] {
		t.Fatalf("check %v", latest)
	}
	// The tree shows the newest inspection; a back-dated one changes nothing on it.
	r = w.editor.do("POST", checkURL, map[string]any{"timestamp": at.AddDate(-1, 0, 0), "vitality": 4, "development": 0})
	wantStatus(t, r, http.StatusCreated)
	tr := w.reader.do("GET", w.url("/api/content/tree/"+id), nil).json(t)
	if tr["check_next"] != "2026-09-15" || tr["vitality"] != 2.0 || tr["development"] != 3.0 || tr["check_comment"] != "cavity at 2 m" ||
		tr["valuation_trunk"] != 2.0 || tr["check_username"] != w.members[2] {
		t.Fatalf("tree after checks %v", tr)
	}
	// Inspection class for today (docs/PRODUCT.md §4): the next inspection lies in the past by months → overdue.
	if tr["check_class"] != 0.0 && time.Now().After(time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)) {
		t.Fatalf("check class %v, want 0 overdue", tr["check_class"])
	}
	list := w.reader.do("GET", checkURL, nil).json(t)
	if list["total"] != 8.0 {
		t.Fatalf("checks %v", list["total"])
	}
	// Immutable: not even SQL may change or remove an inspection.
	if _, err := e.db.Pool.Exec(t.Context(), `UPDATE tree_check SET comment = 'edited' WHERE id = $1`, latest["id"]); err == nil {
		t.Fatal("an inspection was changed")
	}
	if _, err := e.db.Pool.Exec(t.Context(), `DELETE FROM tree_check WHERE id = $1`, latest["id"]); err == nil {
		t.Fatal("an inspection was deleted")
	}
	// Care does not inspect; bad values are named; the future is refused.
	wantStatus(t, w.care.do("POST", checkURL, map[string]any{}), http.StatusForbidden)
	r = w.editor.do("POST", checkURL, map[string]any{"vitality": 5, "security_expectation": 2, "timestamp": time.Now().Add(48 * time.Hour)})
	wantFieldNames(t, wantError(t, r, http.StatusBadRequest, "invalid", ""), "vitality", "security_expectation", "timestamp")
	// A required inspection comment is asked for.
	e.exec(t, `UPDATE project SET required_fields = '{check_comment}' WHERE id = $1`, w.project)
	r = w.editor.do("POST", checkURL, map[string]any{})
	wantError(t, r, http.StatusBadRequest, "invalid", "You must fill in the following fields: Inspection comment before saving changes.")
}

func TestClassesInSQL(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	today := "2026-06-15"
	for _, c := range []struct {
		fn, date string
		want     int
	}{
		{"arbor_inspection_class", "2026-05-03", 0}, // 43 days before: overdue
		{"arbor_inspection_class", "2026-05-04", 1}, // 42 days before: due
		{"arbor_inspection_class", "2026-07-27", 1}, // 42 days after: due
		{"arbor_inspection_class", "2026-07-28", 2},
		{"arbor_inspection_class", "2026-09-15", 2},
		{"arbor_inspection_class", "2026-09-16", 3},
		{"arbor_deadline_class", "2026-06-14", 0},
		{"arbor_deadline_class", "2026-06-15", 1},
		{"arbor_deadline_class", "2026-06-29", 1},
		{"arbor_deadline_class", "2026-06-30", 2},
		{"arbor_deadline_class", "2026-09-15", 2},
		{"arbor_deadline_class", "2026-12-15", 3},
		{"arbor_deadline_class", "2026-12-16", 4},
	} {
		n := e.count(t, fmt.Sprintf(`SELECT %s($1::date, $2::date)`, c.fn), c.date, today)
		if n != c.want {
			t.Errorf("%s(%s) on %s = %d, want %d", c.fn, c.date, today, n, c.want)
		}
	}
	if n := e.count(t, `SELECT arbor_deadline_class(NULL, current_date)`); n != 5 {
		t.Errorf("no deadline: class %d, want 5", n)
	}
}

func TestFellArchiveMassEditHistory(t *testing.T) {
	t.Parallel()
	e := newEnv(t, func(c *Config) { c.MassEdit = 3 })
	w := e.buildTreeWorld(t)
	var ids []string
	for i := 0; i < 4; i++ {
		ids = append(ids, w.createTree(t, w.editor, map[string]any{})["id"].(string))
	}
	id := ids[0]

	// Fell (care may) and undo.
	r := w.care.do("POST", w.url("/api/content/tree/"+id+"/fell"), map[string]any{"version": 1, "cut_date": "2026-11-02"})
	wantStatus(t, r, http.StatusOK)
	if tr := r.json(t); tr["cut"] != true || tr["cut_date"] != "2026-11-02" {
		t.Fatalf("felled %v", tr)
	}
	if l := w.reader.do("GET", w.url("/api/content/trees"), nil).json(t); l["total"] != 3.0 {
		t.Fatalf("stock after felling %v", l["total"])
	}
	if l := w.reader.do("GET", w.url("/api/content/trees?state=felled"), nil).json(t); l["total"] != 1.0 {
		t.Fatalf("felled list %v", l["total"])
	}
	r = w.care.do("DELETE", w.url("/api/content/tree/"+id+"/fell"), map[string]any{"version": 2})
	wantStatus(t, r, http.StatusOK)
	if tr := r.json(t); tr["cut"] != false || tr["cut_date"] != nil {
		t.Fatalf("unfelled %v", tr)
	}
	wantStatus(t, w.reader.do("POST", w.url("/api/content/tree/"+id+"/fell"), map[string]any{"version": 3}), http.StatusForbidden)

	// Archive a selection and activate it again.
	r = w.editor.do("PUT", w.url("/api/content/archive"), map[string]any{"ids": ids[:2], "archive": true})
	wantStatus(t, r, http.StatusOK)
	if n := r.json(t)["changed"]; n != 2.0 {
		t.Fatalf("archived %v", n)
	}
	if l := w.reader.do("GET", w.url("/api/content/trees?state=archived"), nil).json(t); l["total"] != 2.0 {
		t.Fatalf("archived list %v", l["total"])
	}
	wantStatus(t, w.editor.do("PUT", w.url("/api/content/archive"), map[string]any{"ids": ids[:2], "archive": false}), http.StatusOK)

	// Mass edit: management only, set-based, limited.
	wantStatus(t, w.editor.do("PUT", w.url("/api/content/bulk"), map[string]any{"ids": ids[:2], "fields": map[string]any{"vitality": 1}}), http.StatusForbidden)
	r = w.manager.do("PUT", w.url("/api/content/bulk"), map[string]any{"ids": ids, "fields": map[string]any{"vitality": 1}})
	wantError(t, r, http.StatusBadRequest, "invalid", "At most 3 objects can be changed at once; 4 were selected.")
	r = w.manager.do("PUT", w.url("/api/content/bulk"), map[string]any{"ids": ids[1:], "fields": map[string]any{"number": 5, "vitality": 9}})
	wantFieldNames(t, wantError(t, r, http.StatusBadRequest, "invalid", ""), "number", "vitality")
	r = w.manager.do("PUT", w.url("/api/content/bulk"), map[string]any{"ids": ids[1:], "fields": map[string]any{"vitality": 2, "species": w.species}})
	wantStatus(t, r, http.StatusOK)
	if n := e.count(t, `SELECT count(*) FROM tree WHERE id = ANY($1::uuid[]) AND vitality = 2 AND species_id = $2`, ids[1:], w.species); n != 3 {
		t.Fatalf("mass edit changed %d of 3", n)
	}

	// History tells all of it, field by field, with who did it.
	r = w.reader.do("GET", w.url("/api/content/tree-hist?tree="+ids[1]), nil)
	wantStatus(t, r, http.StatusOK)
	items := r.json(t)["items"].([]any)
	var fields []string
	for _, it := range items {
		c := it.(map[string]any)
		if f, ok := c["field"].(string); ok {
			fields = append(fields, f)
		}
		if c["op"] == "update" && c["field"] == "vitality" && (c["old_value"] != nil || c["new_value"] != 2.0 || c["username"] != w.members[0]) {
			t.Errorf("vitality change %v", c)
		}
	}
	if got := strings.Join(fields, ","); got != "species_id,vitality,archive,archive" {
		t.Errorf("history fields %s", got)
	}
	if last := items[len(items)-1].(map[string]any); last["op"] != "insert" || last["entity"] != "tree" {
		t.Errorf("first entry %v", last)
	}
	r = w.reader.do("GET", w.url("/api/content/tree-hist?tree="+id), nil)
	var felling int
	for _, it := range r.json(t)["items"].([]any) {
		if c := it.(map[string]any); c["field"] == "cut" {
			felling++
		}
	}
	if felling != 2 {
		t.Errorf("felling and its undo: %d cut entries, want 2", felling)
	}
}

// TestInspectionFindingsAndMeasure: an inspection records its type and, per symptom, where and how
// severe; the work it calls for is recorded with it (the tree's safety follows at once); a repeated
// inspection does not make its work twice; a bad finding or measure is named and writes nothing.
func TestInspectionFindingsAndMeasure(t *testing.T) {
	t.Parallel()
	e, w := newTreeWorld(t)
	id := w.createTree(t, w.editor, map[string]any{})["id"].(string)
	checkURL := w.url("/api/content/tree/" + id + "/checks")

	// A routine check of a healthy tree stays as short as before: routine, nothing found.
	r := w.editor.do("POST", checkURL, map[string]any{"vitality": 0})
	wantStatus(t, r, http.StatusCreated)
	if c := r.json(t); c["check_type"] != "routine" || len(c["findings"].([]any)) != 0 || c["measure"] != nil {
		t.Fatalf("routine check %v", c)
	}

	checkID := "0b3a4d1e-9c55-4f7e-8d1a-2f6e7c9a1b20"
	body := map[string]any{"id": checkID, "check_type": "storm", "vitality": 2, "symptoms": []string{"deadwood"},
		"findings": []map[string]any{{"symptom": "cavity", "part": "trunk", "severity": 3}, {"symptom": "deadwood", "part": "crown", "severity": 1}},
		"measure":  map[string]any{"work": w.felling, "deadline": "2026-12-01"}}
	r = w.editor.do("POST", checkURL, body)
	wantStatus(t, r, http.StatusCreated)
	c := r.json(t)
	if c["check_type"] != "storm" || len(c["findings"].([]any)) != 2 {
		t.Fatalf("storm check %v", c)
	}
	f := c["findings"].([]any)[0].(map[string]any)
	if f["symptom"] != "cavity" || f["part"] != "trunk" || f["severity"] != 3.0 {
		t.Fatalf("finding %v", f)
	}
	// A finding's symptom is among the inspection's symptoms, as the tree reads them.
	if s := c["symptoms"].([]any); len(s) != 2 || s[0] != "deadwood" || s[1] != "cavity" {
		t.Fatalf("symptoms %v", s)
	}
	m, ok := c["measure"].(map[string]any)
	if !ok || m["work"] != w.felling || m["deadline"] != "2026-12-01" || m["tree"] != id {
		t.Fatalf("measure %v", c["measure"])
	}
	if got := w.safetyOf(t, id); got != 3 {
		t.Fatalf("safety after a felling measure %v, want 3", got)
	}
	// Sent again (a field device retrying): the stored inspection, no second work.
	r = w.editor.do("POST", checkURL, body)
	wantStatus(t, r, http.StatusOK)
	if n := e.count(t, `SELECT count(*) FROM tree_action WHERE tree_id = $1`, id); n != 1 {
		t.Fatalf("%d works after a repeated inspection, want 1", n)
	}

	// Bad type, finding and measure are named; nothing is written.
	before := e.count(t, `SELECT count(*) FROM tree_check WHERE tree_id = $1`, id)
	r = w.editor.do("POST", checkURL, map[string]any{"check_type": "casual",
		"findings": []map[string]any{{"symptom": "cavity", "part": "leaf", "severity": 1}}})
	wantFieldNames(t, wantError(t, r, http.StatusBadRequest, "invalid", ""), "check_type", "findings")
	r = w.editor.do("POST", checkURL, map[string]any{"measure": map[string]any{"deadline": "soon"}})
	wantFieldNames(t, wantError(t, r, http.StatusBadRequest, "invalid", ""), "measure.work", "measure.deadline")
	r = w.editor.do("POST", checkURL, map[string]any{"measure": map[string]any{"work": "6f1c1e57-7a2b-4c1d-9f2e-000000000000"}})
	if r.StatusCode < 400 || r.StatusCode >= 500 {
		t.Fatalf("an unknown work answered %d", r.StatusCode)
	}
	if n := e.count(t, `SELECT count(*) FROM tree_check WHERE tree_id = $1`, id); n != before {
		t.Fatalf("%d inspections after refused ones, want %d", n, before)
	}
}

// TestArchiveFilteredView: management archives everything a filter shows and nothing else, and
// activates it again through the archived view; editors may not; a bad filter names its part.
func TestArchiveFilteredView(t *testing.T) {
	t.Parallel()
	_, w := newTreeWorld(t)
	for i, v := range []int{2, 2, 0, 1} {
		w.createTree(t, w.editor, map[string]any{"number": i + 1, "vitality": v})
	}
	weak := map[string]any{"conditions": []any{map[string]any{"field": "vitality", "op": "eq", "value": 2}}}

	wantStatus(t, w.editor.do("PUT", w.url("/api/content/archive-filter"), map[string]any{"filter": weak, "archive": true}), http.StatusForbidden)
	r := w.manager.do("PUT", w.url("/api/content/archive-filter"), map[string]any{"filter": map[string]any{
		"conditions": []any{map[string]any{"field": "vitality", "op": "between", "value": 2}}}, "archive": true})
	wantFieldNames(t, wantError(t, r, http.StatusBadRequest, "invalid", ""), "conditions.0")
	wantFieldNames(t, wantError(t, w.manager.do("PUT", w.url("/api/content/archive-filter"), map[string]any{"filter": weak}),
		http.StatusBadRequest, "invalid", ""), "archive")

	// archiveView archives (or activates) what filter shows, wanting changed objects and the
	// stock after.
	archiveView := func(filter map[string]any, archive bool, changed, stock float64) {
		t.Helper()
		r := w.manager.do("PUT", w.url("/api/content/archive-filter"), map[string]any{"filter": filter, "archive": archive})
		wantStatus(t, r, http.StatusOK)
		if n := r.json(t)["changed"]; n != changed {
			t.Fatalf("archive %v: changed %v, want %v", archive, n, changed)
		}
		if n := w.reader.do("GET", w.url("/api/content/trees"), nil).json(t)["total"]; n != stock {
			t.Fatalf("stock after archive %v: %v, want %v", archive, n, stock)
		}
	}
	archiveView(weak, true, 2, 2)
	if n := w.reader.do("GET", w.url("/api/content/trees?state=archived"), nil).json(t)["total"]; n != 2.0 {
		t.Fatalf("archived: %v, want 2", n)
	}
	// The same filter on the stock finds nothing more to archive.
	archiveView(weak, true, 0, 2)
	// Activating the archived view brings them back.
	archiveView(map[string]any{"state": "archived"}, false, 2, 4)
}

// TestArchiveBigViewInBackground: a view of more objects than the server archives at once is
// archived by the queue; the answer names a task whose progress only its starter reads, and
// the task ends with what changed, history and all.
func TestArchiveBigViewInBackground(t *testing.T) {
	t.Parallel()
	e := newEnv(t, func(c *Config) { c.ArchiveAtOnce = 3 })
	w := e.buildTreeWorld(t)
	for i, v := range []int{2, 2, 2, 2, 2, 0} {
		w.createTree(t, w.editor, map[string]any{"number": i + 1, "vitality": v})
	}
	weak := map[string]any{"conditions": []any{map[string]any{"field": "vitality", "op": "eq", "value": 2}}}
	follow := func(r *resp, want int) {
		t.Helper()
		wantStatus(t, r, http.StatusAccepted)
		task := r.json(t)["task"].(map[string]any)
		if task["total"] != float64(want) || task["state"] != "queued" {
			t.Fatalf("task as queued: %v", task)
		}
		path := w.url("/api/content/task/" + task["id"].(string))
		wantStatus(t, w.editor.do("GET", path, nil), http.StatusNotFound) // another's task
		task = followTask(t, w.manager, path, 20*time.Second)
		if task["state"] != "done" || task["changed"] != float64(want) || task["done"] != float64(want) || task["finished_at"] == nil {
			t.Fatalf("task when done: %v", task)
		}
	}

	follow(w.manager.do("PUT", w.url("/api/content/archive-filter"), map[string]any{"filter": weak, "archive": true}), 5)
	if n := w.reader.do("GET", w.url("/api/content/trees"), nil).json(t)["total"]; n != 1.0 {
		t.Fatalf("stock after archiving the view: %v, want 1", n)
	}
	if n := e.count(t, `SELECT count(*) FROM history WHERE project_id = $1 AND field = 'archive'
		AND new_value = 'true' AND user_id = $2`, w.project, e.userID(t, w.members[0])); n != 5 {
		t.Fatalf("%d history entries of the archiving, want 5", n)
	}
	follow(w.manager.do("PUT", w.url("/api/content/archive-filter"), map[string]any{"filter": map[string]any{"state": "archived"}, "archive": false}), 5)
	if n := w.reader.do("GET", w.url("/api/content/trees"), nil).json(t)["total"]; n != 6.0 {
		t.Fatalf("stock after activating: %v, want 6", n)
	}
	// A view within the limit is still changed at once.
	r := w.manager.do("PUT", w.url("/api/content/archive-filter"), map[string]any{"filter": map[string]any{
		"conditions": []any{map[string]any{"field": "vitality", "op": "eq", "value": 0}}}, "archive": true})
	wantStatus(t, r, http.StatusOK)
	if n := r.json(t)["changed"]; n != 1.0 {
		t.Fatalf("archived %v at once, want 1", n)
	}
	// The tasks not yet ended, for the app to show again after a reload: only one's own.
	if l := w.manager.do("GET", w.url("/api/content/tasks"), nil).json(t); l["total"] != 0.0 {
		t.Fatalf("open tasks after both ended: %v", l)
	}
	e.exec(t, `INSERT INTO task (organisation_id, project_id, user_id, kind, state, total, done)
		VALUES ($1, $2, $3, 'archive', 'running', 10, 4), ($1, $2, $3, 'activate', 'done', 3, 3), ($1, $2, $4, 'archive', 'queued', 5, 0)`,
		w.org, w.project, e.userID(t, w.members[0]), e.userID(t, w.members[2]))
	// One whose server died under it hours ago is not shown for ever.
	e.exec(t, `INSERT INTO task (organisation_id, project_id, user_id, kind, state, total, done, created_at)
		VALUES ($1, $2, $3, 'archive', 'running', 10, 2, now() - interval '3 hours')`, w.org, w.project, e.userID(t, w.members[0]))
	open := w.manager.do("GET", w.url("/api/content/tasks"), nil).json(t)["items"].([]any)
	if len(open) != 1 || open[0].(map[string]any)["state"] != "running" || open[0].(map[string]any)["done"] != 4.0 {
		t.Fatalf("open tasks %v", open)
	}
	wantStatus(t, w.manager.do("GET", w.url("/api/content/task/00000000-0000-0000-0000-000000000000"), nil), http.StatusNotFound)
	wantStatus(t, w.manager.do("GET", w.url("/api/content/task/not-a-task"), nil), http.StatusNotFound)
}
