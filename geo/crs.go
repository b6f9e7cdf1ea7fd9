// Package geo is the GIS web service without HTTP: the OGC API Features documents (landing
// page, conformance, collections), the checking of its query parameters, the reference systems
// it offers, CQL2 read into the one filter model, and the streaming of features as GeoJSON or
// HTML. The API routes requests to it; the store reads the features (docs/API.md "GIS web service").
package geo

import (
	"strconv"
	"strings"
)

// CRS is a coordinate reference system the service answers in (OGC API Features Part 2).
type CRS struct {
	URI  string
	SRID int
	// Flip: the authority orders its axes latitude (northing) first; coordinates in this CRS
	// are written and read in that order, as Part 2 asks. CRS84 is longitude first.
	Flip   bool
	Digits int // decimals: 7 for degrees (about a centimetre), 2 for metres
}

// CRS84 is the default reference system: WGS 84, longitude first.
const CRS84 = "http://www.opengis.net/def/crs/OGC/1.3/CRS84"

const epsg = "http://www.opengis.net/def/crs/EPSG/0/"

// crsList is every reference system offered: WGS 84, Web Mercator, ETRS89 / UTM 32 and 33
// (the German states' official ones) and the four Gauss-Krüger zones older registers use.
var crsList = []CRS{
	{CRS84, 4326, false, 7},
	{epsg + "4326", 4326, true, 7},
	{epsg + "3857", 3857, false, 2},
	{epsg + "25832", 25832, false, 2},
	{epsg + "25833", 25833, false, 2},
	{epsg + "31466", 31466, true, 2},
	{epsg + "31467", 31467, true, 2},
	{epsg + "31468", 31468, true, 2},
	{epsg + "31469", 31469, true, 2},
}

// CRSURIs lists the URIs of the offered reference systems, the default first.
func CRSURIs() []string {
	out := make([]string, len(crsList))
	for i, c := range crsList {
		out[i] = c.URI
	}
	return out
}

// ParseCRS finds an offered reference system by its URI; "EPSG:25832" and the safe CURIE
// "[EPSG:25832]" are read as the URI they abbreviate.
func ParseCRS(s string) (CRS, bool) {
	s = strings.TrimSpace(s)
	s = strings.TrimSuffix(strings.TrimPrefix(s, "["), "]")
	if code, ok := strings.CutPrefix(strings.ToUpper(s), "EPSG:"); ok {
		if _, err := strconv.Atoi(code); err == nil {
			s = epsg + code
		}
	}
	if strings.EqualFold(s, "OGC:CRS84") {
		s = CRS84
	}
	s = strings.Replace(s, "https://", "http://", 1)
	for _, c := range crsList {
		if c.URI == s {
			return c, true
		}
	}
	return CRS{}, false
}

// defaultCRS is CRS84.
func defaultCRS() CRS { return crsList[0] }
