package api

import (
	"net/http"
	"strings"

	"arbor"
	"arbor/fields"
	"arbor/store"
)

// Platform support's overview (issue #21 item 6). Reading it leaves no support record: it shows
// no organisation's content, and a record of every page and search would bury what support did
// (docs/DECISIONS.md). Acting on an organisation from it is recorded as always.

// supportOrganisations answers every organisation's state, packages and usage, a page at a time.
func (s *Server) supportOrganisations(w http.ResponseWriter, r *http.Request) error {
	limit, offset, err := paging(r, 50)
	if err != nil {
		return err
	}
	q := store.SupportQuery{Search: strings.TrimSpace(r.URL.Query().Get("q")), Status: r.URL.Query().Get("status"), Limit: limit, Offset: offset}
	c := checks{}
	c.maxLen("q", q.Search, 200)
	if q.Status != "" && !contains([]string{"demo", "expired", "booked", "terminated"}, q.Status) {
		c["status"] = "field.enum"
	}
	if err := c.err(); err != nil {
		return err
	}
	list, total, err := s.db.SupportOrganisations(r.Context(), q, s.now())
	return writePage(w, list, total, err)
}

// supportRecords answers the support record newest first, of one organisation with ?organisation=.
func (s *Server) supportRecords(w http.ResponseWriter, r *http.Request) error {
	limit, offset, err := paging(r, 50)
	if err != nil {
		return err
	}
	org := r.URL.Query().Get("organisation")
	if org != "" && !fields.IsUUID(org) {
		return arbor.Invalid(map[string]string{"organisation": "field.id"})
	}
	list, total, err := s.db.SupportRecords(r.Context(), strings.ToLower(org), limit, offset)
	return writePage(w, list, total, err)
}
