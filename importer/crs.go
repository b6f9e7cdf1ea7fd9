package importer

import (
	"math"
	"regexp"
	"strconv"
	"strings"
)

// CRS is a coordinate reference system a register may come in, with the area its coordinates
// fall in for Germany and its neighbours (the registers Arbor meets); Name is for the picker.
type CRS struct {
	SRID int
	Name string
	// The bounds of x (easting, longitude) and y (northing, latitude) for the area covered.
	MinX, MaxX, MinY, MaxY float64
}

// KnownCRS are the systems Arbor suggests, in the order it prefers them when several fit.
// Gauss-Krüger eastings carry their zone as the first digit (3 527 505 is zone 3), which tells
// the zones apart; the two UTM zones share one range of eastings, so both are suggested and
// the map preview shows which is right.
var KnownCRS = []CRS{
	{4326, "WGS 84 (longitude, latitude)", -180, 180, -90, 90},
	{25832, "ETRS89 / UTM zone 32N", 166000, 834000, 5000000, 6500000},
	{25833, "ETRS89 / UTM zone 33N", 166000, 834000, 5000000, 6500000},
	{31466, "DHDN / Gauss-Krüger zone 2", 2450000, 2850000, 5000000, 6500000},
	{31467, "DHDN / Gauss-Krüger zone 3", 3250000, 3850000, 5000000, 6500000},
	{31468, "DHDN / Gauss-Krüger zone 4", 4250000, 4850000, 5000000, 6500000},
	{31469, "DHDN / Gauss-Krüger zone 5", 5250000, 5850000, 5000000, 6500000},
	{3857, "WGS 84 / Pseudo-Mercator (web maps)", -20037509, 20037509, -20048967, 20048967},
}

// CRSByID answers a known system by its EPSG code.
func CRSByID(srid int) (CRS, bool) {
	for _, c := range KnownCRS {
		if c.SRID == srid {
			return c, true
		}
	}
	return CRS{}, false
}

// SuggestCRS answers the known systems every given point fits, best first in the order of
// KnownCRS; Web Mercator only where nothing narrower fits (its range holds almost any pair of
// numbers) and never for pairs that look like degrees. No points, no suggestion.
func SuggestCRS(points [][2]float64) []CRS {
	if len(points) == 0 {
		return nil
	}
	var out []CRS
	var mercator *CRS
	for i, c := range KnownCRS {
		fits := true
		for _, p := range points {
			x, y := p[0], p[1]
			if math.IsNaN(x) || math.IsNaN(y) || x < c.MinX || x > c.MaxX || y < c.MinY || y > c.MaxY {
				fits = false
				break
			}
		}
		if !fits {
			continue
		}
		if c.SRID == 3857 {
			mercator = &KnownCRS[i]
			continue
		}
		out = append(out, c)
	}
	if len(out) == 0 && mercator != nil && !tiny(points) {
		out = append(out, *mercator)
	}
	return out
}

// tiny reports whether every coordinate is within ±180: degrees, not metres.
func tiny(points [][2]float64) bool {
	for _, p := range points {
		if math.Abs(p[0]) > 180 || math.Abs(p[1]) > 180 {
			return false
		}
	}
	return true
}

// Swapped reports whether longitude, latitude pairs look written the other way round, as a
// European register's latitude, longitude (54.7, 9.4): every first value a latitude of Europe
// (35–72) and every second a longitude of Europe (−25–45).
func Swapped(points [][2]float64) bool {
	if len(points) == 0 {
		return false
	}
	europeSwapped := true
	for _, p := range points {
		if !(p[0] >= 35 && p[0] <= 72 && p[1] >= -25 && p[1] <= 45) {
			europeSwapped = false
		}
	}
	return europeSwapped
}

var (
	wktAuthority = regexp.MustCompile(`(?i)(?:AUTHORITY\[\s*"EPSG"\s*,\s*"?(\d+)"?\s*\]|ID\[\s*"EPSG"\s*,\s*(\d+)\s*\])\s*\]\s*$`)
	wktName      = regexp.MustCompile(`^\s*(PROJCS|PROJCRS|GEOGCS|GEOGCRS|GEODCRS)\[\s*"([^"]*)"`)
	wktEasting   = regexp.MustCompile(`(?i)PARAMETER\[\s*"false_easting"\s*,\s*([0-9.]+)`)
	wktMeridian  = regexp.MustCompile(`(?i)PARAMETER\[\s*"(?:central_meridian|longitude_of_origin)"\s*,\s*([0-9.-]+)`)
	nonAlnum     = regexp.MustCompile(`[^a-z0-9]+`)
	gkZone       = regexp.MustCompile(` zone ([2-5]) `)
)

// SRIDFromWKT tells the EPSG code of a Shapefile's .prj: its own EPSG authority where the WKT
// names one (OGC WKT, WKT2), else the system recognised by name and parameters as ESRI and QGIS
// write them ("ETRS_1989_UTM_Zone_32N", "DHDN_3_Degree_Gauss_Zone_3", "GCS_WGS_1984"). 0 when
// it is none Arbor knows: the person then picks the system.
func SRIDFromWKT(wkt string) int {
	if m := wktAuthority.FindStringSubmatch(wkt); m != nil {
		code := m[1] + m[2]
		if n, err := strconv.Atoi(code); err == nil {
			return n
		}
	}
	m := wktName.FindStringSubmatch(wkt)
	if m == nil {
		return 0
	}
	kind := strings.ToUpper(m[1])
	name := " " + nonAlnum.ReplaceAllString(strings.ToLower(m[2]), " ") + " "
	if strings.HasPrefix(kind, "GEOG") || kind == "GEODCRS" {
		switch {
		case strings.Contains(name, "wgs 1984"), strings.Contains(name, "wgs 84"):
			return 4326
		case strings.Contains(name, "etrs 1989"), strings.Contains(name, "etrs89"):
			return 4258
		}
		return 0
	}
	number := func(re *regexp.Regexp) float64 {
		if m := re.FindStringSubmatch(wkt); m != nil {
			f, _ := strconv.ParseFloat(m[1], 64)
			return f
		}
		return math.NaN()
	}
	switch {
	case strings.Contains(name, "mercator") && (strings.Contains(name, "pseudo") || strings.Contains(name, "web") || strings.Contains(name, "auxiliary")):
		return 3857
	case strings.Contains(name, "utm") && (strings.Contains(name, "etrs") || strings.Contains(name, "euref")):
		if z := utmZone(name, number(wktMeridian)); z == 32 || z == 33 {
			return 25800 + z
		}
	case strings.Contains(name, "gauss") || strings.Contains(name, "dhdn") || strings.Contains(name, "kruger"):
		zone := 0
		if fe := number(wktEasting); fe >= 2e6 && fe <= 5.6e6 {
			zone = int(fe / 1e6) // 3 500 000 is zone 3
		} else if m := gkZone.FindStringSubmatch(name); m != nil {
			zone, _ = strconv.Atoi(m[1])
		}
		if zone >= 2 && zone <= 5 {
			return 31464 + zone
		}
	}
	return 0
}

// utmZone reads a UTM zone from a system's name ("utm zone 32n") or else its central meridian.
func utmZone(name string, meridian float64) int {
	for _, z := range []int{32, 33} {
		s := strconv.Itoa(z)
		if strings.Contains(name, " "+s+"n ") || strings.Contains(name, " "+s+" ") || strings.Contains(name, " n"+s+" ") {
			return z
		}
	}
	if !math.IsNaN(meridian) {
		return int(math.Floor((meridian+180)/6)) + 1
	}
	return 0
}
