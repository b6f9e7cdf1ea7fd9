// Package export writes what people take away from Arbor. For now: the data table's objects as
// an Excel workbook, with the columns, headings and value names the person sees in the table.
package export

import (
	"fmt"
	"io"
	"strings"
	"time"

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

// TreeList writes the objects as one worksheet: a heading row, then one row per object. Numbers
// stay numbers, so a person can sum and sort them in Excel; coded values get their names.
func TreeList(w io.Writer, sheet string, cols []Column, rows Rows) error {
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
	for i, c := range cols {
		width := float64(len([]rune(c.Label)))*1.2 + 4
		if err := sw.SetColWidth(i+1, i+1, min(max(width, 10), 60)); err != nil {
			return err
		}
	}
	// The heading stays in view while scrolling.
	if err := sw.SetPanes(&excelize.Panes{Freeze: true, YSplit: 1, TopLeftCell: "A2", ActivePane: "bottomLeft"}); err != nil {
		return err
	}
	head := make([]any, len(cols))
	for i, c := range cols {
		head[i] = excelize.Cell{StyleID: bold, Value: c.Label}
	}
	if err := sw.SetRow("A1", head, excelize.RowOpts{Height: 18}); err != nil {
		return err
	}
	line := 1
	err = rows(func(page []map[string]any) error {
		for _, obj := range page {
			line++
			row := make([]any, len(cols))
			for i, c := range cols {
				row[i] = cellValue(c, obj)
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
	if err := sw.Flush(); err != nil {
		return err
	}
	return f.Write(w)
}

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
			return t.UTC().Format("2006-01-02 15:04")
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
