package main

import (
	"bufio"
	"context"
	"encoding/binary"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"arbor/domain"
	"arbor/export"
	"arbor/seed"
	"arbor/store"
)

// benchImport times an import of a register of n trees in Gauss-Krüger zone 3 into an empty
// project: the preview (a dry run) and the import itself, and the Go heap at its peak. The
// register is a CSV file as a German city's old system exports it (Windows-1252-safe text,
// ';', decimal commas), or with -format gpkg the same register as a GeoPackage of points, as a
// GIS department hands it over.
func benchImport(ctx context.Context, cfg config, db *store.DB, args []string) error {
	fs := flag.NewFlagSet("bench import", flag.ContinueOnError)
	n := fs.Int("trees", 1000000, "rows of the register")
	format := fs.String("format", "csv", "the register's file: csv or gpkg")
	if err := fs.Parse(args); err != nil {
		return configError{err.Error()}
	}
	if *format != "csv" && *format != "gpkg" {
		return configError{"arbor bench import: -format is csv or gpkg"}
	}
	u, err := seed.BenchUser(ctx, db)
	if err != nil {
		return err
	}
	dir, err := os.MkdirTemp("", "arbor-bench-import-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	name := "register." + *format
	path := filepath.Join(dir, name)
	if *format == "gpkg" {
		err = writeBenchGeoPackage(ctx, db, path, *n)
	} else {
		err = writeBenchRegister(path, *n)
	}
	if err != nil {
		return err
	}
	st, _ := os.Stat(path)
	org, err := db.CreateOrganisation(ctx, u.ID, store.OrganisationFields{Name: fmt.Sprintf("Import bench %d", time.Now().UnixNano()), InvoiceType: "billing", Location: "en", Country: "DE"})
	if err != nil {
		return err
	}
	if err := db.RoomForBench(ctx, org.ID, 2*(*n)); err != nil {
		return err
	}
	p, err := db.CreateProject(ctx, org.ID, u.ID, store.ProjectFields{Name: "Register", UniqueNumber: true})
	if err != nil {
		return err
	}
	sc := store.Content{OrganisationID: org.ID, ProjectID: p.ID, Lang: "en"}
	app := domain.New(db, "", cfg.BaseURL)
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	peak := watchHeap()
	opt := domain.ImportOptions{SRID: 31467, AddSpecies: true}
	in, err := app.InspectImport(ctx, sc, f, st.Size(), opt)
	if err != nil {
		return err
	}
	opt.Mapping = in.Suggested
	who := store.Actor{UserID: u.ID, Username: u.Email, Alias: "Bench Mark"}
	fmt.Printf("register: %d rows, %s, %.1f MB, columns %s\n", *n, *format, float64(st.Size())/1e6, strings.Join(in.Columns, ", "))
	fmt.Println("| step | s | rows/s | objects | its parts (s) |")
	fmt.Println("|---|---:|---:|---:|---|")
	var laps []string
	opt.Timing = func(step string, took time.Duration) {
		laps = append(laps, fmt.Sprintf("%s %.1f", step, took.Seconds()))
	}
	for _, dry := range []bool{true, false} {
		opt.DryRun = dry
		laps = laps[:0]
		start := time.Now()
		res, err := app.ImportFile(ctx, sc, who, name, f, st.Size(), opt, "en")
		if err != nil {
			return err
		}
		if len(res.Problems) > 0 {
			return fmt.Errorf("bench import: %d problems, the first %+v", len(res.Problems), res.Problems[0])
		}
		s := time.Since(start).Seconds()
		step := map[bool]string{true: "preview (dry run)", false: "import"}[dry]
		fmt.Printf("| %s | %.1f | %.0f | %d | %s |\n", step, s, float64(res.Rows)/s, res.Trees+res.Groups, strings.Join(laps, ", "))
	}
	fmt.Printf("Go heap at its peak: %.0f MB (the server's memory beside it: PostgreSQL's own)\n", float64(peak())/1e6)
	return nil
}

// watchHeap samples the Go heap until the answer is asked for, and answers its peak.
func watchHeap() func() uint64 {
	var peak uint64
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		t := time.NewTicker(50 * time.Millisecond)
		defer t.Stop()
		var m runtime.MemStats
		for {
			runtime.ReadMemStats(&m)
			peak = max(peak, m.HeapAlloc)
			select {
			case <-stop:
				return
			case <-t.C:
			}
		}
	}()
	return func() uint64 {
		close(stop)
		<-done
		return peak
	}
}

// benchTree is a row of the benchmark's register.
type benchTree struct {
	number, scope, year int
	species             string
	height, crown, x, y float64
}

// benchRegister makes the register's n rows one by one, the same ones for the same n.
func benchRegister() func(i int) benchTree {
	species := []string{"Tilia cordata", "Acer platanoides", "Quercus robur", "Fagus sylvatica", "Betula pendula",
		"Carpinus betulus", "Fraxinus excelsior", "Aesculus hippocastanum", "Platanus x acerifolia", "Sorbus aucuparia"}
	r := rand.New(rand.NewPCG(42, 7))
	return func(i int) benchTree {
		x := 3520000 + r.Float64()*20000
		y := 6065000 + r.Float64()*20000
		return benchTree{number: i, species: species[r.IntN(len(species))], height: 3 + r.Float64()*25, scope: 30 + r.IntN(350),
			crown: 2 + r.Float64()*15, year: 1900 + r.IntN(120), x: x, y: y}
	}
}

// writeBenchRegister writes n rows of a register as an old system exports it.
func writeBenchRegister(path string, n int) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriterSize(f, 1<<20)
	next := benchRegister()
	fmt.Fprint(w, "Baumnummer;Baumart;Höhe;Stammumfang;Kronendurchmesser;Pflanzjahr;Rechtswert;Hochwert\r\n")
	for i := 1; i <= n; i++ {
		t := next(i)
		fmt.Fprintf(w, "%d;%s;%s;%d;%s;%d;%s;%s\r\n", t.number, t.species, comma(t.height, 1), t.scope, comma(t.crown, 1), t.year,
			comma(t.x, 2), comma(t.y, 2))
	}
	if err := w.Flush(); err != nil {
		return err
	}
	return f.Close()
}

// writeBenchGeoPackage writes the same register as a GeoPackage: points in Gauss-Krüger zone 3
// (EPSG:31467), the values in typed columns of the same names.
func writeBenchGeoPackage(ctx context.Context, db *store.DB, path string, n int) error {
	srsName, srsWKT, err := db.SRSDefinition(ctx, 31467)
	if err != nil {
		return err
	}
	_, wgs84, err := db.SRSDefinition(ctx, 4326)
	if err != nil {
		return err
	}
	columns := []export.GeoPackageColumn{{Name: "Baumnummer", Type: "INTEGER"}, {Name: "Baumart", Type: "TEXT"}, {Name: "Höhe", Type: "REAL"},
		{Name: "Stammumfang", Type: "INTEGER"}, {Name: "Kronendurchmesser", Type: "REAL"}, {Name: "Pflanzjahr", Type: "INTEGER"}}
	row := benchRegister()
	point := []byte{1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0} // WKB: little-endian point
	return export.GeoPackageTable(ctx, path, 31467, srsName, srsWKT, wgs84, columns,
		func(put export.GeoPackageRow) error {
			for i := 1; i <= n; i++ {
				t := row(i)
				binary.LittleEndian.PutUint64(point[5:], math.Float64bits(t.x))
				binary.LittleEndian.PutUint64(point[13:], math.Float64bits(t.y))
				if err := put(point, [4]float64{t.x, t.x, t.y, t.y}, []any{int64(t.number), t.species, round(t.height, 1),
					int64(t.scope), round(t.crown, 1), int64(t.year)}); err != nil {
					return err
				}
			}
			return nil
		})
}

func round(v float64, digits int) float64 {
	p := math.Pow(10, float64(digits))
	return math.Round(v*p) / p
}

func comma(v float64, digits int) string {
	return strings.Replace(fmt.Sprintf("%.*f", digits, v), ".", ",", 1)
}
