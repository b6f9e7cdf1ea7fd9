// Package i18n translates the server's messages and e-mails into English, German and French.
// The catalogues are JSON files embedded in the binary; a missing translation falls back to
// English, and a missing key shows the key itself so it is noticed, never an empty text.
package i18n

import (
	"embed"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// Languages the server speaks, the first is the fallback.
var Languages = []string{"en", "de", "fr"}

//go:embed *.json
var files embed.FS

var catalogues = mustLoad()

func mustLoad() map[string]map[string]string {
	out := map[string]map[string]string{}
	for _, lang := range Languages {
		raw, err := files.ReadFile(lang + ".json")
		if err != nil {
			panic(err)
		}
		m := map[string]string{}
		if err := json.Unmarshal(raw, &m); err != nil {
			panic(fmt.Sprintf("i18n: %s.json: %v", lang, err))
		}
		out[lang] = m
	}
	return out
}

// Supported reports whether lang is one of Languages.
func Supported(lang string) bool {
	_, ok := catalogues[lang]
	return ok
}

// T returns the message key in lang with {name} placeholders filled from args.
func T(lang, key string, args map[string]any) string {
	msg, ok := catalogues[lang][key]
	if !ok {
		msg, ok = catalogues["en"][key]
	}
	if !ok {
		msg = key
	}
	for name, v := range args {
		text := fmt.Sprint(v)
		if g, ok := v.(interface{ GroupedNumber() int64 }); ok {
			text = grouped(lang, g.GroupedNumber())
		}
		msg = strings.ReplaceAll(msg, "{"+name+"}", text)
	}
	return msg
}

// grouped writes a whole number with the thousands separator of lang, as the web app's
// Intl.NumberFormat does: 18,697 in English, 18.697 in German, 18 697 (a narrow no-break
// space) in French.
func grouped(lang string, n int64) string {
	sep := map[string]string{"de": ".", "fr": "\u202f"}[lang]
	if sep == "" {
		sep = ","
	}
	digits := strconv.FormatInt(n, 10)
	sign := ""
	if n < 0 {
		sign, digits = "-", digits[1:]
	}
	var b strings.Builder
	for i, d := range digits {
		if i > 0 && (len(digits)-i)%3 == 0 {
			b.WriteString(sep)
		}
		b.WriteRune(d)
	}
	return sign + b.String()
}

// Keys lists every key of a language's catalogue (for completeness tests).
func Keys(lang string) []string {
	var keys []string
	for k := range catalogues[lang] {
		keys = append(keys, k)
	}
	return keys
}

// FromAcceptLanguage picks the first supported language of an Accept-Language header, or "".
func FromAcceptLanguage(header string) string {
	for _, part := range strings.Split(header, ",") {
		tag := strings.TrimSpace(strings.SplitN(part, ";", 2)[0])
		tag = strings.ToLower(strings.SplitN(tag, "-", 2)[0])
		if Supported(tag) {
			return tag
		}
	}
	return ""
}

// Has reports whether the catalogue of lang holds key.
func Has(lang, key string) bool {
	_, ok := catalogues[lang][key]
	return ok
}
