package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"

	"arbor/domain"
	"arbor/importer"
	"arbor/store"
)

// importCmd: `arbor import -project ID -file F [-mapping M.json] [-srid N] [-dry-run] …` brings a
// register in from the server's side, for administrators moving a city's data: the same reading,
// checks and one transaction as the web app's wizard. Without -mapping the suggested one is used
// (and printed, to be saved, changed and given back with -mapping).
func importCmd(ctx context.Context, cfg config, log *slog.Logger, args []string, out io.Writer) error {
	fs := flag.NewFlagSet("import", flag.ContinueOnError)
	project := fs.String("project", "", "the project's id (required)")
	file := fs.String("file", "", "the register: CSV, Excel (.xlsx), GeoJSON, GeoPackage (.gpkg) or a zipped Shapefile (required)")
	mappingFile := fs.String("mapping", "", "a JSON file: one {\"target\": …} per column, as the wizard and the API take it")
	srid := fs.Int("srid", 0, "the coordinates' EPSG code (default: from the file, else the suggested one)")
	dryRun := fs.Bool("dry-run", false, "check and count only; write nothing")
	nextFree := fs.Bool("next-free", false, "give numbers that are taken the next free ones")
	addSpecies := fs.Bool("add-species", false, "add species no list knows to the organisation's list")
	sheet := fs.String("sheet", "", "the worksheet, GeoPackage layer or Shapefile of a zip (default: the first)")
	match := fs.String("match", "", "update the objects rows find instead of making new ones: number, or external_id:COLUMN (the file's column holding the old system's ids)")
	if err := fs.Parse(args); err != nil {
		return configError{err.Error()}
	}
	if *project == "" || *file == "" {
		return configError{"usage: arbor import -project ID -file F [-mapping M.json] [-srid N] [-dry-run] [-next-free] [-add-species] [-sheet S]"}
	}
	f, err := os.Open(*file)
	if err != nil {
		return configError{err.Error()}
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return err
	}
	db, err := store.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		return err
	}
	defer db.Close()
	access, err := db.ProjectAccess(ctx, *project, "00000000-0000-0000-0000-000000000000")
	if err != nil {
		return err
	}
	if !access.Exists {
		return configError{fmt.Sprintf("arbor import: no project %s", *project)}
	}
	sc := store.Content{OrganisationID: access.OrganisationID, ProjectID: *project, Lang: "en"}
	app := domain.New(db, "", cfg.BaseURL)
	opt := domain.ImportOptions{Sheet: *sheet, SRID: *srid, DryRun: *dryRun, NextFreeNumbers: *nextFree, AddSpecies: *addSpecies}
	in, err := app.InspectImport(ctx, sc, f, st.Size(), opt)
	if err != nil {
		return err
	}
	if *mappingFile != "" {
		raw, err := os.ReadFile(*mappingFile)
		if err != nil {
			return configError{err.Error()}
		}
		if err := json.Unmarshal(raw, &opt.Mapping); err != nil {
			return configError{fmt.Sprintf("arbor import: %s: %v", *mappingFile, err)}
		}
	} else {
		opt.Mapping = in.Suggested
		m, _ := json.Marshal(in.Suggested)
		log.Info("suggested mapping (save it to a file and give it with -mapping to change it)", "columns", in.Columns, "mapping", string(m))
	}
	if err := matchOption(*match, in.Columns, &opt); err != nil {
		return err
	}
	if opt.SRID == 0 && in.Detected.SRID == 0 && len(in.CRS) > 0 {
		opt.SRID = in.CRS[0].SRID
		log.Info("reference system suggested from the coordinates", "srid", opt.SRID, "name", in.CRS[0].Name)
	}
	answer, err := app.ImportFile(ctx, sc, store.Actor{Username: "arbor import", Alias: "arbor import"}, filepath.Base(*file), f, st.Size(), opt, "en")
	if err != nil {
		return err
	}
	enc := json.NewEncoder(out)
	enc.SetIndent("", "  ")
	if err := enc.Encode(struct {
		Rows, Trees, Groups, Updated, Unchanged, Numbered, Renumbered int
		Written                                                       bool
		ID                                                            string `json:",omitempty"`
		Problems                                                      any    `json:",omitempty"`
		UnknownSpecies                                                any    `json:",omitempty"`
	}{answer.Rows, answer.Trees, answer.Groups, answer.Updated, answer.Unchanged, answer.Numbered, answer.Renumbered, answer.Written, answer.ID,
		answer.Problems, answer.UnknownSpecies}); err != nil {
		return err
	}
	if !answer.Written && !*dryRun {
		return fmt.Errorf("nothing was imported: fix the problems above (or use -next-free, -add-species)")
	}
	return nil
}

// matchOption reads -match: "number", or "external_id:COLUMN", which maps that column of the file
// to the external id (in place of what the mapping said of it).
func matchOption(match string, columns []string, opt *domain.ImportOptions) error {
	switch {
	case match == "":
		return nil
	case match == store.MatchNumber:
		opt.Match = store.MatchNumber
		return nil
	case strings.HasPrefix(match, store.MatchExternalID+":"):
		column := strings.TrimPrefix(match, store.MatchExternalID+":")
		for i, c := range columns {
			if c == column && i < len(opt.Mapping) {
				for j := range opt.Mapping {
					if opt.Mapping[j].Target == importer.TargetExternalID {
						opt.Mapping[j] = importer.Column{}
					}
				}
				opt.Mapping[i] = importer.Column{Target: importer.TargetExternalID}
				opt.Match = store.MatchExternalID
				return nil
			}
		}
		return configError{fmt.Sprintf("arbor import: -match: the file has no column %q (it has %s)", column, strings.Join(columns, ", "))}
	}
	return configError{"arbor import: -match is number or external_id:COLUMN"}
}
