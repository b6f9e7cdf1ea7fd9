package main

import (
	"context"
	"fmt"
	"os"
	"runtime"
	"runtime/pprof"
	"strings"
	"sync/atomic"
	"time"

	"arbor/export"
	"arbor/files"
	"arbor/store"
)

// benchExport times what leaves Arbor on the bench city (BENCHMARKS.md "Exports"): the whole
// project with every field as an Excel workbook, with the process's peak memory while it is
// written, and a PDF list of 100 trees.
func benchExport(ctx context.Context, db *store.DB, args []string) error {
	fs, project := benchFlags("export")
	list := fs.Int("list", export.PDFListLimit, "objects in the PDF list")
	only := fs.String("only", "xlsx,gpkg,pdf", "which exports to time, comma-separated: xlsx, gpkg, pdf")
	memprofile := fs.String("memprofile", "", "write the heap profile near each export's peak to this file, suffixed with the export")
	if err := fs.Parse(args); err != nil {
		return configError{err.Error()}
	}
	sc, _, err := benchProjectAndUser(ctx, db, *project)
	if err != nil {
		return err
	}
	sc.Lang = "de"
	o := export.ListOptions{Lang: "de", BaseURL: "https://arbor.example", Project: sc.ProjectID, Location: time.UTC}

	want := func(what string) bool { return strings.Contains(","+*only+",", ","+what+",") }
	if want("xlsx") {
		if err := benchFile(".xlsx", *memprofile, "export-all-trees: %d objects, every field, %.1f MB XLSX in %.1f s; Go heap peak %.0f MB, process peak RSS %s\n",
			func(f *os.File) (int, error) { return export.AllTrees(ctx, db, sc, store.Filter{}, "Bäume", o, f) }); err != nil {
			return err
		}
	}
	if want("gpkg") {
		if err := benchFile(".gpkg", *memprofile, "export-gis: %d objects, %.1f MB GeoPackage (EPSG:25832) in %.1f s; Go heap peak %.0f MB, process peak RSS %s\n",
			func(f *os.File) (int, error) { return export.GeoPackage(ctx, db, sc, store.Filter{}, 25832, o, f) }); err != nil {
			return err
		}
	}
	if !want("pdf") {
		return nil
	}

	var ids []string
	err = db.ReadTx(ctx, func(tx *store.Tx) error {
		page, err := tx.TreePage(ctx, sc, store.TreeQuery{Sort: []string{"number"}, Limit: *list})
		for _, t := range page {
			ids = append(ids, t.ID)
		}
		return err
	})
	if err != nil {
		return err
	}
	var size countingWriter
	start := time.Now()
	if err := export.TreeListRecordsPDF(ctx, db, sc, ids, export.PDFOptions{BaseURL: o.BaseURL, Lang: "de", Now: time.Now(), Location: time.UTC}, &size); err != nil {
		return err
	}
	fmt.Printf("export-tree-list: %d objects, %.1f MB PDF in %.1f s\n", len(ids), float64(size)/1e6, time.Since(start).Seconds())
	return nil
}

// benchFile times one export into a temporary file while it samples the Go heap, and prints
// report with the objects, the file's size, the time, the heap's peak and the peak RSS.
func benchFile(ext, memprofile, report string, write func(*os.File) (int, error)) error {
	file, done, err := files.TempFile("", "arbor-bench-*"+ext)
	if err != nil {
		return err
	}
	defer done()
	var peak atomic.Uint64
	stop := make(chan struct{})
	go samplePeak(&peak, stop, func() {
		if memprofile == "" {
			return
		}
		if f, err := os.Create(memprofile + ext); err == nil {
			pprof.WriteHeapProfile(f)
			f.Close()
		}
	})
	start := time.Now()
	n, err := write(file)
	close(stop)
	if err != nil {
		return err
	}
	info, _ := file.Stat()
	fmt.Printf(report, n, float64(info.Size())/1e6, time.Since(start).Seconds(), float64(peak.Load())/1e6, peakRSS())
	return nil
}

type countingWriter int64

func (c *countingWriter) Write(p []byte) (int, error) {
	*c += countingWriter(len(p))
	return len(p), nil
}

// samplePeak keeps the largest heap in use seen every 50 ms until stop closes, telling onPeak
// each time the peak has grown by 32 MB.
func samplePeak(peak *atomic.Uint64, stop <-chan struct{}, onPeak func()) {
	var m runtime.MemStats
	var told uint64
	tick := time.NewTicker(50 * time.Millisecond)
	defer tick.Stop()
	for {
		runtime.ReadMemStats(&m)
		if m.HeapInuse > peak.Load() {
			peak.Store(m.HeapInuse)
		}
		if m.HeapInuse > told+32<<20 {
			told = m.HeapInuse
			onPeak()
		}
		select {
		case <-stop:
			return
		case <-tick.C:
		}
	}
}

// peakRSS is the process's peak resident memory (Linux VmHWM), or "n/a".
func peakRSS() string {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return "n/a"
	}
	for _, line := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(line, "VmHWM:") {
			return strings.TrimSpace(strings.TrimPrefix(line, "VmHWM:"))
		}
	}
	return "n/a"
}

// cpuProfile writes a CPU profile to path until the answered stop is called; with no path it
// profiles nothing.
func cpuProfile(path string) (stop func(), err error) {
	if path == "" {
		return func() {}, nil
	}
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, err
	}
	return func() {
		pprof.StopCPUProfile()
		f.Close()
	}, nil
}
