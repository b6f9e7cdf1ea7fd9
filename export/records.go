package export

import (
	"bytes"
	"context"
	"io"
	"net/url"
	"sort"
	"time"
	_ "time/tzdata" // the records' times are local times wherever the server runs

	"arbor"
	"arbor/store"
)

// PDFListLimit is the most objects one PDF list holds (docs/PRODUCT.md §5).
const PDFListLimit = 100

// neighbourRadius is how far around the object its record's map reaches, in metres.
const neighbourRadius = 50

// RecordZone is the time zone the records' times are written in: the product's users are
// German, Austrian, Swiss and French cities (docs/PRODUCT.md).
var RecordZone = func() *time.Location {
	if z, err := time.LoadLocation("Europe/Berlin"); err == nil {
		return z
	}
	return time.UTC
}()

// PDFOptions are what a PDF needs beyond the data: the app's address for the links to the live
// records, the person's language, the moment and the time zone it was made in.
type PDFOptions struct {
	BaseURL  string
	Lang     string
	Now      time.Time
	Location *time.Location
}

// RecordURL is the address of an object's live record in the web app.
func RecordURL(base, project, tree string) string {
	return base + "/projects/" + url.PathEscape(project) + "/map?tree=" + url.QueryEscape(tree)
}

// TreeRecordPDF writes the record of one tree or group of the scope as a PDF to w, read in one
// snapshot. ENOTFOUND for an object outside the scope or the caller's access limit.
func TreeRecordPDF(ctx context.Context, db *store.DB, sc store.Content, id string, o PDFOptions, w io.Writer) error {
	var buf bytes.Buffer
	err := db.ReadTx(ctx, func(tx *store.Tx) error {
		d, records, err := readRecords(ctx, tx, sc, []string{id}, o)
		if err != nil {
			return err
		}
		return TreePDF(&buf, d, records[0])
	})
	if err != nil {
		return err
	}
	_, err = w.Write(buf.Bytes())
	return err
}

// TreeListRecordsPDF writes 1 to PDFListLimit objects of the scope as a PDF list to w, by number;
// EINVALID for none (export.pdf_none) or too many (export.pdf_too_many), ENOTFOUND when one is
// not in the scope or the caller's access limit. Nothing is written on failure.
func TreeListRecordsPDF(ctx context.Context, db *store.DB, sc store.Content, ids []string, o PDFOptions, w io.Writer) error {
	seen := map[string]bool{}
	unique := ids[:0:0]
	for _, id := range ids {
		if !seen[id] {
			seen[id] = true
			unique = append(unique, id)
		}
	}
	switch {
	case len(unique) == 0:
		return &arbor.Error{Code: arbor.EINVALID, Key: "export.pdf_none", Fields: map[string]string{"ids": "export.pdf_none"}}
	case len(unique) > PDFListLimit:
		return &arbor.Error{Code: arbor.EINVALID, Key: "export.pdf_too_many", Args: map[string]any{"limit": PDFListLimit, "count": arbor.Count(len(unique))},
			Fields: map[string]string{"ids": "export.pdf_too_many"}}
	}
	var buf bytes.Buffer
	err := db.ReadTx(ctx, func(tx *store.Tx) error {
		d, records, err := readRecords(ctx, tx, sc, unique, o)
		if err != nil {
			return err
		}
		sort.SliceStable(records, func(i, j int) bool {
			a, b := records[i].Tree, records[j].Tree
			if a.Number != b.Number {
				return a.Number < b.Number
			}
			return a.NumberText < b.NumberText
		})
		return TreeListPDF(&buf, d, records)
	})
	if err != nil {
		return err
	}
	_, err = w.Write(buf.Bytes())
	return err
}

func readRecords(ctx context.Context, tx *store.Tx, sc store.Content, ids []string, o PDFOptions) (Document, []TreeRecord, error) {
	head, err := tx.ExportHeading(ctx, sc)
	if err != nil {
		return Document{}, nil, err
	}
	settings, err := tx.ProjectSettings(ctx, sc.OrganisationID, sc.ProjectID)
	if err != nil {
		return Document{}, nil, err
	}
	d := Document{Lang: o.Lang, Organisation: head.Organisation, Project: head.Project, Custom: settings.CustomFields, Made: o.Now, Location: o.Location}
	records := make([]TreeRecord, 0, len(ids))
	for _, id := range ids {
		t, err := tx.Tree(ctx, sc, id)
		if err != nil {
			return d, nil, err
		}
		r := TreeRecord{Tree: t, URL: RecordURL(o.BaseURL, sc.ProjectID, t.ID)}
		if r.Checks, err = tx.Checks(ctx, sc, id); err != nil {
			return d, nil, err
		}
		if r.Actions, err = tx.Actions(ctx, sc, id); err != nil {
			return d, nil, err
		}
		if r.Neighbours, err = tx.Neighbours(ctx, sc, id, neighbourRadius, 500); err != nil {
			return d, nil, err
		}
		records = append(records, r)
	}
	return d, records, nil
}
