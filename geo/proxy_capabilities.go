package geo

import (
	"bytes"
	"encoding/xml"
	"errors"
	"html"
	"io"
	"net/url"
	"regexp"
	"strings"
)

// A WMS's capabilities name the service's own address: the service's OnlineResource, where
// GetMap and the other requests go (DCPType Get and Post), and its legends' images. Passed on as
// the service wrote them, a client would follow them to the protected service itself and need
// its password; so the proxy writes its own address in their place. Servers name their host in
// more places (issue #20): the schemas they serve themselves (GeoServer's xsi:schemaLocation and
// DOCTYPE point at …/geoserver/schemas/…), INSPIRE metadata and other addresses in text, comments;
// and an address they echo may carry what was asked of them (a token in the query). So no
// address on the service's host leaves the proxy as written (issue #20).

// rewriteCapabilities answers the capabilities with the service's own addresses replaced by
// proxy's (the proxy's WMS address): the href of an OnlineResource of the Service or inside a
// DCPType wherever it points, and any other address on the service's host wherever it stands (a
// legend, metadata, an attribute or text), with the WMS parameters of the address kept (a
// legend's GetLegendGraphic). A schema on the service's host is named at its home,
// schemas.opengis.net, where its path says which one it is (…/schemas/wms/1.3.0/…), else left
// out. Only those values change; every other byte, the namespaces and their prefixes included,
// stays as the service wrote it. The document is read token by token; its size is the proxy's
// bound.
func rewriteCapabilities(body []byte, service *url.URL, proxy string) ([]byte, error) {
	d := xml.NewDecoder(bytes.NewReader(body))
	d.Strict = false
	d.CharsetReader = func(_ string, r io.Reader) (io.Reader, error) { return r, nil } // bytes are kept as they are
	var out bytes.Buffer
	out.Grow(len(body) + len(body)/8)
	var stack []string
	last := int64(0)
	for {
		start := d.InputOffset()
		tok, err := d.RawToken()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, err
		}
		end := d.InputOffset()
		raw := body[start:end]
		written := raw
		switch t := tok.(type) {
		case xml.StartElement:
			stack = append(stack, t.Name.Local)
			if href, ok := attr(t, "href"); ok && t.Name.Local == "OnlineResource" {
				if to, ok := proxiedHref(stack, href, service, proxy); ok {
					written = replaceHref(written, to)
				}
			}
			if _, ok := attr(t, "schemaLocation"); ok {
				written = replaceSchemaLocation(written, service.Hostname())
			}
		case xml.Directive:
			written = replaceDoctypeSystem(written, service.Hostname())
		case xml.EndElement:
			// A self-closing element comes as a start and an end at the same offset.
			if len(stack) == 0 || stack[len(stack)-1] != t.Name.Local {
				return nil, errUnbalanced
			}
			stack = stack[:len(stack)-1]
		}
		// Whatever else names the service's host (text, other attributes, comments) is the proxy.
		written = replaceHostURLs(written, service.Hostname(), func(u *url.URL) string { return proxyAddress(u, proxy) })
		if !bytes.Equal(written, raw) {
			out.Write(body[last:start])
			out.Write(written)
			last = end
		}
	}
	if len(stack) != 0 {
		return nil, errUnbalanced
	}
	out.Write(body[last:])
	return out.Bytes(), nil
}

var errUnbalanced = errors.New("capabilities: elements do not match")

func attr(t xml.StartElement, local string) (string, bool) {
	for _, a := range t.Attr {
		if a.Name.Local == local {
			return a.Value, true
		}
	}
	return "", false
}

// proxiedHref says where an OnlineResource at the end of stack should point instead of href.
func proxiedHref(stack []string, href string, service *url.URL, proxy string) (string, bool) {
	parent := ""
	if len(stack) >= 2 {
		parent = stack[len(stack)-2]
	}
	inDCP := false
	for _, s := range stack {
		inDCP = inDCP || s == "DCPType"
	}
	h, err := url.Parse(strings.TrimSpace(href))
	if !inDCP && parent != "Service" && !strings.EqualFold(hostOf(href), service.Hostname()) {
		return "", false // another service's page (an attribution, metadata elsewhere)
	}
	if err != nil {
		h = &url.URL{}
	}
	return proxyAddress(h, proxy), true
}

// proxyAddress is the proxy's WMS address in place of the service's address u, with u's WMS
// parameters (a legend's GetLegendGraphic) and none else: a parameter the service echoes may
// be a credential (a token).
func proxyAddress(u *url.URL, proxy string) string {
	q := url.Values{}
	for k, vs := range u.Query() {
		if name, ok := wmsParams[strings.ToLower(k)]; ok && len(vs) > 0 {
			q.Set(name, vs[0])
		}
	}
	if len(q) == 0 {
		return proxy + "?"
	}
	return proxy + "?" + q.Encode()
}

// anyAddress finds an absolute or scheme-relative address in text, up to a space, a quote or
// markup; its host is read by hostOf.
var anyAddress = regexp.MustCompile(`(?i)(?:\bhttps?:)?//[^\s"'<>\\]+`)

// hostOf answers the host name of an address as written (no port, no user), without needing
// the whole address to parse: "" for what has none.
func hostOf(address string) string {
	_, rest, ok := strings.Cut(strings.TrimSpace(address), "//")
	if !ok {
		return ""
	}
	if i := strings.IndexAny(rest, "/?#"); i >= 0 {
		rest = rest[:i]
	}
	if i := strings.LastIndex(rest, "@"); i >= 0 {
		rest = rest[i+1:]
	}
	if strings.HasPrefix(rest, "[") { // an IPv6 address
		if i := strings.Index(rest, "]"); i >= 0 {
			return rest[1:i]
		}
	}
	if i := strings.LastIndex(rest, ":"); i >= 0 {
		rest = rest[:i]
	}
	return rest
}

// replaceHostURLs answers raw XML (a tag, text, a comment) with every address on host written
// as to(address); entities in an address are read, and the replacement is escaped.
func replaceHostURLs(raw []byte, host string, to func(*url.URL) string) []byte {
	return anyAddress.ReplaceAllFunc(raw, func(m []byte) []byte {
		s := html.UnescapeString(string(m))
		if !strings.EqualFold(hostOf(s), host) {
			return m
		}
		u, err := url.Parse(s)
		if err != nil {
			u = &url.URL{}
		}
		return []byte(html.EscapeString(to(u)))
	})
}

// schemaHome is where the schemas a server serves itself are kept by the OGC: a copy of
// schemas.opengis.net below a folder named schemas (GeoServer's …/geoserver/schemas/wms/1.3.0/…).
func schemaHome(location, host string) (string, bool) {
	if !strings.EqualFold(hostOf(location), host) {
		return location, true
	}
	u, err := url.Parse(location)
	if err != nil {
		return "", false
	}
	if _, rest, ok := strings.Cut(u.Path, "/schemas/"); ok && rest != "" {
		return "http://schemas.opengis.net/" + rest, true
	}
	return "", false
}

// schemaLocationAttr finds an xsi:schemaLocation attribute (any prefix) in a start tag.
var schemaLocationAttr = regexp.MustCompile(`\s(?:[\w.-]+:)?schemaLocation\s*=\s*("[^"]*"|'[^']*')`)

// replaceSchemaLocation writes a start tag with the schemas of its schemaLocation that lie on
// host at their home (schemaHome), or without them where they have none known; without the
// attribute when none is left. A schema location is a hint, not needed to read the document.
func replaceSchemaLocation(tag []byte, host string) []byte {
	return schemaLocationAttr.ReplaceAllFunc(tag, func(m []byte) []byte {
		sub := schemaLocationAttr.FindSubmatch(m)
		q := sub[1][0]
		words := strings.Fields(html.UnescapeString(string(sub[1][1 : len(sub[1])-1])))
		var kept []string
		for i := 0; i+1 < len(words); i += 2 {
			if home, ok := schemaHome(words[i+1], host); ok {
				kept = append(kept, words[i], home)
			}
		}
		if len(kept) == 0 {
			return nil
		}
		value := html.EscapeString(strings.Join(kept, " "))
		return []byte(string(m[:len(m)-len(sub[1])]) + string(q) + value + string(q))
	})
}

// doctypeSystem finds the system identifier of a DOCTYPE (WMS 1.1.1 names its DTD there).
var doctypeSystem = regexp.MustCompile(`(?s)^(<!DOCTYPE\s+[\w.:-]+\s+)SYSTEM\s+("[^"]*"|'[^']*')\s*`)

// replaceDoctypeSystem writes a DOCTYPE whose DTD lies on host with the DTD at its home
// (schemaHome), or without the system identifier where it has none known.
func replaceDoctypeSystem(directive []byte, host string) []byte {
	sub := doctypeSystem.FindSubmatchIndex(directive)
	if sub == nil {
		return directive
	}
	system := string(directive[sub[4]+1 : sub[5]-1])
	if !strings.EqualFold(hostOf(system), host) {
		return directive
	}
	head := string(directive[sub[2]:sub[3]])
	if home, ok := schemaHome(system, host); ok {
		return []byte(head + `SYSTEM "` + home + `" ` + string(directive[sub[1]:]))
	}
	return []byte(head + string(directive[sub[1]:]))
}

// hrefAttr finds an href attribute (xlink:href, or href with another prefix) in a start tag.
var hrefAttr = regexp.MustCompile(`(\s(?:[\w.-]+:)?href\s*=\s*)("[^"]*"|'[^']*')`)

// replaceHref writes the start tag with its href attribute's value replaced by to (escaped).
func replaceHref(tag []byte, to string) []byte {
	done := false
	return hrefAttr.ReplaceAllFunc(tag, func(m []byte) []byte {
		if done {
			return m
		}
		done = true
		sub := hrefAttr.FindSubmatch(m)
		q := sub[2][0]
		return append(append(append(append([]byte{}, sub[1]...), q), html.EscapeString(to)...), q)
	})
}
