package i18n

import (
	"sort"
	"strings"
	"testing"

	"arbor"
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

// TestCountsGrouped: counts in messages are written as the reader's language writes numbers.
func TestCountsGrouped(t *testing.T) {
	args := map[string]any{"max": arbor.Count(10000), "count": arbor.Count(18697)}
	for lang, want := range map[string]string{
		"en": "At most 10,000 objects can be changed at once; 18,697 were selected.",
		"de": "10.000",
		"fr": "10\u202f000",
	} {
		if got := T(lang, "selection.too_many", args); !strings.Contains(got, want) {
			t.Errorf("%s: %q, want %q in it", lang, got, want)
		}
	}
	if got := T("en", "tile.coordinates", map[string]any{"max": 22}); !strings.Contains(got, "0 to 22") {
		t.Errorf("a plain number: %q", got)
	}
	if got := grouped("en", -1234567); got != "-1,234,567" {
		t.Errorf("grouped: %q", got)
	}
}
