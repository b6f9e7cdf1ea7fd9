package geo

import (
	"bytes"
	"context"
	"encoding/json"
	"net/url"
	"slices"
	"strings"

	"arbor"
)

// A protected vector style (a MapLibre style behind a username and password) is read through the
// proxy, and so is everything it names on the service's host: its sources' TileJSON and tiles,
// its sprite and its glyphs. The style and any TileJSON are passed on with those addresses
// written as the proxy's (…/basemaps/{id}/vector/{path on the service's host}), so the browser
// asks the proxy for each part and never learns the password. Only the host of the configured
// style is reached: a path names a resource there, never another host. An address on another
// host is left as it is: an open service the browser loads itself, as for an open style.
//
// The configured style's own query (an API key, a token: ?key=…) is the operator's secret as much
// as the password: it is taken out of every address the browser is given and put back into every
// request the proxy makes to the service's host, so the parts still load and the key stays here.

// vectorTypes are what a style's parts are: JSON (the style, TileJSON, the sprite's index,
// GeoJSON data), vector tiles and glyphs (protocol buffers), and images (the sprite, raster tiles).
var vectorTypes = append([]string{"application/json", "application/geo+json", "text/json",
	"application/vnd.mapbox-vector-tile", "application/x-protobuf", "application/vnd.mapbox.vector-tile",
	"application/octet-stream", "application/x-font-pbf"}, imageTypes...)

// Vector passes the style of a vector basemap (path "") or a resource on its service's host
// (path: the escaped path below the host, query: its query).
func (p *Proxy) Vector(ctx context.Context, up Upstream, path, query string) (*ProxyAnswer, error) {
	if up.Type != "vector" {
		return nil, arbor.Errorf(arbor.ENOTFOUND, "error.not_found", nil)
	}
	style, err := serviceURL(up.URL)
	if err != nil {
		return nil, err
	}
	target := style
	if path != "" {
		if len(path)+len(query) > 2000 {
			return nil, arbor.Errorf(arbor.ENOTFOUND, "error.not_found", nil)
		}
		target, err = url.Parse(style.Scheme + "://" + style.Host + "/" + strings.TrimLeft(path, "/"))
		if err != nil || target.Host != style.Host || target.User != nil {
			return nil, arbor.Errorf(arbor.ENOTFOUND, "error.not_found", nil)
		}
		target.RawQuery = withParams(query, style.Query())
	}
	doc := target.String()
	return p.fetch(ctx, up, target, vectorTypes, func(ct string, body []byte) ([]byte, error) {
		if !strings.Contains(ct, "json") {
			return body, nil
		}
		return rewriteStyle(body, doc, style, up.Proxy+"/vector")
	})
}

// rewriteStyle answers a style or TileJSON (read from doc) with the addresses it names on the
// service's host written below proxy: sources' url, tiles and data, the sprite (one or several)
// and the glyphs of a style (relative ones resolved against doc); the tiles of a TileJSON; and
// any other absolute address on that host in any string of it. Other JSON (GeoJSON, a sprite's
// index) is passed on as it came.
func rewriteStyle(body []byte, doc string, service *url.URL, proxy string) ([]byte, error) {
	var m map[string]any
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	if err := dec.Decode(&m); err != nil {
		if bytes.HasPrefix(bytes.TrimSpace(body), []byte("[")) {
			return body, nil // a JSON array: nothing of a style
		}
		return nil, err
	}
	origin := strings.ToLower(service.Scheme + "://" + service.Host)
	secret := service.Query()
	changed := false
	to := func(v any) any {
		s, ok := v.(string)
		if !ok {
			return v
		}
		abs := absolute(s, doc)
		if len(abs) > len(origin) && strings.EqualFold(abs[:len(origin)], origin) && abs[len(origin)] == '/' {
			changed = true
			return proxy + withoutParams(abs[len(origin):], secret)
		}
		return v
	}
	list := func(v any) {
		if a, ok := v.([]any); ok {
			for i := range a {
				a[i] = to(a[i])
			}
		}
	}
	if sources, ok := m["sources"].(map[string]any); ok {
		for _, src := range sources {
			if s, ok := src.(map[string]any); ok {
				for _, k := range []string{"url", "data"} {
					if v, ok := s[k]; ok {
						s[k] = to(v)
					}
				}
				list(s["tiles"])
			}
		}
	}
	switch sp := m["sprite"].(type) {
	case string:
		m["sprite"] = to(sp)
	case []any:
		for _, one := range sp {
			if o, ok := one.(map[string]any); ok && o["url"] != nil {
				o["url"] = to(o["url"])
			}
		}
	}
	if g, ok := m["glyphs"]; ok {
		m["glyphs"] = to(g)
	}
	list(m["tiles"]) // a TileJSON
	// An absolute address on the service's host anywhere else — a TileJSON's grids and data, an
	// attribution's link, metadata — is the proxy's too, so none reaches the browser (issue #20).
	var walk func(v any) any
	walk = func(v any) any {
		switch v := v.(type) {
		case string:
			return anyAddress.ReplaceAllStringFunc(v, func(a string) string { return to(a).(string) })
		case []any:
			for i := range v {
				v[i] = walk(v[i])
			}
		case map[string]any:
			for k := range v {
				v[k] = walk(v[k])
			}
		}
		return v
	}
	walk(m)
	if !changed {
		return body, nil
	}
	var out bytes.Buffer
	enc := json.NewEncoder(&out)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(m); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// absolute resolves a style's address against the document that names it, by strings: a
// template's {z}, {x}, {y}, {fontstack} and {range} stay as they are (url.URL would escape them).
func absolute(s, doc string) string {
	switch {
	case strings.HasPrefix(s, "http://"), strings.HasPrefix(s, "https://"), strings.Contains(s, "://"):
		return s
	case strings.HasPrefix(s, "//"):
		scheme, _, _ := strings.Cut(doc, ":")
		return scheme + ":" + s
	}
	scheme, rest, _ := strings.Cut(doc, "://")
	host, path, _ := strings.Cut(rest, "/")
	if strings.HasPrefix(s, "/") {
		return scheme + "://" + host + s
	}
	path, _, _ = strings.Cut(path, "?")
	dir := ""
	if i := strings.LastIndex(path, "/"); i >= 0 {
		dir = path[:i+1]
	}
	return scheme + "://" + host + "/" + dir + s
}

// withoutParams takes out of an address's query the parameters the configured address holds with
// the same value. By strings: a template's {z} or {fontstack} stays as it is.
func withoutParams(addr string, secret url.Values) string {
	path, query, ok := strings.Cut(addr, "?")
	if !ok || len(secret) == 0 {
		return addr
	}
	var kept []string
	for _, part := range strings.Split(query, "&") {
		k, v, _ := strings.Cut(part, "=")
		name, err1 := url.QueryUnescape(k)
		value, err2 := url.QueryUnescape(v)
		if err1 == nil && err2 == nil && slices.Contains(secret[name], value) {
			continue
		}
		kept = append(kept, part)
	}
	if len(kept) == 0 {
		return path
	}
	return path + "?" + strings.Join(kept, "&")
}

// withParams adds to a request's query the configured address's parameters it does not name.
func withParams(query string, secret url.Values) string {
	given, _ := url.ParseQuery(query)
	add := url.Values{}
	for name, values := range secret {
		if _, ok := given[name]; !ok {
			add[name] = values
		}
	}
	if len(add) == 0 {
		return query
	}
	if query == "" {
		return add.Encode()
	}
	return query + "&" + add.Encode()
}
