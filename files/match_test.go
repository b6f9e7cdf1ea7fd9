package files_test

import (
	"context"
	"encoding/binary"
	"testing"

	"arbor"
	"arbor/files"
	"arbor/store"

	exif "github.com/dsoprea/go-exif/v3"
	exifcommon "github.com/dsoprea/go-exif/v3/common"
)

// placeEXIF says a photo was taken at lat, lon (north and east, in whole thousandths of a second).
func placeEXIF(t *testing.T, lat, lon float64) []byte {
	t.Helper()
	im, err := exifcommon.NewIfdMappingWithStandard()
	if err != nil {
		t.Fatal(err)
	}
	root := exif.NewIfdBuilder(im, exif.NewTagIndex(), exifcommon.IfdStandardIfdIdentity, binary.BigEndian)
	gps, err := exif.GetOrCreateIbFromRootIb(root, "IFD/GPSInfo")
	if err != nil {
		t.Fatal(err)
	}
	dms := func(v float64) []exifcommon.Rational {
		d := uint32(v)
		m := uint32((v - float64(d)) * 60)
		s := uint32(((v-float64(d))*60 - float64(m)) * 60 * 1000)
		return []exifcommon.Rational{{Numerator: d, Denominator: 1}, {Numerator: m, Denominator: 1}, {Numerator: s, Denominator: 1000}}
	}
	for _, e := range []struct {
		name  string
		value any
	}{{"GPSVersionID", []uint8{2, 2, 0, 0}}, {"GPSLatitudeRef", "N"}, {"GPSLatitude", dms(lat)},
		{"GPSLongitudeRef", "E"}, {"GPSLongitude", dms(lon)}} {
		if err := gps.AddStandardWithName(e.name, e.value); err != nil {
			t.Fatal(err)
		}
	}
	data, err := exif.NewIfdByteEncoder().EncodeToExif(root)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func TestNumberInName(t *testing.T) {
	for _, c := range []struct {
		name     string
		text     string
		number   int32
		isNumber bool
	}{
		{"117.jpg", "117", 117, true},
		{"117_2.JPG", "117", 117, true},
		{"Baum 117 (2).jpeg", "117", 117, true},
		{"Baum_12_3.jpg", "12", 12, true},
		{"tree-0005.png", "0005", 5, true},
		{"T034_a.jpg", "t034", 0, false},
		{"A-17.webp", "a-17", 0, false},
		{"IMG_4567.JPG", "", 0, false},
		{"DSC01234.jpg", "", 0, false},
		{"PXL_20250503_143015123.jpg", "", 0, false},
		{"20250503_143015.jpg", "", 0, false},
		{"Kastanie am Markt.jpg", "", 0, false},
		{"photo.jpg", "", 0, false},
	} {
		text, n, isNumber := files.NumberInName(c.name)
		if text != c.text || n != c.number || isNumber != c.isNumber {
			t.Errorf("NumberInName(%q) = %q, %d, %v; want %q, %d, %v", c.name, text, n, isNumber, c.text, c.number, c.isNumber)
		}
	}
}

// TestMatchPhotos: photos of a batch find their tree by the number in their name, else by the
// place they were taken; each that finds none says why; archived trees, trees outside the
// caller's access limit and a number held twice find nothing.
func TestMatchPhotos(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	q := w.db.Pool
	tree := func(number int, text string, lon, lat float64, archive bool) string {
		t.Helper()
		var id string
		if err := q.QueryRow(ctx, `INSERT INTO tree (organisation_id, project_id, geom, number, number_text, archive)
			VALUES ($1, $2, ST_SetSRID(ST_MakePoint($3, $4), 4326), $5, $6, $7) RETURNING id`,
			w.org, w.sc.ProjectID, lon, lat, number, text, archive).Scan(&id); err != nil {
			t.Fatal(err)
		}
		return id
	}
	// Tree 7 (w.tree) stands at 9.43 E, 54.78 N.
	lime := tree(12, "T034", 9.4400, 54.7800, false)
	oak := tree(13, "", 9.4500, 54.7800, false) // 640 m east of the lime
	tree(14, "", 9.4600, 54.7800, true)         // archived
	tree(30, "", 9.4700, 54.7800, false)
	tree(30, "", 9.4710, 54.7800, false) // numbers may repeat in this project
	plain := photo(t, 40, 30, nil)
	at := func(lat, lon float64) []byte { return photo(t, 40, 30, placeEXIF(t, lat, lon)) }
	batch := []files.PhotoHead{
		{Name: "7.jpg", Head: plain},                        // by number
		{Name: "Baum 12 (2).jpg", Head: plain},              // by number, with a copy suffix
		{Name: "t034_b.jpg", Head: plain},                   // by number text
		{Name: "IMG_0013.jpg", Head: at(54.78003, 9.45002)}, // by place: 4 m from the oak
		{Name: "99.jpg", Head: at(54.78001, 9.44001)},       // no tree 99, but taken at the lime
		{Name: "99.jpg", Head: plain},                       // no tree 99, no place
		{Name: "IMG_0014.jpg", Head: plain},                 // no number, no place
		{Name: "IMG_0015.jpg", Head: at(54.7900, 9.4300)},   // 1.1 km from every tree
		{Name: "14.jpg", Head: plain},                       // archived
		{Name: "30.jpg", Head: plain},                       // two trees numbered 30
		{Name: "12.pdf", Head: pdf(400)},                    // not a photo
	}
	got, err := w.svc.MatchPhotos(ctx, w.sc, batch, files.DefaultMatchRadius)
	if err != nil {
		t.Fatal(err)
	}
	want := []struct{ id, by, problem string }{
		{w.tree, "number", ""}, {lime, "number", ""}, {lime, "number", ""}, {oak, "place", ""}, {lime, "place", ""},
		{"", "", "files.match_no_number"}, {"", "", "files.match_no_place"}, {"", "", "files.match_too_far"},
		{"", "", "files.match_no_number"}, {"", "", "files.match_number_ambiguous"}, {"", "", "files.match_not_photo"},
	}
	for i, m := range got {
		id := ""
		if m.Target != nil {
			id = m.Target.ID
		}
		if id != want[i].id || m.By != want[i].by || m.Problem != want[i].problem {
			t.Errorf("%s (#%d) = target %q by %q problem %q; want %q by %q problem %q", m.Name, i, id, m.By, m.Problem, want[i].id, want[i].by, want[i].problem)
		}
	}
	if d := got[3].Target.Distance; d == nil || *d < 2 || *d > 6 {
		t.Errorf("distance to the oak = %v, want about 4 m", d)
	}
	if got[3].Lat == nil || got[3].Target.Number != 13 {
		t.Errorf("the photo by place: %+v", got[3])
	}

	// The radius is at most 1,000 m; a batch at most MaxMatchPhotos.
	if _, err := w.svc.MatchPhotos(ctx, w.sc, batch[:1], 5000); arbor.ErrorCode(err) != arbor.EINVALID {
		t.Errorf("radius 5000: %v, want EINVALID", err)
	}
	many := make([]files.PhotoHead, files.MaxMatchPhotos+1)
	if _, err := w.svc.MatchPhotos(ctx, w.sc, many, files.DefaultMatchRadius); arbor.ErrorCode(err) != arbor.ETOOLARGE {
		t.Errorf("%d photos: %v, want ETOOLARGE", len(many), err)
	}

	// A member whose access is limited to tree 7 and the lime matches nothing else.
	limited := w.sc
	limited.Limit = &store.Filter{State: "all", IDs: []string{w.tree, lime}}
	got, err = w.svc.MatchPhotos(ctx, limited, batch[:4], files.DefaultMatchRadius)
	if err != nil {
		t.Fatal(err)
	}
	if got[0].Target == nil || got[1].Target == nil || got[3].Target != nil {
		t.Errorf("limited to tree 7 and the lime: %+v", got)
	}
}
