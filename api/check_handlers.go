package api

import (
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"arbor"
	"arbor/store"

	"github.com/go-chi/chi/v5"
)

type checkRequest struct {
	ID        string     `json:"id"`
	Timestamp *time.Time `json:"timestamp"`
	store.Assessment
	Comment   string          `json:"comment"`
	General31 string          `json:"general31"`
	General32 string          `json:"general32"`
	Type      string          `json:"check_type"` // routine (the default), detailed, storm
	Findings  []store.Finding `json:"findings"`
	// Measure is the work the inspection calls for, recorded with it in one step. Whoever may
	// record an inspection may record works (auth/permissions.go: check.create ⊂ action.write).
	Measure *actionRequest `json:"measure"`
}

// findingParts are where on a tree a symptom is found; empty when the inspector did not say.
var findingParts = map[string]bool{"": true, "root": true, "trunk": true, "crown": true}

// enum refuses a value outside 0..max (docs/PRODUCT.md §3 enumerations).
func (c checks) enum(field string, v *int, max int) {
	if v != nil && (*v < 0 || *v > max) {
		c[field] = "field.enum"
	}
}

// texts checks a list of short texts (symptoms).
func (c checks) texts(field string, list []string, maxLen int) []string {
	out := []string{}
	for _, s := range list {
		s = strings.TrimSpace(s)
		if utf8.RuneCountInString(s) > maxLen {
			c[field] = fmt.Sprintf("field.too_long.%d", maxLen)
		}
		if s != "" {
			out = append(out, s)
		}
	}
	return out
}

// input checks an inspection and builds the store's input of it; now bounds its time.
func (req *checkRequest) input(now time.Time) (store.CheckInput, error) {
	c := checks{}
	c.assessment(req.Assessment)
	symptoms := c.texts("symptoms", req.Symptoms, 200)
	if req.Type != "" && !slices.Contains(store.CheckTypes, req.Type) {
		c["check_type"] = "field.enum"
	}
	symptoms = c.findings(req.Findings, symptoms)
	req.Comment = strings.TrimSpace(req.Comment)
	c.maxLen("comment", req.Comment, 2000)
	c.maxLen("general31", req.General31, 2000)
	c.maxLen("general32", req.General32, 2000)
	a := req.Assessment
	a.Symptoms = symptoms
	in := store.CheckInput{ID: req.ID, Assessment: a, Comment: req.Comment,
		General31: strings.TrimSpace(req.General31), General32: strings.TrimSpace(req.General32),
		Type: req.Type, Findings: req.Findings}
	if req.Timestamp != nil {
		// An inspection is recorded when it happened, which may be earlier (entered later, or
		// synced from the field), never in the future.
		if req.Timestamp.After(now.Add(time.Hour)) {
			c["timestamp"] = "field.date_future"
		}
		in.Timestamp = *req.Timestamp
	}
	return in, c.err()
}

// assessment refuses an enumeration of the assessment outside its scale.
func (c checks) assessment(a store.Assessment) {
	c.enum("vitality", a.Vitality, 4)
	c.enum("development", a.Development, 3)
	c.enum("damage_tree", a.DamageTree, 3)
	c.enum("security_expectation", a.SecurityExpectation, 1)
	c.enum("valuation_top", a.ValuationTop, 3)
	c.enum("valuation_root", a.ValuationRoot, 3)
	c.enum("valuation_trunk", a.ValuationTrunk, 3)
	c.enum("valuation_group", a.ValuationGroup, 3)
}

// findings checks at most 100 findings (their symptoms trimmed in place) and returns the
// inspection's symptoms with each finding's symptom among them: the tree's assessment reads these.
func (c checks) findings(list []store.Finding, symptoms []string) []string {
	if len(list) > 100 {
		c["findings"] = "field.findings"
	}
	for i := range list {
		f := &list[i]
		f.Symptom = strings.TrimSpace(f.Symptom)
		switch {
		case f.Symptom == "" || utf8.RuneCountInString(f.Symptom) > 200:
			c["findings"] = "field.findings"
		case !findingParts[f.Part] || f.Severity < 0 || f.Severity > 3:
			c["findings"] = "field.findings"
		case !slices.Contains(symptoms, f.Symptom):
			symptoms = append(symptoms, f.Symptom)
		}
	}
	return symptoms
}

// createCheck records an inspection of a tree or group (POST /api/content/tree/{treeId}/checks).
func (s *Server) createCheck(w http.ResponseWriter, r *http.Request) error {
	var req checkRequest
	if err := decode(r, &req); err != nil {
		return err
	}
	in, err := req.input(s.now())
	if err != nil {
		return err
	}
	var measure *store.ActionInput
	if req.Measure != nil {
		m, err := req.Measure.input()
		if err != nil {
			return prefixFields(err, "measure.")
		}
		measure = &m
	}
	answer, created, err := s.app.RecordCheck(r.Context(), content(r), actor(r), chi.URLParam(r, "treeId"), in, measure)
	return writeResult(w, createdOr(created), answer, err)
}

func (s *Server) listChecks(w http.ResponseWriter, r *http.Request) error {
	list, err := s.db.Checks(r.Context(), content(r), chi.URLParam(r, "treeId"))
	return writeList(w, list, err)
}

// prefixFields names the fields of a validation error as parts of a larger body ("measure.work").
func prefixFields(err error, prefix string) error {
	var e *arbor.Error
	if !errors.As(err, &e) || len(e.Fields) == 0 {
		return err
	}
	fields := make(map[string]string, len(e.Fields))
	for k, v := range e.Fields {
		fields[prefix+k] = v
	}
	e.Fields = fields
	return e
}
