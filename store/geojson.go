package store

import (
	"encoding/json"
	"math"
)

// GeoJSON kinds CheckGeoJSON may be asked to accept.
var (
	TreeGeometries   = []string{"Point", "Polygon", "MultiPolygon"} // a tree or a group
	FilterGeometries = []string{"Polygon", "MultiPolygon"}          // an area of a filter
)

// CheckGeoJSON reads a GeoJSON geometry in longitude/latitude before PostGIS sees it and answers
// the message key of what is wrong with it, "" when nothing is: not GeoJSON or not one of kinds
// (geometry.kind / geometry.unreadable), without coordinates (geometry.empty: PostGIS keeps an
// empty point, whose extent is NULL), positions that are not two or three finite numbers in
// -180..180 / -90..90 (geometry.range), rings of fewer than four positions or not closed
// (geometry.ring), and edges of 180 degrees or more (geometry.too_wide): PostGIS's geography
// cannot compute an edge between antipodes ("Antipodal edge detected") and fails the request.
func CheckGeoJSON(raw json.RawMessage, kinds []string) string {
	var g struct {
		Type        string          `json:"type"`
		Coordinates json.RawMessage `json:"coordinates"`
	}
	if err := json.Unmarshal(raw, &g); err != nil {
		return "geometry.unreadable"
	}
	known := false
	for _, k := range kinds {
		known = known || k == g.Type
	}
	if !known {
		return "geometry.kind"
	}
	if len(g.Coordinates) == 0 || string(g.Coordinates) == "null" {
		return "geometry.empty"
	}
	var err error
	key := ""
	switch g.Type {
	case "Point":
		var p []float64
		if err = json.Unmarshal(g.Coordinates, &p); err == nil {
			key = checkPosition(p)
		}
	case "Polygon":
		var rings [][][]float64
		if err = json.Unmarshal(g.Coordinates, &rings); err == nil {
			key = checkPolygon(rings)
		}
	case "MultiPolygon":
		var polys [][][][]float64
		if err = json.Unmarshal(g.Coordinates, &polys); err == nil {
			if len(polys) == 0 {
				return "geometry.empty"
			}
			for _, rings := range polys {
				if key = checkPolygon(rings); key != "" {
					break
				}
			}
		}
	}
	if err != nil {
		return "geometry.unreadable"
	}
	return key
}

func checkPosition(p []float64) string {
	if len(p) == 0 {
		return "geometry.empty"
	}
	if len(p) < 2 || len(p) > 3 {
		return "geometry.unreadable"
	}
	for _, v := range p {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return "geometry.range"
		}
	}
	if p[0] < -180 || p[0] > 180 || p[1] < -90 || p[1] > 90 {
		return "geometry.range"
	}
	return ""
}

func checkPolygon(rings [][][]float64) string {
	if len(rings) == 0 {
		return "geometry.empty"
	}
	for _, ring := range rings {
		if len(ring) == 0 {
			return "geometry.empty"
		}
		for i, p := range ring {
			if key := checkPosition(p); key != "" {
				return key
			}
			if i > 0 {
				q := ring[i-1]
				if math.Abs(p[0]-q[0]) >= 180 || math.Abs(p[1]-q[1]) >= 180 {
					return "geometry.too_wide"
				}
			}
		}
		first, last := ring[0], ring[len(ring)-1]
		if len(ring) < 4 || first[0] != last[0] || first[1] != last[1] {
			return "geometry.ring"
		}
	}
	return ""
}
