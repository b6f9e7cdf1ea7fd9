package store

import (
	"arbor/fields"
	"context"
	"errors"
	"strconv"
	"strings"
	"unicode/utf8"

	"arbor"

	"github.com/jackc/pgx/v5"
)

// Lists are the value lists (docs/PRODUCT.md §3): species, works, work notes, symptoms, symptom notes.
var Lists = []string{"species", "work", "work_note", "symptom", "symptom_note"}

// IsList reports whether name is a value list.
func IsList(name string) bool {
	for _, l := range Lists {
		if l == name {
			return true
		}
	}
	return false
}

// ListEntry is an entry of a value list in one language: a global one (seeded, read-only) or
// the organisation's own.
type ListEntry struct {
	ID                string  `json:"id"`
	List              string  `json:"list"`
	Name              string  `json:"name"`
	Botanical         string  `json:"botanical"`
	Protection        bool    `json:"protection"`
	Category          string  `json:"category"`
	SecurityRelevance bool    `json:"security_relevance"`
	ActionSecurity    int     `json:"action_security"`
	SymptomType       string  `json:"symptom_type"`
	Note              string  `json:"note"`
	Parent            *string `json:"parent"`
	Global            bool    `json:"global"`
}

func listSelect(lang string) string {
	return `SELECT id, list, ` + nameColumn(lang) + `, botanical, protection, category, security_relevance, action_security,
		symptom_type, note, parent_id, organisation_id IS NULL FROM list_entry`
}

func scanListEntry(row pgx.Row) (*ListEntry, error) {
	var e ListEntry
	err := row.Scan(&e.ID, &e.List, &e.Name, &e.Botanical, &e.Protection, &e.Category, &e.SecurityRelevance,
		&e.ActionSecurity, &e.SymptomType, &e.Note, &e.Parent, &e.Global)
	return &e, err
}

// ListEntries lists one value list for an organisation: the global entries and its own, sorted
// by name (species by botanical name).
func (s *Queries) ListEntries(ctx context.Context, orgID, list, lang string) ([]*ListEntry, error) {
	if !IsList(list) {
		return nil, arbor.Errorf(arbor.ENOTFOUND, "list.unknown", nil)
	}
	rows, err := s.q.Query(ctx, listSelect(lang)+`
		WHERE list = $1 AND (organisation_id IS NULL OR organisation_id = $2)
		ORDER BY CASE WHEN list = 'species' THEN lower(botanical) ELSE lower(`+nameColumn(lang)+`) END, id`, list, orgID)
	return scanAll(rows, err, scanListEntry)
}

// AllLists answers every value list of an organisation, by list name.
func (s *Queries) AllLists(ctx context.Context, orgID, lang string) (map[string][]*ListEntry, error) {
	out := map[string][]*ListEntry{}
	for _, l := range Lists {
		entries, err := s.ListEntries(ctx, orgID, l, lang)
		if err != nil {
			return nil, err
		}
		out[l] = entries
	}
	return out, nil
}

// NewListEntry is an entry an organisation adds; the fields that do not belong to its list are
// ignored.
type NewListEntry struct {
	Name              string `json:"name"`
	Botanical         string `json:"botanical"`
	Protection        bool   `json:"protection"`
	Category          string `json:"category"`
	SecurityRelevance bool   `json:"security_relevance"`
	ActionSecurity    int    `json:"action_security"`
	SymptomType       string `json:"symptom_type"`
	Note              string `json:"note"`
	Parent            string `json:"parent"`
}

// AddedEntries is what adding entries did: the new ones, and the values that existed already.
type AddedEntries struct {
	Added    []*ListEntry `json:"added"`
	Existing []string     `json:"existing"`
}

// AddListEntries adds an organisation's own entries in one transaction. A value that exists
// already in the list (global or own; compared without case, species by botanical name) is
// reported, not inserted (docs/PRODUCT.md §5).
func (tx *Tx) AddListEntries(ctx context.Context, orgID, list, lang string, entries []NewListEntry) (*AddedEntries, error) {
	if !IsList(list) {
		return nil, arbor.Errorf(arbor.ENOTFOUND, "list.unknown", nil)
	}
	res := &AddedEntries{Added: []*ListEntry{}, Existing: []string{}}
	bad := map[string]string{}
	for i, e := range entries {
		field := "values." + strconv.Itoa(i)
		value, parent, key, err := tx.checkEntry(ctx, orgID, list, &e)
		if err != nil {
			return nil, err
		}
		if key != "" {
			bad[field] = key
			continue
		}
		exists, err := tx.valueExists(ctx, orgID, list, value, parent, "")
		if err != nil {
			return nil, err
		}
		if exists {
			res.Existing = append(res.Existing, value)
			continue
		}
		e2, err := scanListEntry(tx.q.QueryRow(ctx, `
			INSERT INTO list_entry (organisation_id, list, name_en, name_de, name_fr, botanical, protection, category,
				security_relevance, action_security, symptom_type, note, parent_id)
			VALUES ($1, $2, $3, $3, $3, $4, $5, $6, $7, $8, $9, $10, $11)
			ON CONFLICT DO NOTHING
			RETURNING id, list, `+nameColumn(lang)+`, botanical, protection, category, security_relevance, action_security,
				symptom_type, note, parent_id, organisation_id IS NULL`,
			orgID, list, e.Name, e.Botanical, e.Protection, e.Category, e.SecurityRelevance, e.ActionSecurity, e.SymptomType, e.Note, parent))
		if errors.Is(err, pgx.ErrNoRows) {
			// The same value twice in one import, or added by a concurrent request since
			// valueExists looked: ON CONFLICT waits for that one and keeps the transaction
			// usable, where a unique violation would have rolled back every entry.
			res.Existing = append(res.Existing, value)
			continue
		}
		if err != nil {
			return nil, err
		}
		res.Added = append(res.Added, e2)
	}
	if len(bad) > 0 {
		return nil, arbor.Invalid(bad)
	}
	return res, nil
}

// checkEntry tidies and checks an entry for list e (in place): it answers the value that must be
// unique (species: the botanical name, else the name), the parent (nil when the list has none)
// and, for an invalid entry, the message key of what is wrong.
func (s *Queries) checkEntry(ctx context.Context, orgID, list string, e *NewListEntry) (value string, parent any, key string, err error) {
	e.Name, e.Botanical = strings.TrimSpace(e.Name), strings.TrimSpace(e.Botanical)
	e.Category, e.Note = strings.TrimSpace(e.Category), strings.TrimSpace(e.Note)
	if list == "species" && e.Botanical == "" {
		e.Botanical = e.Name // an imported species list is a list of botanical names
	}
	if e.Name == "" {
		e.Name = e.Botanical
	}
	value = e.Name
	if list == "species" {
		value = e.Botanical
	}
	if e.ActionSecurity == 0 {
		e.ActionSecurity = 2
	}
	switch {
	case value == "":
		return "", nil, "field.required", nil
	case utf8.RuneCountInString(e.Name) > 200 || utf8.RuneCountInString(e.Botanical) > 200 || utf8.RuneCountInString(e.Category) > 200:
		return "", nil, "field.too_long.200", nil
	case utf8.RuneCountInString(e.Note) > 2000:
		return "", nil, "field.too_long.2000", nil
	case e.ActionSecurity < 1 || e.ActionSecurity > 3:
		return "", nil, "field.enum", nil
	case e.SymptomType != "" && e.SymptomType != "root" && e.SymptomType != "trunk" && e.SymptomType != "crown":
		return "", nil, "field.enum", nil
	}
	if list == "work_note" || list == "symptom_note" {
		parentList := strings.TrimSuffix(list, "_note")
		var ok bool
		if fields.IsUUID(e.Parent) {
			if err := s.q.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM list_entry WHERE id = $1 AND list = $2
				AND (organisation_id IS NULL OR organisation_id = $3))`, e.Parent, parentList, orgID).Scan(&ok); err != nil {
				return "", nil, "", err
			}
		}
		if !ok {
			return "", nil, "list.parent", nil
		}
		parent = e.Parent
	}
	return value, parent, "", nil
}

// valueExists reports whether value is in the list already (global or the organisation's own,
// without regard to case, in any language; species by botanical name), leaving out entry except.
func (s *Queries) valueExists(ctx context.Context, orgID, list, value string, parent any, except string) (bool, error) {
	var exists bool
	err := s.q.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM list_entry WHERE list = $1
		AND (organisation_id IS NULL OR organisation_id = $2) AND parent_id IS NOT DISTINCT FROM $4::uuid
		AND id::text <> $5
		AND (lower(CASE WHEN list = 'species' THEN botanical ELSE name_en END) = lower($3)
		     OR list <> 'species' AND lower($3) IN (lower(name_de), lower(name_fr))))`,
		list, orgID, value, parent, except).Scan(&exists)
	return exists, err
}

// UpdateListEntry changes an organisation's own entry (its one name goes to every language).
// Global entries cannot be changed (EFORBIDDEN); a value the list holds already is ECONFLICT.
func (s *Queries) UpdateListEntry(ctx context.Context, orgID, list, lang, id string, e NewListEntry) (*ListEntry, error) {
	if !IsList(list) {
		return nil, arbor.Errorf(arbor.ENOTFOUND, "list.unknown", nil)
	}
	if err := s.ownEntry(ctx, orgID, list, id, "list.global_change"); err != nil {
		return nil, err
	}
	value, parent, key, err := s.checkEntry(ctx, orgID, list, &e)
	if err != nil {
		return nil, err
	}
	if key != "" {
		field := "name"
		if list == "species" {
			field = "botanical"
		}
		switch {
		case key == "list.parent":
			field = "parent"
		case key == "field.enum" && e.SymptomType != "" && e.SymptomType != "root" && e.SymptomType != "trunk" && e.SymptomType != "crown":
			field = "symptom_type"
		case key == "field.enum":
			field = "action_security"
		case key == "field.too_long.2000":
			field = "note"
		}
		return nil, arbor.Invalid(map[string]string{field: key})
	}
	exists, err := s.valueExists(ctx, orgID, list, value, parent, id)
	if err != nil {
		return nil, err
	}
	if exists {
		return nil, arbor.Errorf(arbor.ECONFLICT, "list.exists", map[string]any{"value": value})
	}
	out, err := scanListEntry(s.q.QueryRow(ctx, `
		UPDATE list_entry SET name_en = $4, name_de = $4, name_fr = $4, botanical = $5, protection = $6, category = $7,
			security_relevance = $8, action_security = $9, symptom_type = $10, note = $11, parent_id = $12
		WHERE id = $1 AND list = $2 AND organisation_id = $3
		RETURNING id, list, `+nameColumn(lang)+`, botanical, protection, category, security_relevance, action_security,
			symptom_type, note, parent_id, organisation_id IS NULL`,
		id, list, orgID, e.Name, e.Botanical, e.Protection, e.Category, e.SecurityRelevance, e.ActionSecurity, e.SymptomType, e.Note, parent))
	if isUniqueViolation(err) {
		return nil, arbor.Errorf(arbor.ECONFLICT, "list.exists", map[string]any{"value": value})
	}
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, arbor.Errorf(arbor.ENOTFOUND, "error.not_found", nil)
	}
	return out, err
}

// ownEntry checks that id is an entry of list the organisation may change: ENOTFOUND for an
// unknown one or another organisation's, EFORBIDDEN (with message key globalKey) for a global one.
func (s *Queries) ownEntry(ctx context.Context, orgID, list, id, globalKey string) error {
	if !fields.IsUUID(id) {
		return arbor.Errorf(arbor.ENOTFOUND, "error.not_found", nil)
	}
	var owner *string
	err := s.q.QueryRow(ctx, `SELECT organisation_id FROM list_entry WHERE id = $1 AND list = $2
		AND (organisation_id IS NULL OR organisation_id = $3)`, id, list, orgID).Scan(&owner)
	if errors.Is(err, pgx.ErrNoRows) {
		return arbor.Errorf(arbor.ENOTFOUND, "error.not_found", nil)
	}
	if err != nil {
		return err
	}
	if owner == nil {
		return arbor.Errorf(arbor.EFORBIDDEN, globalKey, nil)
	}
	return nil
}

// DeleteListEntry removes an organisation's own entry. Global entries cannot be removed
// (EFORBIDDEN); an entry a tree or work uses stays (ECONFLICT).
func (s *Queries) DeleteListEntry(ctx context.Context, orgID, list, id string) error {
	if err := s.ownEntry(ctx, orgID, list, id, "list.global"); err != nil {
		return err
	}
	var used bool
	if err := s.q.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM tree WHERE species_id = $1) OR EXISTS (SELECT 1 FROM tree_action WHERE work_id = $1)`, id).Scan(&used); err != nil {
		return err
	}
	if used {
		return arbor.Errorf(arbor.ECONFLICT, "list.in_use", nil)
	}
	_, err := s.q.Exec(ctx, `DELETE FROM list_entry WHERE id = $1 AND organisation_id = $2`, id, orgID)
	return err
}
