package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"arbor/domain"
	"arbor/seed"
	"arbor/store"
)

// benchImport times an import of a register of n trees from a CSV file in Gauss-Krüger zone 3
// (as a German city's old system exports it: Windows-1252-safe text, ';', decimal commas) into an
// empty project: the preview (a dry run) and the import itself, and the Go heap at its peak.
func benchImport(ctx context.Context, cfg config, db *store.DB, args []string) error {
	fs := flag.NewFlagSet("bench import", flag.ContinueOnError)
	n := fs.Int("trees", 1000000, "rows of the register")
	if err := fs.Parse(args); err != nil {
		return configError{err.Error()}
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
	path := filepath.Join(dir, "register.csv")
	if err := writeBenchRegister(path, *n); err != nil {
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
	fmt.Printf("register: %d rows, %.1f MB, columns %s\n", *n, float64(st.Size())/1e6, strings.Join(in.Columns, ", "))
	fmt.Println("| step | s | rows/s | objects |")
	fmt.Println("|---|---:|---:|---:|")
	for _, dry := range []bool{true, false} {
		opt.DryRun = dry
		start := time.Now()
		res, err := app.ImportFile(ctx, sc, who, "register.csv", f, st.Size(), opt, "en")
		if err != nil {
			return err
		}
		if len(res.Problems) > 0 {
			return fmt.Errorf("bench import: %d problems, the first %+v", len(res.Problems), res.Problems[0])
		}
		s := time.Since(start).Seconds()
		step := map[bool]string{true: "preview (dry run)", false: "import"}[dry]
		fmt.Printf("| %s | %.1f | %.0f | %d |\n", step, s, float64(res.Rows)/s, res.Trees+res.Groups)
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

// writeBenchRegister writes n rows of a register as an old system exports it.
func writeBenchRegister(path string, n int) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriterSize(f, 1<<20)
	species := []string{"Tilia cordata", "Acer platanoides", "Quercus robur", "Fagus sylvatica", "Betula pendula",
		"Carpinus betulus", "Fraxinus excelsior", "Aesculus hippocastanum", "Platanus x acerifolia", "Sorbus aucuparia"}
	r := rand.New(rand.NewPCG(42, 7))
	fmt.Fprint(w, "Baumnummer;Baumart;Höhe;Stammumfang;Kronendurchmesser;Pflanzjahr;Rechtswert;Hochwert\r\n")
	for i := 1; i <= n; i++ {
		x := 3520000 + r.Float64()*20000
		y := 6065000 + r.Float64()*20000
		fmt.Fprintf(w, "%d;%s;%s;%d;%s;%d;%s;%s\r\n", i, species[r.IntN(len(species))],
			comma(3+r.Float64()*25, 1), 30+r.IntN(350), comma(2+r.Float64()*15, 1), 1900+r.IntN(120),
			comma(x, 2), comma(y, 2))
	}
	if err := w.Flush(); err != nil {
		return err
	}
	return f.Close()
}

func comma(v float64, digits int) string {
	return strings.Replace(fmt.Sprintf("%.*f", digits, v), ".", ",", 1)
}
