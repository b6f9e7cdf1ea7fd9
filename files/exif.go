package files

import (
	"math"
	"time"

	exif "github.com/dsoprea/go-exif/v3"
	exifcommon "github.com/dsoprea/go-exif/v3/common"
)

// Taken is when and where a photo was taken, as its EXIF tells (each may be missing).
type Taken struct {
	At       *time.Time // the camera's clock: EXIF keeps no time zone, so it is shown as it is
	Lat, Lon *float64
}

// readTaken reads the time and place a photo was taken from the EXIF in its first bytes (a
// JPEG's APP1 segment comes first, at most 64 kB). A photo without EXIF, or with EXIF the
// reader cannot follow, has neither: the upload goes on.
func readTaken(head []byte) (t Taken) {
	// The EXIF reader panics on some malformed data; a bad EXIF is no reason to refuse a photo.
	defer func() {
		if recover() != nil {
			t = Taken{}
		}
	}()
	root := readEXIF(head)
	if root == nil {
		return t
	}
	if sub, err := root.ChildWithIfdPath(exifcommon.IfdExifStandardIfdIdentity); err == nil {
		t.At = timeTag(sub, "DateTimeOriginal", "DateTimeDigitized")
	}
	if t.At == nil {
		t.At = timeTag(root, "DateTime")
	}
	if gps, err := root.ChildWithIfdPath(exifcommon.IfdGpsInfoStandardIfdIdentity); err == nil {
		if gi, err := gps.GpsInfo(); err == nil {
			lat, lon := gi.Latitude.Decimal(), gi.Longitude.Decimal()
			if !math.IsNaN(lat) && !math.IsNaN(lon) && math.Abs(lat) <= 90 && math.Abs(lon) <= 180 && (lat != 0 || lon != 0) {
				t.Lat, t.Lon = &lat, &lon
			}
		}
	}
	return t
}

// timeTag is the first of the named EXIF times that can be read ("2006:01:02 15:04:05").
func timeTag(ifd *exif.Ifd, names ...string) *time.Time {
	for _, name := range names {
		tags, err := ifd.FindTagWithName(name)
		if err != nil || len(tags) == 0 {
			continue
		}
		v, err := tags[0].Value()
		if err != nil {
			continue
		}
		s, ok := v.(string)
		if !ok {
			continue
		}
		at, err := time.Parse("2006:01:02 15:04:05", s)
		if err != nil || at.Year() < 1900 {
			continue
		}
		return &at
	}
	return nil
}

// readEXIF is the root of the EXIF in a photo's first bytes, nil without EXIF or with EXIF the
// reader cannot follow.
func readEXIF(head []byte) (root *exif.Ifd) {
	// The EXIF reader panics on some malformed data; a bad EXIF is no reason to refuse a photo.
	defer func() {
		if recover() != nil {
			root = nil
		}
	}()
	raw, err := exif.SearchAndExtractExif(head)
	if err != nil {
		return nil
	}
	im, err := exifcommon.NewIfdMappingWithStandard()
	if err != nil {
		return nil
	}
	_, index, err := exif.Collect(im, exif.NewTagIndex(), raw)
	if err != nil {
		return nil
	}
	return index.RootIfd
}

// readOrientation is a photo's EXIF orientation (1–8: how to turn the stored pixels upright),
// 1 when it has none.
func readOrientation(head []byte) (o int) {
	defer func() {
		if recover() != nil {
			o = 1
		}
	}()
	root := readEXIF(head)
	if root == nil {
		return 1
	}
	tags, err := root.FindTagWithName("Orientation")
	if err != nil || len(tags) == 0 {
		return 1
	}
	v, err := tags[0].Value()
	if err != nil {
		return 1
	}
	if u, ok := v.([]uint16); ok && len(u) > 0 && u[0] >= 1 && u[0] <= 8 {
		return int(u[0])
	}
	return 1
}
