package api

import (
	"bytes"
	"mime/multipart"
	"net/http"
	"testing"

	"github.com/xuri/excelize/v2"
)

// xlsx builds an Excel file whose first worksheet holds rows in its first column (and noise in
// the second, which must be ignored).
func xlsx(t *testing.T, rows ...string) []byte {
	t.Helper()
	f := excelize.NewFile()
	defer f.Close()
	for i, v := range rows {
		cell, _ := excelize.CoordinatesToCellName(1, i+1)
		f.SetCellValue("Sheet1", cell, v)
		other, _ := excelize.CoordinatesToCellName(2, i+1)
		f.SetCellValue("Sheet1", other, "ignored")
	}
	var buf bytes.Buffer
	if err := f.Write(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestValueLists(t *testing.T) {
	t.Parallel()
	e, w := newTreeWorld(t)
	admin := e.login(t, w.admin, testPassword)
	base := "/api/management/organisation/" + w.org + "/lists/"

	// The seeded global lists are there, in the reader's language.
	w.reader.lang = "de"
	lists := w.reader.do("GET", w.url("/api/content/lists"), nil).json(t)
	w.reader.lang = "en"
	var lime map[string]any
	for _, it := range lists["species"].([]any) {
		if m := it.(map[string]any); m["botanical"] == "Tilia cordata" {
			lime = m
		}
	}
	if lime == nil || lime["name"] != "Winter-Linde" || lime["global"] != true {
		t.Fatalf("Tilia cordata in the species list: %v", lime)
	}
	works := lists["work"].([]any)
	var felling map[string]any
	for _, it := range works {
		if m := it.(map[string]any); m["name"] == "Fällung" && m["global"] == true {
			felling = m
		}
	}
	if felling == nil || felling["action_security"] != 3.0 || felling["security_relevance"] != true {
		t.Fatalf("felling in the work list: %v", felling)
	}
	for _, l := range []string{"work_note", "symptom", "symptom_note"} {
		if len(lists[l].([]any)) == 0 {
			t.Errorf("list %s is empty", l)
		}
	}

	// Own entries on top; an existing value (any case, global or own) is reported, not added.
	r := admin.do("POST", base+"species", map[string]any{"values": []any{
		map[string]any{"botanical": "Tilia cordata"}, map[string]any{"botanical": "Malus 'Evereste'", "name": "Zierapfel"}}})
	wantStatus(t, r, http.StatusOK)
	res := r.json(t)
	if len(res["added"].([]any)) != 1 || res["existing"].([]any)[0] != "Tilia cordata" {
		t.Fatalf("add species %v", res)
	}
	own := res["added"].([]any)[0].(map[string]any)["id"].(string)
	r = admin.do("POST", base+"work", map[string]any{"values": []any{map[string]any{"name": "Pollarding", "category": "pruning",
		"security_relevance": true, "action_security": 2}}})
	wantStatus(t, r, http.StatusOK)
	r = admin.do("POST", base+"work", map[string]any{"values": []any{map[string]any{"name": "x", "action_security": 7}}})
	wantError(t, r, http.StatusBadRequest, "invalid", "")
	// Members read; only administrators change.
	wantStatus(t, w.manager.do("GET", base+"species", nil), http.StatusOK)
	wantStatus(t, w.manager.do("POST", base+"species", map[string]any{"values": []any{map[string]any{"botanical": "Acer x"}}}), http.StatusForbidden)

	// Excel import: first column, no title row, blanks skipped, existing reported.
	r = admin.do("POST", base+"species/import", xlsx(t, "Quercus imaginaria", "", "Tilia cordata", "quercus IMAGINARIA", "Ulmus fictiva"),
		header("Content-Type", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"))
	wantStatus(t, r, http.StatusOK)
	res = r.json(t)
	if len(res["added"].([]any)) != 2 || len(res["existing"].([]any)) != 2 {
		t.Fatalf("import %v", res)
	}
	// The web app sends the file as a form part.
	var form bytes.Buffer
	mw := multipart.NewWriter(&form)
	part, _ := mw.CreateFormFile("file", "species.xlsx")
	part.Write(xlsx(t, "Prunus fictiva", "Ulmus fictiva"))
	mw.Close()
	r = admin.do("POST", base+"species/import", form.Bytes(), header("Content-Type", mw.FormDataContentType()))
	wantStatus(t, r, http.StatusOK)
	if res = r.json(t); len(res["added"].([]any)) != 1 || res["existing"].([]any)[0] != "Ulmus fictiva" {
		t.Fatalf("multipart import %v", res)
	}
	r = admin.do("POST", base+"species/import", "botanical\nAcer campestre\n", header("Content-Type", "text/csv"))
	wantError(t, r, http.StatusUnsupportedMediaType, "unsupported_format", "Invalid file format")

	// Changing: own entries only; another entry's value is a conflict.
	r = admin.do("PUT", base+"species/"+own, map[string]any{"botanical": "Malus 'Evereste'", "name": "Zier-Apfel"})
	wantStatus(t, r, http.StatusOK)
	if m := r.json(t); m["name"] != "Zier-Apfel" || m["global"] != false {
		t.Fatalf("update %v", m)
	}
	wantError(t, admin.do("PUT", base+"species/"+own, map[string]any{"botanical": "TILIA cordata"}), http.StatusConflict, "conflict", "")
	wantError(t, admin.do("PUT", base+"species/"+lime["id"].(string), map[string]any{"botanical": "Tilia x"}), http.StatusForbidden, "forbidden",
		"Standard entries cannot be changed; only your organisation's own.")

	// Removing: own and unused only.
	wantError(t, admin.do("DELETE", base+"species/"+lime["id"].(string), nil), http.StatusForbidden, "forbidden", "")
	tr := w.createTree(t, w.editor, map[string]any{"species": own})
	wantError(t, admin.do("DELETE", base+"species/"+own, nil), http.StatusConflict, "conflict", "")
	wantStatus(t, w.editor.do("PUT", w.url("/api/content/tree/"+tr["id"].(string)), map[string]any{"version": 1, "species": nil}), http.StatusOK)
	wantStatus(t, admin.do("DELETE", base+"species/"+own, nil), http.StatusNoContent)
	wantStatus(t, admin.do("GET", base+"roads", nil), http.StatusNotFound)
}
