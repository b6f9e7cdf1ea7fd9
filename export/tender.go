package export

import (
	"bytes"
	"context"
	"io"
	"time"

	"arbor"
	"arbor/store"
)

// TenderRequest names what to tender: the view or selection (Filter), or a job (Job).
type TenderRequest struct {
	Filter *store.Filter `json:"filter"`
	Job    string        `json:"job"`
}

// Tenders writes the open works of the request as a GAEB X83 bill of quantities to w, read in
// one snapshot. EINVALID when there are no open works (export.gaeb_nothing); nothing is written
// then, nor on any other failure.
func Tenders(ctx context.Context, db *store.DB, sc store.Content, req TenderRequest, now time.Time, w io.Writer) (int, error) {
	var buf bytes.Buffer
	var count int
	err := db.ReadTx(ctx, func(tx *store.Tx) error {
		head, err := tx.ExportHeading(ctx, sc)
		if err != nil {
			return err
		}
		t := Tender{Organisation: head.Organisation, Project: head.Project, Date: now, Aliases: map[string]string{}}
		if req.Job != "" {
			j, err := tx.Job(ctx, sc, req.Job)
			if err != nil {
				return err
			}
			t.Label = j.Name
		}
		settings, err := tx.ProjectSettings(ctx, sc.OrganisationID, sc.ProjectID)
		if err != nil {
			return err
		}
		for name, f := range settings.CustomFields {
			if f.Alias != "" {
				t.Aliases[name] = f.Alias
			}
		}
		t.Works, err = tx.TenderWorks(ctx, sc, store.TenderSelection{Filter: req.Filter, Job: req.Job})
		if err != nil {
			return err
		}
		if len(t.Works) == 0 {
			return arbor.Errorf(arbor.EINVALID, "export.gaeb_nothing", nil)
		}
		count = len(t.Works)
		return GAEB(&buf, t)
	})
	if err != nil {
		return 0, err
	}
	_, err = w.Write(buf.Bytes())
	return count, err
}
