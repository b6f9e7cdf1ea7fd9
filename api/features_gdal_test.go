package api

import (
	"context"
	"net"
	"net/http"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// geoEnv is a test server that GDAL reaches as its HTTP proxy: GIS clients follow the links
// the service writes (next pages, collections) on its base URL (testBaseURL), and the proxy
// setting brings those requests to the test server. It answers the GDAL options that say so.
func geoEnv(t *testing.T) (*env, []string) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	e := newEnv(t)
	hs := &http.Server{Handler: e.srv.Handler(), ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = hs.Serve(ln) }()
	t.Cleanup(func() { _ = hs.Close() })
	return e, []string{"--config", "GDAL_HTTP_PROXY", ln.Addr().String()}
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

// TestFeatureServiceWithGDAL: GDAL's OGC API Features driver, the client inside QGIS, lists
// the collections and reads features, all of them over several pages and within a bbox.
func TestFeatureServiceWithGDAL(t *testing.T) {
	t.Parallel()
	e, proxy := geoEnv(t)
	w := e.buildTreeWorld(t)
	for i := 0; i < 25; i++ {
		w.createTree(t, w.editor, map[string]any{"geom": point(9.43+float64(i)*0.001, 54.78), "number": i + 1, "vitality": i % 4})
	}
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
