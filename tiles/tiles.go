// Package tiles serves a project's trees, groups and works as Mapbox vector tiles: rendered by
// PostGIS (store/tiles.go), gzip-compressed once, kept in a memory-bounded cache under a key
// that carries the project's content revision, and answered with a strong ETag.
package tiles

import (
	"arbor/tiles/layers"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"strconv"
	"sync"
	"time"

	"arbor"
	"arbor/store"

	"github.com/cespare/xxhash/v2"
	"github.com/klauspost/compress/gzip"
	"golang.org/x/sync/singleflight"
)

// MaxZoom is the deepest zoom served.
const MaxZoom = 22

// Tile is a rendered tile, gzip-compressed unless it is small, with its entity tag.
type Tile struct {
	Body     []byte // the MVT, gzip-compressed when Gzip is set
	Gzip     bool
	ETag     string
	Raw      int // bytes before compression
	Revision int64
}

// Size is what the tile costs the cache.
func (t *Tile) Size() int64 { return int64(len(t.Body) + len(t.ETag) + 64) }

// SmallTile is the size up to which a tile is sent as it is: it fits one packet either way, and
// compressing it (to about 60%) cost a fifth of the server's time for a street-level tile, most
// of it building the Huffman tables of a block, whatever its size (BENCHMARKS.md).
const SmallTile = 1400

// Revisions answers a project's current content revision.
type Revisions func(ctx context.Context, sc store.Content) (int64, error)

// Service renders and caches tiles.
type Service struct {
	db    *store.DB
	rev   Revisions
	cache *Cache[*Tile]
	now   func() time.Time
	group singleflight.Group // one rendering per tile at a time, however many ask
}

// New returns a Service with a cache of cacheBytes.
func New(db *store.DB, rev Revisions, cacheBytes int64, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{db: db, rev: rev, cache: NewCache[*Tile](cacheBytes), now: now}
}

// CheckTile refuses coordinates outside the tile grid.
func CheckTile(z, x, y int) error {
	if z < 0 || z > MaxZoom || x < 0 || y < 0 || x >= 1<<z || y >= 1<<z {
		return arbor.Errorf(arbor.EINVALID, "tile.coordinates", map[string]any{"max": MaxZoom})
	}
	return nil
}

// Tile answers one tile of a project's layer, of the objects that pass filter (nil: the stock), from the cache when it can, and the MVT as it is
// when this call rendered it (nil from the cache): a client that takes no gzip is then sent that
// instead of a compressed tile decompressed again.
func (s *Service) Tile(ctx context.Context, sc store.Content, layer string, z, x, y int, filter *store.Filter) (*Tile, []byte, error) {
	if err := CheckTile(z, x, y); err != nil {
		return nil, nil, err
	}
	l, ok := layers.Named(layer)
	if !ok {
		return nil, nil, arbor.Errorf(arbor.ENOTFOUND, "tile.layer", nil)
	}
	// A filter's polygon is checked before it keys the cache or reaches the tile's SQL: a
	// broken one is refused with PostGIS's reason, not a failed query.
	if filter != nil && len(filter.Geometry) > 0 && string(filter.Geometry) != "null" {
		if _, err := s.db.CheckGeometry(ctx, filter.Geometry, "geometry"); err != nil {
			return nil, nil, err
		}
	}
	rev, err := s.rev(ctx, sc)
	if err != nil {
		return nil, nil, err
	}
	key, err := s.key(sc, rev, layer, z, x, y, filter)
	if err != nil {
		return nil, nil, err
	}
	if t, ok := s.cache.Get(key); ok {
		return t, nil, nil
	}
	type rendered struct {
		t   *Tile
		mvt []byte
	}
	v, err, _ := s.group.Do(key, func() (any, error) {
		mvt, err := s.db.Tile(ctx, sc, l.Name, zooms(l), z, x, y, filter)
		if err != nil {
			return nil, err
		}
		t, err := compress(mvt, rev)
		if err != nil {
			return nil, err
		}
		s.cache.Put(key, t)
		return rendered{t, mvt}, nil
	})
	if err != nil {
		return nil, nil, err
	}
	r := v.(rendered)
	return r.t, r.mvt, nil
}

// key names a tile as a person sees it now. The day is part of it because deadline and
// inspection classes are computed for today.
func (s *Service) key(sc store.Content, rev int64, layer string, z, x, y int, filter *store.Filter) (string, error) {
	// People with different access limits or filters see different tiles of one project. Most
	// see the whole stock: their view needs no hashing.
	view := "stock"
	if sc.Limit != nil || filter != nil {
		b, err := json.Marshal([]*store.Filter{sc.Limit, filter})
		if err != nil {
			return "", err
		}
		sum := sha256.Sum256(b)
		view = hex.EncodeToString(sum[:12])
	}
	k := make([]byte, 0, 128)
	k = append(k, sc.ProjectID...)
	k = append(k, '/')
	k = strconv.AppendInt(k, rev, 10)
	k = append(k, '/')
	k = s.now().AppendFormat(k, time.DateOnly)
	k = append(k, '/')
	k = append(k, view...)
	k = append(k, '/')
	k = append(k, layer...)
	for _, n := range []int{z, x, y} {
		k = append(k, '/')
		k = strconv.AppendInt(k, int64(n), 10)
	}
	return string(k), nil
}

// Render renders one tile of a layer as the database makes it, uncompressed and past every
// cache (for benchmarks: the bare query's cost).
func Render(ctx context.Context, db *store.DB, sc store.Content, layer string, z, x, y int, filter *store.Filter) ([]byte, error) {
	l, ok := layers.Named(layer)
	if !ok {
		return nil, arbor.Errorf(arbor.ENOTFOUND, "tile.layer", nil)
	}
	return db.Tile(ctx, sc, l.Name, zooms(l), z, x, y, filter)
}

// gzipWriters are reused: a new writer allocates over half a megabyte, which at thousands of
// tiles a second made the garbage collector the bottleneck of cold tiles. klauspost's gzip is
// the standard format, compressed about three times faster than compress/gzip. Level 2, not 1:
// on our tiles it is both faster (133 against 112 MB/s on this machine) and a little smaller.
// At z14 (tiles of 100+ KB) compression is most of what a cold tile costs beyond its query.
var gzipWriters = sync.Pool{New: func() any {
	zw, _ := gzip.NewWriterLevel(io.Discard, 2)
	return zw
}}

func compress(mvt []byte, rev int64) (*Tile, error) {
	// The ETag names the content, so a tile an edit elsewhere left alone still answers 304. xxHash
	// with the length, not SHA-256: it is an ETag, not a signature, and a z14 tile is 100+ KB.
	e := make([]byte, 0, 32)
	e = append(e, '"')
	e = appendHex(e, xxhash.Sum64(mvt), 16)
	e = append(e, '-')
	e = strconv.AppendUint(e, uint64(len(mvt)), 16)
	etag := string(append(e, '"'))
	if len(mvt) <= SmallTile {
		return &Tile{Body: mvt, ETag: etag, Raw: len(mvt), Revision: rev}, nil
	}
	var buf bytes.Buffer
	buf.Grow(len(mvt)/2 + 64)
	zw := gzipWriters.Get().(*gzip.Writer)
	defer gzipWriters.Put(zw)
	zw.Reset(&buf)
	if _, err := zw.Write(mvt); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return &Tile{Body: buf.Bytes(), Gzip: true, ETag: etag, Raw: len(mvt), Revision: rev}, nil
}

// appendHex appends n in hexadecimal, zero-padded to width digits.
func appendHex(b []byte, n uint64, width int) []byte {
	h := strconv.FormatUint(n, 16)
	for i := len(h); i < width; i++ {
		b = append(b, '0')
	}
	return append(b, h...)
}

// zooms are a layer's zooms as the store's tile query takes them.
func zooms(l layers.Layer) store.TileZooms {
	return store.TileZooms{Detail: l.DetailZoom, Label: l.LabelZoom, Street: l.StreetZoom}
}
