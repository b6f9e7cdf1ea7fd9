package api

import (
	"bytes"
	"encoding/json"
	"html"
	"image"
	"image/color"
	"image/png"
	"io"
	"net/http"
	"net/http/cgi"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"arbor/geo"
)

// mapservPath is Debian's MapServer as a CGI program (package cgi-mapserver, scripts/test-tools.sh).
const mapservPath = "/usr/lib/cgi-bin/mapserv"

func withProxy(o geo.ProxyOptions) envOption { return func(c *Config) { c.Proxy = o } }

// testMapfile draws one green square (a polygon given inline) in EPSG:3857.
const testMapfile = `MAP
  NAME "arbor_test"
  EXTENT -20037508 -20037508 20037508 20037508
  SIZE 256 256
  PROJECTION "init=epsg:3857" END
  IMAGETYPE png
  WEB
    METADATA
      "wms_title" "Arbor test"
      "wms_onlineresource" "http://localhost/wms?"
      "wms_srs" "EPSG:3857 EPSG:4326"
      "wms_enable_request" "*"
    END
  END
  LAYER
    NAME "parcels"
    TYPE POLYGON
    STATUS ON
    PROJECTION "init=epsg:3857" END
    METADATA "wms_title" "Parcels" END
    FEATURE
      POINTS -10000000 -10000000 10000000 -10000000 10000000 10000000 -10000000 10000000 -10000000 -10000000 END
    END
    CLASS NAME "Parcel" STYLE COLOR 30 120 60 END END
  END
END
`

// protectedMapserv serves MapServer's WMS behind basic auth (gis / wms-pass), counting the
// requests that reach it.
func protectedMapserv(t *testing.T) (*httptest.Server, *atomic.Int32) {
	t.Helper()
	if _, err := os.Stat(mapservPath); err != nil {
		t.Fatalf("%s is needed (apt-get install cgi-mapserver, scripts/test-tools.sh): %v", mapservPath, err)
	}
	dir := t.TempDir()
	mapfile := filepath.Join(dir, "test.map")
	conf := filepath.Join(dir, "mapserver.conf")
	ms := &cgi.Handler{Path: mapservPath, Dir: dir, Env: []string{"MAPSERVER_CONFIG_FILE=" + conf}}
	var hits atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if u, p, ok := r.BasicAuth(); !ok || u != "gis" || p != "wms-pass" {
			w.Header().Set("WWW-Authenticate", `Basic realm="wms"`)
			http.Error(w, "login needed", http.StatusUnauthorized)
			return
		}
		hits.Add(1)
		ms.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	// The capabilities name the protected service's own address, as a real one does.
	if err := os.WriteFile(mapfile, []byte(strings.Replace(testMapfile, "http://localhost/wms?", srv.URL+"/wms?", 1)), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(conf, []byte("CONFIG\n  ENV\n    MS_MAPFILE \""+mapfile+"\"\n  END\nEND\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	return srv, &hits
}

// greenPixels counts the pixels of the mapfile's polygon colour in a PNG.
func greenPixels(t *testing.T, body []byte) int {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(body))
	if err != nil {
		t.Fatalf("not a PNG: %v (%q)", err, body[:min(len(body), 200)])
	}
	n := 0
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, a := img.At(x, y).RGBA()
			if a > 0 && r>>8 == 30 && g>>8 == 120 && bl>>8 == 60 {
				n++
			}
		}
	}
	return n
}

func pngOf(t *testing.T, c color.Color) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, 256, 256))
	for i := 0; i < 256*256; i++ {
		img.Set(i%256, i/256, c)
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

const getMap = "?SERVICE=WMS&VERSION=1.3.0&REQUEST=GetMap&LAYERS=parcels&STYLES=&CRS=EPSG:3857" +
	"&BBOX=-20037508,-20037508,20037508,20037508&WIDTH=256&HEIGHT=256&FORMAT=image/png&TRANSPARENT=TRUE"

// proxyWorld is a world whose proxy may reach this machine's test servers, with its manager and
// its reader logged in.
func proxyWorld(t *testing.T) (e *env, w *world, manager, reader *browser) {
	t.Helper()
	e = newEnv(t, withProxy(geo.ProxyOptions{AllowPrivate: true, Timeout: 3 * time.Second, MaxBytes: 1 << 20}))
	w = e.buildWorld(t)
	return e, w, e.login(t, w.members[0], testPassword), e.login(t, w.members[1], testPassword)
}

func TestBasemapProxy(t *testing.T) {
	t.Parallel()
	e, w, manager, reader := proxyWorld(t)
	base := "/api/management/project/" + w.project
	add := func(body map[string]any) string {
		t.Helper()
		r := manager.do("POST", base+"/basemaps", body)
		wantStatus(t, r, http.StatusCreated)
		return r.json(t)["id"].(string)
	}

	ms, hits := protectedMapserv(t)
	wms := add(map[string]any{"name": "Town WMS", "type": "wms", "url": ms.URL + "/wms", "layers": "parcels",
		"username": "gis", "password": "wms-pass"})

	t.Run("GetMap through the proxy draws MapServer's polygon", func(t *testing.T) {
		r := reader.in(t).do("GET", base+"/basemaps/"+wms+"/wms"+getMap, nil)
		wantStatus(t, r, http.StatusOK)
		if ct := r.Header.Get("Content-Type"); ct != "image/png" {
			t.Fatalf("content type %q", ct)
		}
		if n := greenPixels(t, r.body); n < 256*256/8 {
			t.Fatalf("only %d pixels of the polygon: the map is blank", n)
		}
		etag := r.Header.Get("ETag")
		if etag == "" || !strings.Contains(r.Header.Get("Cache-Control"), "private") {
			t.Fatalf("ETag %q, Cache-Control %q", etag, r.Header.Get("Cache-Control"))
		}
		if strings.Contains(string(r.body), "wms-pass") {
			t.Fatal("the password reached the browser")
		}
		before := hits.Load()
		r = reader.do("GET", base+"/basemaps/"+wms+"/wms"+getMap, nil, header("If-None-Match", etag))
		wantStatus(t, r, http.StatusNotModified)
		if hits.Load() != before {
			t.Fatal("the repeated request was not answered from the cache")
		}
	})

	t.Run("GetCapabilities name the proxy's addresses; other requests and parameters are not passed on", func(t *testing.T) {
		r := reader.in(t).do("GET", base+"/basemaps/"+wms+"/wms?SERVICE=WMS&REQUEST=GetCapabilities", nil)
		wantStatus(t, r, http.StatusOK)
		caps := string(r.body)
		if !strings.Contains(caps, "<Name>parcels</Name>") {
			t.Fatalf("capabilities %s", r.body[:min(len(r.body), 500)])
		}
		// MapServer names its own address (the protected service) in the Service, in every
		// request's DCPType and in the legends; through the proxy each is the proxy's.
		proxyWMS := testBaseURL + base + "/basemaps/" + wms + "/wms"
		hrefs := regexp.MustCompile(`<OnlineResource[^>]*xlink:href="([^"]*)"`).FindAllStringSubmatch(caps, -1)
		if len(hrefs) < 5 {
			t.Fatalf("%d online resources in %s", len(hrefs), caps)
		}
		var legend string
		for _, h := range hrefs {
			href := html.UnescapeString(h[1])
			if !strings.HasPrefix(href, proxyWMS+"?") {
				t.Errorf("an online resource points elsewhere: %s", href)
			}
			if strings.Contains(href, "GetLegendGraphic") {
				legend = href
			}
		}
		// Nowhere else either (issue #20): MapServer's schema location of its own namespace, a
		// GetSchemaExtension request of the protected service, is left out; the OGC's stay.
		if strings.Contains(caps, strings.TrimPrefix(ms.URL, "http://")) || strings.Contains(caps, "GetSchemaExtension") ||
			!strings.Contains(caps, "http://www.opengis.net/wms http://schemas.opengis.net/wms/1.3.0/capabilities_1_3_0.xsd") {
			t.Errorf("the protected service's address is left in the capabilities: %s", caps[:min(len(caps), 1200)])
		}
		// The namespaces are MapServer's own, untouched.
		if !strings.Contains(caps, `xmlns="http://www.opengis.net/wms"`) || !strings.Contains(caps, `xmlns:xlink="http://www.w3.org/1999/xlink"`) ||
			strings.Count(caps, "xmlns=") != 1 {
			t.Errorf("namespaces changed: %s", caps[:min(len(caps), 800)])
		}
		// A client that follows them stays with the proxy: GetMap at the DCPType's address, and
		// the legend's image.
		if legend == "" {
			t.Fatalf("no legend in %s", caps)
		}
		lr := reader.do("GET", localPath(t, legend), nil)
		wantStatus(t, lr, http.StatusOK)
		if lr.Header.Get("Content-Type") != "image/png" || greenPixels(t, lr.body) == 0 {
			t.Errorf("legend %s: %s", lr.Header.Get("Content-Type"), lr.body[:min(len(lr.body), 200)])
		}
		get := html.UnescapeString(regexp.MustCompile(`<GetMap>[\s\S]*?<Get><OnlineResource[^>]*xlink:href="([^"]*)"`).FindStringSubmatch(caps)[1])
		mr := reader.do("GET", localPath(t, get)+strings.TrimPrefix(getMap, "?"), nil)
		wantStatus(t, mr, http.StatusOK)
		if n := greenPixels(t, mr.body); n < 256*256/8 {
			t.Errorf("GetMap at the capabilities' address: %d pixels", n)
		}
		wantFieldNames(t, wantError(t, reader.do("GET", base+"/basemaps/"+wms+"/wms?REQUEST=GetFeatureInfo", nil),
			http.StatusBadRequest, "invalid", ""), "REQUEST")
		wantFieldNames(t, wantError(t, reader.do("GET", base+"/basemaps/"+wms+"/wms"+strings.Replace(getMap, "WIDTH=256", "WIDTH=100000", 1), nil),
			http.StatusBadRequest, "invalid", ""), "WIDTH")
	})

	t.Run("a wrong password is a login error", func(t *testing.T) {
		bad := add(map[string]any{"name": "Wrong", "type": "wms", "url": ms.URL + "/wms", "layers": "parcels",
			"username": "gis", "password": "nope"})
		m := wantError(t, reader.in(t).do("GET", base+"/basemaps/"+bad+"/wms"+getMap, nil), http.StatusBadGateway, "map_service_login", "")
		if !strings.Contains(m["message"].(string), "check username and password") {
			t.Fatalf("message %v", m["message"])
		}
		wantError(t, reader.do("GET", base+"/basemaps/"+bad+"/check", nil), http.StatusBadGateway, "map_service_login", "")
		wantStatus(t, reader.do("GET", base+"/basemaps/"+wms+"/check", nil), http.StatusNoContent)
	})

	// An ESRI MapServer the test serves: export with a token, and its tile cache.
	green, red := pngOf(t, color.RGBA{30, 120, 60, 255}), pngOf(t, color.RGBA{200, 0, 0, 255})
	var lastExport atomic.Value
	esri := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Query().Get("token") != "esri-token" {
			http.Error(w, `{"error":{"code":499,"message":"Token Required"}}`, http.StatusForbidden)
			return
		}
		switch {
		case r.URL.Path == "/arcgis/rest/services/Town/MapServer/export":
			lastExport.Store(r.URL.RawQuery)
			w.Header().Set("Content-Type", "image/png")
			w.Write(green)
		case r.URL.Path == "/arcgis/rest/services/Town/MapServer/tile/3/2/1":
			w.Header().Set("Content-Type", "image/png")
			w.Write(red)
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(esri.Close)
	esriID := add(map[string]any{"name": "Town ESRI", "type": "esri", "url": esri.URL + "/arcgis/rest/services/Town/MapServer",
		"password": "esri-token"})

	t.Run("ESRI export and tiles with the stored token", func(t *testing.T) {
		r := reader.in(t).do("GET", base+"/basemaps/"+esriID+"/export?bbox=0,0,1000,1000&bboxSR=3857&imageSR=3857&size=256,256&format=png32&f=json&url=http://evil.example", nil)
		wantStatus(t, r, http.StatusOK)
		if !bytes.Equal(r.body, green) {
			t.Fatal("the export's image was changed on its way")
		}
		q, _ := lastExport.Load().(string)
		if !strings.Contains(q, "f=image") || strings.Contains(q, "f=json") || strings.Contains(q, "evil") || !strings.Contains(q, "bboxSR=3857") {
			t.Fatalf("export query passed on: %s", q)
		}
		r = reader.do("GET", base+"/basemaps/"+esriID+"/tile/3/1/2", nil)
		wantStatus(t, r, http.StatusOK)
		if !bytes.Equal(r.body, red) {
			t.Fatal("wrong tile")
		}
		wantStatus(t, reader.do("GET", base+"/basemaps/"+esriID+"/tile/3/9/2", nil), http.StatusNotFound)
		wantStatus(t, reader.do("GET", base+"/basemaps/"+esriID+"/check", nil), http.StatusNoContent)
	})

	// Services that fail in every way the proxy must survive.
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "image/png")
		w.Write(red)
	}))
	t.Cleanup(other.Close)
	bad := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/slow/0/0/0":
			select {
			case <-time.After(30 * time.Second):
			case <-r.Context().Done():
			}
		case "/fail/0/0/0":
			http.Error(w, "boom", http.StatusInternalServerError)
		case "/huge/0/0/0": // an endless image, no length announced
			w.Header().Set("Content-Type", "image/png")
			chunk := bytes.Repeat([]byte{0x89}, 64<<10)
			for {
				if _, err := w.Write(chunk); err != nil {
					return
				}
			}
		case "/away/0/0/0":
			http.Redirect(w, r, other.URL+"/tile.png", http.StatusFound)
		case "/page/0/0/0":
			w.Header().Set("Content-Type", "text/html")
			w.Write([]byte("<script>alert(1)</script>"))
		}
	}))
	t.Cleanup(bad.Close)
	for _, c := range []struct{ path, code, key string }{
		{"slow", "map_service", "did not answer within"},
		{"fail", "map_service", "status 500"},
		{"huge", "map_service", "larger than 1 MB"},
		{"away", "map_service", "another address"},
		{"page", "map_service", "text/html instead of an image"},
	} {
		t.Run("a service that is "+c.path, func(t *testing.T) {
			id := add(map[string]any{"name": c.path, "type": "xyz", "url": bad.URL + "/" + c.path + "/{z}/{x}/{y}",
				"username": "u", "password": "p"})
			start := time.Now()
			m := wantError(t, reader.in(t).do("GET", base+"/basemaps/"+id+"/tile/0/0/0", nil), http.StatusBadGateway, c.code, "")
			if msg := m["message"].(string); !strings.HasPrefix(msg, "Map service could not be loaded") || !strings.Contains(msg, c.key) {
				t.Fatalf("message %q", msg)
			}
			if d := time.Since(start); d > 10*time.Second {
				t.Fatalf("took %v", d)
			}
		})
	}

	t.Run("only the project's own basemaps", func(t *testing.T) {
		wantStatus(t, reader.in(t).do("GET", base+"/basemaps/00000000-0000-0000-0000-000000000000/wms"+getMap, nil), http.StatusNotFound)
		wantStatus(t, reader.do("GET", base+"/basemaps/not-an-id/tile/0/0/0", nil), http.StatusNotFound)
		theirs := e.insertID(t, `INSERT INTO project_basemap (organisation_id, project_id, name, type, url, username)
			VALUES ($1, $2, 'x', 'wms', $3, 'gis') RETURNING id::text`, w.org, w.quiet, ms.URL+"/wms")
		wantStatus(t, reader.do("GET", base+"/basemaps/"+theirs+"/wms"+getMap, nil), http.StatusNotFound)
		wantStatus(t, reader.do("GET", "/api/management/project/"+w.quiet+"/basemaps/"+theirs+"/wms"+getMap, nil), http.StatusNotFound)
		// A WMS basemap has no tiles, an XYZ one no WMS.
		wantStatus(t, reader.do("GET", base+"/basemaps/"+wms+"/tile/0/0/0", nil), http.StatusNotFound)
		wantStatus(t, reader.do("GET", base+"/basemaps/"+esriID+"/wms"+getMap, nil), http.StatusNotFound)
		// A basemap without credentials is not fetched by the server.
		open := add(map[string]any{"name": "Open", "type": "xyz", "url": ms.URL + "/{z}/{x}/{y}.png"})
		wantError(t, reader.do("GET", base+"/basemaps/"+open+"/tile/0/0/0", nil), http.StatusBadRequest, "invalid", "")
		// Outsiders see nothing.
		wantStatus(t, e.login(t, w.outsider, testPassword).do("GET", base+"/basemaps/"+wms+"/wms"+getMap, nil), http.StatusNotFound)
	})
}

// TestBasemapProxyVectorStyle: a protected vector style (a MapLibre style, its TileJSON, tiles,
// sprite and glyphs behind basic auth) is read through the proxy; the style and the TileJSON
// name the proxy's addresses for everything on the service's host, so the browser asks only the
// proxy, and the proxy reaches only that host.
func TestBasemapProxyVectorStyle(t *testing.T) {
	t.Parallel()
	e, w, manager, reader := proxyWorld(t)
	base := "/api/management/project/" + w.project

	tile := []byte{0x1a, 0x05, 0x0a, 0x03, 'r', 'o', 'w'}
	glyphs := []byte{0x0a, 0x02, 0x08, 0x01}
	var asked sync.Map
	var host string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if u, p, ok := r.BasicAuth(); !ok || u != "gis" || p != "style-pass" {
			http.Error(w, "login needed", http.StatusUnauthorized)
			return
		}
		asked.Store(r.URL.Path, r.URL.RawQuery)
		js := func(body string) {
			w.Header().Set("Content-Type", "application/json; charset=utf-8")
			io.WriteString(w, body)
		}
		switch r.URL.Path {
		case "/styles/town.json":
			js(`{"version":8,"name":"Town","sources":{"town":{"type":"vector","url":"/tiles/town.json"},
				"hills":{"type":"raster","tiles":["https://open.example.com/hills/{z}/{x}/{y}.png"],"tileSize":256}},
				"sprite":"` + host + `/sprites/town","glyphs":"` + host + `/fonts/{fontstack}/{range}.pbf",
				"layers":[{"id":"water","type":"fill","source":"town","source-layer":"water","paint":{"fill-color":"#36c"}}]}`)
		case "/tiles/town.json":
			js(`{"tilejson":"3.0.0","tiles":["` + host + `/tiles/{z}/{x}/{y}.pbf?token=t1"],"minzoom":0,"maxzoom":14}`)
		case "/tiles/3/1/2.pbf":
			w.Header().Set("Content-Type", "application/x-protobuf")
			w.Write(tile)
		case "/sprites/town.json":
			js(`{"tree":{"x":0,"y":0,"width":8,"height":8,"pixelRatio":1}}`)
		case "/sprites/town.png":
			w.Header().Set("Content-Type", "image/png")
			w.Write(pngOf(t, color.RGBA{30, 120, 60, 255}))
		case "/fonts/Noto Sans Regular/0-255.pbf":
			w.Header().Set("Content-Type", "application/x-protobuf")
			w.Write(glyphs)
		case "/page":
			w.Header().Set("Content-Type", "text/html")
			io.WriteString(w, "<script>alert(1)</script>")
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(srv.Close)
	host = srv.URL
	add := func(password string) string {
		r := manager.do("POST", base+"/basemaps", map[string]any{"name": "Town vector", "type": "vector",
			"url": srv.URL + "/styles/town.json", "attribution": "© Town", "username": "gis", "password": password})
		wantStatus(t, r, http.StatusCreated)
		return r.json(t)["id"].(string)
	}
	id := add("style-pass")
	proxy := testBaseURL + base + "/basemaps/" + id + "/vector"

	r := reader.do("GET", base+"/basemaps/"+id+"/style?v=1", nil)
	wantStatus(t, r, http.StatusOK)
	if strings.Contains(string(r.body), strings.TrimPrefix(srv.URL, "http://")) || strings.Contains(string(r.body), "style-pass") {
		t.Fatalf("the style names the protected service: %s", r.body)
	}
	var style struct {
		Sources map[string]struct {
			URL   string   `json:"url"`
			Tiles []string `json:"tiles"`
		} `json:"sources"`
		Sprite string `json:"sprite"`
		Glyphs string `json:"glyphs"`
		Layers []map[string]any
	}
	if err := json.Unmarshal(r.body, &style); err != nil {
		t.Fatal(err)
	}
	if style.Sources["town"].URL != proxy+"/tiles/town.json" || style.Sprite != proxy+"/sprites/town" ||
		style.Glyphs != proxy+"/fonts/{fontstack}/{range}.pbf" || len(style.Layers) != 1 {
		t.Errorf("style %s", r.body)
	}
	if style.Sources["hills"].Tiles[0] != "https://open.example.com/hills/{z}/{x}/{y}.png" {
		t.Errorf("another host's tiles changed: %v", style.Sources["hills"])
	}
	if !strings.Contains(r.Header.Get("Cache-Control"), "private") || r.Header.Get("ETag") == "" {
		t.Errorf("headers %v", r.Header)
	}

	// The TileJSON, a tile, the sprite and a glyph range, each at the address the style names.
	tj := reader.do("GET", localPath(t, style.Sources["town"].URL), nil)
	wantStatus(t, tj, http.StatusOK)
	var tileJSON struct {
		Tiles []string `json:"tiles"`
	}
	if err := json.Unmarshal(tj.body, &tileJSON); err != nil || len(tileJSON.Tiles) != 1 || tileJSON.Tiles[0] != proxy+"/tiles/{z}/{x}/{y}.pbf?token=t1" {
		t.Fatalf("tilejson %s", tj.body)
	}
	at := func(template string) string {
		return localPath(t, strings.NewReplacer("{z}", "3", "{x}", "1", "{y}", "2", "{fontstack}", "Noto%20Sans%20Regular", "{range}", "0-255").Replace(template))
	}
	tr := reader.do("GET", at(tileJSON.Tiles[0]), nil)
	wantStatus(t, tr, http.StatusOK)
	if !bytes.Equal(tr.body, tile) || tr.Header.Get("Content-Type") != "application/x-protobuf" {
		t.Errorf("tile %q %s", tr.body, tr.Header.Get("Content-Type"))
	}
	if q, _ := asked.Load("/tiles/3/1/2.pbf"); q != "token=t1" {
		t.Errorf("the tile's query reached the service as %v", q)
	}
	wantStatus(t, reader.do("GET", localPath(t, style.Sprite+".json"), nil), http.StatusOK)
	if sp := reader.do("GET", localPath(t, style.Sprite+".png"), nil); sp.Header.Get("Content-Type") != "image/png" || greenPixels(t, sp.body) == 0 {
		t.Errorf("sprite image %d %s", sp.StatusCode, sp.Header.Get("Content-Type"))
	}
	gr := reader.do("GET", at(style.Glyphs), nil)
	wantStatus(t, gr, http.StatusOK)
	if !bytes.Equal(gr.body, glyphs) {
		t.Errorf("glyphs %q", gr.body)
	}
	wantStatus(t, reader.do("GET", base+"/basemaps/"+id+"/check", nil), http.StatusNoContent)

	// Only the style's host, only parts of a style: a page is refused, a missing part is the
	// service's 404, a path cannot name another host.
	m := wantError(t, reader.do("GET", base+"/basemaps/"+id+"/vector/page", nil), http.StatusBadGateway, "map_service", "")
	if !strings.Contains(m["message"].(string), "text/html") {
		t.Errorf("message %v", m["message"])
	}
	wantError(t, reader.do("GET", base+"/basemaps/"+id+"/vector/nothing.pbf", nil), http.StatusBadGateway, "map_service", "")
	wantError(t, reader.do("GET", base+"/basemaps/"+id+"/vector//open.example.com/hills/0/0/0.png", nil), http.StatusBadGateway, "map_service", "")
	if _, ok := asked.Load("/open.example.com/hills/0/0/0.png"); !ok {
		t.Error("a path with a host in it did not stay on the service's host")
	}

	// A wrong password is a login error; outsiders and other kinds of basemap see nothing.
	bad := add("nope")
	wantError(t, reader.do("GET", base+"/basemaps/"+bad+"/style", nil), http.StatusBadGateway, "map_service_login", "")
	wantError(t, reader.do("GET", base+"/basemaps/"+bad+"/check", nil), http.StatusBadGateway, "map_service_login", "")
	wantStatus(t, e.login(t, w.outsider, testPassword).do("GET", base+"/basemaps/"+id+"/style", nil), http.StatusNotFound)
	xyz := manager.do("POST", base+"/basemaps", map[string]any{"name": "x", "type": "xyz", "url": srv.URL + "/{z}/{x}/{y}.png", "username": "gis", "password": "style-pass"})
	wantStatus(t, reader.do("GET", base+"/basemaps/"+xyz.json(t)["id"].(string)+"/style", nil), http.StatusNotFound)
	wantStatus(t, reader.do("GET", base+"/basemaps/"+id+"/tile/0/0/0", nil), http.StatusNotFound)
}

// TestBasemapProxyRefusesPrivateAddresses: without ARBOR_PROXY_ALLOW_PRIVATE a protected basemap
// cannot be configured at a loopback or private address, and one stored before is not dialled.
func TestBasemapProxyRefusesPrivateAddresses(t *testing.T) {
	t.Parallel()
	e, w := newWorld(t)
	manager := e.login(t, w.members[0], testPassword)
	base := "/api/management/project/" + w.project
	var hits atomic.Int32
	local := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { hits.Add(1) }))
	t.Cleanup(local.Close)

	for _, u := range []string{local.URL + "/wms", "http://localhost:8080/wms", "https://10.1.2.3/wms", "http://[::1]/wms", "http://169.254.169.254/latest"} {
		m := wantError(t, manager.do("POST", base+"/basemaps", map[string]any{"name": "Inside", "type": "wms", "url": u,
			"username": "gis", "password": "x"}), http.StatusBadRequest, "invalid", "")
		if f := fieldsOf(t, m); f["url"] == "" || !strings.Contains(f["url"], "private network") {
			t.Fatalf("%s: fields %v", u, f)
		}
	}
	// A basemap without credentials is loaded by the browser, not the server: any address.
	wantStatus(t, manager.do("POST", base+"/basemaps", map[string]any{"name": "Intranet", "type": "wms", "url": local.URL + "/wms"}), http.StatusCreated)

	stored := e.insertID(t, `INSERT INTO project_basemap (organisation_id, project_id, name, type, url, username)
		VALUES ($1, $2, 'x', 'xyz', $3, 'gis') RETURNING id::text`, w.org, w.project, local.URL+"/{z}/{x}/{y}.png")
	m := wantError(t, manager.do("GET", base+"/basemaps/"+stored+"/tile/1/0/0", nil), http.StatusBadGateway, "map_service", "")
	if !strings.Contains(m["message"].(string), "private network") || hits.Load() != 0 {
		t.Fatalf("message %v, %d requests reached the service", m["message"], hits.Load())
	}
}
