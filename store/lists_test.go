package store_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"arbor"
	"arbor/store"
)

func addEntries(t *testing.T, db *store.DB, org, list string, entries ...store.NewListEntry) (*store.AddedEntries, error) {
	t.Helper()
	var res *store.AddedEntries
	err := db.InTx(context.Background(), func(tx *store.Tx) (err error) {
		res, err = tx.AddListEntries(context.Background(), org, list, "en", entries)
		return err
	})
	return res, err
}

func findEntry(entries []*store.ListEntry, pred func(*store.ListEntry) bool) *store.ListEntry {
	for _, e := range entries {
		if pred(e) {
			return e
		}
	}
	return nil
}

// TestGlobalListsSeeded: every list holds its seeded global entries, named in each language.
func TestGlobalListsSeeded(t *testing.T) {
	ctx, db := openDB(t)
	org, _ := newOrgProject(t, db, "Seeded", "Avenue")
	all, err := db.AllLists(ctx, org, "fr")
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range store.Lists {
		if len(all[l]) == 0 {
			t.Errorf("list %s is empty", l)
		}
		for _, e := range all[l] {
			if !e.Global || e.List != l || e.Name == "" {
				t.Fatalf("entry %+v of list %s", e, l)
			}
		}
	}
	if len(all["species"]) < 1000 || len(all["work"]) < 20 || len(all["symptom"]) < 25 {
		t.Errorf("%d species, %d works, %d symptoms", len(all["species"]), len(all["work"]), len(all["symptom"]))
	}
	names := map[string]string{}
	for _, lang := range []string{"en", "de", "fr"} {
		works, err := db.ListEntries(ctx, org, "work", lang)
		if err != nil {
			t.Fatal(err)
		}
		f := findEntry(works, func(e *store.ListEntry) bool { return e.ActionSecurity == 3 })
		if f == nil || !f.SecurityRelevance || f.Category != "felling" {
			t.Fatalf("felling (%s): %+v", lang, f)
		}
		names[lang] = f.Name
		inv := findEntry(works, func(e *store.ListEntry) bool { return e.ActionSecurity == 1 })
		if inv == nil || inv.Category != "investigation" {
			t.Fatalf("detailed investigation (%s): %+v", lang, inv)
		}
	}
	if names["en"] != "Felling" || names["de"] != "Fällung" || names["fr"] != "Abattage" {
		t.Errorf("felling is called %v", names)
	}
	for _, typ := range []string{"root", "trunk", "crown"} {
		if findEntry(all["symptom"], func(e *store.ListEntry) bool { return e.SymptomType == typ }) == nil {
			t.Errorf("no %s symptom", typ)
		}
	}
	for _, l := range []string{"work_note", "symptom_note"} {
		for _, e := range all[l] {
			if e.Parent == nil {
				t.Fatalf("%s without its parent: %+v", l, e)
			}
		}
	}
	de, _ := db.ListEntries(ctx, org, "species", "de")
	if lime := findEntry(de, func(e *store.ListEntry) bool { return e.Botanical == "Tilia cordata" }); lime == nil || lime.Name != "Winter-Linde" {
		t.Errorf("Tilia cordata in German: %+v", lime)
	}
	// Common names where Wikipedia names a tree by its botanical name; no entry that is no taxon.
	en, _ := db.ListEntries(ctx, org, "species", "en")
	fr, _ := db.ListEntries(ctx, org, "species", "fr")
	for _, c := range []struct {
		list          []*store.ListEntry
		botanical, is string
	}{
		{en, "Tilia intermedia", "Common lime"}, {en, "Quercus robur", "English oak"},
		{en, "Acer platanoides 'Columnare'", "Norway maple 'Columnare'"}, {en, "Acer rubrum", "Red maple"},
		{en, "Acer tataricum", "Maple"}, {fr, "Quercus robur", "Chêne pédonculé"},
	} {
		if e := findEntry(c.list, func(e *store.ListEntry) bool { return e.Botanical == c.botanical }); e == nil || e.Name != c.is {
			t.Errorf("%s: %+v, want %q", c.botanical, e, c.is)
		}
	}
	for _, e := range en {
		if e.Botanical == "Abienus festuschristus" || e.Botanical == "species_latin" || strings.HasPrefix(e.Botanical, "'") {
			t.Errorf("not a taxon: %+v", e)
		}
	}
	if _, err := db.ListEntries(ctx, org, "roads", "en"); arbor.ErrorCode(err) != arbor.ENOTFOUND {
		t.Errorf("unknown list: %v", err)
	}
}

// TestOwnListEntries: own entries go on top of the global ones, only for their organisation;
// an existing value (global or own, any case, any language) is reported and not added.
func TestOwnListEntries(t *testing.T) {
	ctx, db := openDB(t)
	org, _ := newOrgProject(t, db, "Own A", "Avenue")
	other, _ := newOrgProject(t, db, "Own B", "Avenue")

	res, err := addEntries(t, db, org, "species",
		store.NewListEntry{Botanical: "tilia CORDATA"},
		store.NewListEntry{Botanical: "Malus 'Evereste'", Name: "Zierapfel"},
		store.NewListEntry{Name: "Sorbus fictiva"}, // an import: the name is the botanical name
		store.NewListEntry{Botanical: "malus 'evereste'"})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Added) != 2 || len(res.Existing) != 2 || res.Existing[0] != "tilia CORDATA" || res.Existing[1] != "malus 'evereste'" {
		t.Fatalf("added %d, existing %v", len(res.Added), res.Existing)
	}
	malus := res.Added[0]
	if malus.Global || malus.Name != "Zierapfel" || malus.Botanical != "Malus 'Evereste'" || res.Added[1].Botanical != "Sorbus fictiva" {
		t.Fatalf("added %+v, %+v", res.Added[0], res.Added[1])
	}
	// The one name is the name in every language.
	fr, _ := db.ListEntries(ctx, org, "species", "fr")
	if e := findEntry(fr, func(e *store.ListEntry) bool { return e.ID == malus.ID }); e == nil || e.Name != "Zierapfel" {
		t.Fatalf("own species in French: %+v", e)
	}
	// Another organisation sees only the global entries, and may add the same value.
	theirs, _ := db.ListEntries(ctx, other, "species", "en")
	if findEntry(theirs, func(e *store.ListEntry) bool { return !e.Global }) != nil {
		t.Fatal("another organisation sees own entries")
	}
	if r, err := addEntries(t, db, other, "species", store.NewListEntry{Botanical: "Malus 'Evereste'"}); err != nil || len(r.Added) != 1 {
		t.Fatalf("the same value in another organisation: %v %v", r, err)
	}

	// Works: the type's fields are kept; a German or French name of a global entry exists already.
	res, err = addEntries(t, db, org, "work",
		store.NewListEntry{Name: "Kopfbaumschnitt", Category: "pruning", SecurityRelevance: true, ActionSecurity: 2},
		store.NewListEntry{Name: "fällung"}, store.NewListEntry{Name: "Abattage"})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Added) != 1 || len(res.Existing) != 2 {
		t.Fatalf("works: added %d, existing %v", len(res.Added), res.Existing)
	}
	if w := res.Added[0]; w.Category != "pruning" || !w.SecurityRelevance || w.ActionSecurity != 2 {
		t.Fatalf("work %+v", w)
	}
	work := res.Added[0]

	// Notes belong to an entry of their parent list.
	res, err = addEntries(t, db, org, "work_note", store.NewListEntry{Name: "alle 3 Jahre", Parent: work.ID})
	if err != nil || len(res.Added) != 1 || res.Added[0].Parent == nil || *res.Added[0].Parent != work.ID {
		t.Fatalf("work note: %+v %v", res, err)
	}
	_, err = addEntries(t, db, org, "work_note", store.NewListEntry{Name: "ohne Maßnahme"})
	var ae *arbor.Error
	if !errors.As(err, &ae) || ae.Fields["values.0"] != "list.parent" {
		t.Fatalf("note without parent: %v", err)
	}
	_, err = addEntries(t, db, other, "work_note", store.NewListEntry{Name: "fremd", Parent: work.ID})
	wantCode(t, err, arbor.EINVALID)

	// Invalid values refuse the whole call: nothing is added.
	_, err = addEntries(t, db, org, "symptom", store.NewListEntry{Name: "Riss längs", SymptomType: "trunk"},
		store.NewListEntry{Name: "Blattfall", SymptomType: "leaf"}, store.NewListEntry{Name: "  "})
	if !errors.As(err, &ae) || ae.Fields["values.1"] != "field.enum" || ae.Fields["values.2"] != "field.required" {
		t.Fatalf("invalid symptoms: %v", err)
	}
	syms, _ := db.ListEntries(ctx, org, "symptom", "de")
	if findEntry(syms, func(e *store.ListEntry) bool { return e.Name == "Riss längs" }) != nil {
		t.Fatal("a refused call added an entry")
	}
}

// TestUpdateAndDeleteListEntries: own entries change and go; global ones and used ones stay.
func TestUpdateAndDeleteListEntries(t *testing.T) {
	ctx, db := openDB(t)
	org, project := newOrgProject(t, db, "Changes", "Avenue")
	other, _ := newOrgProject(t, db, "Elsewhere", "Avenue")
	res, err := addEntries(t, db, org, "work", store.NewListEntry{Name: "Kopfbaumschnitt", Category: "pruning"},
		store.NewListEntry{Name: "Mistel entfernen", Category: "pruning"})
	if err != nil {
		t.Fatal(err)
	}
	pollard, mistletoe := res.Added[0], res.Added[1]

	up, err := db.UpdateListEntry(ctx, org, "work", "de", pollard.ID, store.NewListEntry{Name: "Kopfweidenschnitt",
		Category: "pruning", SecurityRelevance: true, ActionSecurity: 2})
	if err != nil || up.Name != "Kopfweidenschnitt" || !up.SecurityRelevance || up.ID != pollard.ID {
		t.Fatalf("update: %+v %v", up, err)
	}
	// Another entry's value, own or global: refused.
	_, err = db.UpdateListEntry(ctx, org, "work", "de", pollard.ID, store.NewListEntry{Name: "MISTEL ENTFERNEN"})
	wantCode(t, err, arbor.ECONFLICT)
	_, err = db.UpdateListEntry(ctx, org, "work", "de", pollard.ID, store.NewListEntry{Name: "Fällung"})
	wantCode(t, err, arbor.ECONFLICT)
	// Its own value in another case is fine.
	if _, err = db.UpdateListEntry(ctx, org, "work", "de", pollard.ID, store.NewListEntry{Name: "kopfweidenschnitt"}); err != nil {
		t.Fatal(err)
	}
	_, err = db.UpdateListEntry(ctx, org, "work", "de", pollard.ID, store.NewListEntry{Name: "x", ActionSecurity: 9})
	wantCode(t, err, arbor.EINVALID)

	works, _ := db.ListEntries(ctx, org, "work", "en")
	felling := findEntry(works, func(e *store.ListEntry) bool { return e.Global && e.ActionSecurity == 3 })
	_, err = db.UpdateListEntry(ctx, org, "work", "en", felling.ID, store.NewListEntry{Name: "Cutting"})
	wantCode(t, err, arbor.EFORBIDDEN)
	wantCode(t, db.DeleteListEntry(ctx, org, "work", felling.ID), arbor.EFORBIDDEN)
	// Another organisation's entry, or the entry under another list: unknown.
	_, err = db.UpdateListEntry(ctx, other, "work", "en", pollard.ID, store.NewListEntry{Name: "Mine"})
	wantCode(t, err, arbor.ENOTFOUND)
	wantCode(t, db.DeleteListEntry(ctx, other, "work", pollard.ID), arbor.ENOTFOUND)
	wantCode(t, db.DeleteListEntry(ctx, org, "species", pollard.ID), arbor.ENOTFOUND)
	wantCode(t, db.DeleteListEntry(ctx, org, "work", "not-a-uuid"), arbor.ENOTFOUND)

	// In use by a work or (a species) by a tree: stays, with a message saying why.
	var tree string
	if err := db.Pool.QueryRow(ctx, `INSERT INTO tree (organisation_id, project_id, geom, number)
		VALUES ($1, $2, ST_SetSRID(ST_MakePoint(9.43, 54.78), 4326), 1) RETURNING id`, org, project).Scan(&tree); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Pool.Exec(ctx, `INSERT INTO tree_action (organisation_id, project_id, tree_id, work_id, action)
		VALUES ($1, $2, $3, $4, 'Kopfweidenschnitt')`, org, project, tree, pollard.ID); err != nil {
		t.Fatal(err)
	}
	err = db.DeleteListEntry(ctx, org, "work", pollard.ID)
	var ae *arbor.Error
	if !errors.As(err, &ae) || ae.Code != arbor.ECONFLICT || ae.Key != "list.in_use" {
		t.Fatalf("delete a used work: %v", err)
	}
	sp, err := addEntries(t, db, org, "species", store.NewListEntry{Botanical: "Salix fictiva"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Pool.Exec(ctx, `UPDATE tree SET species_id = $1 WHERE id = $2`, sp.Added[0].ID, tree); err != nil {
		t.Fatal(err)
	}
	wantCode(t, db.DeleteListEntry(ctx, org, "species", sp.Added[0].ID), arbor.ECONFLICT)

	// An unused own entry goes.
	if err := db.DeleteListEntry(ctx, org, "work", mistletoe.ID); err != nil {
		t.Fatal(err)
	}
	works, _ = db.ListEntries(ctx, org, "work", "en")
	if findEntry(works, func(e *store.ListEntry) bool { return e.ID == mistletoe.ID }) != nil {
		t.Fatal("the deleted entry is still listed")
	}
}
