package importer

import (
	"encoding/binary"
	"errors"
	"math"

	"github.com/paulmach/orb"
)

// errWKB is a geometry whose bytes do not read as well-known binary.
var errWKB = errors.New("importer: bad well-known binary")

// readWKB decodes well-known binary into a flat (x, y) geometry. GIS files write 3D and measured
// geometries (ISO type codes 1001–3007, or PostGIS's flag bits); a tree's place is its x and y,
// so z and m are read and dropped rather than refusing the file.
func readWKB(b []byte) (orb.Geometry, error) {
	r := wkbReader{b: b}
	g := r.geometry(0)
	if r.err != nil {
		return nil, r.err
	}
	return g, nil
}

type wkbReader struct {
	b   []byte
	err error
}

func (r *wkbReader) fail() { r.err = errWKB }

func (r *wkbReader) take(n int) []byte {
	if r.err != nil || len(r.b) < n {
		r.fail()
		return nil
	}
	out := r.b[:n]
	r.b = r.b[n:]
	return out
}

func (r *wkbReader) geometry(depth int) orb.Geometry {
	if depth > 8 { // collections of collections: deeper nesting is a damaged or hostile file
		r.fail()
		return nil
	}
	head := r.take(1)
	if head == nil {
		return nil
	}
	var order binary.ByteOrder = binary.LittleEndian
	if head[0] == 0 {
		order = binary.BigEndian
	}
	u32 := func() uint32 {
		b := r.take(4)
		if b == nil {
			return 0
		}
		return order.Uint32(b)
	}
	kind := u32()
	dims := 2
	if kind&0x80000000 != 0 { // EWKB flags
		dims++
	}
	if kind&0x40000000 != 0 {
		dims++
	}
	if kind&0x20000000 != 0 {
		u32() // an embedded SRID: the file or the person names the system
	}
	kind &= 0x0fffffff
	switch kind / 1000 { // ISO: 1000 Z, 2000 M, 3000 ZM
	case 1, 2:
		dims = 3
	case 3:
		dims = 4
	}
	kind %= 1000
	point := func() orb.Point {
		b := r.take(8 * dims)
		if b == nil {
			return orb.Point{}
		}
		return orb.Point{math.Float64frombits(order.Uint64(b)), math.Float64frombits(order.Uint64(b[8:]))}
	}
	count := func() int {
		n := int(u32())
		if n < 0 || n*16 > len(r.b)+16 { // a count the remaining bytes cannot hold
			r.fail()
			return 0
		}
		return n
	}
	line := func() []orb.Point {
		n := count()
		pts := make([]orb.Point, 0, n)
		for i := 0; i < n && r.err == nil; i++ {
			pts = append(pts, point())
		}
		return pts
	}
	polygon := func() orb.Polygon {
		n := count()
		p := make(orb.Polygon, 0, n)
		for i := 0; i < n && r.err == nil; i++ {
			p = append(p, orb.Ring(line()))
		}
		return p
	}
	switch kind {
	case 1:
		return point()
	case 2:
		return orb.LineString(line())
	case 3:
		return polygon()
	}
	// The multi kinds and collections hold whole geometries, each with its own head.
	n := count()
	parts := make([]orb.Geometry, 0, n)
	for i := 0; i < n && r.err == nil; i++ {
		parts = append(parts, r.geometry(depth+1))
	}
	if r.err != nil {
		return nil
	}
	switch kind {
	case 4:
		return orb.MultiPoint(partsOf[orb.Point](parts))
	case 5:
		return orb.MultiLineString(partsOf[orb.LineString](parts))
	case 6:
		return orb.MultiPolygon(partsOf[orb.Polygon](parts))
	case 7:
		return orb.Collection(parts)
	}
	r.fail()
	return nil
}

// partsOf keeps the parts of a multi-geometry that are of its kind (a multi-polygon of polygons).
func partsOf[T orb.Geometry](parts []orb.Geometry) []T {
	out := make([]T, 0, len(parts))
	for _, g := range parts {
		if p, ok := g.(T); ok {
			out = append(out, p)
		}
	}
	return out
}

// single makes a multi-point of one point the point it is: GIS software often writes trees as
// multi-points, and a tree has one place.
func single(g orb.Geometry) orb.Geometry {
	if mp, ok := g.(orb.MultiPoint); ok && len(mp) == 1 {
		return mp[0]
	}
	return g
}
