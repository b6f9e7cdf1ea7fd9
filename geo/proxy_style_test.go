package geo

import (
	"encoding/json"
	"net/url"
	"strings"
	"testing"
)

func TestRewriteStyle(t *testing.T) {
	service, _ := url.Parse("https://maps.example.org/styles/town.json?v=2")
	proxy := "https://arbor.example/api/management/project/p/basemaps/b/vector"
	style := `{"version":8,"name":"Town <&>","sources":{
		"town":{"type":"vector","url":"https://maps.example.org/tiles/town.json"},
		"direct":{"type":"vector","tiles":["https://MAPS.example.org/tiles/{z}/{x}/{y}.pbf?key=1","tiles/{z}/{x}/{y}.pbf"],"minzoom":0,"maxzoom":14.5},
		"relief":{"type":"raster","tiles":["https://other.example.com/relief/{z}/{x}/{y}.png"]},
		"trees":{"type":"geojson","data":"/data/trees.geojson"},
		"inline":{"type":"geojson","data":{"type":"FeatureCollection","features":[]}}},
		"sprite":"https://maps.example.org/sprites/town","glyphs":"//maps.example.org/fonts/{fontstack}/{range}.pbf",
		"layers":[{"id":"bg","type":"background"}]}`
	out, err := rewriteStyle([]byte(style), service.String(), service, proxy)
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		Name    string `json:"name"`
		Sources map[string]struct {
			URL   string   `json:"url"`
			Tiles []string `json:"tiles"`
			Data  any      `json:"data"`
			Max   any      `json:"maxzoom"`
		} `json:"sources"`
		Sprite string `json:"sprite"`
		Glyphs string `json:"glyphs"`
		Layers []any  `json:"layers"`
	}
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	want := map[string]string{
		"town url":     proxy + "/tiles/town.json",
		"direct tile0": proxy + "/tiles/{z}/{x}/{y}.pbf?key=1",
		"direct tile1": proxy + "/styles/tiles/{z}/{x}/{y}.pbf",
		"relief tile0": "https://other.example.com/relief/{z}/{x}/{y}.png", // another host: the browser's
		"trees data":   proxy + "/data/trees.geojson",
		"sprite":       proxy + "/sprites/town",
		"glyphs":       proxy + "/fonts/{fontstack}/{range}.pbf",
		"name":         "Town <&>",
	}
	have := map[string]string{
		"town url": got.Sources["town"].URL, "direct tile0": got.Sources["direct"].Tiles[0], "direct tile1": got.Sources["direct"].Tiles[1],
		"relief tile0": got.Sources["relief"].Tiles[0], "trees data": got.Sources["trees"].Data.(string),
		"sprite": got.Sprite, "glyphs": got.Glyphs, "name": got.Name,
	}
	for k, v := range want {
		if have[k] != v {
			t.Errorf("%s: %q, want %q", k, have[k], v)
		}
	}
	if _, ok := got.Sources["inline"].Data.(map[string]any); !ok || got.Sources["direct"].Max != 14.5 || len(got.Layers) != 1 {
		t.Errorf("the rest changed: %s", out)
	}

	// A TileJSON: its tiles; several sprites; a document without addresses passes as it came.
	tj, _ := rewriteStyle([]byte(`{"tilejson":"3.0.0","tiles":["https://maps.example.org/t/{z}/{x}/{y}.pbf"]}`),
		"https://maps.example.org/tiles/town.json", service, proxy)
	if string(tj) != `{"tilejson":"3.0.0","tiles":["`+proxy+`/t/{z}/{x}/{y}.pbf"]}`+"\n" {
		t.Errorf("tilejson %s", tj)
	}
	sp, _ := rewriteStyle([]byte(`{"version":8,"sprite":[{"id":"a","url":"https://maps.example.org/s/a"},{"id":"b"}]}`), service.String(), service, proxy)
	if string(sp) != `{"sprite":[{"id":"a","url":"`+proxy+`/s/a"},{"id":"b"}],"version":8}`+"\n" {
		t.Errorf("sprites %s", sp)
	}
	for _, same := range []string{`{"a":{"x":1,"y":2}}`, `[1,2]`} {
		if b, err := rewriteStyle([]byte(same), service.String(), service, proxy); err != nil || string(b) != same {
			t.Errorf("%s became %s (%v)", same, b, err)
		}
	}
	if _, err := rewriteStyle([]byte(`{"version":`), service.String(), service, proxy); err == nil {
		t.Error("broken JSON passed")
	}
	// An address like the service's host but another (a longer name, userinfo) is not the service.
	for _, other := range []string{"https://maps.example.org.evil.com/x", "https://maps.example.org@evil.com/x"} {
		b, _ := rewriteStyle([]byte(`{"tiles":["`+other+`"]}`), service.String(), service, proxy)
		if string(b) != `{"tiles":["`+other+`"]}` {
			t.Errorf("%s became %s", other, b)
		}
	}
}

// TestRewriteStyleEverywhere (issue #20): an address on the service's host anywhere in a style
// or TileJSON — a TileJSON's grids and data, an attribution's link, metadata — is the proxy's;
// other hosts' stay.
func TestRewriteStyleEverywhere(t *testing.T) {
	service, _ := url.Parse("https://maps.example.org/styles/town.json")
	proxy := "https://arbor.example/api/management/project/p/basemaps/b/vector"
	tj := `{"tilejson":"3.0.0","tiles":["https://maps.example.org/t/{z}/{x}/{y}.pbf"],
		"grids":["https://maps.example.org/g/{z}/{x}/{y}.json"],"data":["https://maps.example.org/d/trees.geojson"],
		"attribution":"<a href=\"https://maps.example.org/about\">Town</a> © <a href=\"https://www.openstreetmap.org/copyright\">OSM</a>",
		"metadata":{"source":{"home":"https://maps.example.org/"}}}`
	out, err := rewriteStyle([]byte(tj), "https://maps.example.org/tiles/town.json", service, proxy)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(out), "maps.example.org") {
		t.Errorf("the service's host is left: %s", out)
	}
	var got map[string]any
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatal(err)
	}
	if g := got["grids"].([]any)[0]; g != proxy+"/g/{z}/{x}/{y}.json" {
		t.Errorf("grids %v", g)
	}
	if a := got["attribution"].(string); a != `<a href="`+proxy+`/about">Town</a> © <a href="https://www.openstreetmap.org/copyright">OSM</a>` {
		t.Errorf("attribution %s", a)
	}
}
