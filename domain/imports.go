package domain

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"os"
	"sort"
	"strconv"
	"strings"
	"time"

	"arbor"
	"arbor/fields"
	"arbor/i18n"
	"arbor/importer"
	"arbor/store"

	"github.com/google/uuid"
	"github.com/riverqueue/river"

	"github.com/paulmach/orb/encoding/wkb"
)

// ImportOptions are what a person chose in the import wizard (docs/API.md, "Importing a register").
type ImportOptions struct {
	Sheet           string            `json:"sheet"`
	Delimiter       string            `json:"delimiter"`
	Encoding        string            `json:"encoding"`
	SRID            int               `json:"srid"`
	Mapping         []importer.Column `json:"mapping"`
	NextFreeNumbers bool              `json:"next_free_numbers"`
	AddSpecies      bool              `json:"add_species"`
	// SpeciesMap: a name of the file no list knows → a species list entry's id, or "none".
	SpeciesMap map[string]string `json:"species_map"`
	// Match: "number" or "external_id" makes rows that find an existing object update it; empty
	// makes every row a new object. "external_id" needs a column mapped to external_id.
	Match  string `json:"match"`
	DryRun bool   `json:"dry_run"`
	// Timing, when set, hears how long each step took (`arbor bench import`).
	Timing func(step string, took time.Duration) `json:"-"`
}

func (o ImportOptions) reader() (importer.Options, error) {
	opt := importer.Options{Sheet: o.Sheet, Encoding: o.Encoding}
	switch o.Delimiter {
	case "":
	case ",", ";", "\t":
		opt.Delimiter = rune(o.Delimiter[0])
	default:
		return opt, arbor.Invalid(map[string]string{"delimiter": "import.delimiter"})
	}
	switch o.Encoding {
	case "", "utf-8", "windows-1252", "iso-8859-1":
	default:
		return opt, arbor.Invalid(map[string]string{"encoding": "import.encoding"})
	}
	switch o.Match {
	case "", store.MatchNumber, store.MatchExternalID:
	default:
		return opt, arbor.Invalid(map[string]string{"match": "import.match"})
	}
	for _, id := range o.SpeciesMap {
		if _, err := uuid.Parse(id); err != nil && id != store.SpeciesNone {
			return opt, arbor.Invalid(map[string]string{"species_map": "import.species_map"})
		}
	}
	return opt, nil
}

// openImport reads an uploaded file as a table, answering a clear 4xx for what is not one.
func openImport(f *os.File, size int64, o ImportOptions) (importer.Source, error) {
	opt, err := o.reader()
	if err != nil {
		return nil, err
	}
	src, err := importer.Open(f, size, opt)
	var re *importer.RowError
	switch {
	case err == nil:
		return src, nil
	case errors.As(err, new(*importer.ReadError)):
		return nil, damaged(err)
	case errors.Is(err, importer.ErrEmpty):
		return nil, arbor.Errorf(arbor.EINVALID, "import.empty", nil)
	case errors.Is(err, importer.ErrFormat):
		return nil, arbor.Errorf(arbor.EFORMAT, "import.format", nil)
	case errors.Is(err, importer.ErrShapefileParts):
		return nil, arbor.Errorf(arbor.EINVALID, "import.shapefile_parts", nil)
	case errors.As(err, &re):
		return nil, arbor.Errorf(arbor.EINVALID, re.Key, map[string]any{"line": re.Line, "value": re.Value, "max": importer.MaxColumns})
	}
	return nil, arbor.Errorf(arbor.EINVALID, "import.unreadable", nil)
}

// damaged is a file that cannot be read on from a line (importer.ReadError) as the person is
// told of it: a clear 400 naming the line, which also ends a queued import's task failed. Any
// other error is answered as it is.
func damaged(err error) error {
	var rd *importer.ReadError
	if errors.As(err, &rd) {
		return arbor.Errorf(arbor.EINVALID, "import.damaged", map[string]any{"line": rd.Line})
	}
	return err
}

// ImportInspection is what the wizard shows after the upload: the file's columns, what was
// detected, the suggested mapping and reference systems, and the first rows.
type ImportInspection struct {
	Format    string            `json:"format"`
	Columns   []string          `json:"columns"`
	Detected  ImportDetected    `json:"detected"`
	Suggested []importer.Column `json:"suggested"`
	CRS       []ImportCRS       `json:"crs"`
	Rows      [][]string        `json:"rows"`
	Swapped   bool              `json:"swapped"`  // longitude and latitude look the other way round
	Geometry  bool              `json:"geometry"` // the file carries its own geometry
	// Layers are a file's tables to choose from (worksheets, GeoPackage layers, the Shapefiles
	// of a zip); detected.sheet is the one read.
	Layers []string `json:"layers"`
	// Reused names the earlier import whose mapping the suggestion is: a file with the same columns.
	Reused *store.SavedMapping `json:"reused,omitempty"`
}

type ImportDetected struct {
	Sheet     string `json:"sheet,omitempty"`
	Delimiter string `json:"delimiter,omitempty"`
	Encoding  string `json:"encoding,omitempty"`
	SRID      int    `json:"srid,omitempty"`
}

type ImportCRS struct {
	SRID int    `json:"srid"`
	Name string `json:"name"`
}

// inspectRows is how many rows the wizard shows and suggests a reference system from.
const inspectRows = 200

// InspectImport reads the head of a file: columns, detection, and suggestions for the mapping
// (from the headings and the project's custom field aliases) and the reference system.
func (d *Service) InspectImport(ctx context.Context, sc store.Content, f *os.File, size int64, o ImportOptions) (*ImportInspection, error) {
	settings, err := d.db.ProjectSettings(ctx, sc.OrganisationID, sc.ProjectID)
	if err != nil {
		return nil, err
	}
	custom := map[string]string{}
	for name, cf := range settings.CustomFields {
		if cf.Active && cf.Alias != "" {
			custom[name] = cf.Alias
		}
	}
	src, err := openImport(f, size, o)
	if err != nil {
		return nil, err
	}
	defer src.Close()
	det := src.Detected()
	in := &ImportInspection{Format: string(src.Format()), Columns: src.Columns(), Rows: [][]string{}, CRS: []ImportCRS{}, Layers: []string{},
		Detected: ImportDetected{Sheet: det.Sheet, Encoding: det.Encoding, SRID: det.SRID}}
	if det.Delimiter != 0 {
		in.Detected.Delimiter = string(det.Delimiter)
	}
	if l, ok := src.(importer.Layered); ok {
		in.Layers = l.Layers()
	}
	in.Suggested = make([]importer.Column, len(in.Columns))
	for i, t := range importer.SuggestColumns(in.Columns, custom) {
		in.Suggested[i] = importer.Column{Target: t}
	}
	// A file with the columns of an earlier import is read as that one was.
	saved, err := d.db.ImportMapping(ctx, sc, in.Columns)
	if err != nil {
		return nil, err
	}
	if saved != nil {
		var mapping []importer.Column
		if json.Unmarshal(saved.Mapping, &mapping) == nil && len(mapping) == len(in.Columns) {
			in.Suggested, in.Reused = mapping, saved
		}
	}
	x, y := -1, -1
	for i, c := range in.Suggested {
		switch c.Target {
		case importer.TargetX:
			x = i
		case importer.TargetY:
			y = i
		}
	}
	var points [][2]float64
	for len(in.Rows) < inspectRows {
		row, err := src.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if errors.As(err, new(*importer.RowError)) {
			continue // the preview names it with its line
		}
		if err != nil {
			return nil, damaged(err) // nothing after it can be read
		}
		in.Rows = append(in.Rows, row.Values)
		if row.Geometry != nil {
			in.Geometry = true
		}
		if x >= 0 && y >= 0 {
			px, ok1 := importer.ParseNumber(row.Values[x])
			py, ok2 := importer.ParseNumber(row.Values[y])
			if ok1 && ok2 {
				points = append(points, [2]float64{px, py})
			}
		}
	}
	if in.Detected.SRID == 0 && in.Reused != nil && !in.Geometry {
		if c, ok := importer.CRSByID(in.Reused.SRID); ok {
			in.CRS = append(in.CRS, ImportCRS{c.SRID, c.Name})
		}
	}
	if in.Detected.SRID != 0 {
		if c, ok := importer.CRSByID(in.Detected.SRID); ok {
			in.CRS = append(in.CRS, ImportCRS{c.SRID, c.Name})
		} else {
			in.CRS = append(in.CRS, ImportCRS{SRID: in.Detected.SRID, Name: "EPSG:" + strconv.Itoa(in.Detected.SRID)})
		}
	} else {
		for _, c := range importer.SuggestCRS(points) {
			if len(in.CRS) == 0 || in.CRS[0].SRID != c.SRID {
				in.CRS = append(in.CRS, ImportCRS{c.SRID, c.Name})
			}
		}
		in.Swapped = importer.Swapped(points)
	}
	return in, nil
}

// importTargetField is the field a problem of a target is reported under: the tree field, or
// "geom" for the coordinates and "species" for the species' names.
func importTargetField(t string) string {
	switch t {
	case importer.TargetX, importer.TargetY, importer.TargetWKT:
		return "geom"
	case importer.TargetSpeciesCommon:
		return "species"
	}
	return t
}

// checkMapping checks a mapping against the file's columns before any row is read: one target
// per column, each target once, a place for new objects, and the key a match needs. It answers
// where each field's problems are found in the file (its column names). The request that queues
// an import checks as the import itself does, so a mapping that cannot work is told at once
// (400), not by the queue's task minutes later.
func checkMapping(src importer.Source, o ImportOptions) (map[string]string, error) {
	columns := src.Columns()
	if len(o.Mapping) != len(columns) {
		return nil, arbor.Invalid(map[string]string{"mapping": "import.mapping_columns"})
	}
	columnOf := map[string]string{}
	mapped := map[string]bool{}
	for i, c := range o.Mapping {
		if c.Target == "" {
			continue
		}
		if mapped[c.Target] {
			return nil, arbor.Invalid(map[string]string{"mapping": "import.mapping_twice"})
		}
		mapped[c.Target] = true
		if f := importTargetField(c.Target); columnOf[f] == "" {
			columnOf[f] = columns[i]
		} else {
			columnOf[f] += ", " + columns[i]
		}
	}
	// A file that only updates objects may leave their places as they are; a row of it that
	// makes a new object without a place is reported by its line.
	if !mapped[importer.TargetWKT] && !(mapped[importer.TargetX] && mapped[importer.TargetY]) && !src.Format().Geometric() && o.Match == "" {
		return nil, arbor.Invalid(map[string]string{"mapping": "import.no_coordinates"})
	}
	if o.Match == store.MatchExternalID && !mapped[importer.TargetExternalID] {
		return nil, arbor.Invalid(map[string]string{"match": "import.match_no_column"})
	}
	if o.Match == store.MatchNumber && !mapped["number"] {
		return nil, arbor.Invalid(map[string]string{"match": "import.match_no_number"})
	}
	return columnOf, nil
}

// ImportProblem is a problem of the preview as the person finds it in their file.
type ImportProblem struct {
	Line    int    `json:"line"`
	Column  string `json:"column,omitempty"`
	Key     string `json:"key"`
	Message string `json:"message"`
	Value   string `json:"value,omitempty"`
}

// ImportAnswer is the preview or the result of an import.
type ImportAnswer struct {
	*store.ImportResult
	Problems []ImportProblem `json:"problems"`
	FileName string          `json:"file_name"`
	ended    bool            // the import's transaction ran its end (importFile's within)
}

// ImportFile reads a file by the person's mapping and imports it in one transaction: a dry run
// answers what would happen, else the trees and groups are written, all or nothing.
func (d *Service) ImportFile(ctx context.Context, sc store.Content, who store.Actor, name string, f *os.File, size int64,
	o ImportOptions, lang string) (*ImportAnswer, error) {
	return d.importFile(ctx, sc, who, name, f, size, o, lang, nil, nil)
}

// importFile is ImportFile telling its progress, and running within (when given) at the end of
// the import's transaction with the answer: the queue ends the import's task there.
func (d *Service) importFile(ctx context.Context, sc store.Content, who store.Actor, name string, f *os.File, size int64,
	o ImportOptions, lang string, progress func(step string, rows int), within func(*store.Tx, *ImportAnswer) error) (*ImportAnswer, error) {
	src, err := openImport(f, size, o)
	if err != nil {
		return nil, err
	}
	defer src.Close()
	columns := src.Columns()
	columnOf, err := checkMapping(src, o)
	if err != nil {
		return nil, err
	}
	srid := o.SRID
	if srid == 0 {
		srid = src.Detected().SRID
	}
	problems := []ImportProblem{}
	say := func(line int, column, key, value string, args map[string]any) {
		if len(problems) < 1000 {
			problems = append(problems, ImportProblem{Line: line, Column: column, Key: key, Value: value,
				Message: i18n.T(lang, key, args)})
		}
	}
	skipped := 0 // rows with problems, held back from the store
	// Rows are converted on two goroutines while the file is read and the database takes the
	// rows before: a million rows' cells are about 13 s of one core's work.
	convert := func(row importer.Row) convertedRow {
		c := convertedRow{line: row.Line}
		rec, errs := importer.Apply(row, columns, o.Mapping)
		for _, e := range errs {
			c.problems = append(c.problems, ImportProblem{Line: e.Line, Column: e.Column, Key: e.Key, Value: e.Value})
		}
		values, err := fields.Parse(rec.Values, false)
		var ae *arbor.Error
		if errors.As(err, &ae) {
			for field, key := range ae.Fields {
				c.problems = append(c.problems, ImportProblem{Line: row.Line, Column: columnOf[field], Key: key,
					Value: strings.Trim(string(rec.Values[field]), `"`)})
			}
			return c
		} else if err != nil {
			c.err = err
			return c
		}
		if len(errs) > 0 {
			return c
		}
		c.row = &store.ImportRow{Line: row.Line, Values: values, Species: rec.Species, SpeciesCommon: rec.SpeciesCommon,
			ExternalID: rec.ExternalID, X: rec.X, Y: rec.Y, WKT: rec.WKT}
		if row.Geometry != nil && rec.X == nil && rec.WKT == "" {
			c.row.WKB, _ = wkb.Marshal(row.Geometry)
		}
		return c
	}
	converted, stop := convertRows(ctx, src, 2, convert)
	defer stop()
	next := func() (*store.ImportRow, error) {
		for {
			c, ok := converted()
			if !ok {
				return nil, io.EOF
			}
			var re *importer.RowError
			switch {
			case errors.As(c.err, &re):
				say(re.Line, re.Column, re.Key, re.Value, nil)
				skipped++
				continue
			case c.err != nil:
				return nil, damaged(c.err)
			}
			for _, p := range c.problems {
				say(p.Line, p.Column, p.Key, p.Value, nil)
			}
			if c.row == nil {
				skipped++
				continue
			}
			return c.row, nil
		}
	}
	mapping, _ := json.Marshal(o.Mapping)
	plan := store.ImportPlan{FileName: name, Format: string(src.Format()), SRID: srid, Mapping: mapping,
		Columns: columns, SpeciesMap: o.SpeciesMap,
		NextFreeNumbers: o.NextFreeNumbers, AddSpecies: o.AddSpecies, Match: o.Match, DryRun: o.DryRun || len(problems) > 0,
		Progress: progress, Rejected: func() bool { return len(problems) > 0 }, Timing: o.Timing}
	answer := func(res *store.ImportResult) *ImportAnswer {
		all := append([]ImportProblem{}, problems...)
		for _, p := range res.Problems {
			if len(all) < 1000 {
				all = append(all, ImportProblem{Line: p.Line, Column: columnOf[p.Field], Key: p.Key, Value: p.Value,
					Message: i18n.T(lang, p.Key, nil)})
			}
		}
		sort.SliceStable(all, func(i, j int) bool { return all[i].Line < all[j].Line })
		return &ImportAnswer{ImportResult: res, Problems: all, FileName: name}
	}
	var out *ImportAnswer
	err = d.db.InTx(ctx, func(tx *store.Tx) (err error) {
		res, err := tx.Import(ctx, sc, who, plan, next)
		if err != nil {
			return err
		}
		if len(problems) > 0 && res.Written {
			return errors.New("import: written despite problems") // never: the plan was a dry run
		}
		out = answer(res)
		if within != nil {
			out.ended = true
			return within(tx, out)
		}
		return nil
	})
	var ae *arbor.Error
	if errors.As(err, &ae) && ae.Key == "import.no_rows" && skipped > 0 {
		// Every row has a problem: the preview names them rather than calling the file empty.
		return answer(&store.ImportResult{Rows: skipped, Problems: []store.ImportProblem{}, UnknownSpecies: []store.ImportSpecies{},
			Sample: json.RawMessage(`{"type":"FeatureCollection","features":[]}`)}), nil
	}
	if err != nil {
		return nil, err
	}
	return out, nil
}

// ImportJob is the queue's job of an import the wizard confirmed: the file waits in the database
// (store.Tx.PutUpload) and is read by whichever server works the job.
type ImportJob struct {
	Task         string        `json:"task"`
	Organisation string        `json:"organisation"`
	Project      string        `json:"project"`
	Who          store.Actor   `json:"who"`
	Lang         string        `json:"lang"`
	FileName     string        `json:"file_name"`
	Upload       uint32        `json:"upload"`
	Options      ImportOptions `json:"options"`
}

// Kind names the job among the queue's.
func (ImportJob) Kind() string { return "import_file" }

// InsertOpts: three tries; the import and the end of its task are one transaction, so a try
// after one that failed starts afresh and one after one that succeeded does nothing.
func (ImportJob) InsertOpts() river.InsertOpts { return river.InsertOpts{MaxAttempts: 3} }

// importTaskTotal is the scale of an import task's progress: thousandths.
const importTaskTotal = 1000

// QueueImport keeps the file and queues its import as a task the person follows (GET
// /api/content/import/task/{id}); the wizard can be closed meanwhile. The file is checked to be
// readable first, so a file that is not a register is told at once.
func (d *Service) QueueImport(ctx context.Context, sc store.Content, who store.Actor, name string, f *os.File, size int64,
	o ImportOptions, lang string) (*store.Task, error) {
	src, err := openImport(f, size, o)
	if err != nil {
		return nil, err
	}
	_, err = checkMapping(src, o)
	src.Close()
	if err != nil {
		return nil, err
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return nil, err
	}
	o.DryRun = false
	var task *store.Task
	err = d.db.InTx(ctx, func(tx *store.Tx) error {
		if err := failDeadTasks(ctx, tx, sc, who.UserID, store.ImportTasks, lang); err != nil {
			return err
		}
		open, err := tx.OpenTasks(ctx, sc, who.UserID, store.ImportTasks)
		if err != nil {
			return err
		}
		if len(open) > 0 {
			return arbor.Errorf(arbor.ECONFLICT, "import.running", nil)
		}
		oid, err := tx.PutUpload(ctx, f)
		if err != nil {
			return err
		}
		if task, err = tx.NewTask(ctx, sc, who, "import", importTaskTotal); err != nil {
			return err
		}
		return tx.Enqueue(ctx, "", ImportJob{Task: task.ID, Organisation: sc.OrganisationID, Project: sc.ProjectID,
			Who: who, Lang: lang, FileName: name, Upload: oid, Options: o})
	})
	return task, err
}

// RunImport does a queued import: reads the kept file into a temporary one, imports it while
// writing its progress to the task, and in the import's own transaction ends the task with the
// answer and drops the kept file. A file the import refuses (a problem of the file, not of the
// server) ends the task with the message; other errors are the queue's to retry (last says this
// try is the last: then the task fails and the file goes).
func (d *Service) RunImport(ctx context.Context, job ImportJob, last bool) error {
	state, err := d.db.TaskState(ctx, job.Task)
	switch {
	case err != nil:
		return err
	case state == "failed":
		// Given up while its server was dead (failDeadTasks): this late try does nothing but
		// drop the kept file.
		return d.db.InTx(ctx, func(tx *store.Tx) error { return tx.DropUpload(ctx, job.Upload) })
	case state == "" || state == "done":
		return nil // done already (a try whose end was not heard), or gone with its project
	}
	// Alive while it works, so that its starter's next import is not kept waiting by a task
	// whose server died.
	alive, err := d.db.KeepTaskAlive(ctx, job.Task)
	if err != nil {
		return d.importFailed(ctx, job, last, err)
	}
	defer alive()
	sc := store.Content{OrganisationID: job.Organisation, ProjectID: job.Project, Lang: job.Lang}
	tmp, err := os.CreateTemp("", "arbor-import-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	defer tmp.Close()
	var found bool
	if err := d.db.InTx(ctx, func(tx *store.Tx) (err error) {
		found, err = tx.ReadUpload(ctx, job.Upload, tmp)
		return err
	}); err != nil {
		return d.importFailed(ctx, job, last, err)
	}
	end := func(failed bool, answer any) error {
		raw, err := json.Marshal(answer)
		if err != nil {
			return err
		}
		return d.db.InTx(ctx, func(tx *store.Tx) error {
			if err := tx.DropUpload(ctx, job.Upload); err != nil {
				return err
			}
			return tx.EndTask(ctx, job.Task, failed, nil, raw)
		})
	}
	if !found {
		return end(true, importTaskError(job.Lang, arbor.Errorf(arbor.ENOTFOUND, "import.queue_gone", nil)))
	}
	size, err := tmp.Seek(0, io.SeekCurrent)
	if err != nil {
		return err
	}
	if _, err := tmp.Seek(0, io.SeekStart); err != nil {
		return err
	}
	// Reading is most of the work: its share of the bar follows the file's bytes read, where the
	// format reads the file front to back (CSV, GeoJSON; else the bar waits for the next step).
	progress := func(step string, rows int) {
		done := 0
		switch step {
		case "read":
			if pos, err := tmp.Seek(0, io.SeekCurrent); err == nil && size > 0 {
				done = int(pos * 600 / size)
			}
		case "check":
			done = 650
		case "write":
			done = 800
		}
		rowsJSON, _ := json.Marshal(map[string]int{"rows": rows})
		if err := d.db.TaskProgress(context.WithoutCancel(ctx), job.Task, step, done, rowsJSON); err != nil {
			return // progress is a courtesy; the import goes on
		}
	}
	answer, err := d.importFile(ctx, sc, job.Who, job.FileName, tmp, size, job.Options, job.Lang, progress,
		func(tx *store.Tx, a *ImportAnswer) error {
			// Given up meanwhile (its heartbeat came too late): nothing is written, for its
			// starter may have imported the file again.
			if state, err := tx.LockTaskState(ctx, job.Task); err != nil {
				return err
			} else if state != "running" && state != "queued" {
				return store.ErrTaskGivenUp
			}
			raw, err := json.Marshal(a)
			if err != nil {
				return err
			}
			if err := tx.DropUpload(ctx, job.Upload); err != nil {
				return err
			}
			changed := a.Trees + a.Groups + a.Updated
			return tx.EndTask(ctx, job.Task, false, &changed, raw)
		})
	var ae *arbor.Error
	switch {
	case errors.Is(err, store.ErrTaskGivenUp):
		return d.db.InTx(ctx, func(tx *store.Tx) error { return tx.DropUpload(ctx, job.Upload) })
	case err == nil && answer.ended:
		return nil
	case err == nil:
		// The transaction did not reach its end (every row had a problem): told all the same.
		return end(false, answer)
	case errors.As(err, &ae):
		return end(true, importTaskError(job.Lang, ae))
	}
	return d.importFailed(ctx, job, last, err)
}

// importFailed hands a server's error to the queue to try again; after the last try the task
// fails and the kept file goes.
func (d *Service) importFailed(ctx context.Context, job ImportJob, last bool, err error) error {
	if last {
		raw, _ := json.Marshal(importTaskError(job.Lang, arbor.Errorf(arbor.EINTERNAL, "error.internal", nil)))
		if ferr := d.db.InTx(context.WithoutCancel(ctx), func(tx *store.Tx) error {
			if err := tx.DropUpload(ctx, job.Upload); err != nil {
				return err
			}
			return tx.EndTask(ctx, job.Task, true, nil, raw)
		}); ferr != nil {
			return errors.Join(err, ferr)
		}
	}
	return err
}

// importTaskError is a failed task's result (an import's, or any whose server died): the
// message in the person's language.
func importTaskError(lang string, e *arbor.Error) map[string]any {
	return map[string]any{"code": e.Code, "key": e.Key, "message": i18n.T(lang, e.Key, e.Args), "fields": e.Fields}
}
