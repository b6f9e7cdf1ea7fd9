package export

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"sort"
	"strings"

	"arbor/store"

	"github.com/go-pdf/fpdf"
)

// TreePDF writes the record of one tree or group: a document fit to show what was known of
// the tree and done about it, with the live record's address and QR code.
func TreePDF(w io.Writer, d Document, r TreeRecord) error {
	p := newPDF(d, title(d, r.Tree))
	p.AddPage()
	if err := p.record(r); err != nil {
		return err
	}
	return p.output(w)
}

// TreeListPDF writes a list of objects: one table of them all, then each one's record on a page
// of its own.
func TreeListPDF(w io.Writer, d Document, records []TreeRecord) error {
	p := newPDF(d, i18nT(d, "pdf.title.list"))
	p.AddPage()
	p.font("B", 17, ink)
	p.CellFormat(contentW, 9, i18nT(d, "pdf.title.list"), "", 1, "L", false, 0, "")
	p.font("", 9, muted)
	p.CellFormat(contentW, 5, d.Organisation+" · "+d.Project, "", 1, "L", false, 0, "")
	p.CellFormat(contentW, 5, p.t("pdf.list_intro", map[string]any{"count": len(records)}), "", 1, "L", false, 0, "")
	p.Ln(3)
	rows := make([][]string, 0, len(records))
	for _, r := range records {
		t := r.Tree
		var open []string
		for _, a := range r.Actions {
			if a.ExecuteTimestamp == nil {
				open = append(open, a.Action+" ("+p.date(a.Deadline)+")")
			}
		}
		check := "–"
		if t.CheckTimestamp != nil {
			check = p.dayOf(*t.CheckTimestamp)
		}
		rows = append(rows, []string{numberOf(t), kindOf(p, t), speciesOf(t), p.safety(t), check, p.date(t.CheckNext), strings.Join(open, "; ")})
	}
	p.table([]string{p.t("pdf.col.number", nil), "", p.t("pdf.col.species", nil), p.t("pdf.col.safety", nil), p.t("pdf.col.check", nil),
		p.t("pdf.field.check_next", nil), p.t("pdf.col.works", nil)}, []float64{16, 14, 42, 22, 22, 22, 42}, rows)
	for _, r := range records {
		p.AddPage()
		if err := p.record(r); err != nil {
			return err
		}
	}
	return p.output(w)
}

func i18nT(d Document, key string) string { return (&pdfDoc{d: d}).t(key, nil) }

func title(d Document, t *store.Tree) string {
	key := "pdf.title.tree"
	if !t.SingleTree {
		key = "pdf.title.group"
	}
	return i18nT(d, key) + " " + numberOf(t)
}

func numberOf(t *store.Tree) string {
	s := fmt.Sprint(t.Number)
	if t.NumberText != "" {
		s += " (" + t.NumberText + ")"
	}
	return s
}

func kindOf(p *pdfDoc, t *store.Tree) string {
	if t.SingleTree {
		return p.t("pdf.tree", nil)
	}
	return p.t("pdf.group", nil)
}

func speciesOf(t *store.Tree) string {
	switch {
	case t.SpeciesBotanical != "" && t.SpeciesLanguage != "" && t.SpeciesLanguage != t.SpeciesBotanical:
		return t.SpeciesBotanical + " – " + t.SpeciesLanguage
	case t.SpeciesBotanical != "":
		return t.SpeciesBotanical
	case t.SpeciesLanguage != "":
		return t.SpeciesLanguage
	}
	return "–"
}

func (p *pdfDoc) safety(t *store.Tree) string {
	return p.t(fmt.Sprintf("pdf.safety.%d", t.ActionSecurity), nil)
}

func orDash(s string) string {
	if strings.TrimSpace(s) == "" {
		return "–"
	}
	return s
}

func (p *pdfDoc) findings(a store.Assessment, comment string) string {
	var parts []string
	add := func(key, name string, v *int) {
		if v != nil {
			parts = append(parts, p.t("pdf.field."+key, nil)+": "+p.enum(name, v))
		}
	}
	add("vitality", "vitality", a.Vitality)
	add("development", "development", a.Development)
	add("damage_tree", "damage_tree", a.DamageTree)
	add("valuation_top", "valuation", a.ValuationTop)
	add("valuation_trunk", "valuation", a.ValuationTrunk)
	add("valuation_root", "valuation", a.ValuationRoot)
	add("valuation_group", "valuation", a.ValuationGroup)
	if len(a.Symptoms) > 0 {
		parts = append(parts, p.t("pdf.field.symptoms", nil)+": "+strings.Join(a.Symptoms, ", "))
	}
	if comment != "" {
		parts = append(parts, "„"+comment+"“")
	}
	return orDash(strings.Join(parts, "; "))
}

// record writes one object's record from the current position on.
func (p *pdfDoc) record(r TreeRecord) error {
	t := r.Tree
	top := p.GetY()
	qrSize := 28.0
	if err := p.qr(r.URL, pageW-margin-qrSize, top, qrSize); err != nil {
		return err
	}
	textW := contentW - qrSize - 4
	p.font("B", 17, ink)
	p.MultiCell(textW, 8, title(p.d, t), "", "L", false)
	p.font("", 10.5, ink)
	p.MultiCell(textW, 5.5, speciesOf(t), "", "L", false)
	p.font("", 8.5, muted)
	p.MultiCell(textW, 4.5, p.d.Organisation+" · "+p.d.Project, "", "L", false)
	p.Ln(1)
	p.font("", 7.5, muted)
	p.CellFormat(textW, 4, p.t("pdf.live", nil)+": ", "", 1, "L", false, 0, "")
	p.font("", 6.2, accent)
	urlY := p.GetY()
	p.MultiCell(textW, 3.8, r.URL, "", "L", false)
	p.LinkString(margin, urlY, textW, p.GetY()-urlY, r.URL)
	p.font("", 7, muted)
	p.MultiCell(textW, 3.6, p.t("pdf.live_note", nil), "", "L", false)
	p.SetY(max(p.GetY(), top+qrSize) + 1)

	// The object.
	p.section(p.t("pdf.section.data", nil))
	lon, lat := centre(t.Geom)
	data := [][2]string{
		{p.t("pdf.field.number", nil), fmt.Sprint(t.Number)},
		{p.t("pdf.field.number_text", nil), orDash(t.NumberText)},
		{p.t("pdf.field.species", nil), speciesOf(t)},
		{p.t("pdf.field.planting_year", nil), intOr(t.PlantingYear)},
		{p.t("pdf.field.height", nil), p.number(t.Height, "")},
		{p.t("pdf.field.top_diameter", nil), p.number(t.TopDiameter, "")},
		{p.t("pdf.field.diameter", nil), p.number(t.Diameter, "")},
		{p.t("pdf.field.scope", nil), p.number(t.Scope, "")},
		{p.t("pdf.field.top_form", nil), orDash(t.TopForm)},
		{p.t("pdf.field.coordinates", nil), fmt.Sprintf("%.6f° N, %.6f° E", lat, lon)},
	}
	if !t.SingleTree {
		data = append(data,
			[2]string{p.t("pdf.field.tree_count", nil), fmt.Sprint(t.TreeCount)},
			[2]string{p.t("pdf.field.area", nil), p.number(t.Area, "m²")})
	}
	data = append(data,
		[2]string{p.t("pdf.field.created", nil), p.dateTime(t.CreateTimestamp) + " · " + orDash(t.CreateAlias)},
		[2]string{p.t("pdf.field.changed", nil), p.dateTime(t.ObjectTimestamp) + " · " + orDash(t.ObjectAlias)})
	p.fields(data)

	p.section(p.t("pdf.section.assessment", nil))
	p.fields([][2]string{
		{p.t("pdf.field.vitality", nil), p.enum("vitality", t.Vitality)},
		{p.t("pdf.field.development", nil), p.enum("development", t.Development)},
		{p.t("pdf.field.damage_tree", nil), p.enum("damage_tree", t.DamageTree)},
		{p.t("pdf.field.security_expectation", nil), p.enum("security_expectation", t.SecurityExpectation)},
		{p.t("pdf.field.valuation_top", nil), p.enum("valuation", t.ValuationTop)},
		{p.t("pdf.field.valuation_trunk", nil), p.enum("valuation", t.ValuationTrunk)},
		{p.t("pdf.field.valuation_root", nil), p.enum("valuation", t.ValuationRoot)},
		{p.t("pdf.field.valuation_group", nil), p.enum("valuation", t.ValuationGroup)},
		{p.t("pdf.field.symptoms", nil), orDash(strings.Join(t.Symptoms, ", "))},
		{p.t("pdf.field.check_comment", nil), orDash(t.CheckComment)},
	})

	var custom [][2]string
	names := make([]string, 0, len(t.Custom))
	for name := range t.Custom {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		f, ok := p.d.Custom[name]
		v := t.Custom[name]
		if v == "" || !ok || (!f.Active && f.Alias == "") {
			continue
		}
		label := f.Alias
		if label == "" {
			label = name
		}
		custom = append(custom, [2]string{label, v})
	}
	if len(custom) > 0 {
		p.section(p.t("pdf.section.custom", nil))
		p.fields(custom)
	}

	// Safety: the class the works give, and what keeps it.
	p.section(p.t("pdf.section.safety", nil))
	var relevant []string
	for _, a := range r.Actions {
		if a.ExecuteTimestamp == nil && a.SecurityRelevance {
			relevant = append(relevant, a.Action+" ("+p.date(a.Deadline)+")")
		}
	}
	p.fields([][2]string{
		{p.t("pdf.field.action_security", nil), p.safety(t)},
		{p.t("pdf.field.check_next", nil), p.date(t.CheckNext)},
		{p.t("pdf.field.safety_works", nil), orDash(strings.Join(relevant, "; "))},
	})

	p.sectionFor(p.t("pdf.section.map", nil), 84+16)
	p.drawMap(r)

	p.section(p.t("pdf.section.latest", nil))
	if len(r.Checks) == 0 {
		p.note(p.t("pdf.none.checks", nil))
	} else {
		c := r.Checks[0]
		p.fields([][2]string{
			{p.t("pdf.field.inspected_on", nil), p.dateTime(c.Timestamp)},
			{p.t("pdf.field.inspected_by", nil), orDash(firstOf(c.Alias, c.Username))},
			{p.t("pdf.field.check_next", nil), p.date(&c.CheckNext)},
		})
		p.wide([][2]string{{p.t("pdf.col.findings", nil), p.findings(c.Assessment, c.Comment)}})
	}
	if len(r.Checks) > 0 {
		p.section(p.t("pdf.section.history", nil))
		rows := make([][]string, 0, len(r.Checks))
		for _, c := range r.Checks {
			rows = append(rows, []string{p.dateTime(c.Timestamp), orDash(firstOf(c.Alias, c.Username)), p.findings(c.Assessment, c.Comment), p.date(&c.CheckNext)})
		}
		p.table([]string{p.t("pdf.col.date", nil), p.t("pdf.col.inspector", nil), p.t("pdf.col.findings", nil), p.t("pdf.col.next", nil)},
			[]float64{32, 32, 92, 24}, rows)
	}

	var open, done [][]string
	for _, a := range r.Actions {
		note := a.Comment
		if a.Marker != "" {
			note = strings.TrimSpace(a.Marker + " · " + note)
		}
		if a.ExecuteTimestamp == nil {
			open = append(open, []string{a.Action, p.date(a.Deadline), orDash(firstOf(a.Alias, a.Username)), orDash(note)})
			continue
		}
		done = append(done, []string{a.Action, p.dateTime(*a.ExecuteTimestamp), orDash(firstOf(a.ExecuteAlias, a.ExecuteUsername)), orDash(firstOf(a.ExecuteNote, note))})
	}
	p.section(p.t("pdf.section.open", nil))
	if len(open) == 0 {
		p.note(p.t("pdf.none.open", nil))
	} else {
		p.table([]string{p.t("pdf.col.work", nil), p.t("pdf.col.deadline", nil), p.t("pdf.col.by", nil), p.t("pdf.col.note", nil)}, []float64{62, 24, 34, 60}, open)
	}
	p.section(p.t("pdf.section.done", nil))
	if len(done) == 0 {
		p.note(p.t("pdf.none.done", nil))
	} else {
		p.table([]string{p.t("pdf.col.work", nil), p.t("pdf.col.done", nil), p.t("pdf.col.by", nil), p.t("pdf.col.note", nil)}, []float64{62, 28, 34, 56}, done)
	}
	return nil
}

func (p *pdfDoc) note(s string) {
	p.font("", 8.5, muted)
	p.MultiCell(contentW, lineH, s, "", "L", false)
}

func firstOf(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

func intOr(v *int) string {
	if v == nil {
		return "–"
	}
	return fmt.Sprint(*v)
}

type geometry struct {
	Type        string          `json:"type"`
	Coordinates json.RawMessage `json:"coordinates"`
}

// rings reads a GeoJSON point, polygon or multipolygon as rings of [lon, lat] (a point: one
// ring of one position).
func rings(raw []byte) [][][2]float64 {
	var g geometry
	if json.Unmarshal(raw, &g) != nil {
		return nil
	}
	switch g.Type {
	case "Point":
		var c [2]float64
		if json.Unmarshal(g.Coordinates, &c) == nil {
			return [][][2]float64{{c}}
		}
	case "Polygon":
		var c [][][2]float64
		if json.Unmarshal(g.Coordinates, &c) == nil {
			return c
		}
	case "MultiPolygon":
		var c [][][][2]float64
		if json.Unmarshal(g.Coordinates, &c) == nil {
			var out [][][2]float64
			for _, poly := range c {
				out = append(out, poly...)
			}
			return out
		}
	}
	return nil
}

// centre is a geometry's middle: the point, or the middle of the outer ring's bounds.
func centre(raw []byte) (lon, lat float64) {
	rs := rings(raw)
	if len(rs) == 0 || len(rs[0]) == 0 {
		return 0, 0
	}
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, c := range rs[0] {
		minX, maxX = math.Min(minX, c[0]), math.Max(maxX, c[0])
		minY, maxY = math.Min(minY, c[1]), math.Max(maxY, c[1])
	}
	return (minX + maxX) / 2, (minY + maxY) / 2
}

// drawMap draws the object and its neighbours within 50 m at a true scale, north up: metres
// east and north of the object on a local plane (exact enough over 100 m).
func (p *pdfDoc) drawMap(r TreeRecord) {
	h := 84.0
	y0 := p.GetY()
	x0 := margin
	w := contentW
	cx, cy := x0+w/2, y0+h/2
	lon0, lat0 := centre(r.Tree.Geom)
	kx := 111320 * math.Cos(lat0*math.Pi/180)
	ky := 110540.0
	// A big group is drawn whole: the map reaches past it.
	radius := float64(neighbourRadius)
	for _, ring := range rings(r.Tree.Geom) {
		for _, c := range ring {
			radius = math.Max(radius, 1.1*math.Max(math.Abs(c[0]-lon0)*kx, math.Abs(c[1]-lat0)*ky))
		}
	}
	scale := (h/2 - 3) / radius // mm per metre
	at := func(c [2]float64) (float64, float64) {
		return cx + (c[0]-lon0)*kx*scale, cy - (c[1]-lat0)*ky*scale
	}
	p.color(tint, true)
	p.color(rule, false)
	p.Rect(x0, y0, w, h, "FD")
	p.ClipRect(x0, y0, w, h, false)
	// The 50 m circle.
	p.SetDashPattern([]float64{1, 1}, 0)
	p.SetDrawColor(170, 180, 170)
	p.Circle(cx, cy, neighbourRadius*scale, "D")
	p.SetDashPattern(nil, 0)
	// Groups first, then trees over them; the object itself last and strong.
	draw := func(n store.Neighbour, own bool) {
		rs := rings(n.Geom)
		if len(rs) == 0 {
			return
		}
		if n.SingleTree {
			x, y := at(rs[0][0])
			rad := 1.1
			if own {
				rad = 2.2
				p.SetFillColor(211, 47, 47)
				p.SetDrawColor(255, 255, 255)
			} else {
				p.SetFillColor(102, 187, 106)
				p.SetDrawColor(46, 125, 50)
			}
			p.Circle(x, y, rad, "FD")
			p.font(map[bool]string{true: "B", false: ""}[own], map[bool]float64{true: 8, false: 5.5}[own], ink)
			label := fmt.Sprint(n.Number)
			p.Text(x-p.GetStringWidth(label)/2, y-rad-0.8, label)
			return
		}
		for _, ring := range rs {
			pts := make([]fpdf.PointType, 0, len(ring))
			for _, c := range ring {
				x, y := at(c)
				pts = append(pts, fpdf.PointType{X: x, Y: y})
			}
			if own {
				p.SetFillColor(239, 154, 154)
				p.SetDrawColor(198, 40, 40)
				p.SetLineWidth(0.5)
			} else {
				p.SetFillColor(200, 230, 201)
				p.SetDrawColor(102, 187, 106)
			}
			p.Polygon(pts, "FD")
			p.SetLineWidth(0.2)
		}
		x, y := at([2]float64(centreOf(n.Geom)))
		p.font(map[bool]string{true: "B", false: ""}[own], 6.5, ink)
		p.Text(x, y, fmt.Sprint(n.Number))
	}
	var own *store.Neighbour
	for i, n := range r.Neighbours {
		if n.ID == r.Tree.ID {
			own = &r.Neighbours[i]
			continue
		}
		if !n.SingleTree {
			draw(n, false)
		}
	}
	for _, n := range r.Neighbours {
		if n.ID != r.Tree.ID && n.SingleTree {
			draw(n, false)
		}
	}
	if own == nil {
		own = &store.Neighbour{ID: r.Tree.ID, Number: r.Tree.Number, SingleTree: r.Tree.SingleTree, Geom: r.Tree.Geom}
	}
	draw(*own, true)
	p.ClipEnd()
	// North arrow and a 10 m scale bar.
	p.SetDrawColor(ink[0], ink[1], ink[2])
	p.SetFillColor(ink[0], ink[1], ink[2])
	ax, ay := x0+w-8, y0+5
	p.Polygon([]fpdf.PointType{{X: ax, Y: ay}, {X: ax - 2, Y: ay + 6}, {X: ax + 2, Y: ay + 6}}, "F")
	p.font("B", 7, ink)
	p.Text(ax-1.1, ay+9.5, "N")
	bx, by := x0+5, y0+h-5
	p.SetLineWidth(0.6)
	p.Line(bx, by, bx+10*scale, by)
	p.Line(bx, by-1, bx, by+1)
	p.Line(bx+10*scale, by-1, bx+10*scale, by+1)
	p.SetLineWidth(0.2)
	p.font("", 7, ink)
	p.Text(bx, by-2, "10 m")
	p.SetY(y0 + h + 1)
	p.font("", 7, muted)
	p.MultiCell(contentW, 3.6, p.t("pdf.map_note", nil)+" "+p.t("pdf.photos", nil), "", "L", false)
}

func centreOf(raw []byte) [2]float64 {
	lon, lat := centre(raw)
	return [2]float64{lon, lat}
}
