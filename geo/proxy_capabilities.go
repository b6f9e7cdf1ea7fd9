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
// its password; so the proxy writes its own address in their place.

// rewriteCapabilities answers the capabilities with the service's own addresses replaced by
// proxy's (the proxy's WMS address): the href of an OnlineResource of the Service or inside a
// DCPType wherever it points, and of any other (a legend, metadata) on the service's host, with
// the WMS parameters of the address kept (a legend's GetLegendGraphic). Only those attribute
// values change; every other byte, the namespaces and their prefixes included, stays as the
// service wrote it. The document is read token by token; its size is the proxy's bound.
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
		switch t := tok.(type) {
		case xml.StartElement:
			stack = append(stack, t.Name.Local)
			if t.Name.Local != "OnlineResource" {
				continue
			}
			href, ok := attr(t, "href")
			if !ok {
				continue
			}
			if to, ok := proxiedHref(stack, href, service, proxy); ok {
				out.Write(body[last:start])
				out.Write(replaceHref(body[start:end], to))
				last = end
			}
		case xml.EndElement:
			// A self-closing element comes as a start and an end at the same offset.
			if len(stack) == 0 || stack[len(stack)-1] != t.Name.Local {
				return nil, errUnbalanced
			}
			stack = stack[:len(stack)-1]
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
	sameHost := err == nil && strings.EqualFold(h.Host, service.Host)
	if !inDCP && parent != "Service" && !sameHost {
		return "", false // another service's page (an attribution, metadata elsewhere)
	}
	q := url.Values{}
	if err == nil {
		for k, vs := range h.Query() {
			if name, ok := wmsParams[strings.ToLower(k)]; ok && len(vs) > 0 {
				q.Set(name, vs[0])
			}
		}
	}
	if len(q) == 0 {
		return proxy + "?", true
	}
	return proxy + "?" + q.Encode(), true
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
