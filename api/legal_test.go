package api

import (
	"bytes"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func withLegalDir(dir string) envOption { return func(c *Config) { c.LegalDir = dir } }

// consentAll has an administrator consent to the terms and the data processing agreement.
func consentAll(t *testing.T, admin *browser, org string) {
	t.Helper()
	wantStatus(t, admin.do("POST", "/api/management/organisation/"+org+"/consents", map[string]any{"kinds": []string{"agb", "avv"}, "lang": "en"}), http.StatusOK)
}

// TestLegalTexts: the operator's file is served over the sample, a language the operator has not
// provided falls back to their English file, a missing file is the sample; an unknown kind is
// 404, an unknown language 400, and paths that try to leave the folder never reach a file.
func TestLegalTexts(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for name, text := range map[string]string{
		"imprint.de.md": "# Impressum der Stadt Kiel\n\nRathaus",
		"imprint.en.md": "# Imprint of the City of Kiel",
		"terms.de.pdf":  "%PDF-1.4 Kiel AGB",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(filepath.Dir(dir), "secret.md"), []byte("secret"), 0o644); err != nil {
		t.Fatal(err)
	}
	e := newEnv(t, withLegalDir(dir))
	guest := e.browser()

	page := func(kind, lang string) map[string]any {
		t.Helper()
		r := guest.do("GET", "/api/legal/pages/"+kind+"/"+lang, nil)
		wantStatus(t, r, http.StatusOK)
		return r.json(t)
	}
	if p := page("imprint", "de"); p["sample"] != false || p["lang"] != "de" || !strings.HasPrefix(p["markdown"].(string), "# Impressum der Stadt Kiel") || p["updated_at"] == nil {
		t.Errorf("the operator's German imprint: %v", p)
	}
	if p := page("imprint", "fr"); p["sample"] != false || p["lang"] != "en" || p["markdown"] != "# Imprint of the City of Kiel" {
		t.Errorf("French falls back to the operator's English: %v", p)
	}
	if p := page("privacy", "de"); p["sample"] != true || p["lang"] != "de" || !strings.Contains(p["markdown"].(string), "MUSTER") {
		t.Errorf("a missing privacy policy is the sample: %v", p)
	}
	if p := page("terms", "fr"); p["sample"] != true || p["lang"] != "fr" || !strings.Contains(p["markdown"].(string), "Conditions générales") {
		t.Errorf("the French sample terms: %v", p)
	}

	// The PDFs: the operator's German terms, the sample DPA, and the list of all of them.
	r := guest.do("GET", "/api/legal/documents/terms/de", nil)
	wantStatus(t, r, http.StatusOK)
	if r.Header.Get("Content-Type") != "application/pdf" || string(r.body) != "%PDF-1.4 Kiel AGB" ||
		r.Header.Get("Content-Language") != "de" || r.Header.Get("X-Arbor-Sample") != "" ||
		!strings.Contains(r.Header.Get("Content-Disposition"), `filename="terms-de.pdf"`) {
		t.Errorf("operator terms: %v %q", r.Header, r.body)
	}
	r = guest.do("GET", "/api/legal/documents/dpa/fr", nil)
	wantStatus(t, r, http.StatusOK)
	if r.Header.Get("Content-Type") != "application/pdf" || !bytes.HasPrefix(r.body, []byte("%PDF-")) || len(r.body) < 1000 ||
		r.Header.Get("X-Arbor-Sample") != "true" || !strings.Contains(r.Header.Get("Content-Disposition"), "dpa-fr-sample.pdf") {
		t.Errorf("sample DPA: %v, %d bytes", r.Header, len(r.body))
	}
	r = guest.do("GET", "/api/legal/documents/terms/fr", nil)
	if r.Header.Get("Content-Language") != "fr" || r.Header.Get("X-Arbor-Sample") != "true" {
		t.Errorf("French terms with only the operator's German ones: the French sample, got %v", r.Header)
	}
	list := guest.do("GET", "/api/legal/documents", nil).json(t)["items"].([]any)
	if len(list) != 6 {
		t.Fatalf("documents %v", list)
	}
	for _, it := range list {
		d := it.(map[string]any)
		if d["kind"] == "terms" && d["asked"] == "de" && (d["sample"] != false || d["size"] != float64(len("%PDF-1.4 Kiel AGB"))) {
			t.Errorf("listed operator terms: %v", d)
		}
		if d["kind"] == "dpa" && d["sample"] != true {
			t.Errorf("listed sample DPA: %v", d)
		}
	}

	// Refused: not a 500, never the file outside.
	for path, status := range map[string]int{
		"/api/legal/pages/cookies/en":               http.StatusNotFound,
		"/api/legal/pages/dpa/en":                   http.StatusNotFound,
		"/api/legal/pages/imprint/xx":               http.StatusBadRequest,
		"/api/legal/pages/imprint/EN":               http.StatusBadRequest,
		"/api/legal/documents/imprint/en":           http.StatusNotFound,
		"/api/legal/documents/terms/it":             http.StatusBadRequest,
		"/api/legal/pages/..%2Fsecret/en":           http.StatusNotFound,
		"/api/legal/pages/imprint/..%2F..%2Fsecret": http.StatusBadRequest,
		"/api/legal/pages/%2e%2e/en":                http.StatusNotFound,
		"/api/legal/pages/imprint/en%00":            http.StatusBadRequest,
		"/api/legal/pages/../secret/en":             http.StatusNotFound,
		"/api/legal/documents/..%2F..%2Fetc/passwd": http.StatusNotFound,
	} {
		r := guest.do("GET", path, nil)
		if r.StatusCode != status || strings.Contains(string(r.body), "secret\"") {
			t.Errorf("%s: %d %s, want %d", path, r.StatusCode, r.body, status)
		}
	}
}

// TestConsent: an administrator consents to the terms and the DPA for the organisation; who,
// when, the language and the document's SHA-256 are kept, and the organisation's agb and avv
// set. Members and platform support cannot consent; consenting again to the same document adds
// nothing, to a changed one adds a record beside the first.
func TestConsent(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	e := newEnv(t, withLegalDir(dir))
	w := e.buildTreeWorld(t)
	admin := e.login(t, w.admin, testPassword)
	path := "/api/management/organisation/" + w.org + "/consents"

	c := w.reader.do("GET", path, nil).json(t)
	if c["agb"] != nil || c["avv"] != nil || len(c["missing"].([]any)) != 2 {
		t.Fatalf("before any consent: %v", c)
	}
	wantStatus(t, w.manager.do("POST", path, map[string]any{"kinds": []string{"agb"}}), http.StatusForbidden)
	wantError(t, admin.do("POST", path, map[string]any{"kinds": []string{"cookies"}}), http.StatusBadRequest, "invalid", "")
	wantError(t, admin.do("POST", path, map[string]any{"kinds": []string{}}), http.StatusBadRequest, "invalid", "")
	wantError(t, admin.do("POST", path, map[string]any{"kinds": []string{"agb", "agb"}}), http.StatusBadRequest, "invalid", "")
	wantError(t, admin.do("POST", path, map[string]any{"kinds": []string{"agb"}, "lang": "it"}), http.StatusBadRequest, "invalid", "")

	before := time.Now().Add(-time.Second)
	r := admin.do("POST", path, map[string]any{"kinds": []string{"agb"}, "lang": "de"})
	wantStatus(t, r, http.StatusOK)
	c = r.json(t)
	agb, _ := c["agb"].(map[string]any)
	if agb == nil || agb["user_id"] != e.userID(t, w.admin) || agb["email"] != w.admin || agb["lang"] != "de" ||
		agb["sample"] != true || len(agb["document_sha256"].(string)) != 64 || c["avv"] != nil {
		t.Fatalf("after consenting to the terms: %v", c)
	}
	if at, err := time.Parse(time.RFC3339Nano, agb["at"].(string)); err != nil || at.Before(before) || at.After(time.Now().Add(time.Second)) {
		t.Fatalf("consented at %v", agb["at"])
	}
	if m := c["missing"].([]any); len(m) != 1 || m[0] != "avv" {
		t.Fatalf("missing %v", m)
	}
	if n := e.count(t, `SELECT count(*) FROM organisation WHERE id = $1 AND agb AND NOT avv`, w.org); n != 1 {
		t.Fatal("organisation.agb not set")
	}
	// The booking names what is still missing.
	m := wantError(t, admin.do("POST", "/api/management/organisation/"+w.org+"/packages", map[string]any{"package": "trees-500"}),
		http.StatusConflict, "conflict", "Before booking, an administrator accepts the data processing agreement on the organisation's documents page.")
	wantFields(t, m, map[string]string{"avv": ""})

	// Both: the terms again (the same document: no new record) and the DPA.
	consentAll(t, admin, w.org)
	if n := e.count(t, `SELECT count(*) FROM organisation_consent WHERE organisation_id = $1`, w.org); n != 3 {
		t.Fatalf("%d consents: the German and English terms and the DPA", n)
	}
	consentAll(t, admin, w.org)
	if n := e.count(t, `SELECT count(*) FROM organisation_consent WHERE organisation_id = $1`, w.org); n != 3 {
		t.Fatalf("%d consents after consenting again to the same documents", n)
	}
	// The operator replaces the terms: the consent to the old text counts no more, a booking
	// asks for the new one, and the new consent is kept beside the earlier ones.
	if err := os.WriteFile(filepath.Join(dir, "terms.en.pdf"), []byte("%PDF-1.4 new terms"), 0o644); err != nil {
		t.Fatal(err)
	}
	if m := w.reader.do("GET", path, nil).json(t)["missing"].([]any); len(m) != 1 || m[0] != "agb" {
		t.Fatalf("missing after the terms changed: %v", m)
	}
	m = wantError(t, admin.do("POST", "/api/management/organisation/"+w.org+"/packages", map[string]any{"package": "trees-500"}),
		http.StatusConflict, "conflict", "")
	wantFields(t, m, map[string]string{"agb": ""})
	c = admin.do("POST", path, map[string]any{"kinds": []string{"agb"}, "lang": "en"}).json(t)
	if agb := c["agb"].(map[string]any); agb["sample"] != false || agb["lang"] != "en" || len(c["history"].([]any)) != 4 || len(c["missing"].([]any)) != 0 {
		t.Fatalf("after the new terms: %v", c)
	}
	wantStatus(t, admin.do("POST", "/api/management/organisation/"+w.org+"/packages", map[string]any{"package": "trees-500"}), http.StatusCreated)

	// A cancelled organisation consents to nothing.
	wantStatus(t, admin.do("POST", "/api/management/organisation/"+w.org+"/cancel", nil), http.StatusOK)
	r = admin.do("POST", path, map[string]any{"kinds": []string{"avv"}, "lang": "fr"})
	if r.StatusCode < 400 || r.StatusCode >= 500 {
		t.Fatalf("consent to a cancelled organisation: %d", r.StatusCode)
	}
}
