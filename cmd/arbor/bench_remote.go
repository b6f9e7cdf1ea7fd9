package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"sort"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"arbor/auth"
	"arbor/store"
	"arbor/tiles"
)

// remoteTiles says which servers in other processes `bench tiles -url` drives.
type remoteTiles struct {
	url         string // Arbor's base URL
	token       string
	tileserv    string // another tile server's URL template with {z}, {x}, {y}; optional
	serverPID   int    // Arbor's process, for its CPU time per request; optional
	tileservPID int
	rounds      int
	identity    bool // send no Accept-Encoding, as load tools (hey, wrk) do unless told
}

// remoteToken is a day's session of the bench user signed with the secret the server in the
// other process uses (ARBOR_SECRET or the secret in ARBOR_DATA, as `arbor serve` reads it).
func remoteToken(ctx context.Context, cfg config, db *store.DB, u *store.User) (string, error) {
	if err := cfg.ensureSecret(); err != nil {
		return "", err
	}
	signer, err := auth.NewSigner(cfg.Secret)
	if err != nil {
		return "", err
	}
	return signedSession(ctx, db, signer, u)
}

// cpuTime is the processor time a process has used so far (user and system), from /proc.
func cpuTime(pid int) (time.Duration, bool) {
	if pid <= 0 {
		return 0, false
	}
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, false
	}
	// Fields after the command's closing parenthesis; utime and stime are the 14th and 15th.
	s := string(b)
	f := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
	if len(f) < 13 {
		return 0, false
	}
	ut, _ := strconv.ParseInt(f[11], 10, 64)
	st, _ := strconv.ParseInt(f[12], 10, 64)
	const ticks = 100 // USER_HZ on Linux
	return time.Duration(ut+st) * time.Second / ticks, true
}

// remotePass is one pass over the tiles with the server's processor time per tile.
type remotePass struct {
	benchResult
	cpuPerTile time.Duration // 0 when unknown
}

// benchTilesRemote drives servers running in other processes over keep-alive HTTP, as a browser
// does (one connection per worker, kept open; gzip accepted): Arbor at -url and, with -tileserv,
// another tile server over the same tiles in the same rounds, so their figures are comparable as
// ratios. The bare query (in this process, past every cache) is the floor neither can beat.
func benchTilesRemote(ctx context.Context, db *store.DB, sc store.Content, byZoom map[int][]benchTile, zooms []int, concurrencies []int, o remoteTiles) error {
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 64, DisableCompression: true, IdleConnTimeout: time.Minute}}
	get := func(url string, bearer bool) (int, error) {
		req, _ := http.NewRequestWithContext(ctx, "GET", url, nil)
		if bearer {
			req.Header.Set("Authorization", "Bearer "+o.token)
		}
		if !o.identity {
			req.Header.Set("Accept-Encoding", "gzip")
		}
		res, err := client.Do(req)
		if err != nil {
			return 0, err
		}
		defer res.Body.Close()
		n, _ := io.Copy(io.Discard, res.Body)
		if res.StatusCode != 200 && res.StatusCode != 204 {
			return 0, fmt.Errorf("%s: status %d", url, res.StatusCode)
		}
		return int(n), nil
	}
	arbor := func(t benchTile) (int, error) {
		return get(fmt.Sprintf("%s/api/tiles/%s/trees/%d/%d/%d.mvt", strings.TrimRight(o.url, "/"), sc.ProjectID, t.z, t.x, t.y), true)
	}
	other := func(t benchTile) (int, error) {
		r := strings.NewReplacer("{z}", strconv.Itoa(t.z), "{x}", strconv.Itoa(t.x), "{y}", strconv.Itoa(t.y))
		return get(r.Replace(o.tileserv), true) // the token too: another Arbor (an older build, say) needs it
	}
	pass := func(list []benchTile, c int, pid int, fetch func(benchTile) (int, error)) (remotePass, error) {
		before, ok := cpuTime(pid)
		r, err := runBench(list, c, fetch)
		p := remotePass{benchResult: r}
		if after, ok2 := cpuTime(pid); ok && ok2 {
			p.cpuPerTile = (after - before) / time.Duration(len(list))
		}
		return p, err
	}
	sqlFetch := func(t benchTile) (int, error) {
		b, err := tiles.Render(ctx, db, sc, "trees", t.z, t.x, t.y, nil)
		return len(b), err
	}

	tw := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	head := "zoom\ttiles\tconc\tSQL tiles/s\tArbor tiles/s\tArbor p50 ms\tArbor p99 ms\tArbor µs/tile\tArbor CPU µs/tile\t"
	if o.tileserv != "" {
		head += "other tiles/s\tother p50 ms\tother p99 ms\tother µs/tile\tother CPU µs/tile\tArbor/other\t"
	}
	fmt.Fprintln(tw, head+"Arbor/SQL\tavg KB\t")
	for _, z := range zooms {
		list := byZoom[z]
		// Warm PostgreSQL's buffers and both servers' connections once.
		if _, err := runBench(list, 2, sqlFetch); err != nil {
			return err
		}
		if _, err := runBench(list[:min(len(list), 50)], 2, arbor); err != nil {
			return err
		}
		if o.tileserv != "" {
			if _, err := runBench(list[:min(len(list), 50)], 2, other); err != nil {
				return err
			}
		}
		for _, c := range concurrencies {
			type round struct{ sql, arbor, other remotePass }
			var rounds []round
			for i := 0; i < o.rounds; i++ {
				var r round
				var err error
				// Each round takes the servers in another order, so neither always meets the
				// machine after the other.
				steps := []func() error{
					func() error { r.sql, err = pass(list, c, 0, sqlFetch); return err },
					func() error { r.arbor, err = pass(list, c, o.serverPID, arbor); return err },
				}
				if o.tileserv != "" {
					steps = append(steps, func() error { r.other, err = pass(list, c, o.tileservPID, other); return err })
				}
				for k := range steps {
					if err := steps[(k+i)%len(steps)](); err != nil {
						return err
					}
				}
				rounds = append(rounds, r)
			}
			key := func(r round) float64 {
				if o.tileserv != "" {
					return r.arbor.perSecond / r.other.perSecond
				}
				return r.arbor.perSecond / r.sql.perSecond
			}
			sort.Slice(rounds, func(i, j int) bool { return key(rounds[i]) < key(rounds[j]) })
			m := rounds[len(rounds)/2]
			us := func(p remotePass) string { return fmt.Sprintf("%.0f", 1e6/p.perSecond) }
			cpu := func(p remotePass) string {
				if p.cpuPerTile == 0 {
					return "-"
				}
				return fmt.Sprintf("%.0f", float64(p.cpuPerTile.Nanoseconds())/1000)
			}
			line := fmt.Sprintf("%d\t%d\t%d\t%.0f\t%.0f\t%.2f\t%.2f\t%s\t%s\t", z, len(list), c, m.sql.perSecond,
				m.arbor.perSecond, ms(m.arbor.p50), ms(m.arbor.p99), us(m.arbor), cpu(m.arbor))
			if o.tileserv != "" {
				line += fmt.Sprintf("%.0f\t%.2f\t%.2f\t%s\t%s\t%.2f\t", m.other.perSecond, ms(m.other.p50), ms(m.other.p99),
					us(m.other), cpu(m.other), m.arbor.perSecond/m.other.perSecond)
			}
			fmt.Fprintf(tw, "%s%.2f\t%.1f\t\n", line, m.arbor.perSecond/m.sql.perSecond, float64(m.arbor.bytes)/float64(len(list))/1024)
		}
	}
	return tw.Flush()
}
