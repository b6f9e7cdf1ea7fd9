package files

import (
	"context"
	"path"
	"regexp"
	"strconv"
	"strings"
	"time"

	"arbor"
	"arbor/store"
)

// Photos taken in the field are brought in as a batch (docs/API.md "Importing photos"): each is
// matched to the tree or group it shows, by the tree number in its file name ("117.jpg",
// "Baum 117 (2).jpg", "T034_a.jpg") or, failing that, by the place the camera recorded. The
// match is a preview; the photos are then saved one by one, so a batch of hundreds shows its
// progress and a retry of one photo stores it once (its client id).

// MaxMatchPhotos is how many photos one match call takes; the web app sends bigger batches in
// parts. Only each photo's first bytes are needed (HeadSize).
const MaxMatchPhotos = 200

// HeadSize is how much of a photo the match reads: its type, size and EXIF are in the first bytes.
const HeadSize = headSize

// DefaultMatchRadius is how far from a tree a photo may have been taken, in metres, to belong to it
// by place: a phone's position is good to about 5–10 m under trees.
const DefaultMatchRadius = 15.0

// PhotoHead is one photo of a batch: its file name and its first bytes (or all of them).
type PhotoHead struct {
	Name string
	Head []byte
}

// PhotoMatch is what a photo of a batch belongs to, and why; Problem is an i18n key when it
// belongs to nothing (or to more than one object).
type PhotoMatch struct {
	Name    string             `json:"name"`
	Target  *store.PhotoTarget `json:"target"`
	By      string             `json:"by,omitempty"` // number, place
	TakenAt *time.Time         `json:"taken_at"`
	Lat     *float64           `json:"taken_lat"`
	Lon     *float64           `json:"taken_lon"`
	Problem string             `json:"problem,omitempty"`
}

// numberPrefix is a word people put before a tree number in a file name.
var numberPrefix = regexp.MustCompile(`(?i)^(baum|baumnr|tree|treeno|arbre|nr|no|num|number|nummer|n°)[\s._#-]*`)

// copySuffix is what cameras, phones and people add to a second photo of the same thing: "_2",
// " (3)", "-b", " copy".
var copySuffix = regexp.MustCompile(`(?i)([\s._-]+([0-9]{1,2}|[a-z]|copy|kopie))$|\s*\([0-9]+\)$`)

// NumberInName is the tree number a file name stands for, as a number text (lower case) and,
// when it is all digits, as a number: the name without its extension, a leading word such as
// "Baum" or "Tree" and one trailing copy suffix. A camera's own name ("IMG_4567", "DSC01234")
// stands for no number, so a photo is never matched to tree 4567 by accident.
func NumberInName(name string) (text string, number int32, isNumber bool) {
	stem := strings.TrimSpace(strings.TrimSuffix(name, path.Ext(name)))
	stem = numberPrefix.ReplaceAllString(stem, "")
	for _, s := range []string{stem, copySuffix.ReplaceAllString(stem, "")} {
		s = strings.TrimSpace(s)
		if n, err := strconv.ParseInt(s, 10, 32); err == nil && n >= 0 {
			return strings.ToLower(s), int32(n), true
		}
	}
	// A number text has a letter and a digit and no spaces (T034, A-17); camera names are out.
	for _, s := range []string{copySuffix.ReplaceAllString(stem, ""), stem} {
		s = strings.TrimSpace(s)
		if s != "" && !strings.ContainsAny(s, " \t") && !cameraName.MatchString(s) && strings.ContainsAny(s, "0123456789") {
			return strings.ToLower(s), 0, false
		}
	}
	return "", 0, false
}

// cameraName is how cameras and phones name their photos.
var cameraName = regexp.MustCompile(`(?i)^(img|dsc|dscn|dscf|pxl|p\d{3}|gopr|mvimg|photo|foto|bild|image|screenshot|wp|sam|dji)[_-]?\d|^\d{8}[_-]\d{6}`)

// MatchPhotos says which tree or group of the project each photo belongs to: by the number in its
// name, or else by the place in its EXIF within radius metres of a tree. Only photos are taken
// (a document in the batch is a problem of its own row); nothing is stored.
func (s *Service) MatchPhotos(ctx context.Context, sc store.Content, photos []PhotoHead, radius float64) ([]PhotoMatch, error) {
	if len(photos) > MaxMatchPhotos {
		return nil, arbor.Errorf(arbor.ETOOLARGE, "files.match_too_many", map[string]any{"max": MaxMatchPhotos})
	}
	if radius <= 0 || radius > 1000 {
		return nil, arbor.Invalid(map[string]string{"radius": "files.match_radius"})
	}
	out := make([]PhotoMatch, len(photos))
	var numbers []int32
	var texts []string
	keys := make([]string, len(photos))
	for i, p := range photos {
		out[i].Name = p.Name
		if t, err := Detect(p.Head, p.Name); err != nil || t.Kind != "photo" {
			out[i].Problem = "files.match_not_photo"
			continue
		}
		taken := readTaken(p.Head)
		out[i].TakenAt, out[i].Lat, out[i].Lon = taken.At, taken.Lat, taken.Lon
		text, n, isNumber := NumberInName(p.Name)
		switch {
		case isNumber:
			numbers = append(numbers, n)
			keys[i] = strconv.Itoa(int(n))
		case text != "":
			texts = append(texts, text)
			keys[i] = text
		}
	}
	byNumber, err := s.db.TreesByNumber(ctx, sc, numbers, texts)
	if err != nil {
		return nil, err
	}
	var lons, lats []float64
	var placed []int
	for i := range out {
		if out[i].Problem != "" {
			continue
		}
		if found := byNumber[keys[i]]; keys[i] != "" && len(found) > 0 {
			if len(found) > 1 {
				out[i].Problem = "files.match_number_ambiguous"
				continue
			}
			out[i].Target, out[i].By = &found[0], "number"
			continue
		}
		if out[i].Lat == nil {
			if keys[i] != "" {
				out[i].Problem = "files.match_no_number"
			} else {
				out[i].Problem = "files.match_no_place"
			}
			continue
		}
		lons, lats, placed = append(lons, *out[i].Lon), append(lats, *out[i].Lat), append(placed, i)
	}
	near, err := s.db.NearestTrees(ctx, sc, lons, lats, radius)
	if err != nil {
		return nil, err
	}
	for j, i := range placed {
		if near[j] == nil {
			out[i].Problem = "files.match_too_far"
			continue
		}
		out[i].Target, out[i].By = near[j], "place"
	}
	return out, nil
}
