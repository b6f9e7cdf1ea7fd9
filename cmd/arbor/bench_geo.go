package main

import (
	"context"
	"fmt"
	"io"
	"math/rand"
	"net/http"
	"net/url"
	"os"
	"regexp"
	"runtime"
	"sort"
	"strings"
	"sync/atomic"
	"text/tabwriter"
	"time"

	"arbor/geo"
	"arbor/store"
)

// benchGeo times the GIS web service on the bench city (BENCHMARKS.md "GIS web service"): a page
// of 1,000 trees over HTTP, all trees streamed (through HTTP page by page, and in one stream
// with the heap watched), a district's bbox with a CQL2 filter, and against each the floor — the
// same features (the same properties, precision, order and page) as one plain ST_AsGeoJSON(row)
// query through pgx — as a ratio. The first measurements' floor, the tree table's 36 columns
// only, is shown beside it for the first pages and the stream.
func benchGeo(ctx context.Context, db *store.DB, args []string) error {
	fs, project := benchFlags("geo")
	pages := fs.Int("pages", 40, "sampled pages of 1,000 trees and bbox queries")
	verbose := fs.Bool("v", false, "print every timed request")
	if err := fs.Parse(args); err != nil {
		return configError{err.Error()}
	}
	sc, _, token, err := benchSession(ctx, db, *project)
	if err != nil {
		return err
	}
	total, err := db.FeatureCount(ctx, sc)
	if err != nil || total == 0 {
		return fmt.Errorf("project %s has no trees: %v", sc.ProjectID, err)
	}
	st, err := db.TileState(ctx, sc)
	if err != nil {
		return err
	}
	srv, err := startBenchServer(ctx, db)
	if err != nil {
		return err
	}
	defer srv.stop()
	// get reads a page, keeping only its last bytes (where its links are).
	var tail []byte
	get := func(path string) (int64, time.Duration, error) {
		req, _ := http.NewRequestWithContext(ctx, "GET", srv.base+path, nil)
		req.Header.Set("Authorization", "Bearer "+token)
		start := time.Now()
		res, err := srv.client.Do(req)
		if err != nil {
			return 0, 0, err
		}
		ring := &tailWriter{}
		n, err := io.Copy(ring, res.Body)
		res.Body.Close()
		if res.StatusCode != 200 {
			return 0, 0, fmt.Errorf("GET %s: %d", path, res.StatusCode)
		}
		tail = ring.b
		return n, time.Since(start), err
	}
	// next is the path of the last page's next link ("" at the end).
	next := func() string {
		m := nextLink.FindSubmatch(tail)
		if m == nil {
			return ""
		}
		return strings.TrimPrefix(strings.ReplaceAll(string(m[1]), `\u0026`, "&"), "http://bench")
	}
	discard := func(b []byte) error { _, err := io.Discard.Write(b); return err }
	floorOf := func(q store.FeatureQuery) (time.Duration, error) {
		start := time.Now()
		err := db.FeatureFloor(ctx, sc, q, discard)
		return time.Since(start), err
	}
	// floor reads the features of a path's query (as the server parses it) the plain way.
	floor := func(path string) (time.Duration, error) {
		u, err := url.Parse(path)
		if err != nil {
			return 0, err
		}
		it, err := geo.ParseItems("trees", u.Query())
		if err != nil {
			return 0, err
		}
		return floorOf(it.Query)
	}
	tableFloor := func(limit, offset int) (time.Duration, error) {
		start := time.Now()
		err := db.FeatureTableFloor(ctx, sc, limit, offset, discard)
		return time.Since(start), err
	}
	// both times ours and the floor of a path, in turns first, so that neither always finds the
	// other's pages in the cache.
	both := func(round int, name, path string, ours func() (int64, time.Duration, error)) (int64, time.Duration, time.Duration, error) {
		var n int64
		var d, f time.Duration
		var err error
		if round%2 == 0 {
			if n, d, err = ours(); err == nil {
				f, err = floor(path)
			}
		} else if f, err = floor(path); err == nil {
			n, d, err = ours()
		}
		if *verbose && err == nil {
			fmt.Printf("%s, round %d: ours %.1f ms, floor %.1f ms\n", name, round+1, float64(d.Microseconds())/1000, float64(f.Microseconds())/1000)
		}
		return n, d, f, err
	}
	items := "/api/features/" + sc.ProjectID + "/collections/trees/items"
	rng := rand.New(rand.NewSource(1))
	tw := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Printf("bench city: %d trees\n", total)
	fmt.Fprintln(tw, "query\trequests\tp50 ms\tp95 ms\tfloor p50 ms\tfloor p95 ms\tfloor/ours (p50)\t36-column floor p50 ms\tKB\t")
	row := func(name string, ours, fl, old []time.Duration, bytes int64) {
		p50, p95, f50, f95 := pct(ours, 50), pct(ours, 95), pct(fl, 50), pct(fl, 95)
		ratio, floorCols, oldCol := "—", "—\t—", "—"
		if fl != nil {
			ratio, floorCols = fmt.Sprintf("%.2f", f50/p50), fmt.Sprintf("%.1f\t%.1f", f50, f95)
		}
		if old != nil {
			oldCol = fmt.Sprintf("%.1f", pct(old, 50))
		}
		fmt.Fprintf(tw, "%s\t%d\t%.1f\t%.1f\t%s\t%s\t%s\t%d\t\n", name, len(ours), p50, p95, floorCols, ratio, oldCol, bytes/int64(max(1, len(ours)))/1024)
	}

	// A page of 1,000 trees: the first pages (what a client reads first) and any page of the city.
	for _, deep := range []bool{false, true} {
		var ours, fl, old []time.Duration
		var bytes int64
		name := "page of 1,000 (first pages)"
		if deep {
			name = "page of 1,000 (any offset)"
		}
		for i := 0; i < *pages; i++ {
			offset := (i % 5) * 1000
			if deep {
				offset = rng.Intn(max(1, total-1000))
			}
			path := fmt.Sprintf("%s?limit=1000&offset=%d", items, offset)
			n, d, f, err := both(i, name, path, func() (int64, time.Duration, error) { return get(path) })
			if err != nil {
				return err
			}
			ours, fl, bytes = append(ours, d), append(fl, f), bytes+n
			if !deep {
				o, err := tableFloor(1000, offset)
				if err != nil {
					return err
				}
				old = append(old, o)
			}
		}
		row(name, ours, fl, old, bytes)
	}
	// Any page as a client reaches it: by the next link of the page before (after=cursor).
	{
		var ours, fl []time.Duration
		var bytes int64
		for i := 0; i < *pages; i++ {
			offset := rng.Intn(max(1, total-2000))
			if _, _, err := get(fmt.Sprintf("%s?limit=1000&offset=%d", items, offset)); err != nil {
				return err
			}
			path := next()
			n, d, f, err := both(i, "page of 1,000 (any next link)", path, func() (int64, time.Duration, error) { return get(path) })
			if err != nil {
				return err
			}
			ours, fl, bytes = append(ours, d), append(fl, f), bytes+n
		}
		row("page of 1,000 (any next link)", ours, fl, nil, bytes)
	}

	// A district (2 km × 2 km around a tree) with a CQL2 filter, a page of up to 1,000.
	points, err := db.SampleTreePoints(ctx, sc.ProjectID, *pages)
	if err != nil {
		return err
	}
	var ours []time.Duration
	var bytes int64
	for _, p := range points {
		q := url.Values{"bbox": {fmt.Sprintf("%f,%f,%f,%f", p[0]-0.015, p[1]-0.009, p[0]+0.015, p[1]+0.009)},
			"filter": {"vitality >= 2 AND height > 5"}, "limit": {"1000"}}
		n, d, err := get(items + "?" + q.Encode())
		if err != nil {
			return err
		}
		ours, bytes = append(ours, d), bytes+n
	}
	row("district bbox + CQL2", ours, nil, nil, bytes)

	// Every tree through HTTP, 10,000 a page, following the next links as a client does.
	start := time.Now()
	var all int64
	for path := fmt.Sprintf("%s?limit=%d", items, geo.MaxLimit); path != ""; path = next() {
		n, _, err := get(path)
		if err != nil {
			return err
		}
		all += n
	}
	paged := time.Since(start)
	tw.Flush()

	// Every tree in one stream (the store and the writer as a request uses them, without the
	// page limit), the heap sampled meanwhile; and the floor's one query.
	var peak atomic.Uint64
	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	done := make(chan struct{})
	go func() {
		var m runtime.MemStats
		for {
			select {
			case <-done:
				return
			case <-time.After(20 * time.Millisecond):
				runtime.ReadMemStats(&m)
				if m.HeapInuse > peak.Load() {
					peak.Store(m.HeapInuse)
				}
			}
		}
	}()
	it, err := geo.ParseItems("trees", url.Values{})
	if err != nil {
		return err
	}
	it.Query.Limit = total
	var counted countingWriter
	w := geo.NewWriter(&counted, func() {}, geo.Site{Base: "http://bench", Lang: "en"}, it, false)
	start = time.Now()
	if err := db.Features(ctx, sc, it.Query, w.Feature); err != nil {
		return err
	}
	if err := w.Close(time.Now()); err != nil {
		return err
	}
	stream := time.Since(start)
	close(done)
	fstream, err := floorOf(it.Query)
	if err != nil {
		return err
	}
	tstream, err := tableFloor(total, 0)
	if err != nil {
		return err
	}
	fmt.Printf("\nall %d trees over HTTP, %d a page: %.1f s, %.0f MB, %.0f trees/s\n", total, geo.MaxLimit, paged.Seconds(), float64(all)/1e6, float64(total)/paged.Seconds())
	fmt.Printf("all %d trees in one stream: %.1f s (%.0f trees/s), %.0f MB written; heap in use %.0f MB before, %.0f MB at most\n",
		w.Returned(), stream.Seconds(), float64(total)/stream.Seconds(), float64(counted)/1e6, float64(before.HeapInuse)/1e6, float64(peak.Load())/1e6)
	fmt.Printf("floor (the same features as one ST_AsGeoJSON(row) query through pgx): %.1f s; floor/ours %.2f\n", fstream.Seconds(), fstream.Seconds()/stream.Seconds())
	fmt.Printf("36-column floor (the tree table's own columns only): %.1f s; floor/ours %.2f\n", tstream.Seconds(), tstream.Seconds()/stream.Seconds())
	if st.Bounds != nil {
		fmt.Printf("city extent: %.3f,%.3f,%.3f,%.3f\n", st.Bounds[0], st.Bounds[1], st.Bounds[2], st.Bounds[3])
	}
	return nil
}

var nextLink = regexp.MustCompile(`"href":"([^"]*)","rel":"next"`)

// tailWriter keeps the last 8 KB written to it.
type tailWriter struct{ b []byte }

func (t *tailWriter) Write(p []byte) (int, error) {
	t.b = append(t.b, p...)
	if len(t.b) > 8<<10 {
		t.b = append(t.b[:0:0], t.b[len(t.b)-8<<10:]...)
	}
	return len(p), nil
}

// pct is the p-th percentile of durations in milliseconds.
func pct(ds []time.Duration, p int) float64 {
	if len(ds) == 0 {
		return 0
	}
	s := append([]time.Duration(nil), ds...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	i := (len(s)*p + 99) / 100
	return float64(s[max(0, min(len(s)-1, i-1))].Microseconds()) / 1000
}
