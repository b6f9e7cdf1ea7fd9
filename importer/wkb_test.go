package importer

import (
	"encoding/hex"
	"testing"

	"github.com/paulmach/orb"
)

// TestReadWKB: 3D and measured geometries as GeoPackages hold them (ISO type codes) and as
// PostGIS writes them (flag bits) are read flat; damaged or hostile bytes are refused.
func TestReadWKB(t *testing.T) {
	good := map[string]orb.Geometry{
		"0101000000000000000000f03f0000000000000040":                                 orb.Point{1, 2},
		"01e9030000000000000000f03f00000000000000400000000000000840":                 orb.Point{1, 2}, // ISO PointZ
		"01b90b0000000000000000f03f000000000000004000000000000008400000000000001040": orb.Point{1, 2}, // ISO PointZM
		"0101000080000000000000f03f00000000000000400000000000000840":                 orb.Point{1, 2}, // EWKB PointZ
		"0101000020e6100000000000000000f03f0000000000000040":                         orb.Point{1, 2}, // EWKB with SRID
		"00000000013ff00000000000004000000000000000":                                 orb.Point{1, 2}, // big-endian
		// MultiPoint of one point (as GIS software writes trees): a point.
		"0104000000010000000101000000000000000000f03f0000000000000040": orb.MultiPoint{{1, 2}},
	}
	for h, want := range good {
		b, _ := hex.DecodeString(h)
		g, err := readWKB(b)
		if err != nil || !orb.Equal(g, want) {
			t.Errorf("%s: %#v %v, want %#v", h, g, err, want)
		}
	}
	if g := single(orb.MultiPoint{{1, 2}}); g != (orb.Point{1, 2}) {
		t.Errorf("single: %#v", g)
	}
	bad := []string{
		"",
		"01010000000000000000f03f", // truncated point
		"0103000000ffffffff",       // a polygon claiming 4 billion rings
		"01080000000000000000",     // an unknown kind
		"0107000000010000000107000000010000000107000000010000000107000000010000000107000000010000000107000000010000000107000000010000000107000000010000000107000000010000000101000000000000000000f03f0000000000000040", // collections nested ten deep
	}
	for _, h := range bad {
		b, _ := hex.DecodeString(h)
		if g, err := readWKB(b); err == nil {
			t.Errorf("%s read as %#v", h, g)
		}
	}
	// GeoPackage blobs: the header with a 2D envelope before the WKB; an empty geometry; not a blob.
	blob, _ := hex.DecodeString("47500003e6100000" + "000000000000f03f000000000000f03f00000000000000400000000000000040" + "0101000000000000000000f03f0000000000000040")
	if g, err := decodeGeoPackageGeometry(blob); err != nil || g != (orb.Point{1, 2}) {
		t.Errorf("blob: %#v %v", g, err)
	}
	if g, err := decodeGeoPackageGeometry([]byte{'G', 'P', 0, 0x11, 0, 0, 0, 0}); err != nil || g != nil {
		t.Errorf("empty: %#v %v", g, err)
	}
	if _, err := decodeGeoPackageGeometry([]byte("not a geometry at all")); err == nil {
		t.Error("not a blob read")
	}
}
