package files

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"
	"sync"
	"unicode/utf8"

	"arbor"
	"arbor/store"

	"github.com/google/uuid"
	"gocloud.dev/blob"
)

// The organisation's own background maps (docs/API.md "Background maps"): a PMTiles archive is
// taken as it is, an MBTiles file converted to one; either is checked whole before it is kept in
// the blob store (under background/, which the sweep of unknown blobs does not walk), and its
// tiles are read from there by range reads: the header and root directory once (kept in memory),
// a leaf directory when needed (kept too, a bounded number), then the tile itself.

// DefaultBackgroundMax is the largest archive taken unless ARBOR_BACKGROUND_MAX_MB says otherwise.
const DefaultBackgroundMax = 2 << 30

// archiveInfo is what is read from an archive to record it.
type archiveInfo struct {
	Name, Kind, Format, Compression, Source, Attribution string
	MinZoom, MaxZoom                                     int
	Bounds                                               [4]float64
	Layers                                               []string
	Tiles                                                int64
}

// archiveFromHeader is what the header says of an archive.
func archiveFromHeader(h pmHeader, format string) archiveInfo {
	info := archiveInfo{Kind: "raster", Format: format, Compression: "none", MinZoom: int(h.MinZoom), MaxZoom: int(h.MaxZoom),
		Bounds: [4]float64{float64(h.MinLon) / 1e7, float64(h.MinLat) / 1e7, float64(h.MaxLon) / 1e7, float64(h.MaxLat) / 1e7},
		Tiles:  int64(h.AddressedTiles)}
	if h.TileType == pmTypeMVT {
		info.Kind = "vector"
	}
	if h.TileCompression == pmCompressionGzip {
		info.Compression = "gzip"
	}
	return info
}

// BackgroundUpload is an archive on its way in.
type BackgroundUpload struct {
	Organisation string
	Who          store.Actor
	Name         string // as given, else the file's name without its extension
	Expected     int64  // the request's announced length, when known
	Max          int64  // the largest file taken
	TempDir      string // where the upload waits while it is checked ("" the system's)
}

// SaveBackground checks, stores and records an archive read from r: a PMTiles v3 archive, or an
// MBTiles file converted to one. Anything else is refused (415 background.invalid_format), as is
// a broken archive; nothing is left behind when it fails.
func (s *Service) SaveBackground(ctx context.Context, u BackgroundUpload, r io.Reader) (*store.BackgroundMap, error) {
	space, err := s.db.DataSpace(ctx, u.Organisation)
	if err != nil {
		return nil, err
	}
	if space.BytesAvailable <= 0 || u.Expected > space.BytesAvailable+(1<<20) {
		return nil, arbor.Errorf(arbor.ETOOLARGE, "files.storage_full", nil)
	}
	up, done, err := TempFile(u.TempDir, "arbor-background-*")
	if err != nil {
		return nil, err
	}
	defer done()
	in := &readErrors{r: io.LimitReader(r, u.Max+1)}
	n, err := io.Copy(up, in)
	if in.err != nil {
		// The upload broke off or was no proper form: the client's doing (a body over the
		// request's limit stays itself, for a 413).
		var tooLarge *http.MaxBytesError
		if errors.As(in.err, &tooLarge) {
			return nil, in.err
		}
		return nil, arbor.Errorf(arbor.EINVALID, "files.broken", nil)
	}
	if err != nil {
		return nil, err
	}
	if n > u.Max {
		return nil, arbor.Errorf(arbor.ETOOLARGE, "background.too_large", map[string]any{"limit": SizeLabel(u.Max)})
	}
	if n == 0 {
		return nil, arbor.Errorf(arbor.EINVALID, "files.empty", nil)
	}
	head := make([]byte, pmRootMax)
	k, _ := up.ReadAt(head, 0)
	head = head[:k]

	archive := up
	var info archiveInfo
	switch {
	case bytes.HasPrefix(head, []byte("PMTiles")):
		info, err = checkPMTiles(up, n)
		if err != nil {
			return nil, arbor.Errorf(arbor.EINVALID, "background.broken", nil)
		}
		info.Source = "pmtiles"
	case isSQLite(head):
		conv, convDone, err := TempFile(u.TempDir, "arbor-pmtiles-*")
		if err != nil {
			return nil, err
		}
		defer convDone()
		info, err = convertMBTiles(ctx, up.Name(), conv, u.TempDir)
		if errors.Is(err, errNotMBTiles) {
			return nil, arbor.Errorf(arbor.EINVALID, "background.broken_mbtiles", nil)
		}
		if err != nil {
			return nil, err
		}
		if n, err = conv.Seek(0, io.SeekEnd); err != nil {
			return nil, err
		}
		archive = conv
	default:
		return nil, arbor.Errorf(arbor.EFORMAT, "background.invalid_format", nil)
	}
	if n > space.BytesAvailable {
		return nil, arbor.Errorf(arbor.ETOOLARGE, "files.storage_full", nil)
	}
	name, err := backgroundName(u.Name, info.Name)
	if err != nil {
		return nil, err
	}
	key := "background/" + u.Organisation + "/" + uuid.NewString() + ".pmtiles"
	if err := s.putFile(ctx, key, archive); err != nil {
		return nil, err
	}
	var m *store.BackgroundMap
	err = s.db.InTx(ctx, func(tx *store.Tx) error {
		var err error
		m, err = tx.AddBackgroundMap(ctx, u.Who, store.NewBackgroundMap{Organisation: u.Organisation, Name: name,
			Kind: info.Kind, Format: info.Format, Compression: info.Compression, Source: info.Source, BlobKey: key,
			MinZoom: info.MinZoom, MaxZoom: info.MaxZoom, Bounds: info.Bounds, Layers: info.Layers,
			Attribution: truncate(info.Attribution, 300), Tiles: info.Tiles, Size: n})
		return err
	})
	if err != nil {
		_ = s.bucket.Delete(context.WithoutCancel(ctx), key)
		return nil, err
	}
	return m, nil
}

// readErrors notes the error of reading an upload, to tell it from one of writing it down.
type readErrors struct {
	r   io.Reader
	err error
}

func (e *readErrors) Read(p []byte) (int, error) {
	n, err := e.r.Read(p)
	if err != nil && err != io.EOF {
		e.err = err
	}
	return n, err
}

// putFile copies a file from its start into the blob store.
func (s *Service) putFile(ctx context.Context, key string, f *os.File) error {
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return err
	}
	w, err := s.bucket.NewWriter(ctx, key, &blob.WriterOptions{ContentType: "application/vnd.pmtiles"})
	if err != nil {
		return err
	}
	if _, err := io.Copy(w, f); err != nil {
		_ = w.Close()
		_ = s.bucket.Delete(context.WithoutCancel(ctx), key)
		return err
	}
	return w.Close()
}

// checkPMTiles reads an uploaded archive's header, every directory and its metadata: an archive
// that claims more than it holds, or whose directories cannot be read, is refused here rather
// than failing tile by tile later.
func checkPMTiles(f *os.File, size int64) (archiveInfo, error) {
	head := make([]byte, pmHeaderLen)
	if _, err := f.ReadAt(head, 0); err != nil {
		return archiveInfo{}, errNotPMTiles
	}
	h, err := readPMHeader(head)
	if err != nil {
		return archiveInfo{}, err
	}
	format, _, ok := tileFormat(h.TileType)
	if !ok || (h.TileCompression != pmCompressionNone && h.TileCompression != pmCompressionGzip) ||
		(h.InternalCompression != pmCompressionNone && h.InternalCompression != pmCompressionGzip) {
		return archiveInfo{}, errNotPMTiles
	}
	for _, part := range [][2]uint64{{h.RootOffset, h.RootLength}, {h.MetadataOffset, h.MetaLength},
		{h.LeafOffset, h.LeafLength}, {h.DataOffset, h.DataLength}} {
		if part[0]+part[1] < part[0] || part[0]+part[1] > uint64(size) {
			return archiveInfo{}, errNotPMTiles
		}
	}
	// section reads a part the archive keeps compressed: a directory or the metadata.
	section := func(off, n uint64) ([]byte, error) {
		if n > 64<<20 {
			return nil, errNotPMTiles
		}
		b := make([]byte, n)
		if _, err := f.ReadAt(b, int64(off)); err != nil {
			return nil, errNotPMTiles
		}
		return decompress(b, h.InternalCompression)
	}
	dir, err := section(h.RootOffset, h.RootLength)
	if err != nil {
		return archiveInfo{}, err
	}
	root, err := readPMDirectory(dir)
	if err != nil || len(root) == 0 {
		return archiveInfo{}, errNotPMTiles
	}
	for _, e := range root {
		if e.RunLength == 0 {
			if e.Offset+uint64(e.Length) > h.LeafLength {
				return archiveInfo{}, errNotPMTiles
			}
			leaf, err := section(h.LeafOffset+e.Offset, uint64(e.Length))
			if err != nil {
				return archiveInfo{}, err
			}
			if _, err := readPMDirectory(leaf); err != nil {
				return archiveInfo{}, err
			}
		} else if e.Offset+uint64(e.Length) > h.DataLength {
			return archiveInfo{}, errNotPMTiles
		}
	}
	info := archiveFromHeader(h, format)
	if h.MetaLength > 0 {
		meta, err := section(h.MetadataOffset, h.MetaLength)
		if err != nil {
			return archiveInfo{}, err
		}
		info.readMetadata(meta)
	}
	return info, nil
}

// readMetadata takes the archive's name, attribution and vector layers from its metadata (JSON).
func (info *archiveInfo) readMetadata(b []byte) {
	var meta struct {
		Name        string `json:"name"`
		Attribution string `json:"attribution"`
	}
	if json.Unmarshal(b, &meta) == nil {
		info.Name, info.Attribution = meta.Name, meta.Attribution
	}
	info.Layers = vectorLayerNames(b)
}

// SizeLabel names a size limit for people: whole megabytes, or bytes below one.
func SizeLabel(n int64) string {
	if n < 1<<20 {
		return fmt.Sprintf("%d bytes", n)
	}
	return fmt.Sprintf("%d MB", n>>20)
}

// backgroundName is the archive's name: as given, else the name its metadata holds.
func backgroundName(given, inFile string) (string, error) {
	name := strings.TrimSpace(given)
	for _, ext := range []string{".pmtiles", ".mbtiles"} {
		if len(name) > len(ext) && strings.EqualFold(name[len(name)-len(ext):], ext) {
			name = name[:len(name)-len(ext)]
		}
	}
	if name == "" {
		name = strings.TrimSpace(inFile)
	}
	if name == "" {
		name = "Background map"
	}
	if !utf8.ValidString(name) || strings.ContainsAny(name, "/\\\x00") {
		return "", arbor.Invalid(map[string]string{"name": "files.bad_name"})
	}
	return truncate(name, 200), nil
}

func truncate(s string, n int) string {
	if !utf8.ValidString(s) {
		s = strings.ToValidUTF8(s, "")
	}
	if r := []rune(s); len(r) > n {
		return string(r[:n])
	}
	return s
}

// BackgroundTile is one tile of an archive: its bytes as stored (gzip when the archive's tiles
// are) and an ETag that names it within the archive, which never changes.
type BackgroundTile struct {
	Body []byte
	ETag string
}

// archiveDirs is what is kept of an archive: its header and root directory.
type archiveDirs struct {
	h    pmHeader
	root []pmEntry
}

// archiveCache keeps the directories of the archives being served. Archives never change (a new
// upload is a new blob), so nothing kept goes stale; the caches are emptied when full.
type archiveCache struct {
	mu     sync.Mutex
	heads  map[string]*archiveDirs
	leaves map[string][]pmEntry
}

const (
	maxCachedArchives = 64
	maxCachedLeaves   = 256
)

func (c *archiveCache) head(key string) *archiveDirs {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.heads[key]
}

func (c *archiveCache) keepHead(key string, d *archiveDirs) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.heads == nil || len(c.heads) >= maxCachedArchives {
		c.heads = map[string]*archiveDirs{}
	}
	c.heads[key] = d
}

func (c *archiveCache) leaf(key string) []pmEntry {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.leaves[key]
}

func (c *archiveCache) keepLeaf(key string, entries []pmEntry) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.leaves == nil || len(c.leaves) >= maxCachedLeaves {
		c.leaves = map[string][]pmEntry{}
	}
	c.leaves[key] = entries
}

// readRange reads n bytes at off of a blob.
func (s *Service) readRange(ctx context.Context, key string, off, n uint64) ([]byte, error) {
	rr, err := s.bucket.NewRangeReader(ctx, key, int64(off), int64(n), nil)
	if err != nil {
		return nil, err
	}
	defer rr.Close()
	return io.ReadAll(rr)
}

// archive reads (or finds kept) an archive's header and root directory.
func (s *Service) archive(ctx context.Context, key string) (*archiveDirs, error) {
	if d := s.archives.head(key); d != nil {
		return d, nil
	}
	b, err := s.readRange(ctx, key, 0, pmRootMax)
	if err != nil {
		return nil, err
	}
	h, err := readPMHeader(b)
	if err != nil || uint64(len(b)) < h.RootOffset+h.RootLength {
		return nil, fmt.Errorf("background map %s: %w", key, errNotPMTiles)
	}
	dir, err := decompress(b[h.RootOffset:h.RootOffset+h.RootLength], h.InternalCompression)
	if err != nil {
		return nil, err
	}
	root, err := readPMDirectory(dir)
	if err != nil {
		return nil, err
	}
	d := &archiveDirs{h: h, root: root}
	s.archives.keepHead(key, d)
	return d, nil
}

// Tile reads tile z/x/y of an archive; nil when the archive has none there.
func (s *Service) Tile(ctx context.Context, m *store.BackgroundMap, z, x, y int) (*BackgroundTile, error) {
	if z < 0 || z > 30 || x < 0 || y < 0 || x >= 1<<z || y >= 1<<z {
		return nil, nil
	}
	d, err := s.archive(ctx, m.BlobKey)
	if err != nil {
		return nil, err
	}
	if z < int(d.h.MinZoom) || z > int(d.h.MaxZoom) {
		return nil, nil
	}
	id := pmTileID(uint8(z), uint32(x), uint32(y))
	entries := d.root
	for depth := 0; depth < 4; depth++ {
		e := findPMEntry(entries, id)
		if e == nil {
			return nil, nil
		}
		if e.RunLength > 0 {
			body, err := s.readRange(ctx, m.BlobKey, d.h.DataOffset+e.Offset, uint64(e.Length))
			if err != nil {
				return nil, err
			}
			return &BackgroundTile{Body: body, ETag: fmt.Sprintf(`"%s-%x-%x"`, m.ID[:8], e.Offset, e.Length)}, nil
		}
		leafKey := fmt.Sprintf("%s@%d", m.BlobKey, e.Offset)
		if entries = s.archives.leaf(leafKey); entries == nil {
			raw, err := s.readRange(ctx, m.BlobKey, d.h.LeafOffset+e.Offset, uint64(e.Length))
			if err != nil {
				return nil, err
			}
			dir, err := decompress(raw, d.h.InternalCompression)
			if err != nil {
				return nil, err
			}
			if entries, err = readPMDirectory(dir); err != nil {
				return nil, err
			}
			s.archives.keepLeaf(leafKey, entries)
		}
	}
	return nil, nil
}
