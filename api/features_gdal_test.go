package api

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// geoEnv is a test server that GDAL reaches as its HTTP proxy: GIS clients follow the links
// the service writes (next pages, collections) on its base URL (testBaseURL), and the proxy
// setting brings those requests to the test server. It answers the GDAL options that say so, and
// the log of the requests that reached the server.
func geoEnv(t *testing.T) (*env, []string, *requestLog) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	e := newEnv(t)
	log := &requestLog{}
	h := e.srv.Handler()
	hs := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		log.add(r.URL)
		h.ServeHTTP(w, r)
	}), ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = hs.Serve(ln) }()
	t.Cleanup(func() { _ = hs.Close() })
	return e, []string{"--config", "GDAL_HTTP_PROXY", ln.Addr().String()}, log
}

// requestLog keeps the URLs of the requests a test server was asked.
type requestLog struct {
	mu   sync.Mutex
	urls []*url.URL
}

func (l *requestLog) add(u *url.URL) {
	l.mu.Lock()
	defer l.mu.Unlock()
	c := *u
	l.urls = append(l.urls, &c)
}

// since answers the URLs asked after the first n, and how many there are now.
func (l *requestLog) since(n int) ([]*url.URL, int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]*url.URL(nil), l.urls[n:]...), len(l.urls)
}

// ogr runs a GDAL program (ogrinfo, ogr2ogr) and answers its output.
func ogr(t *testing.T, name string, args ...string) (string, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	out, err := exec.CommandContext(ctx, name, args...).CombinedOutput()
	return string(out), err
}

func wantOGR(t *testing.T, name string, args ...string) string {
	t.Helper()
	out, err := ogr(t, name, args...)
	if err != nil {
		t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
	}
	return out
}

// createRow creates n trees in a row from west to east, numbered from 1, of vitality 0 to 3 in
// turn.
func (w *treeWorld) createRow(t *testing.T, n int) {
	t.Helper()
	for i := range n {
		w.createTree(t, w.editor, map[string]any{"geom": point(9.43+float64(i)*0.001, 54.78), "number": i + 1, "vitality": i % 4})
	}
}

// TestFeatureServiceWithGDAL: GDAL's OGC API Features driver, the client inside QGIS, lists
// the collections and reads features, all of them over several pages and within a bbox.
func TestFeatureServiceWithGDAL(t *testing.T) {
	t.Parallel()
	e, proxy, _ := geoEnv(t)
	w := e.buildTreeWorld(t)
	w.createRow(t, 25)
	w.createTree(t, w.editor, map[string]any{"geom": square(9.44, 54.79, 0.001), "number": 100})
	token := w.reader.cookie(sessionCookie)
	auth := append([]string{"--config", "GDAL_HTTP_HEADERS", "Authorization: Bearer " + token}, proxy...)
	url := "OAPIF:" + testBaseURL + "/api/features/" + w.project

	list := wantOGR(t, "ogrinfo", append(auth, "-ro", "-q", url)...)
	for _, c := range []string{"trees", "groups", "works", "inspections"} {
		if !strings.Contains(list, ": "+c) {
			t.Errorf("ogrinfo lists no %s:\n%s", c, list)
		}
	}
	// Paged by 10: GDAL follows the next links to the 25th tree.
	all := wantOGR(t, "ogrinfo", append(auth, "-ro", "-oo", "PAGE_SIZE=10", "-al", "-so", url, "trees")...)
	if !strings.Contains(all, "Feature Count: 25") {
		t.Errorf("ogrinfo counts:\n%s", all)
	}
	feats := wantOGR(t, "ogrinfo", append(auth, "-ro", "-oo", "PAGE_SIZE=10", url, "trees", "-spat", "9.4295", "54.779", "9.4325", "54.781")...)
	if n := strings.Count(feats, "POINT ("); n != 3 {
		t.Errorf("bbox read %d trees, want 3:\n%s", n, feats)
	}
	if !strings.Contains(feats, "vitality (Integer) = 2") {
		t.Errorf("properties are not read:\n%s", feats)
	}
	// Without credentials GDAL reads nothing.
	if out, err := ogr(t, "ogrinfo", append(proxy, "-ro", "-q", url)...); err == nil && strings.Contains(out, "trees") {
		t.Errorf("ogrinfo without credentials:\n%s", out)
	}

	// With an API key, as QGIS sends it: in the URL, or as a header.
	secret, key := createKey(t, e.login(t, w.admin, testPassword), w.org, w.project)
	keyed := wantOGR(t, "ogrinfo", append(proxy, "-ro", "-oo", "PAGE_SIZE=10", url+"?key="+secret, "trees", "-spat", "9.4295", "54.779", "9.4325", "54.781")...)
	if n := strings.Count(keyed, "POINT ("); n != 3 {
		t.Errorf("with the key in the URL GDAL read %d trees, want 3:\n%s", n, keyed)
	}
	header := append([]string{"--config", "GDAL_HTTP_HEADERS", "X-API-Key: " + secret}, proxy...)
	if all := wantOGR(t, "ogrinfo", append(header, "-ro", "-so", url, "trees")...); !strings.Contains(all, "Feature Count: 25") {
		t.Errorf("with the key as a header:\n%s", all)
	}
	// Revoked, the key opens nothing.
	e.exec(t, `UPDATE api_key SET revoked_at = now() WHERE id = $1`, key["id"])
	if out, err := ogr(t, "ogrinfo", append(header, "-ro", "-q", url)...); err == nil && strings.Contains(out, "trees") {
		t.Errorf("ogrinfo with a revoked key:\n%s", out)
	}
}

// TestFeatureFilterPushdownWithGDAL: GDAL 3.6 reads the service's OpenAPI 3.0 definition (the
// landing page's service-desc link), finds the queryables among the items parameters and CQL
// text among the filter languages, and sends an attribute filter (ogrinfo -where) to the service
// as a CQL2 filter: the server is asked for the matching trees only, not for all of them.
func TestFeatureFilterPushdownWithGDAL(t *testing.T) {
	t.Parallel()
	e, proxy, log := geoEnv(t)
	w := e.buildTreeWorld(t)
	w.createRow(t, 24)
	auth := append([]string{"--config", "GDAL_HTTP_HEADERS", "Authorization: Bearer " + w.reader.cookie(sessionCookie),
		"--config", "CPL_DEBUG", "OAPIF"}, proxy...)
	src := "OAPIF:" + testBaseURL + "/api/features/" + w.project

	for _, c := range []struct {
		where, cql string
		want       int
	}{
		{"vitality >= 2", "vitality >= 2", 12},
		{"vitality = 3 AND number < 12", "(vitality = 3) AND (number < 12)", 2},
		{"vitality IN (0, 1) OR number = 24", "", 13}, // IN is not sent (GDAL 3.6): the server reads all and GDAL filters
	} {
		_, n := log.since(0)
		out := wantOGR(t, "ogrinfo", append(auth, "-ro", "-oo", "PAGE_SIZE=100", src, "trees", "-where", c.where)...)
		if got := strings.Count(out, "POINT ("); got != c.want {
			t.Errorf("%s: %d trees, want %d:\n%s", c.where, got, c.want, out)
		}
		asked, _ := log.since(n)
		var filters []string
		for _, u := range asked {
			if strings.HasSuffix(u.Path, "/collections/trees/items") && u.Query().Has("filter") {
				filters = append(filters, u.Query().Get("filter")+" | "+u.Query().Get("filter-lang"))
			}
		}
		if c.cql == "" {
			if len(filters) != 0 || !strings.Contains(out, "Full filter will be evaluated on client side") {
				t.Errorf("%s: asked with %v:\n%s", c.where, filters, out)
			}
			continue
		}
		// ogrinfo reads the layer twice (to count, then to list): each time with the filter.
		if len(filters) == 0 || slices.ContainsFunc(filters, func(f string) bool { return f != c.cql+" | cql-text" }) {
			t.Errorf("%s: the filter did not reach the server as it should; items asked with %q (all requests: %v)", c.where, filters, asked)
		}
		if strings.Contains(out, "client side") {
			t.Errorf("%s: GDAL filters on its side:\n%s", c.where, out)
		}
	}
}

// TestFeatureServiceCRS: features in another reference system (OGC API Features Part 2) land
// where GDAL's own transformation puts them, in the axis order of the system's authority, and a
// bbox in one of them selects the same trees.
func TestFeatureServiceCRS(t *testing.T) {
	t.Parallel()
	_, w := newTreeWorld(t)
	for i := 0; i < 3; i++ {
		w.createTree(t, w.editor, map[string]any{"geom": point(9.43+float64(i)*0.01, 54.78), "number": i + 1})
	}
	items := "/api/features/" + w.project + "/collections/trees/items"
	dir := t.TempDir()
	crs84 := w.reader.do("GET", items, nil)
	wantStatus(t, crs84, http.StatusOK)
	if err := os.WriteFile(filepath.Join(dir, "crs84.json"), crs84.body, 0o600); err != nil {
		t.Fatal(err)
	}
	coords := func(raw []byte) [][2]float64 {
		t.Helper()
		var fc struct {
			Features []struct {
				Geometry struct {
					Coordinates [2]float64 `json:"coordinates"`
				} `json:"geometry"`
			} `json:"features"`
		}
		if err := json.Unmarshal(raw, &fc); err != nil || len(fc.Features) != 3 {
			t.Fatalf("features %v: %s", err, raw)
		}
		var out [][2]float64
		for _, f := range fc.Features {
			out = append(out, f.Geometry.Coordinates)
		}
		return out
	}
	for _, c := range []struct {
		code string
		flip bool // the authority names northing (latitude) first
		tol  float64
	}{{"25832", false, 0.01}, {"25833", false, 0.01}, {"3857", false, 0.01}, {"31467", true, 0.01}, {"31469", true, 0.01}, {"4326", true, 1e-7}} {
		uri := "http://www.opengis.net/def/crs/EPSG/0/" + c.code
		r := w.reader.do("GET", items+"?crs="+url.QueryEscape(uri), nil)
		wantStatus(t, r, http.StatusOK)
		if r.Header.Get("Content-Crs") != "<"+uri+">" {
			t.Errorf("%s: Content-Crs %q", c.code, r.Header.Get("Content-Crs"))
		}
		// GDAL's transformation of the CRS84 answer, in easting/northing order.
		want := wantOGR(t, "ogr2ogr", "-f", "GeoJSON", "/vsistdout/", filepath.Join(dir, "crs84.json"), "-s_srs", "EPSG:4326", "-t_srs", "EPSG:"+c.code, "-lco", "COORDINATE_PRECISION=7")
		got, ref := coords(r.body), coords([]byte(want))
		for i := range got {
			g := got[i]
			if c.flip {
				g = [2]float64{g[1], g[0]}
			}
			if math.Abs(g[0]-ref[i][0]) > c.tol || math.Abs(g[1]-ref[i][1]) > c.tol {
				t.Errorf("EPSG:%s: tree %d at %v, GDAL puts it at %v", c.code, i, got[i], ref[i])
			}
		}
		// A bbox in this system around the first two trees (in its own axis order).
		lo, hi := ref[0], ref[1]
		pad := 1.0
		if c.code == "4326" {
			pad = 1e-5
		}
		box := []float64{math.Min(lo[0], hi[0]) - pad, math.Min(lo[1], hi[1]) - pad, math.Max(lo[0], hi[0]) + pad, math.Max(lo[1], hi[1]) + pad}
		if c.flip {
			box = []float64{box[1], box[0], box[3], box[2]}
		}
		q := url.Values{"bbox": {fmt.Sprintf("%f,%f,%f,%f", box[0], box[1], box[2], box[3])}, "bbox-crs": {uri}}
		if n := len(readGeoJSON(t, w.reader.do("GET", items+"?"+q.Encode(), nil)).Features); n != 2 {
			t.Errorf("EPSG:%s: a bbox around two trees selects %d", c.code, n)
		}
	}
	// GDAL reads the answer in a projected system as that system.
	r := w.reader.do("GET", items+"?crs="+url.QueryEscape("http://www.opengis.net/def/crs/EPSG/0/25832"), nil)
	if err := os.WriteFile(filepath.Join(dir, "utm.json"), r.body, 0o600); err != nil {
		t.Fatal(err)
	}
	info := wantOGR(t, "ogrinfo", "-ro", "-al", "-so", "-oo", "NATIVE_DATA=NO", filepath.Join(dir, "utm.json"))
	if !strings.Contains(info, "Extent: (5") {
		t.Errorf("ogrinfo reads the UTM answer as:\n%s", info)
	}
}
