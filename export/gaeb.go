package export

import (
	"encoding/xml"
	"fmt"
	"io"
	"sort"
	"strings"
	"time"
	"unicode/utf8"

	"arbor/store"
)

// Tender is a bill of quantities for a call for bids (GAEB DA XML 3.3, phase X83): the open
// works of a selection or a job, one position per work type and kind of object.
type Tender struct {
	Organisation string
	Project      string
	Label        string            // what is tendered: the job's name, or the project's
	Aliases      map[string]string // custom field → the project's name of it (Straße, Gebiet …)
	Date         time.Time
	Works        []store.TenderWork
}

// categoryTitles are the headings of the tender's sections, after the ZTV-Baumpflege's kinds of
// work; a work of an organisation's own category goes to "Sonstige Leistungen".
var categoryTitles = map[string]string{
	"felling":       "Fällarbeiten",
	"pruning":       "Baumpflege und Schnittmaßnahmen",
	"securing":      "Kronensicherung",
	"investigation": "Baumuntersuchungen",
	"site":          "Standortverbesserung und Baumschutz",
	"planting":      "Pflanzung und Jungbaumpflege",
}

var categoryOrder = []string{"felling", "pruning", "securing", "investigation", "site", "planting", ""}

// position is one item of the bill: a work type on single trees (quantity: trees, unit Stk) or
// on groups (quantity: area in m², or trees when no area is known).
type position struct {
	name    string
	groups  bool
	works   []store.TenderWork
	qty     float64
	unit    string
	outline string
}

// GAEB writes the tender as an X83 file. The item numbers (OZ) are a two-digit section and a
// four-digit item, as the breakdown (BoQBkdn) declares; the schema cannot check that they
// agree, so they are made here from the same lengths.
func GAEB(w io.Writer, t Tender) error {
	sections := map[string][]*position{}
	index := map[string]*position{}
	for _, wk := range t.Works {
		cat := wk.Category
		if _, ok := categoryTitles[cat]; !ok {
			cat = ""
		}
		key := fmt.Sprintf("%s|%s|%t", cat, wk.WorkKey, !wk.SingleTree)
		p := index[key]
		if p == nil {
			p = &position{name: wk.WorkName, groups: !wk.SingleTree}
			index[key] = p
			sections[cat] = append(sections[cat], p)
		}
		p.works = append(p.works, wk)
	}
	body := gaebBody{}
	ctgy := 0
	for _, cat := range categoryOrder {
		list := sections[cat]
		if len(list) == 0 {
			continue
		}
		sort.SliceStable(list, func(i, j int) bool {
			if list[i].name != list[j].name {
				return list[i].name < list[j].name
			}
			return !list[i].groups && list[j].groups
		})
		ctgy++
		title := categoryTitles[cat]
		if title == "" {
			title = "Sonstige Leistungen"
		}
		c := gaebCtgy{ID: fmt.Sprintf("C%02d", ctgy), RNoPart: fmt.Sprintf("%02d", ctgy), LblTx: paragraphs(title)}
		step := 10
		if len(list)*step > 9999 {
			step = 1
		}
		c.Body.List = &gaebItemlist{}
		for i, p := range list {
			p.measure()
			rno := fmt.Sprintf("%04d", (i+1)*step)
			c.Body.List.Items = append(c.Body.List.Items, gaebItem{
				ID:      fmt.Sprintf("I%02d%s", ctgy, rno),
				RNoPart: rno,
				Qty:     fmt.Sprintf("%.3f", p.qty),
				QU:      p.unit,
				Description: gaebDescription{
					Detail:  paragraphs(p.longText(t.Aliases)...),
					Outline: gaebOutline{Text: paragraphs(p.outline)},
				},
			})
		}
		body.Ctgys = append(body.Ctgys, c)
	}
	label := t.Label
	if label == "" {
		label = t.Project
	}
	doc := gaebDoc{
		NS:   "http://www.gaeb.de/GAEB_DA_XML/DA83/3.3",
		Info: gaebInfo{Version: "3.3", VersDate: "2021-05", Date: t.Date.Format("2006-01-02"), ProgSystem: "Arbor"},
		Prj:  gaebPrj{Name: clip(t.Project, 60), Label: clip(t.Organisation+" – "+t.Project, 100), Cur: "EUR"},
		Award: gaebAward{DP: 83, Cur: "EUR", BoQ: gaebBoQ{ID: "B1",
			Info: gaebBoQInfo{Name: "LV Baumpflege", Label: clip("Baumarbeiten "+label, 60), OutlCompl: "AllTxt",
				Bkdn: []gaebBkdn{{Type: "BoQLevel", Label: "Leistungsbereich", Length: 2, Num: "Yes"}, {Type: "Item", Label: "Position", Length: 4, Num: "Yes"}}},
			Body: body}},
	}
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return err
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", " ")
	if err := enc.Encode(doc); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\n")
	return err
}

// measure sets the quantity and unit: trees are counted (a work on a single tree is one tree),
// groups measured by their area, or counted by their trees where no area is known.
func (p *position) measure() {
	var trees, area float64
	for _, w := range p.works {
		if w.SingleTree {
			trees++
			continue
		}
		area += w.Area
		trees += float64(max(w.TreeCount, 1))
	}
	p.qty, p.unit = trees, "Stk"
	kind := "Einzelbaum"
	if p.groups {
		kind = "Baumgruppe"
		if area >= 0.5 {
			p.qty, p.unit = float64(int64(area+0.5)), "m2"
		}
	}
	p.outline = clip(p.name+", "+kind, 70)
}

// longText names each object: number, species, where it stands, deadline and notes, so the
// contractor finds the tree on site and prices what is asked.
func (p *position) longText(aliases map[string]string) []string {
	what := "an folgenden Einzelbäumen"
	if p.groups {
		what = "an folgenden Baumgruppen"
	}
	out := []string{p.name + " " + what + " (" + plural(len(p.works)) + "), nach ZTV-Baumpflege, einschließlich Entsorgung des Schnittguts, soweit nicht anders angegeben:"}
	for _, w := range p.works {
		var b strings.Builder
		if w.SingleTree {
			b.WriteString("Baum Nr. ")
		} else {
			b.WriteString("Gruppe Nr. ")
		}
		fmt.Fprintf(&b, "%d", w.Number)
		if w.NumberText != "" {
			b.WriteString(" (" + w.NumberText + ")")
		}
		switch {
		case w.Botanical != "" && w.SpeciesDE != "":
			b.WriteString(": " + w.Botanical + " – " + w.SpeciesDE)
		case w.Botanical != "":
			b.WriteString(": " + w.Botanical)
		}
		if !w.SingleTree {
			if w.GroupTrees == 1 {
				b.WriteString("; 1 Baum")
			} else {
				fmt.Fprintf(&b, "; %d Bäume", w.GroupTrees)
			}
			if w.Area > 0 {
				fmt.Fprintf(&b, ", %s m²", germanNumber(w.Area))
			}
		}
		var place []string
		for _, name := range customOrder(w.Custom) {
			label := aliases[name]
			if label == "" {
				place = append(place, w.Custom[name])
				continue
			}
			place = append(place, label+" "+w.Custom[name])
		}
		place = append(place, fmt.Sprintf("%.6f° N, %.6f° E", w.Lat, w.Lon))
		b.WriteString("; Standort: " + strings.Join(place, ", "))
		if w.Deadline != nil {
			if d, err := time.Parse("2006-01-02", *w.Deadline); err == nil {
				b.WriteString("; Frist: " + d.Format("02.01.2006"))
			}
		}
		if w.Altitude != nil {
			b.WriteString("; Höhenklasse " + []string{"0 (bis 5 m)", "1 (5–10 m)", "2 (10–15 m)", "3 (über 15 m)"}[min(max(*w.Altitude, 0), 3)])
		}
		if w.Marker != "" {
			b.WriteString("; Markierung: " + w.Marker)
		}
		if w.Comment != "" {
			b.WriteString("; Hinweis: " + w.Comment)
		}
		b.WriteString(".")
		out = append(out, b.String())
	}
	return out
}

func customOrder(m map[string]string) []string {
	names := make([]string, 0, len(m))
	for n := range m {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

func plural(n int) string {
	if n == 1 {
		return "1 Objekt"
	}
	return fmt.Sprintf("%d Objekte", n)
}

func germanNumber(f float64) string {
	return strings.ReplaceAll(fmt.Sprintf("%.0f", f), ".", ",")
}

// clip shortens s to at most n characters, as the schema's single-line strings require, and
// makes it one line.
func clip(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n-1]) + "…"
}

// paragraphs is GAEB formatted text, one <p> per line.
func paragraphs(lines ...string) gaebText {
	var t gaebText
	for _, l := range lines {
		t.P = append(t.P, gaebP{Span: xmlSafe(l)})
	}
	return t
}

// xmlSafe drops the characters XML 1.0 cannot hold (control characters a paste may bring);
// encoding/xml would otherwise write them as a replacement character's escape.
func xmlSafe(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '\t' || r == '\n' || r == '\r' {
			return ' '
		}
		if r < 0x20 || r == 0xFFFE || r == 0xFFFF {
			return -1
		}
		return r
	}, s)
}

type gaebDoc struct {
	XMLName xml.Name  `xml:"GAEB"`
	NS      string    `xml:"xmlns,attr"`
	Info    gaebInfo  `xml:"GAEBInfo"`
	Prj     gaebPrj   `xml:"PrjInfo"`
	Award   gaebAward `xml:"Award"`
}

type gaebInfo struct {
	Version    string `xml:"Version"`
	VersDate   string `xml:"VersDate"`
	Date       string `xml:"Date"`
	ProgSystem string `xml:"ProgSystem"`
}

type gaebPrj struct {
	Name  string `xml:"NamePrj"`
	Label string `xml:"LblPrj"`
	Cur   string `xml:"Cur"`
}

type gaebAward struct {
	DP  int     `xml:"DP"`
	Cur string  `xml:"AwardInfo>Cur"`
	BoQ gaebBoQ `xml:"BoQ"`
}

type gaebBoQ struct {
	ID   string      `xml:"ID,attr"`
	Info gaebBoQInfo `xml:"BoQInfo"`
	Body gaebBody    `xml:"BoQBody"`
}

type gaebBoQInfo struct {
	Name      string     `xml:"Name"`
	Label     string     `xml:"LblBoQ"`
	OutlCompl string     `xml:"OutlCompl"`
	Bkdn      []gaebBkdn `xml:"BoQBkdn"`
}

type gaebBkdn struct {
	Type   string `xml:"Type"`
	Label  string `xml:"LblBoQBkdn"`
	Length int    `xml:"Length"`
	Num    string `xml:"Num"`
}

type gaebBody struct {
	Ctgys []gaebCtgy    `xml:"BoQCtgy,omitempty"`
	List  *gaebItemlist `xml:"Itemlist,omitempty"`
}

type gaebItemlist struct {
	Items []gaebItem `xml:"Item"`
}

type gaebCtgy struct {
	ID      string   `xml:"ID,attr"`
	RNoPart string   `xml:"RNoPart,attr"`
	LblTx   gaebText `xml:"LblTx"`
	Body    gaebBody `xml:"BoQBody"`
}

type gaebItem struct {
	ID          string          `xml:"ID,attr"`
	RNoPart     string          `xml:"RNoPart,attr"`
	Qty         string          `xml:"Qty"`
	QU          string          `xml:"QU"`
	Description gaebDescription `xml:"Description>CompleteText"`
}

type gaebDescription struct {
	Detail  gaebText    `xml:"DetailTxt>Text"`
	Outline gaebOutline `xml:"OutlineText"`
}

type gaebOutline struct {
	Text gaebText `xml:"OutlTxt>TextOutlTxt"`
}

type gaebText struct {
	P []gaebP `xml:"p"`
}

type gaebP struct {
	Span string `xml:"span"`
}

func sortStrings(s []string) { sort.Strings(s) }
