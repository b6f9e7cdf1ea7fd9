package export

import (
	"bytes"
	_ "embed"
	"fmt"
	"io"
	"strings"
	"time"

	"arbor/i18n"
	"arbor/store"

	"github.com/go-pdf/fpdf"
	qrcode "github.com/skip2/go-qrcode"
)

// The fonts print every language's letters (ł, ő, ș, Cyrillic street names …), which the PDF
// core fonts (Latin-1 only) cannot. Licence: export/fonts/LICENSE.md.
var (
	//go:embed fonts/DejaVuSans.ttf
	fontRegular []byte
	//go:embed fonts/DejaVuSans-Bold.ttf
	fontBold []byte
)

// TreeRecord is what the record of one tree or group shows: the object, its inspections and
// works, its neighbours for the map, and the address of the live record.
type TreeRecord struct {
	Tree       *store.Tree
	Checks     []*store.Check // newest first
	Actions    []*store.Action
	Neighbours []store.Neighbour
	URL        string
}

// Document is the frame of a PDF export: who made it, for which project, in which language.
type Document struct {
	Lang         string
	Organisation string
	Project      string
	Custom       map[string]store.CustomField
	Made         time.Time
	Location     *time.Location
}

const (
	pageW, pageH = 210.0, 297.0
	margin       = 15.0
	contentW     = pageW - 2*margin
	lineH        = 4.6
)

var (
	ink    = [3]int{33, 37, 41}
	muted  = [3]int{108, 117, 125}
	rule   = [3]int{206, 212, 218}
	tint   = [3]int{241, 245, 241}
	accent = [3]int{46, 125, 50}
)

// pdfDoc wraps fpdf with the document's language and the drawing helpers of a record.
type pdfDoc struct {
	*fpdf.Fpdf
	d Document
}

func (p *pdfDoc) t(key string, args map[string]any) string { return i18n.T(p.d.Lang, key, args) }

func newPDF(d Document, title string) *pdfDoc {
	f := fpdf.New("P", "mm", "A4", "")
	f.AddUTF8FontFromBytes("dejavu", "", fontRegular)
	f.AddUTF8FontFromBytes("dejavu", "B", fontBold)
	f.SetMargins(margin, margin, margin)
	f.SetAutoPageBreak(true, margin+8)
	f.SetTitle(title, true)
	f.SetAuthor(d.Organisation, true)
	f.SetCreator("Arbor", true)
	f.SetCreationDate(d.Made)
	f.SetModificationDate(d.Made)
	f.AliasNbPages("{nb}")
	p := &pdfDoc{Fpdf: f, d: d}
	f.SetFooterFunc(func() {
		p.footerStart()
		left := p.t("pdf.footer", map[string]any{"organisation": d.Organisation, "project": d.Project, "date": p.dateTime(d.Made)})
		f.CellFormat(contentW*0.75, 4, left, "", 0, "L", false, 0, "")
		f.CellFormat(contentW*0.25, 4, p.t("pdf.page", map[string]any{"page": f.PageNo(), "pages": "{nb}"}), "", 0, "R", false, 0, "")
	})
	return p
}

// footerStart draws the rule above a page's footer and sets the footer's small, muted type.
func (p *pdfDoc) footerStart() {
	p.SetY(-margin - 2)
	p.color(rule, false)
	p.Line(margin, p.GetY(), pageW-margin, p.GetY())
	p.SetY(-margin)
	p.font("", 7.5, muted)
}

func (p *pdfDoc) font(style string, size float64, c [3]int) {
	p.SetFont("dejavu", style, size)
	p.SetTextColor(c[0], c[1], c[2])
}

func (p *pdfDoc) color(c [3]int, fill bool) {
	if fill {
		p.SetFillColor(c[0], c[1], c[2])
		return
	}
	p.SetDrawColor(c[0], c[1], c[2])
}

func (p *pdfDoc) date(s *string) string {
	if s == nil || *s == "" {
		return "–"
	}
	d, err := time.Parse("2006-01-02", *s)
	if err != nil {
		return *s
	}
	return p.dayOf(d)
}

func (p *pdfDoc) dayOf(t time.Time) string {
	switch p.d.Lang {
	case "de":
		return t.Format("02.01.2006")
	case "fr":
		return t.Format("02/01/2006")
	}
	return t.Format("2006-01-02")
}

func (p *pdfDoc) dateTime(t time.Time) string {
	if p.d.Location != nil {
		t = t.In(p.d.Location)
	}
	return p.dayOf(t) + " " + t.Format("15:04")
}

func (p *pdfDoc) number(f *float64, unit string) string {
	if f == nil {
		return "–"
	}
	s := fmt.Sprintf("%.1f", *f)
	s = strings.TrimSuffix(s, ".0")
	if p.d.Lang != "en" {
		s = strings.ReplaceAll(s, ".", ",")
	}
	if unit != "" {
		s += " " + unit
	}
	return s
}

func (p *pdfDoc) enum(name string, v *int) string {
	if v == nil {
		return "–"
	}
	key := fmt.Sprintf("pdf.enum.%s.%d", name, *v)
	if !i18n.Has(p.d.Lang, key) && !i18n.Has("en", key) {
		return fmt.Sprint(*v)
	}
	return fmt.Sprintf("%d – %s", *v, p.t(key, nil))
}

// ensure starts a new page when h millimetres do not fit on this one.
func (p *pdfDoc) ensure(h float64) {
	if p.GetY()+h > pageH-margin-8 {
		p.AddPage()
	}
}

// section writes a heading with a rule under it, on a new page unless what follows it fits.
func (p *pdfDoc) section(title string) { p.sectionFor(title, 16) }

func (p *pdfDoc) sectionFor(title string, need float64) {
	p.ensure(need)
	p.Ln(3)
	p.font("B", 10.5, accent)
	p.CellFormat(contentW, 6, title, "", 1, "L", false, 0, "")
	p.color(accent, false)
	p.SetLineWidth(0.3)
	p.Line(margin, p.GetY(), pageW-margin, p.GetY())
	p.SetLineWidth(0.2)
	p.Ln(1.5)
}

// fields writes label–value pairs in two columns; long labels and values wrap.
func (p *pdfDoc) fields(pairs [][2]string) {
	colW := contentW / 2
	labelW := 42.0
	for i := 0; i < len(pairs); i += 2 {
		row := pairs[i:min(i+2, len(pairs))]
		h := p.pairHeight(row, labelW, colW-labelW-2)
		p.ensure(h)
		y := p.GetY()
		for j, kv := range row {
			p.pair(margin+float64(j)*colW, y, labelW, colW-labelW-2, kv)
		}
		p.SetY(y + h + 0.6)
	}
}

// wide writes label–value pairs one to a line, for long values.
func (p *pdfDoc) wide(pairs [][2]string) {
	labelW := 42.0
	for _, kv := range pairs {
		h := p.pairHeight([][2]string{kv}, labelW, contentW-labelW)
		p.ensure(h)
		y := p.GetY()
		p.pair(margin, y, labelW, contentW-labelW, kv)
		p.SetY(y + h + 0.6)
	}
}

func (p *pdfDoc) pairHeight(row [][2]string, labelW, valueW float64) float64 {
	h := lineH
	for _, kv := range row {
		p.font("", 7, muted)
		nl := len(p.SplitText(kv[0], labelW-2))
		p.font("", 8.5, ink)
		nv := len(p.SplitText(kv[1], valueW))
		h = max(h, float64(max(nl, nv, 1))*lineH)
	}
	return h
}

func (p *pdfDoc) pair(x, y, labelW, valueW float64, kv [2]string) {
	p.SetXY(x, y)
	p.font("", 7, muted)
	p.MultiCell(labelW-2, lineH, kv[0], "", "L", false)
	p.SetXY(x+labelW, y)
	p.font("", 8.5, ink)
	p.MultiCell(valueW, lineH, kv[1], "", "L", false)
}

// table writes a table with a heading row, wrapping cells; the heading repeats on a new page.
func (p *pdfDoc) table(heads []string, widths []float64, rows [][]string) {
	head := func() {
		p.font("B", 7, muted)
		p.color(tint, true)
		n := 1
		for i, h := range heads {
			n = max(n, len(p.SplitText(h, widths[i]-1.5)))
		}
		hh := float64(n)*3.4 + 2
		y := p.GetY()
		p.Rect(margin, y, sum(widths), hh, "F")
		x := margin
		for i, h := range heads {
			p.SetXY(x+0.5, y+1)
			p.MultiCell(widths[i]-1.5, 3.4, h, "", "L", false)
			x += widths[i]
		}
		p.SetXY(margin, y+hh)
	}
	p.ensure(12)
	head()
	for _, r := range rows {
		p.font("", 8, ink)
		n := 1
		for i, c := range r {
			n = max(n, len(p.SplitText(c, widths[i]-1.5)))
		}
		h := float64(n)*4.2 + 1.4
		if p.GetY()+h > pageH-margin-8 {
			p.AddPage()
			head()
			p.font("", 8, ink)
		}
		y := p.GetY()
		x := margin
		for i, c := range r {
			p.SetXY(x+0.5, y+0.7)
			p.MultiCell(widths[i]-1.5, 4.2, c, "", "L", false)
			x += widths[i]
		}
		p.color(rule, false)
		p.Line(margin, y+h, margin+sum(widths), y+h)
		p.SetXY(margin, y+h)
	}
}

func sum(xs []float64) float64 {
	var s float64
	for _, x := range xs {
		s += x
	}
	return s
}

// qr places the QR code of url at x, y, size millimetres wide.
func (p *pdfDoc) qr(url string, x, y, size float64) error {
	png, err := qrcode.Encode(url, qrcode.Medium, 512)
	if err != nil {
		return err
	}
	name := fmt.Sprintf("qr-%d", p.PageNo())
	p.RegisterImageOptionsReader(name, fpdf.ImageOptions{ImageType: "PNG"}, bytes.NewReader(png))
	p.ImageOptions(name, x, y, size, size, false, fpdf.ImageOptions{ImageType: "PNG"}, 0, url)
	return nil
}

// output writes the document, or its error, to w.
func (p *pdfDoc) output(w io.Writer) error {
	if err := p.Error(); err != nil {
		return err
	}
	return p.Output(w)
}
