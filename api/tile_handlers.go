package api

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"arbor"
	"arbor/store"
	"arbor/tiles"
	"arbor/tiles/layers"

	"github.com/go-chi/chi/v5"
)

// tile answers GET /api/tiles/{id}/{layer}/{z}/{x}/{y}.mvt[?filter=<json>]: the objects that pass
// the filter (default: the stock) within the caller's access limit, gzip-compressed with a strong ETag,
// 304 when the client holds it already. The ?rev= of the URL (from the TileJSON) only makes the
// URL change with the content; the tile is always rendered for the current revision. A small tile
// (tiles.SmallTile) is sent as it is, without Content-Encoding.
func (s *Server) tile(w http.ResponseWriter, r *http.Request) error {
	req, err := tileParams(r)
	if err != nil {
		return err
	}
	t, mvt, err := s.tiles.Tile(r.Context(), content(r), req.layer, req.z, req.x, req.y, req.filter)
	if err != nil {
		return err
	}
	return writeTile(w, r, t, mvt)
}

// tileRequest is what a tile's URL asks for.
type tileRequest struct {
	layer   string
	z, x, y int
	filter  *store.Filter // nil: the stock
}

// tileParams reads a tile's layer, coordinates and filter from its URL.
func tileParams(r *http.Request) (tileRequest, error) {
	req := tileRequest{layer: chi.URLParam(r, "layer")}
	if _, ok := layers.Named(req.layer); !ok {
		return req, arbor.Errorf(arbor.ENOTFOUND, "tile.layer", nil)
	}
	for _, c := range []struct {
		name string
		n    *int
	}{{"z", &req.z}, {"x", &req.x}, {"y", &req.y}} {
		n, err := strconv.Atoi(chi.URLParam(r, c.name))
		if err != nil {
			return req, arbor.Errorf(arbor.EINVALID, "tile.coordinates", map[string]any{"max": tiles.MaxZoom})
		}
		*c.n = n
	}
	if v := r.URL.Query().Get("filter"); v != "" {
		req.filter = &store.Filter{}
		if err := json.Unmarshal([]byte(v), req.filter); err != nil {
			return req, arbor.Invalid(map[string]string{"filter": "filter.json"})
		}
	}
	return req, nil
}

// writeTile answers a tile with its ETag (304 when the client holds it), compressed when it is
// and the client takes gzip, else as the plain MVT: mvt when it was rendered just now, the
// compressed body decompressed when it came from the cache.
func writeTile(w http.ResponseWriter, r *http.Request, t *tiles.Tile, mvt []byte) error {
	h := w.Header()
	h.Set("Content-Type", "application/vnd.mapbox-vector-tile")
	h.Set("ETag", t.ETag)
	h.Set("Cache-Control", "private, max-age=3600")
	h.Set("Vary", "Accept-Encoding, Cookie, Authorization")
	if match := r.Header.Get("If-None-Match"); match != "" && etagMatches(match, t.ETag) {
		w.WriteHeader(http.StatusNotModified)
		return nil
	}
	body := t.Body
	switch {
	case !t.Gzip:
	case strings.Contains(r.Header.Get("Accept-Encoding"), "gzip"):
		h.Set("Content-Encoding", "gzip")
	case mvt != nil: // rendered just now: no need to decompress
		body = mvt
	default:
		zr, err := gzip.NewReader(bytes.NewReader(t.Body))
		if err != nil {
			return err
		}
		_, _ = io.Copy(w, zr)
		return nil
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	_, _ = w.Write(body)
	return nil
}

func etagMatches(header, etag string) bool {
	for _, part := range strings.Split(header, ",") {
		p := strings.TrimSpace(part)
		if p == etag || p == "*" || strings.TrimPrefix(p, "W/") == etag {
			return true
		}
	}
	return false
}

// tileJSON answers GET /api/tiles/{id}/{layer}.json (TileJSON 3.0): the tile URL with the
// project's current revision, the zoom range and the extent of its objects.
func (s *Server) tileJSON(w http.ResponseWriter, r *http.Request) error {
	l, ok := layers.Named(strings.TrimSuffix(chi.URLParam(r, "layerJSON"), ".json"))
	if !ok || !strings.HasSuffix(chi.URLParam(r, "layerJSON"), ".json") {
		return arbor.Errorf(arbor.ENOTFOUND, "tile.layer", nil)
	}
	sc := content(r)
	st, err := s.db.TileState(r.Context(), sc)
	if err != nil {
		return err
	}
	base := strings.TrimRight(s.baseURL, "/")
	key := ""
	if k := r.URL.Query().Get("key"); k != "" {
		// A client that sent its API key in the URL (QGIS) sends the tile URLs as they are.
		key = "&key=" + url.QueryEscape(k)
	}
	tj := map[string]any{
		"tilejson":      "3.0.0",
		"name":          l.Name,
		"scheme":        "xyz",
		"tiles":         []string{base + "/api/tiles/" + sc.ProjectID + "/" + l.Name + "/{z}/{x}/{y}.mvt?rev=" + strconv.FormatInt(st.Revision, 10) + key},
		"minzoom":       0,
		"maxzoom":       tiles.MaxZoom,
		"revision":      st.Revision,
		"detail_zoom":   l.DetailZoom,
		"label_zoom":    l.LabelZoom,
		"vector_layers": []map[string]any{{"id": l.Name, "fields": l.TileJSONFields(), "minzoom": 0, "maxzoom": tiles.MaxZoom}},
	}
	if st.Bounds != nil {
		tj["bounds"] = st.Bounds
	}
	writeJSON(w, http.StatusOK, tj)
	return nil
}
