package api

import (
	"net/http"
	"strconv"
	"strings"
	"time"

	"arbor"
	"arbor/geo"

	"github.com/go-chi/chi/v5"
)

// The basemap proxy's handlers (docs/API.md "Basemap proxy"): each reads the project's basemap
// named in the path with its sealed credentials, opens them and lets geo.Proxy ask the service.

// upstream reads the basemap of the path as the proxy needs it.
func (s *Server) upstream(r *http.Request) (geo.Upstream, error) {
	id, err := pathID(r, "basemapId")
	if err != nil {
		return geo.Upstream{}, err
	}
	t := targetOf(r)
	b, sealed, err := s.db.BasemapWithSecret(r.Context(), t.organisationID, t.projectID, id)
	if err != nil {
		return geo.Upstream{}, err
	}
	if b.Username == "" && sealed == "" {
		// A basemap without credentials is loaded by the browser itself; the server fetches
		// only what needs the credentials it keeps.
		return geo.Upstream{}, arbor.Errorf(arbor.EINVALID, "error.basemap_open", nil)
	}
	password, err := s.signer.Open(sealed)
	if err != nil {
		// Sealed with another secret (ARBOR_SECRET changed): the password has to be entered again.
		s.log.WarnContext(r.Context(), "basemap password cannot be opened", "basemap", id, "err", err)
		return geo.Upstream{}, arbor.Errorf(arbor.EUPSTREAMLOGIN, "error.map_service_login", nil)
	}
	return geo.Upstream{ID: b.ID, Version: b.Version, Type: b.Type, URL: b.URL, Layers: b.Layers,
		Username: b.Username, Password: password,
		Proxy: strings.TrimRight(s.baseURL, "/") + "/api/management/project/" + t.projectID + "/basemaps/" + b.ID}, nil
}

// writeProxied answers what the proxy fetched, with its ETag (304 on a match) and how long the
// browser may keep it (private: it was fetched with someone's credentials).
func writeProxied(w http.ResponseWriter, r *http.Request, a *geo.ProxyAnswer) {
	h := w.Header()
	h.Set("ETag", a.ETag)
	h.Set("Cache-Control", "private, max-age="+strconv.Itoa(int(a.MaxAge/time.Second)))
	// What a service sends is never run as a page of ours.
	h.Set("Content-Security-Policy", "default-src 'none'; sandbox")
	if m := r.Header.Get("If-None-Match"); m != "" && etagMatches(m, a.ETag) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	h.Set("Content-Type", a.ContentType)
	h.Set("Content-Length", strconv.Itoa(len(a.Body)))
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(a.Body)
}

// proxied answers what fetch asks the service of the path's basemap for.
func (s *Server) proxied(w http.ResponseWriter, r *http.Request, fetch func(up geo.Upstream) (*geo.ProxyAnswer, error)) error {
	up, err := s.upstream(r)
	if err != nil {
		return err
	}
	a, err := fetch(up)
	if err != nil {
		return err
	}
	writeProxied(w, r, a)
	return nil
}

func (s *Server) proxyWMS(w http.ResponseWriter, r *http.Request) error {
	return s.proxied(w, r, func(up geo.Upstream) (*geo.ProxyAnswer, error) {
		return s.proxy.WMS(r.Context(), up, r.URL.Query())
	})
}

func (s *Server) proxyTile(w http.ResponseWriter, r *http.Request) error {
	return s.proxied(w, r, func(up geo.Upstream) (*geo.ProxyAnswer, error) {
		var zxy [3]int
		for i, name := range []string{"z", "x", "y"} {
			n, err := strconv.Atoi(chi.URLParam(r, name))
			if err != nil {
				return nil, arbor.Errorf(arbor.ENOTFOUND, "error.not_found", nil)
			}
			zxy[i] = n
		}
		return s.proxy.Tile(r.Context(), up, zxy[0], zxy[1], zxy[2])
	})
}

func (s *Server) proxyExport(w http.ResponseWriter, r *http.Request) error {
	return s.proxied(w, r, func(up geo.Upstream) (*geo.ProxyAnswer, error) {
		return s.proxy.ESRIExport(r.Context(), up, r.URL.Query())
	})
}

// proxyStyle answers a protected vector basemap's style, its addresses on the service's host
// written as the proxy's (…/vector/…).
func (s *Server) proxyStyle(w http.ResponseWriter, r *http.Request) error {
	return s.proxied(w, r, func(up geo.Upstream) (*geo.ProxyAnswer, error) {
		return s.proxy.Vector(r.Context(), up, "", "")
	})
}

// proxyVector answers a part of a protected vector style — TileJSON, a tile, the sprite, glyphs —
// from the path after /vector/ on the style's own host.
func (s *Server) proxyVector(w http.ResponseWriter, r *http.Request) error {
	return s.proxied(w, r, func(up geo.Upstream) (*geo.ProxyAnswer, error) {
		_, rest, ok := strings.Cut(r.URL.EscapedPath(), "/basemaps/"+chi.URLParam(r, "basemapId")+"/vector/")
		if !ok || rest == "" {
			return nil, arbor.Errorf(arbor.ENOTFOUND, "error.not_found", nil)
		}
		return s.proxy.Vector(r.Context(), up, rest, r.URL.RawQuery)
	})
}

// checkBasemap asks the service for something small and answers 204, or why it cannot be loaded
// (502 map_service_login: the stored username or password is refused).
func (s *Server) checkBasemap(w http.ResponseWriter, r *http.Request) error {
	up, err := s.upstream(r)
	if err != nil {
		return err
	}
	if err := s.proxy.Check(r.Context(), up); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}
