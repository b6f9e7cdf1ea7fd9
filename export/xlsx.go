// Package export writes what people take away from Arbor. For now: the data table's objects as
// an Excel workbook, with the columns, headings and value names the person sees in the table.
package export

import (
	"archive/zip"
	"fmt"
	"io"
	"strings"
	"time"

	"arbor/i18n"

	"github.com/xuri/excelize/v2"
)

// Column is one column of a list: the field it shows, its heading, and the names of coded
// values (vitality 2 → "Slightly damaged", a group → "Group") in the person's language.
type Column struct {
	ID     string            `json:"id"`
	Label  string            `json:"label"`
	Values map[string]string `json:"values,omitempty"`
}

// Rows hands over the objects a page at a time, each as its JSON fields; it calls page until
// there are no more.
type Rows func(page func(rows []map[string]any) error) error

// ListOptions shape a workbook beyond its columns: the person's language (date formats, the
// link column's heading) and the app's address for a link to each object's live record.
type ListOptions struct {
	Lang     string
	BaseURL  string
	Project  string
	Location *time.Location // the wall clock times are written in; UTC when nil
	// Progress, when set, hears now and then how many objects a long export has written (the
	// queue's task shows it).
	Progress func(done int)
}

// TreeList writes the objects as one worksheet: a heading row, then one row per object. Numbers
// stay numbers and dates dates, so a person can sum, sort and filter them in Excel; coded values
// get their names; text is always text, so a value such as "=1+1" is never a formula. The
// heading is frozen and filters; the last column links each row to its live record.
func TreeList(w io.Writer, sheet string, cols []Column, o ListOptions, rows Rows) error {
	f := excelize.NewFile()
	defer f.Close()
	if err := f.SetSheetName("Sheet1", sheet); err != nil {
		return err
	}
	sw, err := f.NewStreamWriter(sheet)
	if err != nil {
		return err
	}
	bold, err := f.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true}})
	if err != nil {
		return err
	}
	dayFmt, timeFmt := "yyyy-mm-dd", "yyyy-mm-dd hh:mm"
	switch o.Lang {
	case "de":
		dayFmt, timeFmt = "dd.mm.yyyy", "dd.mm.yyyy hh:mm"
	case "fr":
		dayFmt, timeFmt = "dd/mm/yyyy", "dd/mm/yyyy hh:mm"
	}
	day, err := f.NewStyle(&excelize.Style{CustomNumFmt: &dayFmt})
	if err != nil {
		return err
	}
	stamp, err := f.NewStyle(&excelize.Style{CustomNumFmt: &timeFmt})
	if err != nil {
		return err
	}
	link, err := f.NewStyle(&excelize.Style{Font: &excelize.Font{Color: "2E7D32", Underline: "single"}})
	if err != nil {
		return err
	}
	withLink := o.BaseURL != "" && o.Project != ""
	width := len(cols)
	if withLink {
		width++
	}
	for i, c := range cols {
		w := float64(len([]rune(c.Label)))*1.2 + 4
		if err := sw.SetColWidth(i+1, i+1, min(max(w, 10), 60)); err != nil {
			return err
		}
	}
	if withLink {
		if err := sw.SetColWidth(width, width, 40); err != nil {
			return err
		}
	}
	// The heading stays in view while scrolling.
	if err := sw.SetPanes(&excelize.Panes{Freeze: true, YSplit: 1, TopLeftCell: "A2", ActivePane: "bottomLeft"}); err != nil {
		return err
	}
	labels := make([]string, 0, width)
	for _, c := range cols {
		labels = append(labels, c.Label)
	}
	if withLink {
		labels = append(labels, i18n.T(o.Lang, "pdf.live", nil))
	}
	head := make([]any, 0, width)
	for _, l := range uniqueLabels(labels) {
		head = append(head, excelize.Cell{StyleID: bold, Value: l})
	}
	if err := sw.SetRow("A1", head, excelize.RowOpts{Height: 18}); err != nil {
		return err
	}
	line := 1
	err = rows(func(page []map[string]any) error {
		for _, obj := range page {
			line++
			row := make([]any, 0, width)
			for _, c := range cols {
				v := cellValue(c, obj)
				switch t := v.(type) {
				case dateValue:
					v = excelize.Cell{StyleID: day, Value: time.Time(t)}
				case time.Time:
					if o.Location != nil {
						t = t.In(o.Location)
					}
					// A spreadsheet's times have no zone: the local wall clock is written.
					wall := time.Date(t.Year(), t.Month(), t.Day(), t.Hour(), t.Minute(), t.Second(), 0, time.UTC)
					v = excelize.Cell{StyleID: stamp, Value: wall}
				}
				row = append(row, v)
			}
			if withLink {
				id, _ := obj["id"].(string)
				url := RecordURL(o.BaseURL, o.Project, id)
				row = append(row, excelize.Cell{StyleID: link, Formula: `HYPERLINK("` + url + `","` + url + `")`, Value: url})
			}
			cell, _ := excelize.CoordinatesToCellName(1, line)
			if err := sw.SetRow(cell, row); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	// A table over the rows gives the heading its filter buttons (a stream writer keeps no
	// sheet-level auto-filter); it needs a row under the heading.
	if line >= 2 {
		last, _ := excelize.CoordinatesToCellName(width, line)
		stripes := false
		if err := sw.AddTable(&excelize.Table{Range: "A1:" + last, Name: "Arbor", StyleName: "TableStyleLight1", ShowRowStripes: &stripes}); err != nil {
			return err
		}
	}
	if err := sw.Flush(); err != nil {
		return err
	}
	// excelize builds the whole archive in a buffer before writing it (a million objects make
	// 180 MB); a zip writer on w itself streams the sheet from the stream writer's file instead.
	f.SetZipWriter(func(io.Writer) excelize.ZipWriter { return zip.NewWriter(w) })
	return f.Write(io.Discard)
}

// dateValue is a calendar day (an inspection's or a work's due date), written as a date.
type dateValue time.Time

// cellValue is what a cell shows of a field of an object.
func cellValue(c Column, obj map[string]any) any {
	v := obj[c.ID]
	if c.ID == "species" {
		// The table shows the botanical name, else the name in the person's language.
		if s, _ := obj["species_botanical"].(string); s != "" {
			return s
		}
		v = obj["species_language"]
	}
	switch x := v.(type) {
	case nil:
		return nil
	case time.Time:
		return x
	case float64:
		if name, ok := c.Values[fmt.Sprint(x)]; ok {
			return name
		}
		return x
	case bool:
		if name, ok := c.Values[fmt.Sprint(x)]; ok {
			return name
		}
		return x
	case string:
		if name, ok := c.Values[x]; ok {
			return name
		}
		if t, err := time.Parse(time.RFC3339Nano, x); err == nil {
			return t.UTC()
		}
		if len(x) == 10 {
			if t, err := time.Parse("2006-01-02", x); err == nil {
				return dateValue(t)
			}
		}
		return x
	case []any:
		parts := make([]string, 0, len(x))
		for _, p := range x {
			parts = append(parts, fmt.Sprint(p))
		}
		return strings.Join(parts, ", ")
	}
	return fmt.Sprint(v)
}

// uniqueLabels numbers repeated headings (a custom field named like a built-in one): a table's
// headings must differ.
func uniqueLabels(labels []string) []string {
	seen := map[string]int{}
	out := make([]string, len(labels))
	for i, l := range labels {
		seen[l]++
		out[i] = l
		if n := seen[l]; n > 1 {
			out[i] = fmt.Sprintf("%s (%d)", l, n)
		}
	}
	return out
}
