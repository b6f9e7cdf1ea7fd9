package export

import (
	"bufio"
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"

	"arbor"
	"arbor/store"
)

// GISRequest is a view (or selection) to take to a GIS: its format and reference system.
type GISRequest struct {
	Filter store.Filter `json:"filter"`
	Format string       `json:"format"` // gpkg, geojson, csv
	SRID   int          `json:"srid"`   // EPSG code; 4326 when 0
}

// gisFields are the attributes of a GIS file: stable field names, as the API names them, with
// codes as numbers (a GIS styles by them); custom fields follow under their project names.
var gisFields = []string{"id", "number", "number_text", "species_botanical", "species_language", "single_tree",
	"planting_year", "height", "diameter", "scope", "top_diameter", "top_form", "vitality", "development",
	"damage_tree", "security_expectation", "valuation_max", "tree_count", "area", "action_security", "actions",
	"action_deadline", "check_next", "check_timestamp", "create_timestamp", "object_timestamp"}

// GIS writes the objects of a view as a GeoPackage, GeoJSON or CSV with WKT, in the reference system asked
// for, to w; the whole file is written to a temporary file first, so a failure leaves w
// untouched. EINVALID for an unknown format or reference system, or an empty view.
func GIS(ctx context.Context, db *store.DB, sc store.Content, req GISRequest, o ListOptions, w io.Writer) (int, error) {
	if req.SRID == 0 {
		req.SRID = 4326
	}
	if req.Format == "gpkg" {
		return GeoPackage(ctx, db, sc, req.Filter, req.SRID, o, w)
	}
	if req.Format != "geojson" && req.Format != "csv" {
		return 0, &arbor.Error{Code: arbor.EINVALID, Key: "export.format", Fields: map[string]string{"format": "export.format"}}
	}
	tmp, err := os.CreateTemp("", "arbor-gis-*")
	if err != nil {
		return 0, err
	}
	defer os.Remove(tmp.Name())
	defer tmp.Close()
	out := bufio.NewWriterSize(tmp, 1<<16)
	var n int
	err = db.ReadTx(ctx, func(tx *store.Tx) error {
		settings, err := tx.ProjectSettings(ctx, sc.OrganisationID, sc.ProjectID)
		if err != nil {
			return err
		}
		custom := customFields(settings.CustomFields)
		names := uniqueLabels(gisNames(custom))
		var csvw *csv.Writer
		switch req.Format {
		case "csv":
			csvw = csv.NewWriter(out)
			if err := csvw.Write(append(append([]string{}, names...), "wkt")); err != nil {
				return err
			}
		case "geojson":
			crs := ""
			if req.SRID != 4326 {
				crs = fmt.Sprintf(`"crs":{"type":"name","properties":{"name":"urn:ogc:def:crs:EPSG::%d"}},`, req.SRID)
			}
			fmt.Fprintf(out, `{"type":"FeatureCollection","name":%q,%s"features":[`, "arbor", crs)
		}
		err = tx.EachFeature(ctx, sc, req.Filter, req.SRID, func(t *store.Tree, wkt, geojson string) error {
			objs, err := objects([]*store.Tree{t})
			if err != nil {
				return err
			}
			obj := objs[0]
			values := make([]any, 0, len(names))
			for _, f := range gisFields {
				values = append(values, obj[f])
			}
			for _, c := range custom {
				values = append(values, t.Custom[c.field])
			}
			values = append(values, RecordURL(o.BaseURL, sc.ProjectID, t.ID))
			n++
			if o.Progress != nil && n%progressStep == 0 {
				o.Progress(n)
			}
			if csvw != nil {
				row := make([]string, 0, len(values)+1)
				for _, v := range values {
					row = append(row, csvCell(v))
				}
				return csvw.Write(append(row, wkt))
			}
			props := make(map[string]any, len(names))
			for i, name := range names {
				props[name] = values[i]
			}
			feature, err := json.Marshal(map[string]any{"type": "Feature", "id": t.ID, "geometry": json.RawMessage(geojson), "properties": props})
			if err != nil {
				return err
			}
			if n > 1 {
				out.WriteString(",")
			}
			_, err = out.Write(feature)
			return err
		})
		if err != nil {
			return err
		}
		if n == 0 {
			return arbor.Errorf(arbor.EINVALID, "export.nothing", nil)
		}
		if csvw != nil {
			csvw.Flush()
			return csvw.Error()
		}
		_, err = out.WriteString("]}\n")
		return err
	})
	if err != nil {
		return 0, err
	}
	if err := out.Flush(); err != nil {
		return 0, err
	}
	if _, err := tmp.Seek(0, io.SeekStart); err != nil {
		return 0, err
	}
	_, err = io.Copy(w, tmp)
	return n, err
}

// gisNames are the columns of a GIS export: gisFields, the project's custom fields and the
// object's link.
func gisNames(custom []customField) []string {
	names := append([]string{}, gisFields...)
	for _, c := range custom {
		names = append(names, c.label)
	}
	return append(names, "link")
}

// FileType is the media type and file extension of an export's format.
func FileType(format string) (typ, ext string) {
	switch format {
	case "xlsx":
		return "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "xlsx"
	case "csv":
		return "text/csv; charset=utf-8", "csv"
	case "gpkg":
		return "application/geopackage+sqlite3", "gpkg"
	}
	return "application/geo+json", "geojson"
}

// csvCell writes a value for a CSV cell. Text that a spreadsheet would take for a formula
// (starting with = + - @, or a tab or carriage return) gets a leading apostrophe, so opening
// the file never runs it.
func csvCell(v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case string:
		if x != "" && strings.ContainsRune("=+-@\t\r", rune(x[0])) {
			return "'" + x
		}
		return x
	case float64:
		return strings.TrimSuffix(strings.TrimRight(fmt.Sprintf("%f", x), "0"), ".")
	case []any:
		parts := make([]string, len(x))
		for i, p := range x {
			parts[i] = fmt.Sprint(p)
		}
		return csvCell(strings.Join(parts, ", "))
	}
	return fmt.Sprint(v)
}
