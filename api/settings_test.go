package api

import (
	"context"
	"net/http"
	"strings"
	"testing"
)

func TestProjectSettings(t *testing.T) {
	t.Parallel()
	e, w := newWorld(t)
	manager := e.login(t, w.members[0], testPassword)
	reader := e.login(t, w.members[1], testPassword)
	base := "/api/management/project/" + w.project

	// Defaults: every custom field listed and inactive, the FLL matrix of docs/DECISIONS.md.
	r := reader.do("GET", base+"/settings", nil)
	wantStatus(t, r, http.StatusOK)
	s := r.json(t)
	custom := s["custom_fields"].(map[string]any)
	if len(custom) != 19 {
		t.Fatalf("custom fields %d, want 19 (general01-09, 11-13, 21-23, 31-32, 41-42)", len(custom))
	}
	if g := custom["general41"].(map[string]any); g["category"] != "work" || g["active"] != false {
		t.Fatalf("general41 %v", g)
	}
	iv := s["inspection_intervals"].(map[string]any)
	if y := iv["young_healthy"].(map[string]any); y["low"] != 36.0 || y["high"] != 24.0 {
		t.Fatalf("default intervals %v", iv)
	}
	version := s["version"]

	// A reader may read but not change.
	wantStatus(t, reader.do("PUT", base+"/settings", map[string]any{"version": version, "required_fields": []string{}}), http.StatusForbidden)

	// Every invalid part is named at once, and nothing is written.
	r = manager.do("PUT", base+"/settings", map[string]any{"version": version,
		"required_fields": []string{"species", "drop table"},
		"custom_fields": map[string]any{"general01": map[string]any{"alias": "", "active": true},
			"general10": map[string]any{"alias": "x"},
			"general02": map[string]any{"alias": "Pit", "type": "list", "values": []string{"open", "Open"}}},
		"default_values":       map[string]any{"height": []int{1}, "nope": 1},
		"inspection_intervals": map[string]any{"young_healthy": map[string]int{"low": 0, "high": 24}, "aging_healthy": map[string]int{"low": 24, "high": 12}, "damaged": map[string]int{"low": 12, "high": 121}, "hollow": map[string]int{"low": 12, "high": 12}},
	})
	m := wantError(t, r, http.StatusBadRequest, "invalid", "")
	wantFieldNames(t, m, "required_fields", "custom_fields.general01", "custom_fields.general10", "custom_fields.general02",
		"default_values.height", "default_values.nope", "inspection_intervals.young_healthy", "inspection_intervals.damaged")
	if n := e.count(t, `SELECT count(*) FROM project WHERE id = $1 AND version = $2`, w.project, int(version.(float64))); n != 1 {
		t.Fatal("a refused change was written")
	}

	// A valid change; parts not sent stay as they are.
	r = manager.do("PUT", base+"/settings", map[string]any{"version": version,
		"required_fields": []string{"species", "height", "species", "general01"},
		"custom_fields":   map[string]any{"general01": map[string]any{"alias": "Tree pit", "active": true, "type": "list", "values": []string{"open", "sealed"}}},
		"default_values":  map[string]any{"planting_year": 2020, "species": "Tilia cordata"},
	})
	wantStatus(t, r, http.StatusOK)
	s = r.json(t)
	if got := s["required_fields"].([]any); len(got) != 3 || got[0] != "species" || got[2] != "general01" {
		t.Fatalf("required fields %v", got)
	}
	if g := s["custom_fields"].(map[string]any)["general01"].(map[string]any); g["alias"] != "Tree pit" || len(g["values"].([]any)) != 2 {
		t.Fatalf("general01 %v", g)
	}
	if d := s["default_values"].(map[string]any); d["planting_year"] != 2020.0 || d["species"] != "Tilia cordata" {
		t.Fatalf("defaults %v", d)
	}
	r = manager.do("PUT", base+"/settings", map[string]any{"version": s["version"],
		"inspection_intervals": map[string]any{"young_healthy": map[string]int{"low": 48, "high": 24}, "aging_healthy": map[string]int{"low": 24, "high": 12}, "damaged": map[string]int{"low": 12, "high": 6}, "hollow": map[string]int{"low": 6, "high": 6}}})
	wantStatus(t, r, http.StatusOK)
	s = r.json(t)
	if len(s["required_fields"].([]any)) != 3 {
		t.Fatal("required fields lost by a change of the intervals")
	}
	if y := s["inspection_intervals"].(map[string]any)["young_healthy"].(map[string]any); y["low"] != 48.0 {
		t.Fatalf("intervals %v", s["inspection_intervals"])
	}

	// A stale version is refused with the current settings.
	r = manager.do("PUT", base+"/settings", map[string]any{"version": version, "required_fields": []string{}})
	m = wantError(t, r, http.StatusConflict, "conflict", "")
	if cur, ok := m["current"].(map[string]any); !ok || cur["version"] != s["version"] {
		t.Fatalf("stale answer lacks the current settings: %v", m)
	}
}

func TestBasemapPasswordStaysOnTheServer(t *testing.T) {
	t.Parallel()
	e, w := newWorld(t)
	manager := e.login(t, w.members[0], testPassword)
	editor := e.login(t, w.members[2], testPassword)
	base := "/api/management/project/" + w.project

	m := wantError(t, manager.do("POST", base+"/basemaps", map[string]any{"name": "", "type": "tms", "url": "ftp://x"}),
		http.StatusBadRequest, "invalid", "")
	wantFieldNames(t, m, "name", "type", "url")
	m = wantError(t, manager.do("POST", base+"/basemaps", map[string]any{"name": "Long", "type": "xyz",
		"url": "https://tiles.example/{z}/{x}/{y}.png", "attribution": strings.Repeat("©", 301)}), http.StatusBadRequest, "invalid", "")
	wantFieldNames(t, m, "attribution")
	// A vector style (basemap.de web vector) with its attribution.
	r := manager.do("POST", base+"/basemaps", map[string]any{"name": "basemap.de", "type": "vector",
		"url": "https://sgx.geodatenzentrum.de/gdz_basemapde_vektor/styles/bm_web_col.json", "attribution": "© basemap.de / BKG"})
	wantStatus(t, r, http.StatusCreated)
	if v := r.json(t); v["type"] != "vector" || v["attribution"] != "© basemap.de / BKG" {
		t.Fatalf("vector basemap %v", v)
	}

	r = manager.do("POST", base+"/basemaps", map[string]any{"name": "City map", "type": "WMS",
		"url": "https://geo.example/wms", "layers": "citymap", "username": "gis", "password": "s3cret-wms"})
	wantStatus(t, r, http.StatusCreated)
	if strings.Contains(string(r.body), "s3cret-wms") {
		t.Fatal("the password was answered")
	}
	b := r.json(t)
	if b["has_password"] != true || b["type"] != "wms" {
		t.Fatalf("basemap %v", b)
	}
	id := b["id"].(string)
	var sealed string
	if err := e.db.Pool.QueryRow(context.Background(), `SELECT password_sealed FROM project_basemap WHERE id = $1`, id).Scan(&sealed); err != nil {
		t.Fatal(err)
	}
	if plain, err := e.signer.Open(sealed); err != nil || plain != "s3cret-wms" || strings.Contains(sealed, "s3cret") {
		t.Fatalf("stored password: %q → %q, %v", sealed, plain, err)
	}
	// Every member sees the basemap, without the password.
	r = editor.do("GET", base+"/settings", nil)
	wantStatus(t, r, http.StatusOK)
	if strings.Contains(string(r.body), "s3cret-wms") || !strings.Contains(string(r.body), "City map") {
		t.Fatalf("settings %s", r.body)
	}
	wantStatus(t, editor.do("DELETE", base+"/basemaps/"+id, nil), http.StatusForbidden)

	// Changing the name keeps the password; an empty password removes it.
	r = manager.do("PUT", base+"/basemaps/"+id, map[string]any{"name": "Town map", "type": "wms", "url": "https://geo.example/wms", "version": 1})
	wantStatus(t, r, http.StatusOK)
	if got := r.json(t); got["has_password"] != true || got["name"] != "Town map" {
		t.Fatalf("after rename %v", got)
	}
	wantError(t, manager.do("PUT", base+"/basemaps/"+id, map[string]any{"name": "Old", "type": "wms", "url": "https://geo.example/wms", "version": 1}),
		http.StatusConflict, "conflict", "")
	r = manager.do("PUT", base+"/basemaps/"+id, map[string]any{"name": "Town map", "type": "wms", "url": "https://geo.example/wms", "password": "", "version": 2})
	wantStatus(t, r, http.StatusOK)
	if got := r.json(t); got["has_password"] != false {
		t.Fatalf("password not removed: %v", got)
	}
	// Another project's basemap id is unknown here.
	other := e.insertID(t, `INSERT INTO project_basemap (organisation_id, project_id, name, type, url) VALUES ($1, $2, 'x', 'xyz', 'https://x.example') RETURNING id::text`, w.org, w.quiet)
	wantStatus(t, manager.do("DELETE", base+"/basemaps/"+other, nil), http.StatusNotFound)
	wantStatus(t, manager.do("DELETE", base+"/basemaps/"+id, nil), http.StatusNoContent)
	wantStatus(t, manager.do("DELETE", base+"/basemaps/"+id, nil), http.StatusNotFound)
}

// wantFieldNames checks that an error answer names exactly these fields.
func wantFieldNames(t *testing.T, m map[string]any, names ...string) {
	t.Helper()
	fields, _ := m["fields"].(map[string]any)
	for _, n := range names {
		if _, ok := fields[n]; !ok {
			t.Errorf("field %s not named in %v", n, fields)
		}
	}
	if len(fields) != len(names) {
		t.Errorf("fields %v, want exactly %v", fields, names)
	}
}
