package i18n

import (
	"sort"
	"testing"
)

// Every language must translate every English key, so no user ever sees a fallback by accident.
func TestCataloguesComplete(t *testing.T) {
	en := Keys("en")
	sort.Strings(en)
	for _, lang := range Languages[1:] {
		have := map[string]bool{}
		for _, k := range Keys(lang) {
			have[k] = true
		}
		for _, k := range en {
			if !have[k] {
				t.Errorf("%s.json lacks %q", lang, k)
			}
		}
		if len(have) != len(en) {
			t.Errorf("%s.json has %d keys, en.json %d", lang, len(have), len(en))
		}
	}
}

func TestT(t *testing.T) {
	if got := T("de", "auth.throttled", map[string]any{"minutes": 7}); got != "Zu viele fehlgeschlagene Anmeldeversuche. Bitte versuchen Sie es in 7 Minuten erneut." {
		t.Fatalf("T = %q", got)
	}
	if got := T("xx", "auth.reset_done", nil); got != "Your password has been successfully reset." {
		t.Fatalf("fallback = %q", got)
	}
	if got := T("en", "no.such.key", nil); got != "no.such.key" {
		t.Fatalf("missing key = %q", got)
	}
}

func TestFromAcceptLanguage(t *testing.T) {
	cases := map[string]string{
		"de-DE,de;q=0.9,en;q=0.8": "de",
		"nl,fr-FR;q=0.5":          "fr",
		"es":                      "",
		"":                        "",
		"EN-us":                   "en",
	}
	for in, want := range cases {
		if got := FromAcceptLanguage(in); got != want {
			t.Errorf("FromAcceptLanguage(%q) = %q, want %q", in, got, want)
		}
	}
}
