package importer

import (
	"regexp"
	"strings"
)

// Targets a column may be mapped to besides the tree fields: the coordinates as two columns or
// as WKT, the species' common name (it helps match the species where the botanical name is
// missing or misspelt), and the object's id in the system the file came from (kept on the
// object, so a re-import of that system's next export updates the objects it made).
const (
	TargetX             = "x"
	TargetY             = "y"
	TargetWKT           = "wkt"
	TargetSpeciesCommon = "species_common"
	TargetExternalID    = "external_id"
)

// headerTargets are the headings registers use for each field, in English and German, as
// normalised by normaliseHeader (lower case, umlauts spelt out, only letters and digits).
var headerTargets = map[string][]string{
	"number":               {"baumnummer", "baumnr", "nummer", "nr", "number", "treenumber", "treeno", "treenr", "no"},
	"number_text":          {"kennzeichen", "baumkennzeichen", "nummernschild", "plakette", "tag", "label", "numbertext"},
	"species":              {"baumart", "art", "species", "botanisch", "botanischername", "artbotanisch", "gattungart", "galang", "botanicalname", "botanical", "latin", "lateinisch", "lateinischername", "taxon", "gattung", "genus", "speciesbotanical"},
	TargetSpeciesCommon:    {"deutsch", "deutschername", "artdeutsch", "name", "commonname", "trivialname", "speciesname", "specieslanguage"},
	"height":               {"hoehe", "baumhoehe", "height", "treeheight", "hoehem"},
	"top_diameter":         {"kronendurchmesser", "krone", "kronendm", "kronenbreite", "crown", "crowndiameter", "crownspread", "kronendurchmesserm"},
	"scope":                {"stammumfang", "umfang", "circumference", "girth", "stu", "stammumfangcm", "trunkcircumference"},
	"diameter":             {"stammdurchmesser", "bhd", "dbh", "diameter", "durchmesser", "stammdm", "trunkdiameter", "stammdurchmessercm"},
	"planting_year":        {"pflanzjahr", "plantingyear", "pflanzung", "planted", "yearplanted"},
	"vitality":             {"vitalitaet", "vitality", "vitalitaetsstufe"},
	"development":          {"entwicklungsphase", "entwicklung", "development", "developmentstage", "altersphase"},
	"damage_tree":          {"schaden", "schadstufe", "schaeden", "damage", "schadensstufe"},
	"top_form":             {"kronenform", "topform", "crownform"},
	"security_expectation": {"verkehrssicherheitserwartung", "sicherheitserwartung", "securityexpectation", "trafficsafetyexpectation"},
	TargetX:                {"rechtswert", "x", "easting", "ostwert", "lon", "lng", "long", "longitude", "laenge", "laengengrad", "xkoordinate", "xcoord", "xcoordinate", "east"},
	TargetY:                {"hochwert", "y", "northing", "nordwert", "lat", "latitude", "breite", "breitengrad", "ykoordinate", "ycoord", "ycoordinate", "north"},
	TargetExternalID:       {"externalid", "extid", "externeid", "objektid", "objectid", "guid", "uuid", "gmlid", "fremdschluessel"},
	TargetWKT:              {"wkt", "geom", "geometry", "thegeom", "shape", "geometrie"},
}

var byHeader = func() map[string]string {
	m := map[string]string{}
	for target, names := range headerTargets {
		for _, n := range names {
			m[n] = target
		}
	}
	return m
}()

// A dBase heading as a Shapefile or old GIS export writes it: name, type letter, sizes
// ("baumnummer,C,20", "hochwert,N,19,11").
var dbaseType = regexp.MustCompile(`,[A-Za-z],\d+(,\d+)?$`)

// normaliseHeader makes headings comparable: "Baum-Nr.", "baum_nr" and "BaumNr" read alike, as
// do "Höhe" and "Hoehe", and a unit in brackets ("Höhe [m]") counts as part of the name only
// where the bare name is not known.
func normaliseHeader(h string) string {
	h = dbaseType.ReplaceAllString(strings.TrimSpace(h), "")
	h = strings.ToLower(h)
	h = strings.NewReplacer("ä", "ae", "ö", "oe", "ü", "ue", "ß", "ss", "é", "e", "è", "e").Replace(h)
	var b strings.Builder
	for _, r := range h {
		if (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9') {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// bracketed is a heading's unit or note in brackets: "Höhe (m)", "Umfang [cm]".
var bracketed = regexp.MustCompile(`\s*[\(\[][^\)\]]*[\)\]]\s*`)

// SuggestColumns answers a target for each column: a tree field, a coordinate role, a custom
// field whose alias the heading names (custom maps field → alias), or "" to leave it out. Each
// target is suggested once, for the first column that names it.
func SuggestColumns(columns []string, custom map[string]string) []string {
	aliases := map[string]string{}
	for field, alias := range custom {
		if n := normaliseHeader(alias); n != "" {
			aliases[n] = field
		}
	}
	out := make([]string, len(columns))
	taken := map[string]bool{}
	for i, c := range columns {
		target := ""
		for _, n := range []string{normaliseHeader(c), normaliseHeader(bracketed.ReplaceAllString(c, ""))} {
			if f, ok := aliases[n]; ok {
				target = f
				break
			}
			if f, ok := byHeader[n]; ok {
				target = f
				break
			}
		}
		if target != "" && !taken[target] {
			out[i] = target
			taken[target] = true
		}
	}
	return out
}
