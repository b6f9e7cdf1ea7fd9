package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"math"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"sort"
	"strconv"
	"strings"
	"sync"
	"text/tabwriter"
	"time"

	"arbor/api"
	"arbor/auth"
	"arbor/seed"
	"arbor/store"
	"arbor/tiles"
)

// benchCmd runs the benchmarks of BENCHMARKS.md:
//
//	arbor bench city [-trees 1000000]       build the synthetic city
//	arbor bench tiles [-project ID] [-c 1,2,4]
//	arbor bench tiles -url http://127.0.0.1:8080 [-pid N] [-tileserv URL-template [-tileserv-pid N]]
//	arbor bench data [-project ID] [-n 30]
//	arbor bench import [-trees 1000000]
//	arbor bench files [-photos 100] [-rounds 20]
//	arbor bench export [-project ID] [-list 100]
func benchCmd(ctx context.Context, cfg config, log *slog.Logger, args []string) error {
	if len(args) == 0 {
		return configError{"bench: say city, tiles, data, archive, import, files, export or geo"}
	}
	db, err := openMigrated(ctx, cfg)
	if err != nil {
		return err
	}
	defer db.Close()
	if args[0] == "tiles" || args[0] == "data" || args[0] == "archive" || args[0] == "geo" {
		printDatabaseSettings(ctx, db)
	}
	switch args[0] {
	case "city":
		return benchCity(ctx, db, args[1:])
	case "tiles":
		return benchTiles(ctx, cfg, db, args[1:])
	case "data":
		return benchData(ctx, db, args[1:])
	case "archive":
		return benchArchive(ctx, cfg, args[1:])
	case "import":
		return benchImport(ctx, cfg, db, args[1:])
	case "files":
		return benchFiles(ctx, cfg, db, args[1:])
	case "export":
		return benchExport(ctx, db, args[1:])
	case "geo":
		return benchGeo(ctx, db, args[1:])
	}
	return configError{"bench: unknown benchmark " + args[0]}
}

// printDatabaseSettings names the PostgreSQL settings the figures depend on most, so that a run
// says what it was measured with (BENCHMARKS.md, README "Running at scale").
func printDatabaseSettings(ctx context.Context, db *store.DB) {
	d, err := db.DatabaseSettings(ctx)
	if err != nil {
		return
	}
	fmt.Printf("PostgreSQL %s: shared_buffers %s, autovacuum %s, max_parallel_workers_per_gather %s\n",
		d.Version, d.SharedBuffers, d.Autovacuum, d.ParallelWorkersPerGather)
}

func benchCity(ctx context.Context, db *store.DB, args []string) error {
	fs := flag.NewFlagSet("bench city", flag.ContinueOnError)
	n := fs.Int("trees", 1000000, "number of trees")
	seedValue := fs.Float64("seed", 0.42, "random seed (-1..1)")
	if err := fs.Parse(args); err != nil {
		return configError{err.Error()}
	}
	u, err := seed.BenchUser(ctx, db)
	if err != nil {
		return err
	}
	start := time.Now()
	c, err := seed.BenchCity(ctx, db, u.ID, *n, *seedValue)
	if err != nil {
		return err
	}
	fmt.Printf("city ready in %s: project %s with %d trees, %d groups, %d works\n",
		time.Since(start).Round(time.Second), c.ProjectID, c.Trees, c.Groups, c.Works)
	return nil
}

type benchTile struct{ z, x, y int }

// tilesOver lists every tile of zoom z over the bounds (lon/lat).
func tilesOver(b []float64, z int) []benchTile {
	x0, y1 := lonLatTile(b[0], b[1], z)
	x1, y0 := lonLatTile(b[2], b[3], z)
	var out []benchTile
	for x := x0; x <= x1; x++ {
		for y := y0; y <= y1; y++ {
			out = append(out, benchTile{z, x, y})
		}
	}
	return out
}

func lonLatTile(lon, lat float64, z int) (int, int) {
	n := math.Exp2(float64(z))
	r := lat * math.Pi / 180
	return int((lon + 180) / 360 * n), int((1 - math.Log(math.Tan(r)+1/math.Cos(r))/math.Pi) / 2 * n)
}

func benchTiles(ctx context.Context, cfg config, db *store.DB, args []string) error {
	fs, project := benchFlags("tiles")
	conc := fs.String("c", "1,2,4", "concurrencies")
	samples := fs.Int("samples", 1000, "sampled tiles at z16 and z18")
	zoomList := fs.String("z", "12,14,16,18", "zooms")
	roundCount := fs.Int("rounds", 4, "rounds of passes per zoom and concurrency (the median is shown)")
	profile := fs.String("cpuprofile", "", "write a CPU profile of the run to this file")
	var remote remoteTiles
	fs.StringVar(&remote.url, "url", "", "drive the Arbor server at this base URL (another process) over keep-alive HTTP")
	fs.StringVar(&remote.token, "token", "", "with -url: the Bearer token (default: a session signed with the server's ARBOR_SECRET or ARBOR_DATA secret)")
	fs.StringVar(&remote.tileserv, "tileserv", "", "with -url: also drive this tile URL template ({z}/{x}/{y}) in the same rounds")
	fs.IntVar(&remote.serverPID, "pid", 0, "with -url: the Arbor server's process id, to report its CPU time per tile")
	fs.IntVar(&remote.tileservPID, "tileserv-pid", 0, "with -tileserv: that server's process id")
	fs.BoolVar(&remote.identity, "identity", false, "with -url: accept no gzip (as load tools do unless told; browsers always accept it)")
	if err := fs.Parse(args); err != nil {
		return configError{err.Error()}
	}
	u, err := seed.BenchUser(ctx, db)
	if err != nil {
		return err
	}
	sc, err := db.BenchCityProject(ctx, *project)
	if err != nil {
		return err
	}
	st, err := db.TileState(ctx, sc)
	if err != nil || st.Bounds == nil {
		return fmt.Errorf("project %s has no objects: %v", sc.ProjectID, err)
	}
	// The fixed list: every tile of the data at z12 and z14, samples at z16 and z18 around trees.
	byZoom := map[int][]benchTile{12: tilesOver(st.Bounds, 12), 14: tilesOver(st.Bounds, 14)}
	points, err := db.SampleTreePoints(ctx, sc.ProjectID, *samples)
	if err != nil {
		return err
	}
	for _, p := range points {
		for _, z := range []int{16, 18} {
			x, y := lonLatTile(p[0], p[1], z)
			byZoom[z] = append(byZoom[z], benchTile{z, x, y})
		}
	}

	token, err := benchToken(ctx, db, u)
	if err != nil {
		return err
	}
	concurrencies := []int{}
	for _, s := range strings.Split(*conc, ",") {
		c, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil || c < 1 {
			return configError{"bench tiles: -c wants numbers like 1,2,4"}
		}
		concurrencies = append(concurrencies, c)
	}
	if remote.url != "" {
		var zooms []int
		for _, zs := range strings.Split(*zoomList, ",") {
			z, err := strconv.Atoi(strings.TrimSpace(zs))
			if err != nil || byZoom[z] == nil {
				return configError{"bench tiles: -z wants zooms among 12,14,16,18"}
			}
			zooms = append(zooms, z)
		}
		if remote.token == "" {
			if remote.token, err = remoteToken(ctx, cfg, db, u); err != nil {
				return err
			}
		}
		remote.rounds = *roundCount
		return benchTilesRemote(ctx, db, sc, byZoom, zooms, concurrencies, remote)
	}
	tw := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "zoom\ttiles\tconc\tSQL tiles/s\tSQL p50 ms\tSQL p99 ms\tcold tiles/s\tcold/SQL\tHTTP bound\tcold p99 ms\twarm tiles/s\twarm p50 ms\twarm p99 ms\tavg KB\tmax KB\t")
	stopProfile, err := cpuProfile(*profile)
	if err != nil {
		return err
	}
	defer stopProfile()
	for _, zs := range strings.Split(*zoomList, ",") {
		z, err := strconv.Atoi(strings.TrimSpace(zs))
		if err != nil || byZoom[z] == nil {
			return configError{"bench tiles: -z wants zooms among 12,14,16,18"}
		}
		list := byZoom[z]
		// Warm PostgreSQL's buffers once so every pass meets the same database.
		if _, err := runBench(list, 2, func(t benchTile) (int, error) {
			b, err := tiles.Render(ctx, db, sc, "trees", t.z, t.x, t.y, nil)
			return len(b), err
		}); err != nil {
			return err
		}
		for _, c := range concurrencies {
			// Rounds of SQL, cold and warm passes, side by side so that each round's passes meet
			// the machine in the same state; the round with the median cold/SQL ratio is shown.
			var rounds []tileRound
			for r := 0; r < *roundCount; r++ {
				round, err := tileBenchRound(ctx, db, sc, token, list, c, r%2 == 1)
				if err != nil {
					return err
				}
				rounds = append(rounds, round)
			}
			sort.Slice(rounds, func(i, j int) bool { return rounds[i].ratio() < rounds[j].ratio() })
			m := rounds[len(rounds)/2]
			// No server can answer a cold tile faster than its query plus what serving any tile
			// costs; a warm tile (from memory) measures the latter.
			bound := m.warm.perSecond / (m.sql.perSecond + m.warm.perSecond)
			fmt.Fprintf(tw, "%d\t%d\t%d\t%.0f\t%.1f\t%.1f\t%.0f\t%.2f\t%.2f\t%.1f\t%.0f\t%.2f\t%.2f\t%.1f\t%.1f\t\n", z, len(list), c,
				m.sql.perSecond, ms(m.sql.p50), ms(m.sql.p99), m.cold.perSecond, m.ratio(), bound, ms(m.cold.p99),
				m.warm.perSecond, ms(m.warm.p50), ms(m.warm.p99), float64(m.sql.bytes)/float64(len(list))/1024, float64(m.sql.max)/1024)
		}
	}
	return tw.Flush()
}

// tileRound is one round of the three passes over a tile list.
type tileRound struct{ sql, cold, warm benchResult }

func (r tileRound) ratio() float64 { return r.cold.perSecond / r.sql.perSecond }

// tileBenchRound times the bare SQL of every tile and a fresh server (cold cache), in the order
// given (the second pass meets the database's buffers as the first left them, so rounds take
// turns), then the same server again (warm).
func tileBenchRound(ctx context.Context, db *store.DB, sc store.Content, token string, list []benchTile, c int, coldFirst bool) (tileRound, error) {
	var r tileRound
	var err error
	sqlPass := func() error {
		r.sql, err = runBench(list, c, func(t benchTile) (int, error) {
			b, err := tiles.Render(ctx, db, sc, "trees", t.z, t.x, t.y, nil)
			return len(b), err
		})
		return err
	}
	if !coldFirst {
		if err := sqlPass(); err != nil {
			return r, err
		}
	}
	srv, err := startBenchServer(ctx, db)
	if err != nil {
		return r, err
	}
	defer srv.stop()
	fetch := func(t benchTile) (int, error) {
		url := fmt.Sprintf("%s/api/tiles/%s/trees/%d/%d/%d.mvt", srv.base, sc.ProjectID, t.z, t.x, t.y)
		req, _ := http.NewRequestWithContext(ctx, "GET", url, nil)
		req.Header.Set("Authorization", "Bearer "+token)
		req.Header.Set("Accept-Encoding", "gzip")
		res, err := srv.client.Do(req)
		if err != nil {
			return 0, err
		}
		defer res.Body.Close()
		n, _ := io.Copy(io.Discard, res.Body)
		if res.StatusCode != 200 {
			return 0, fmt.Errorf("tile %v: status %d", t, res.StatusCode)
		}
		return int(n), nil
	}
	if r.cold, err = runBench(list, c, fetch); err != nil {
		return r, err
	}
	if coldFirst {
		if err := sqlPass(); err != nil {
			return r, err
		}
	}
	r.warm, err = runBench(list, c, fetch)
	return r, err
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

type benchResult struct {
	perSecond float64
	p50, p99  time.Duration
	bytes     int64
	max       int
}

// runBench fetches every tile once with c workers and measures throughput and latency.
func runBench(list []benchTile, c int, fetch func(benchTile) (int, error)) (benchResult, error) {
	order := append([]benchTile(nil), list...)
	rand.New(rand.NewPCG(1, 2)).Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
	jobs := make(chan benchTile)
	var mu sync.Mutex
	var lat []time.Duration
	var res benchResult
	var firstErr error
	var wg sync.WaitGroup
	start := time.Now()
	for i := 0; i < c; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for t := range jobs {
				t0 := time.Now()
				n, err := fetch(t)
				d := time.Since(t0)
				mu.Lock()
				if err != nil && firstErr == nil {
					firstErr = err
				}
				lat = append(lat, d)
				res.bytes += int64(n)
				res.max = max(res.max, n)
				mu.Unlock()
			}
		}()
	}
	for _, t := range order {
		jobs <- t
	}
	close(jobs)
	wg.Wait()
	elapsed := time.Since(start)
	if firstErr != nil {
		return res, firstErr
	}
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	res.perSecond = float64(len(lat)) / elapsed.Seconds()
	res.p50 = lat[len(lat)/2]
	res.p99 = lat[min(len(lat)-1, len(lat)*99/100)]
	return res, nil
}

// openMigrated brings the schema up to date and opens the database (for the commands that work
// on data: demo, bench).
func openMigrated(ctx context.Context, cfg config) (*store.DB, error) {
	if err := store.Migrate(ctx, cfg.DatabaseURL); err != nil {
		return nil, err
	}
	return store.Open(ctx, cfg.DatabaseURL)
}

// benchSigner signs the tokens of benchmarks; the servers they start check with it.
var benchSigner = func() *auth.Signer {
	s, err := auth.NewSigner([]byte("bench-secret-0123456789abcdef0123456789"))
	if err != nil {
		panic(err)
	}
	return s
}()

// benchToken is a day's session of the bench user, as a Bearer token.
func benchToken(ctx context.Context, db *store.DB, u *store.User) (string, error) {
	return signedSession(ctx, db, benchSigner, u)
}

// signedSession is a day's session of u signed by signer, as a Bearer token.
func signedSession(ctx context.Context, db *store.DB, signer *auth.Signer, u *store.User) (string, error) {
	now := time.Now()
	token, err := signer.Sign(auth.Claims{Sub: u.ID, Alias: u.Alias, Authorities: []string{"user"}, Location: "en",
		Iat: now.Unix(), Exp: now.Add(24 * time.Hour).Unix(), Type: auth.TypeUser})
	if err != nil {
		return "", err
	}
	return token, db.InsertSession(ctx, auth.TokenHash(token), u.ID, auth.TypeUser, now.Add(24*time.Hour))
}

// benchServer is a server in this process, as `arbor serve` runs it, reached over HTTP.
type benchServer struct {
	base   string
	client *http.Client
	stop   func()
}

// startBenchServer starts a fresh server (its caches empty) listening to the database's notices.
func startBenchServer(ctx context.Context, db *store.DB) (*benchServer, error) {
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	srv := api.New(api.Config{DB: db, Signer: benchSigner, Log: quiet, BaseURL: "http://bench"})
	listenCtx, stopListening := context.WithCancel(ctx)
	go srv.Listen(listenCtx)
	for !srv.Listening() {
		time.Sleep(10 * time.Millisecond)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		stopListening()
		return nil, err
	}
	hs := &http.Server{Handler: srv.Handler()}
	go hs.Serve(ln)
	return &benchServer{
		base:   "http://" + ln.Addr().String(),
		client: &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 64, DisableCompression: true}},
		stop: func() {
			hs.Close()
			stopListening()
		},
	}, nil
}
