package export_test

import (
	"bytes"
	"context"
	"os"
	"testing"

	"arbor"
	"arbor/export"
	"arbor/store"
	"arbor/store/storetest"

	"github.com/xuri/excelize/v2"
)

func TestMain(m *testing.M) { os.Exit(storetest.Run(m)) }

// TestTrees: the view's objects become the rows of the workbook, in the view's order, without
// HTTP; an empty view is refused and writes nothing.
func TestTrees(t *testing.T) {
	db := storetest.MustOpenDB(t)
	ctx := context.Background()
	var org, project string
	if err := db.Pool.QueryRow(ctx, `INSERT INTO organisation (name) VALUES ('Export') RETURNING id`).Scan(&org); err != nil {
		t.Fatal(err)
	}
	if err := db.Pool.QueryRow(ctx, `INSERT INTO project (organisation_id, name) VALUES ($1, 'Allee') RETURNING id`, org).Scan(&project); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Pool.Exec(ctx, `INSERT INTO tree (organisation_id, project_id, geom, number)
		SELECT $1, $2, ST_SetSRID(ST_MakePoint(9.43 + n * 0.0001, 54.78), 4326), n FROM generate_series(1, 3) n`, org, project); err != nil {
		t.Fatal(err)
	}
	sc := store.Content{OrganisationID: org, ProjectID: project, Lang: "en"}
	req := export.TreeRequest{Sort: []string{"-number"}, Sheet: "Trees", Columns: []export.Column{{ID: "number", Label: "No."}}}
	var buf bytes.Buffer
	if err := export.Trees(ctx, db, sc, req, &buf); err != nil {
		t.Fatal(err)
	}
	f, err := excelize.OpenReader(&buf)
	if err != nil {
		t.Fatal(err)
	}
	rows, err := f.GetRows("Trees")
	if err != nil || len(rows) != 4 || rows[0][0] != "No." || rows[1][0] != "3" || rows[3][0] != "1" {
		t.Fatalf("rows %q, %v", rows, err)
	}

	buf.Reset()
	req.Filter = store.Filter{State: "archived"}
	if err := export.Trees(ctx, db, sc, req, &buf); arbor.ErrorCode(err) != arbor.EINVALID || buf.Len() != 0 {
		t.Fatalf("an empty view: %v, %d bytes written", err, buf.Len())
	}
}
