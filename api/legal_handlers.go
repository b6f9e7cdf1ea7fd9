package api

import (
	"net/http"
	"slices"
	"strconv"

	"arbor"
	"arbor/legal"
	"arbor/store"

	"github.com/go-chi/chi/v5"
)

// Legal texts and the organisation's consent (docs/API.md "Legal texts and consent").

// legalPage answers a legal page (imprint, privacy, terms) in a language as Markdown: the
// operator's file, else the operator's English one, else the built-in sample.
func (s *Server) legalPage(w http.ResponseWriter, r *http.Request) error {
	p, err := s.legal.Page(chi.URLParam(r, "page"), chi.URLParam(r, "lang"))
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-cache")
	writeJSON(w, http.StatusOK, p)
	return nil
}

// legalDocuments lists the terms and the data processing agreement in every language: which
// language each is served in, whether it is a sample, its size and SHA-256.
func (s *Server) legalDocuments(w http.ResponseWriter, r *http.Request) error {
	list, err := s.legal.AllDocuments()
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-cache")
	writeJSON(w, http.StatusOK, map[string]any{"items": list})
	return nil
}

// legalDocument answers the terms or the data processing agreement as a PDF.
func (s *Server) legalDocument(w http.ResponseWriter, r *http.Request) error {
	d, err := s.legal.Document(chi.URLParam(r, "document"), chi.URLParam(r, "lang"))
	if err != nil {
		return err
	}
	w.Header().Set("Content-Type", "application/pdf")
	w.Header().Set("Content-Disposition", `attachment; filename="`+d.Name+`"`)
	w.Header().Set("Content-Language", d.Lang)
	w.Header().Set("Content-Length", strconv.Itoa(d.Size))
	w.Header().Set("Cache-Control", "no-cache")
	w.Header().Set("ETag", `"`+d.SHA256+`"`)
	if d.Sample {
		w.Header().Set("X-Arbor-Sample", "true")
	}
	_, err = w.Write(d.Bytes)
	return err
}

// consentDocuments names the document each consent is to.
var consentDocuments = map[string]string{"agb": "terms", "avv": "dpa"}

// currentConsentDocuments names, by consent kind (agb, avv), the SHA-256 of each document as
// served now in any language.
func (s *Server) currentConsentDocuments() (map[string][]string, error) {
	byDocument, err := s.legal.Current()
	if err != nil {
		return nil, err
	}
	out := map[string][]string{}
	for kind, document := range consentDocuments {
		out[kind] = byDocument[document]
	}
	return out, nil
}

// consents answers the organisation's consents: the latest one of each kind (null if none),
// what is missing for a booking (never consented, or consented to a document since replaced),
// and every consent given, newest first.
func (s *Server) consents(w http.ResponseWriter, r *http.Request) error {
	org := targetOf(r).organisationID
	history, err := s.db.Consents(r.Context(), org)
	if err != nil {
		return err
	}
	current, err := s.currentConsentDocuments()
	if err != nil {
		return err
	}
	missing, err := s.db.MissingConsents(r.Context(), org, current)
	if err != nil {
		return err
	}
	out := map[string]any{"agb": nil, "avv": nil, "missing": missing, "history": history}
	for _, c := range history {
		if out[c.Kind] == nil {
			out[c.Kind] = c
		}
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

// giveConsent records an administrator's consent to the terms (agb) and/or the data processing
// agreement (avv) in a language: {kinds: ["agb", "avv"], lang}. Who, when and which document
// (its SHA-256) are kept.
func (s *Server) giveConsent(w http.ResponseWriter, r *http.Request) error {
	var body struct {
		Kinds []string `json:"kinds"`
		Lang  string   `json:"lang"`
	}
	if err := decode(r, &body); err != nil {
		return err
	}
	if len(body.Kinds) == 0 || len(body.Kinds) > len(store.ConsentKinds) {
		return arbor.Invalid(map[string]string{"kinds": "consent.kinds"})
	}
	if body.Lang == "" {
		body.Lang = language(r)
	}
	if !slices.Contains(legal.Languages, body.Lang) {
		return arbor.Invalid(map[string]string{"lang": "legal.language"})
	}
	var to []store.ConsentTo
	for i, k := range body.Kinds {
		if _, ok := consentDocuments[k]; !ok || slices.Contains(body.Kinds[:i], k) {
			return arbor.Invalid(map[string]string{"kinds": "consent.kinds"})
		}
		d, err := s.legal.Document(consentDocuments[k], body.Lang)
		if err != nil {
			return err
		}
		to = append(to, store.ConsentTo{Kind: k, Lang: d.Lang, SHA256: d.SHA256, Sample: d.Sample})
	}
	me := sessionOf(r).claims
	if err := s.db.GiveConsent(r.Context(), targetOf(r).organisationID, store.Actor{UserID: me.Sub, Username: me.Sub, Alias: me.Alias}, to, s.now()); err != nil {
		return err
	}
	return s.consents(w, r)
}
