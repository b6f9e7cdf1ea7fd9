package api

import (
	"context"
	"errors"
	"io"
	"mime/multipart"
	"net/http"
	"os"
	"slices"
	"strconv"
	"strings"

	"arbor"
	"arbor/files"
	"arbor/store"

	"github.com/go-chi/chi/v5"
	"github.com/google/uuid"
)

// The organisation's own background maps (docs/API.md "Background maps", the add-on
// 'background'): administrators upload and remove PMTiles or MBTiles archives; the members of
// the organisation's projects (and API keys of them) read their tiles, which a project's map
// settings offer as basemaps.

// listBackgroundMaps answers the organisation's archives and whether it may use the add-on: to
// its administrators, and to a project's settings, which may offer them as basemaps.
func (s *Server) listBackgroundMaps(w http.ResponseWriter, r *http.Request) error {
	t := targetOf(r)
	list, err := s.db.BackgroundMaps(r.Context(), t.organisationID)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]any{"items": list, "total": len(list), "addon": slices.Contains(t.addons, "background")})
	return nil
}

// saveBackgroundMap takes an archive (multipart: name, then file), streamed to a temporary file
// while it is checked, at most the configured size (ARBOR_BACKGROUND_MAX_MB).
func (s *Server) saveBackgroundMap(w http.ResponseWriter, r *http.Request) error {
	fs, parts, err := s.fileUpload(w, r, s.bgMax)
	if err != nil {
		return err
	}
	name, p, err := backgroundPart(parts)
	if err != nil {
		return s.backgroundUploadError(err)
	}
	t := targetOf(r)
	m, err := fs.SaveBackground(r.Context(), files.BackgroundUpload{Organisation: t.organisationID, Who: actor(r),
		Name: name, Expected: r.ContentLength, Max: s.bgMax, TempDir: os.TempDir()}, p)
	if err != nil {
		return s.backgroundUploadError(err)
	}
	writeJSON(w, http.StatusCreated, m)
	return nil
}

// backgroundPart reads the form up to its file: a name before it, else the file's name.
func backgroundPart(parts *multipart.Reader) (string, *multipart.Part, error) {
	name := ""
	for {
		p, err := parts.NextPart()
		if errors.Is(err, io.EOF) {
			return "", nil, arbor.Invalid(map[string]string{"file": "files.file_required"})
		}
		if err != nil {
			return "", nil, brokenForm(err)
		}
		switch p.FormName() {
		case "name":
			b, err := io.ReadAll(io.LimitReader(p, 1<<10))
			if err != nil {
				return "", nil, brokenForm(err)
			}
			name = strings.TrimSpace(string(b))
		case "file":
			if name == "" {
				name = rawFileName(p.Header.Get("Content-Disposition"))
			}
			return name, p, nil
		}
	}
}

// brokenForm is a form that cannot be read: the client's doing (400), or a body over the limit (413).
func brokenForm(err error) error {
	var tooLarge *http.MaxBytesError
	if errors.As(err, &tooLarge) {
		return err
	}
	return arbor.Errorf(arbor.EINVALID, "files.broken", nil)
}

// backgroundUploadError names a body over the limit as such (413 with the configured limit).
func (s *Server) backgroundUploadError(err error) error {
	err = fileUploadError(err)
	var ae *arbor.Error
	if errors.As(err, &ae) && ae.Key == "files.too_large" {
		return arbor.Errorf(arbor.ETOOLARGE, "background.too_large", map[string]any{"limit": files.SizeLabel(s.bgMax)})
	}
	return err
}

// deleteBackgroundMap removes an archive, and with it every project's basemap of it.
func (s *Server) deleteBackgroundMap(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "mapId")
	if err != nil {
		return err
	}
	if err := s.db.DeleteBackgroundMap(r.Context(), targetOf(r).organisationID, id); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// projectBackgroundMap is the {mapId} of the path, one of the project's organisation's.
func (s *Server) projectBackgroundMap(r *http.Request) (*store.BackgroundMap, error) {
	id, err := pathID(r, "mapId")
	if err != nil {
		return nil, err
	}
	t := targetOf(r)
	return s.db.ProjectBackgroundMap(r.Context(), t.organisationID, t.projectID, id)
}

// backgroundTile answers a tile of an archive, read from the blob store by range reads: 200 with
// an ETag (304 when the browser holds it), gzip'd vector tiles with Content-Encoding gzip, 204
// for a tile the archive does not hold (MapLibre draws nothing there), 404 for another format
// or a tile outside the web map's grid.
func (s *Server) backgroundTile(w http.ResponseWriter, r *http.Request) error {
	fs, err := s.fileService()
	if err != nil {
		return err
	}
	m, err := s.projectBackgroundMap(r)
	if err != nil {
		return err
	}
	zxy, ok := tileAddress(r, m.Format)
	if !ok {
		return arbor.Errorf(arbor.ENOTFOUND, "error.not_found", nil)
	}
	tile, err := fs.Tile(r.Context(), m, zxy[0], zxy[1], zxy[2])
	if err != nil {
		return err
	}
	writeBackgroundTile(w, r, m, tile)
	return nil
}

// tileAddress is the z/x/y of the path, when the tile lies in the web map's grid and is asked for
// in the archive's format.
func tileAddress(r *http.Request, format string) ([3]int, bool) {
	var zxy [3]int
	yExt := chi.URLParam(r, "tile")
	dot := strings.LastIndexByte(yExt, '.')
	if dot < 0 || yExt[dot+1:] != format {
		return zxy, false
	}
	for i, v := range []string{chi.URLParam(r, "z"), chi.URLParam(r, "x"), yExt[:dot]} {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 || (i == 0 && n > 30) {
			return zxy, false
		}
		zxy[i] = n
	}
	return zxy, zxy[1] < 1<<zxy[0] && zxy[2] < 1<<zxy[0]
}

// writeBackgroundTile writes a tile of m, or none (nil).
func writeBackgroundTile(w http.ResponseWriter, r *http.Request, m *store.BackgroundMap, tile *files.BackgroundTile) {
	h := w.Header()
	// An archive never changes (a new upload is a new archive): a day in the browser's cache,
	// then asked again cheaply by its ETag.
	h.Set("Cache-Control", "private, max-age=86400")
	h.Set("Vary", "Cookie, Authorization")
	if tile == nil {
		w.WriteHeader(http.StatusNoContent)
		return
	}
	h.Set("ETag", tile.ETag)
	if match := r.Header.Get("If-None-Match"); match != "" && etagMatches(match, tile.ETag) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	h.Set("Content-Type", files.TileContentType(m.Format))
	if m.Compression == "gzip" {
		h.Set("Content-Encoding", "gzip")
	}
	h.Set("Content-Length", strconv.Itoa(len(tile.Body)))
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(tile.Body)
}

// backgroundTileURL is the absolute address of an archive's tiles for a project.
func (s *Server) backgroundTileURL(projectID string, m *store.BackgroundMap) string {
	return strings.TrimRight(s.baseURL, "/") + "/api/background/" + projectID + "/" + m.ID + "/{z}/{x}/{y}." + m.Format
}

// backgroundTileJSON answers an archive's TileJSON: its tiles' address, zooms and bounds (a
// map then draws its tiles larger beyond the archive's highest zoom).
func (s *Server) backgroundTileJSON(w http.ResponseWriter, r *http.Request) error {
	m, err := s.projectBackgroundMap(r)
	if err != nil {
		return err
	}
	tj := map[string]any{"tilejson": "3.0.0", "name": m.Name, "scheme": "xyz",
		"tiles":   []string{s.backgroundTileURL(targetOf(r).projectID, m)},
		"minzoom": m.MinZoom, "maxzoom": m.MaxZoom, "bounds": m.Bounds, "format": m.Format}
	if m.Attribution != "" {
		tj["attribution"] = m.Attribution
	}
	if m.Kind == "vector" {
		vl := []map[string]any{}
		for _, l := range m.Layers {
			vl = append(vl, map[string]any{"id": l, "fields": map[string]any{}})
		}
		tj["vector_layers"] = vl
	}
	w.Header().Set("Cache-Control", "private, max-age=3600")
	writeJSON(w, http.StatusOK, tj)
	return nil
}

// backgroundStyle answers a simple MapLibre style of an archive (docs/API.md "Background maps"):
// a vector archive's layers' areas, lines and points in greys and blues, without labels, so that
// a project's data stays readable above it; a raster archive's tiles as they are.
func (s *Server) backgroundStyle(w http.ResponseWriter, r *http.Request) error {
	m, err := s.projectBackgroundMap(r)
	if err != nil {
		return err
	}
	src := map[string]any{
		"type":    "vector",
		"tiles":   []string{s.backgroundTileURL(targetOf(r).projectID, m)},
		"minzoom": m.MinZoom,
		"maxzoom": m.MaxZoom,
		"bounds":  m.Bounds,
	}
	if m.Attribution != "" {
		src["attribution"] = m.Attribution
	}
	layers := []map[string]any{}
	if m.Kind == "raster" {
		// A raster archive's style is its tiles as they are (for programs that take a style).
		src["type"], src["tileSize"] = "raster", 256
		layers = append(layers, map[string]any{"id": "background", "type": "raster", "source": "background"})
	}
	for _, l := range m.Layers {
		layers = append(layers, vectorStyleLayers(l)...)
	}
	w.Header().Set("Cache-Control", "private, max-age=3600")
	writeJSON(w, http.StatusOK, map[string]any{"version": 8, "name": m.Name,
		"sources": map[string]any{"background": src}, "layers": layers})
	return nil
}

// vectorStyleLayers draws a vector layer's areas, lines and points: water in blues, the rest in greys.
func vectorStyleLayers(l string) []map[string]any {
	fill, line := "#e4e2dc", "#b9b4aa"
	if strings.Contains(strings.ToLower(l), "water") {
		fill, line = "#b9d3e6", "#8fb5d1"
	}
	return []map[string]any{
		{"id": l + "-fill", "type": "fill", "source": "background", "source-layer": l,
			"filter": []any{"==", []any{"geometry-type"}, "Polygon"},
			"paint":  map[string]any{"fill-color": fill, "fill-outline-color": line, "fill-opacity": 0.8}},
		{"id": l + "-line", "type": "line", "source": "background", "source-layer": l,
			"filter": []any{"==", []any{"geometry-type"}, "LineString"},
			"paint":  map[string]any{"line-color": line, "line-width": 1}},
		{"id": l + "-point", "type": "circle", "source": "background", "source-layer": l,
			"filter": []any{"==", []any{"geometry-type"}, "Point"},
			"paint":  map[string]any{"circle-color": line, "circle-radius": 2}},
	}
}

// hostedBasemapFields are a project's basemap of one of its organisation's archives: its URL is
// the archive's TileJSON (raster) or default style (vector), Layers its kind.
func (s *Server) hostedBasemapFields(ctx context.Context, t target, req basemapRequest) (store.BasemapFields, error) {
	if !slices.Contains(t.addons, "background") {
		return store.BasemapFields{}, arbor.Errorf(arbor.EFORBIDDEN, "package.addon_needed.background", nil)
	}
	id, err := uuid.Parse(req.BackgroundMap)
	if err != nil {
		return store.BasemapFields{}, arbor.Invalid(map[string]string{"background_map": "field.required"})
	}
	m, err := s.db.BackgroundMap(ctx, t.organisationID, id.String())
	if arbor.ErrorCode(err) == arbor.ENOTFOUND {
		return store.BasemapFields{}, arbor.Invalid(map[string]string{"background_map": "background.unknown"})
	}
	if err != nil {
		return store.BasemapFields{}, err
	}
	f := store.BasemapFields{Name: strings.TrimSpace(req.Name), Type: "hosted", Layers: m.Kind,
		Attribution: strings.TrimSpace(req.Attribution), Position: req.Position, BackgroundMap: &m.ID}
	if f.Name == "" {
		f.Name = m.Name
	}
	if f.Attribution == "" {
		f.Attribution = m.Attribution
	}
	f.URL = "/api/background/" + t.projectID + "/" + m.ID + "/tiles.json"
	if m.Kind == "vector" {
		f.URL = "/api/background/" + t.projectID + "/" + m.ID + "/style.json"
	}
	c := checks{}
	c.name("name", f.Name)
	c.maxLen("attribution", f.Attribution, 300)
	return f, c.err()
}
