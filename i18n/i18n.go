// Package i18n translates the server's messages and e-mails into English, German and French.
// The catalogues are JSON files embedded in the binary; a missing translation falls back to
// English, and a missing key shows the key itself so it is noticed, never an empty text.
package i18n

import (
	"embed"
	"encoding/json"
	"fmt"
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
		msg = strings.ReplaceAll(msg, "{"+name+"}", fmt.Sprint(v))
	}
	return msg
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
