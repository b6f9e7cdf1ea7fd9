package geo

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"arbor"
)

// sampleHost is the service's address in the samples, whatever its case and port.
var sampleHost = regexp.MustCompile(`(?i)https://maps\.example\.org(:\d+)?`)

// TestProxyPassesNoServiceAddress (issue #20), through the proxy as the API calls it: a WMS's
// capabilities naming the service's own address (host and port) in every place GeoServer does
// come with none of it; an ESRI service is only ever asked for an image, and its JSON — whose
// href and url fields name the service and the token — is refused, none of it passed on.
func TestProxyPassesNoServiceAddress(t *testing.T) {
	var self string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case strings.HasSuffix(r.URL.Path, "/ows"):
			w.Header().Set("Content-Type", "text/xml")
			w.Write([]byte(sampleHost.ReplaceAllString(capsGeoServer, self)))
		default: // an ArcGIS export answering JSON, as it does for f=json
			w.Header().Set("Content-Type", "application/json")
			w.Write([]byte(`{"href":"` + self + `/arcgis/rest/directories/arcgisoutput/_ags_map.png?token=s3cret","url":"` + self + `/arcgis/rest/services/Town/MapServer"}`))
		}
	}))
	defer srv.Close()
	self = srv.URL
	host := strings.TrimPrefix(srv.URL, "http://")
	p := NewProxy(ProxyOptions{AllowPrivate: true, CacheBytes: -1})
	proxy := "https://arbor.example/api/management/project/p/basemaps/b"
	wms := Upstream{ID: "b", Type: "wms", URL: srv.URL + "/geoserver/ows?token=s3cret", Proxy: proxy}
	a, err := p.WMS(context.Background(), wms, url.Values{"REQUEST": {"GetCapabilities"}})
	if err != nil {
		t.Fatal(err)
	}
	body := string(a.Body)
	if strings.Contains(body, strings.Split(host, ":")[0]) || strings.Contains(body, "s3cret") || !strings.Contains(body, proxy+"/wms?SERVICE=WMS") {
		t.Errorf("capabilities name the service:\n%s", body)
	}
	esri := Upstream{ID: "e", Type: "esri", URL: srv.URL + "/arcgis/rest/services/Town/MapServer", Password: "s3cret", Proxy: proxy}
	a, err = p.ESRIExport(context.Background(), esri, url.Values{"bbox": {"0,0,1,1"}, "f": {"json"}})
	var ae *arbor.Error
	if a != nil || !errors.As(err, &ae) || ae.Key != "error.map_service_type" || strings.Contains(ae.Error(), host) {
		t.Errorf("ESRI JSON passed on: %v %v", a, err)
	}
}

// TestVectorKeyStaysOnServer: a protected vector style configured with an API key in its address
// (…/style.json?key=s3cret) names its tiles, sprite and glyphs with the key; the browser is given
// them without it, and the proxy puts it back for each part it fetches, so every part still loads.
func TestVectorKeyStaysOnServer(t *testing.T) {
	var self string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Query().Get("key") != "s3cret" {
			w.WriteHeader(http.StatusForbidden)
			return
		}
		switch {
		case r.URL.Path == "/style.json":
			w.Header().Set("Content-Type", "application/json")
			w.Write([]byte(`{"version":8,"sources":{"town":{"type":"vector","tiles":["` + self + `/tiles/{z}/{x}/{y}.pbf?key=s3cret&lang=de"]}},
				"sprite":"` + self + `/sprite?key=s3cret","glyphs":"` + self + `/fonts/{fontstack}/{range}.pbf?key=s3cret","layers":[]}`))
		default:
			w.Header().Set("Content-Type", "application/x-protobuf")
			w.Write([]byte("tile " + r.URL.Query().Get("lang")))
		}
	}))
	defer srv.Close()
	self = srv.URL
	p := NewProxy(ProxyOptions{AllowPrivate: true, CacheBytes: -1})
	proxy := "https://arbor.example/api/management/project/p/basemaps/b"
	up := Upstream{ID: "b", Type: "vector", URL: srv.URL + "/style.json?key=s3cret", Proxy: proxy}
	a, err := p.Vector(context.Background(), up, "", "")
	if err != nil {
		t.Fatal(err)
	}
	body := string(a.Body)
	if strings.Contains(body, "s3cret") || !strings.Contains(body, proxy+"/vector/tiles/{z}/{x}/{y}.pbf?lang=de") ||
		!strings.Contains(body, `"`+proxy+`/vector/sprite"`) || !strings.Contains(body, proxy+"/vector/fonts/{fontstack}/{range}.pbf\"") {
		t.Errorf("the style as the browser gets it:\n%s", body)
	}
	a, err = p.Vector(context.Background(), up, "tiles/14/8600/5300.pbf", "lang=de")
	if err != nil || string(a.Body) != "tile de" {
		t.Errorf("a tile through the proxy: %v %v", a, err)
	}
}
