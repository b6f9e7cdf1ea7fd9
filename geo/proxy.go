package geo

import (
	"container/list"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"mime"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"arbor"
)

// The basemap proxy (docs/API.md "Basemap proxy"): a project's protected basemaps — WMS, ESRI
// MapServer/ImageServer and XYZ services behind a username and password or a token — are
// fetched by the server with the stored credentials, so the browser never sees them. The caller
// names a basemap by its id, never a URL: only the configured service is reachable, requests to
// it are built here from a short list of parameters, redirects to other hosts are refused,
// addresses in loopback and private ranges are refused when dialling (unless AllowPrivate), and
// answers are bounded in size and time.

// Upstream is a protected basemap as the proxy needs it: the configured service and the
// credentials opened from their sealed form by the caller.
type Upstream struct {
	ID       string
	Version  int
	Type     string // xyz, wms, esri or vector
	URL      string
	Layers   string
	Username string
	Password string
	// Proxy is the proxy's own address of this basemap (…/basemaps/{id}): what the service's
	// addresses in its capabilities and styles are replaced with.
	Proxy string
}

// ProxyOptions configure a Proxy; zero values take the defaults.
type ProxyOptions struct {
	// AllowPrivate lets the proxy reach loopback, private and link-local addresses
	// (ARBOR_PROXY_ALLOW_PRIVATE; tests and a service inside the organisation's own network).
	AllowPrivate bool
	Timeout      time.Duration // per upstream request (default 20 s)
	MaxBytes     int64         // the largest answer passed on (default 16 MB)
	CacheBytes   int64         // memory for cached answers (default 64 MB; below zero: none)
	CacheFor     time.Duration // how long an answer is kept and may be kept by the browser (default 10 min)
}

// Proxy fetches from protected basemaps.
type Proxy struct {
	opt    ProxyOptions
	client *http.Client
	cache  *proxyCache
	now    func() time.Time
}

// ProxyAnswer is what the proxy passes on: the bytes, their type and a strong ETag.
type ProxyAnswer struct {
	Body        []byte
	ContentType string
	ETag        string
	MaxAge      time.Duration
}

// errPrivateAddress is returned by the dialer for an address the proxy may not reach.
var errPrivateAddress = errors.New("address in a loopback or private range")

// NewProxy builds a Proxy.
func NewProxy(opt ProxyOptions) *Proxy {
	if opt.Timeout <= 0 {
		opt.Timeout = 20 * time.Second
	}
	if opt.MaxBytes <= 0 {
		opt.MaxBytes = 16 << 20
	}
	if opt.CacheBytes == 0 {
		opt.CacheBytes = 64 << 20
	}
	if opt.CacheFor <= 0 {
		opt.CacheFor = 10 * time.Minute
	}
	dialer := &net.Dialer{Timeout: 10 * time.Second, Control: func(_, address string, _ syscall.RawConn) error {
		if opt.AllowPrivate {
			return nil
		}
		ap, err := netip.ParseAddrPort(address)
		if err != nil || !PublicAddress(ap.Addr()) {
			return errPrivateAddress
		}
		return nil
	}}
	transport := &http.Transport{
		Proxy:                 nil, // the dial check above must see the service's own address
		DialContext:           dialer.DialContext,
		ForceAttemptHTTP2:     true,
		MaxIdleConnsPerHost:   8,
		IdleConnTimeout:       90 * time.Second,
		TLSHandshakeTimeout:   10 * time.Second,
		ResponseHeaderTimeout: opt.Timeout,
	}
	p := &Proxy{opt: opt, now: time.Now}
	p.client = &http.Client{Transport: transport, CheckRedirect: func(req *http.Request, via []*http.Request) error {
		if len(via) >= 3 {
			return errRedirect
		}
		if req.URL.Host != via[0].URL.Host || req.URL.Scheme != via[0].URL.Scheme {
			return errRedirect
		}
		// The same host: the credentials go along, as the first request carried them.
		if a := via[0].Header.Get("Authorization"); a != "" {
			req.Header.Set("Authorization", a)
		}
		return nil
	}}
	if opt.CacheBytes > 0 {
		p.cache = newProxyCache(opt.CacheBytes)
	}
	return p
}

var errRedirect = errors.New("redirect to another address")

// PublicAddress says whether the proxy may reach ip without AllowPrivate: not loopback,
// private (RFC 1918, fc00::/7), link-local, unspecified, multicast, CGNAT or the like.
func PublicAddress(ip netip.Addr) bool {
	ip = ip.Unmap()
	if !ip.IsValid() || ip.IsLoopback() || ip.IsPrivate() || ip.IsLinkLocalUnicast() || ip.IsLinkLocalMulticast() ||
		ip.IsInterfaceLocalMulticast() || ip.IsMulticast() || ip.IsUnspecified() {
		return false
	}
	for _, p := range nonPublic {
		if p.Contains(ip) {
			return false
		}
	}
	return true
}

var nonPublic = []netip.Prefix{
	netip.MustParsePrefix("0.0.0.0/8"),
	netip.MustParsePrefix("100.64.0.0/10"), // carrier-grade NAT
	netip.MustParsePrefix("192.0.0.0/24"),
	netip.MustParsePrefix("198.18.0.0/15"),
	netip.MustParsePrefix("240.0.0.0/4"),
	netip.MustParsePrefix("64:ff9b::/96"), // NAT64 may reach IPv4 private ranges
}

// CheckServiceURL is the check when a protected basemap is configured: an http(s) URL whose host
// is not a loopback or private address (by name or, when it resolves, by every address). A name
// that does not resolve now is accepted; the dial check refuses it later if it then points inside.
// It answers a field error key, or "".
func CheckServiceURL(ctx context.Context, raw string, allowPrivate bool) string {
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Hostname() == "" {
		return "field.url"
	}
	if allowPrivate {
		return ""
	}
	host := strings.ToLower(strings.TrimSuffix(u.Hostname(), "."))
	if host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return "field.url_private"
	}
	if ip, err := netip.ParseAddr(host); err == nil {
		if !PublicAddress(ip) {
			return "field.url_private"
		}
		return ""
	}
	ctx, cancel := context.WithTimeout(ctx, 3*time.Second)
	defer cancel()
	addrs, err := net.DefaultResolver.LookupNetIP(ctx, "ip", host)
	if err != nil {
		return ""
	}
	for _, a := range addrs {
		if !PublicAddress(a) {
			return "field.url_private"
		}
	}
	return ""
}

// upstreamError is the proxy's failure: 502 with the message key of what went wrong.
func upstreamError(key string, args map[string]any) *arbor.Error {
	return arbor.Errorf(arbor.EUPSTREAM, key, args)
}

// wmsParams are the WMS parameters passed on (case-insensitive); any other is dropped, so no
// request can make the service fetch a URL of the caller's choice (SLD=, a REMOTE layer …).
var wmsParams = map[string]string{
	"service": "SERVICE", "version": "VERSION", "request": "REQUEST", "layers": "LAYERS", "styles": "STYLES",
	"crs": "CRS", "srs": "SRS", "bbox": "BBOX", "width": "WIDTH", "height": "HEIGHT", "format": "FORMAT",
	"transparent": "TRANSPARENT", "bgcolor": "BGCOLOR", "exceptions": "EXCEPTIONS", "time": "TIME",
	"elevation": "ELEVATION", "dpi": "DPI", "map_resolution": "MAP_RESOLUTION", "format_options": "FORMAT_OPTIONS",
	// GetLegendGraphic's (SLD 1.1): the legend of one layer and style, an image.
	"layer": "LAYER", "style": "STYLE", "sld_version": "SLD_VERSION", "scale": "SCALE", "rule": "RULE",
}

// WMS passes a GetMap, GetLegendGraphic or GetCapabilities request to a WMS basemap. The
// capabilities are passed on with the service's own addresses replaced by the proxy's.
func (p *Proxy) WMS(ctx context.Context, up Upstream, q url.Values) (*ProxyAnswer, error) {
	if up.Type != "wms" {
		return nil, arbor.Errorf(arbor.ENOTFOUND, "error.not_found", nil)
	}
	fwd := map[string]string{}
	for k, vs := range q {
		if name, ok := wmsParams[strings.ToLower(k)]; ok && len(vs) > 0 {
			if len(vs[0]) > 500 {
				return nil, arbor.Invalid(map[string]string{name: "field.too_long.500"})
			}
			fwd[name] = vs[0]
		}
	}
	request := strings.ToLower(fwd["REQUEST"])
	switch request {
	case "getmap":
		for _, k := range []string{"WIDTH", "HEIGHT"} {
			n, err := strconv.Atoi(fwd[k])
			if err != nil || n < 1 || n > 4096 {
				return nil, arbor.Invalid(map[string]string{k: "field.map_size"})
			}
		}
		if fwd["BBOX"] == "" {
			return nil, arbor.Invalid(map[string]string{"BBOX": "field.required"})
		}
		if fwd["LAYERS"] == "" {
			fwd["LAYERS"] = up.Layers
		}
		if fwd["FORMAT"] == "" {
			fwd["FORMAT"] = "image/png"
		}
	case "getlegendgraphic":
		if fwd["LAYER"] == "" {
			return nil, arbor.Invalid(map[string]string{"LAYER": "field.required"})
		}
		if fwd["FORMAT"] == "" {
			fwd["FORMAT"] = "image/png"
		}
	case "getcapabilities":
	default:
		return nil, arbor.Invalid(map[string]string{"REQUEST": "field.wms_request"})
	}
	if fwd["SERVICE"] == "" {
		fwd["SERVICE"] = "WMS"
	}
	u, err := serviceURL(up.URL)
	if err != nil {
		return nil, err
	}
	values := u.Query()
	for k := range values {
		if _, ok := wmsParams[strings.ToLower(k)]; ok {
			values.Del(k) // the request's own value replaces the configured one
		}
	}
	for k, v := range fwd {
		values.Set(k, v)
	}
	u.RawQuery = values.Encode()
	if request == "getcapabilities" {
		service := *u
		return p.fetch(ctx, up, u, xmlTypes, func(_ string, body []byte) ([]byte, error) {
			return rewriteCapabilities(body, &service, up.Proxy+"/wms")
		})
	}
	return p.fetch(ctx, up, u, imageTypes, nil)
}

// Tile passes a tile request to an XYZ basemap (its URL template with {z}, {x}, {y}) or to an
// ESRI MapServer/ImageServer's tile cache ({url}/tile/{z}/{y}/{x}).
func (p *Proxy) Tile(ctx context.Context, up Upstream, z, x, y int) (*ProxyAnswer, error) {
	if z < 0 || z > 24 || x < 0 || y < 0 || x >= 1<<z || y >= 1<<z {
		return nil, arbor.Errorf(arbor.ENOTFOUND, "error.not_found", nil)
	}
	var raw string
	switch up.Type {
	case "xyz":
		raw = strings.NewReplacer("{z}", strconv.Itoa(z), "{x}", strconv.Itoa(x), "{y}", strconv.Itoa(y),
			"{-y}", strconv.Itoa((1<<z)-1-y)).Replace(up.URL)
	case "esri":
		raw = strings.TrimRight(up.URL, "/") + fmt.Sprintf("/tile/%d/%d/%d", z, y, x)
	default:
		return nil, arbor.Errorf(arbor.ENOTFOUND, "error.not_found", nil)
	}
	u, err := serviceURL(raw)
	if err != nil {
		return nil, err
	}
	p.token(up, u)
	return p.fetch(ctx, up, u, imageTypes, nil)
}

// esriParams are the parameters of an ESRI export passed on; f is always image.
var esriParams = map[string]string{
	"bbox": "bbox", "bboxsr": "bboxSR", "imagesr": "imageSR", "size": "size", "format": "format",
	"transparent": "transparent", "dpi": "dpi", "layers": "layers", "time": "time", "interpolation": "interpolation",
	"compressionquality": "compressionQuality", "bandids": "bandIds", "renderingrule": "renderingRule",
}

// ESRIExport passes an export request to an ESRI MapServer ({url}/export) or ImageServer
// ({url}/exportImage), always asking for the image itself (f=image).
func (p *Proxy) ESRIExport(ctx context.Context, up Upstream, q url.Values) (*ProxyAnswer, error) {
	if up.Type != "esri" {
		return nil, arbor.Errorf(arbor.ENOTFOUND, "error.not_found", nil)
	}
	values := url.Values{}
	for k, vs := range q {
		if name, ok := esriParams[strings.ToLower(k)]; ok && len(vs) > 0 {
			if len(vs[0]) > 500 {
				return nil, arbor.Invalid(map[string]string{name: "field.too_long.500"})
			}
			values.Set(name, vs[0])
		}
	}
	if values.Get("bbox") == "" {
		return nil, arbor.Invalid(map[string]string{"bbox": "field.required"})
	}
	if s := values.Get("size"); s != "" {
		w, h, ok := strings.Cut(s, ",")
		wn, err1 := strconv.Atoi(strings.TrimSpace(w))
		hn, err2 := strconv.Atoi(strings.TrimSpace(h))
		if !ok || err1 != nil || err2 != nil || wn < 1 || hn < 1 || wn > 4096 || hn > 4096 {
			return nil, arbor.Invalid(map[string]string{"size": "field.map_size"})
		}
	}
	if values.Get("layers") == "" && up.Layers != "" {
		values.Set("layers", up.Layers)
	}
	values.Set("f", "image")
	base := strings.TrimRight(up.URL, "/")
	op := "/export"
	if strings.HasSuffix(strings.ToLower(strings.SplitN(base, "?", 2)[0]), "/imageserver") {
		op = "/exportImage"
	}
	u, err := serviceURL(base)
	if err != nil {
		return nil, err
	}
	u.Path = strings.TrimRight(u.Path, "/") + op
	kept := u.Query()
	for k, vs := range values {
		kept[k] = vs
	}
	u.RawQuery = kept.Encode()
	p.token(up, u)
	return p.fetch(ctx, up, u, imageTypes, nil)
}

// Check asks the service for something small — the capabilities of a WMS, the first tile of an
// XYZ or ESRI service, a vector basemap's style — and answers its failure, if any: whether the service can be loaded with
// the stored credentials.
func (p *Proxy) Check(ctx context.Context, up Upstream) error {
	var err error
	switch up.Type {
	case "wms":
		_, err = p.WMS(ctx, up, url.Values{"REQUEST": {"GetCapabilities"}})
	case "esri":
		_, err = p.ESRIExport(ctx, up, url.Values{"bbox": {"-20037508,-20037508,20037508,20037508"}, "bboxSR": {"3857"}, "size": {"256,256"}})
	case "vector":
		_, err = p.Vector(ctx, up, "", "")
	default:
		_, err = p.Tile(ctx, up, 0, 0, 0)
	}
	return err
}

// token adds an ESRI token: a protected ESRI service with a password but no username takes the
// password as its token (ArcGIS Server and ArcGIS Online accept it as the token parameter).
func (p *Proxy) token(up Upstream, u *url.URL) {
	if up.Type == "esri" && up.Username == "" && up.Password != "" {
		q := u.Query()
		q.Set("token", up.Password)
		u.RawQuery = q.Encode()
	}
}

func serviceURL(raw string) (*url.URL, error) {
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		return nil, upstreamError("error.map_service", nil)
	}
	return u, nil
}

var (
	imageTypes = []string{"image/png", "image/jpeg", "image/jpg", "image/webp", "image/gif", "image/tiff"}
	xmlTypes   = []string{"application/xml", "text/xml", "application/vnd.ogc.wms_xml"}
)

// fetch asks the service, from the cache when it can. transform, if given, rewrites the answer's
// body before it is kept and passed on.
func (p *Proxy) fetch(parent context.Context, up Upstream, u *url.URL, want []string, transform func(ct string, body []byte) ([]byte, error)) (*ProxyAnswer, error) {
	key := up.ID + "@" + strconv.Itoa(up.Version) + " " + u.String()
	if a := p.cache.get(key, p.now()); a != nil {
		return a, nil
	}
	ctx, cancel := context.WithTimeout(parent, p.opt.Timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return nil, upstreamError("error.map_service", nil)
	}
	req.Header.Set("User-Agent", "Arbor basemap proxy")
	if up.Username != "" {
		req.SetBasicAuth(up.Username, up.Password)
	}
	res, err := p.client.Do(req)
	if err != nil {
		switch {
		case errors.Is(err, errRedirect):
			return nil, upstreamError("error.map_service_redirect", nil)
		case errors.Is(err, errPrivateAddress):
			return nil, upstreamError("error.map_service_private", nil)
		case errors.Is(err, context.DeadlineExceeded) || isTimeout(err):
			if parent.Err() != nil {
				return nil, parent.Err() // the caller went away
			}
			return nil, upstreamError("error.map_service_timeout", map[string]any{"seconds": int(p.opt.Timeout / time.Second)})
		case errors.Is(err, context.Canceled):
			return nil, err
		}
		return nil, upstreamError("error.map_service", nil)
	}
	defer res.Body.Close()
	switch {
	case res.StatusCode == http.StatusUnauthorized || res.StatusCode == http.StatusForbidden:
		return nil, arbor.Errorf(arbor.EUPSTREAMLOGIN, "error.map_service_login", nil)
	case res.StatusCode >= 300 && res.StatusCode < 400:
		return nil, upstreamError("error.map_service_redirect", nil)
	case res.StatusCode != http.StatusOK:
		return nil, upstreamError("error.map_service_status", map[string]any{"status": res.StatusCode})
	}
	if res.ContentLength > p.opt.MaxBytes {
		return nil, upstreamError("error.map_service_too_large", map[string]any{"limit": p.opt.MaxBytes >> 20})
	}
	body, err := io.ReadAll(io.LimitReader(res.Body, p.opt.MaxBytes+1))
	if err != nil {
		if isTimeout(err) || errors.Is(err, context.DeadlineExceeded) {
			return nil, upstreamError("error.map_service_timeout", map[string]any{"seconds": int(p.opt.Timeout / time.Second)})
		}
		return nil, upstreamError("error.map_service", nil)
	}
	if int64(len(body)) > p.opt.MaxBytes {
		return nil, upstreamError("error.map_service_too_large", map[string]any{"limit": p.opt.MaxBytes >> 20})
	}
	ct, _, _ := mime.ParseMediaType(res.Header.Get("Content-Type"))
	ct = strings.ToLower(ct)
	ok := false
	for _, w := range want {
		ok = ok || ct == w
	}
	if !ok {
		// A WMS tells of a failure as an XML exception with status 200; HTML is a login page or
		// an error page. Neither is passed on (nor would a page be served from our origin).
		if ct == "application/vnd.ogc.se_xml" || strings.Contains(string(body[:min(len(body), 2000)]), "ServiceException") {
			return nil, upstreamError("error.map_service_exception", nil)
		}
		if up.Type == "vector" {
			return nil, upstreamError("error.map_service_content", map[string]any{"type": ct})
		}
		return nil, upstreamError("error.map_service_type", map[string]any{"type": ct})
	}
	if ct == "image/jpg" {
		ct = "image/jpeg"
	}
	if transform != nil {
		if body, err = transform(ct, body); err != nil {
			return nil, upstreamError("error.map_service_unreadable", nil)
		}
	}
	sum := sha256.Sum256(body)
	a := &ProxyAnswer{Body: body, ContentType: ct, ETag: `"` + hex.EncodeToString(sum[:16]) + `"`, MaxAge: p.opt.CacheFor}
	p.cache.put(key, a, p.now().Add(p.opt.CacheFor))
	return a, nil
}

func isTimeout(err error) bool {
	var ne net.Error
	return errors.As(err, &ne) && ne.Timeout()
}

// proxyCache keeps answers by request, the least recently used dropped first when the memory
// budget is spent; an entry expires after CacheFor. A nil cache keeps nothing.
type proxyCache struct {
	mu     sync.Mutex
	budget int64
	used   int64
	order  *list.List
	items  map[string]*list.Element
}

type cacheEntry struct {
	key     string
	answer  *ProxyAnswer
	expires time.Time
}

func newProxyCache(budget int64) *proxyCache {
	return &proxyCache{budget: budget, order: list.New(), items: map[string]*list.Element{}}
}

func (c *proxyCache) get(key string, now time.Time) *ProxyAnswer {
	if c == nil {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	el, ok := c.items[key]
	if !ok {
		return nil
	}
	e := el.Value.(*cacheEntry)
	if now.After(e.expires) {
		c.remove(el)
		return nil
	}
	c.order.MoveToFront(el)
	a := *e.answer
	a.MaxAge = e.expires.Sub(now).Truncate(time.Second)
	return &a
}

func (c *proxyCache) put(key string, a *ProxyAnswer, expires time.Time) {
	size := int64(len(a.Body) + len(key) + 100)
	if c == nil || size > c.budget/4 {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.items[key]; ok {
		c.remove(el)
	}
	c.items[key] = c.order.PushFront(&cacheEntry{key: key, answer: a, expires: expires})
	c.used += size
	for c.used > c.budget {
		c.remove(c.order.Back())
	}
}

func (c *proxyCache) remove(el *list.Element) {
	e := c.order.Remove(el).(*cacheEntry)
	delete(c.items, e.key)
	c.used -= int64(len(e.answer.Body) + len(e.key) + 100)
}
