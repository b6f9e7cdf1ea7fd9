package legal

import (
	"bytes"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/go-pdf/fpdf"
)

// sampleMark is the banner on every page of a sample PDF.
var sampleMark = map[string]string{
	"en": "SAMPLE — replace with your own document",
	"de": "MUSTER — durch Ihr eigenes Dokument ersetzen",
	"fr": "EXEMPLE — à remplacer par votre propre document",
}

var watermark = map[string]string{"en": "SAMPLE", "de": "MUSTER", "fr": "EXEMPLE"}

var (
	mdLink   = regexp.MustCompile(`\[([^\]]*)\]\(([^)\s]*)\)`)
	mdStrong = regexp.MustCompile(`\*\*([^*]+)\*\*|__([^_]+)__`)
	mdEm     = regexp.MustCompile(`\*([^*]+)\*`)
)

// plain drops a line's Markdown marks: a link becomes "text (address)".
func plain(s string) string {
	s = mdLink.ReplaceAllStringFunc(s, func(m string) string {
		p := mdLink.FindStringSubmatch(m)
		if p[1] == p[2] || strings.HasPrefix(p[2], "mailto:") {
			return p[1]
		}
		return p[1] + " (" + p[2] + ")"
	})
	s = mdStrong.ReplaceAllString(s, "$1$2")
	return mdEm.ReplaceAllString(s, "$1")
}

// printSample prints a sample text as an A4 PDF, each page marked as a sample. The core fonts
// print the Latin-1 letters of the three languages; the samples use no others.
func printSample(markdown, lang string) ([]byte, error) {
	f := fpdf.New("P", "mm", "A4", "")
	f.SetCreationDate(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
	f.SetModificationDate(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
	tr := f.UnicodeTranslatorFromDescriptor("")
	f.SetMargins(22, 30, 22)
	f.SetAutoPageBreak(true, 22)
	f.SetHeaderFunc(func() {
		f.SetFont("Helvetica", "B", 80)
		f.SetTextColor(235, 200, 200)
		f.TransformBegin()
		f.TransformRotate(50, 105, 170)
		f.Text(35, 190, tr(watermark[lang]))
		f.TransformEnd()
		f.SetFillColor(200, 30, 30)
		f.SetTextColor(255, 255, 255)
		f.SetFont("Helvetica", "B", 12)
		f.SetXY(0, 0)
		f.CellFormat(210, 12, tr(sampleMark[lang]), "", 1, "C", true, 0, "")
		f.SetTextColor(30, 30, 30)
		f.SetXY(22, 30)
	})
	f.SetFooterFunc(func() {
		f.SetY(-15)
		f.SetFont("Helvetica", "", 8)
		f.SetTextColor(200, 30, 30)
		f.CellFormat(0, 6, tr(sampleMark[lang]), "", 0, "L", false, 0, "")
		f.SetTextColor(120, 120, 120)
		f.CellFormat(0, 6, strconv.Itoa(f.PageNo())+" / {nb}", "", 0, "R", false, 0, "")
	})
	f.AliasNbPages("")
	f.AddPage()
	var para []string
	flush := func() {
		if len(para) == 0 {
			return
		}
		f.SetFont("Helvetica", "", 10.5)
		f.MultiCell(0, 5.2, tr(plain(strings.Join(para, "\n"))), "", "L", false)
		f.Ln(2.5)
		para = nil
	}
	for _, line := range strings.Split(markdown, "\n") {
		l := strings.TrimSpace(line)
		switch {
		case l == "":
			flush()
		case strings.HasPrefix(l, "# "):
			flush()
			f.SetFont("Helvetica", "B", 20)
			f.MultiCell(0, 9, tr(plain(l[2:])), "", "L", false)
			f.Ln(3)
		case strings.HasPrefix(l, "## "), strings.HasPrefix(l, "### "):
			flush()
			f.Ln(2)
			f.SetFont("Helvetica", "B", 13)
			f.MultiCell(0, 6.5, tr(plain(strings.TrimLeft(l, "# "))), "", "L", false)
			f.Ln(1)
		case strings.HasPrefix(l, "- "), strings.HasPrefix(l, "* "):
			flush()
			f.SetFont("Helvetica", "", 10.5)
			x := f.GetX()
			f.CellFormat(6, 5.2, tr("•"), "", 0, "L", false, 0, "")
			f.MultiCell(0, 5.2, tr(plain(l[2:])), "", "L", false)
			f.SetX(x)
			f.Ln(1)
		case strings.HasPrefix(l, "> "):
			flush()
			f.SetFont("Helvetica", "B", 10.5)
			f.SetTextColor(200, 30, 30)
			f.MultiCell(0, 5.2, tr(plain(l[2:])), "", "L", false)
			f.SetTextColor(30, 30, 30)
			f.Ln(2.5)
		default:
			para = append(para, l)
		}
	}
	flush()
	var buf bytes.Buffer
	if err := f.Output(&buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
