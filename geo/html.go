package geo

import (
	"encoding/json"
	"fmt"
	"html/template"
	"io"
	"sort"
	"strings"

	"arbor/store"
)

// The HTML views are for a person who opens the service's URL in a browser: what the service
// holds, and a way to follow it. They are plain pages without scripts, styled inline.

var pages = template.Must(template.New("").Funcs(template.FuncMap{
	"t": func(s Site, key string) string { return s.t(key) },
}).Parse(`
{{define "head"}}<!doctype html>
<html lang="{{.Site.Lang}}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Title}} · {{.Site.Project}}</title>
<style>
:root{color-scheme:light dark;--fg:#1b1f1c;--muted:#5c665f;--line:#dfe5e0;--bg:#fff;--head:#f3f6f3;--accent:#2b8a3e}
@media (prefers-color-scheme:dark){:root{--fg:#e6ebe7;--muted:#9aa59d;--line:#333a35;--bg:#161a17;--head:#1f2420;--accent:#69db7c}}
body{margin:0;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);background:var(--bg)}
header{padding:14px 24px;border-bottom:1px solid var(--line);display:flex;gap:12px;align-items:baseline;flex-wrap:wrap}
header b{color:var(--accent);font-size:17px} header span{color:var(--muted)}
main{padding:20px 24px;max-width:1200px}
h1{font-size:22px;margin:0 0 6px} p.lead{color:var(--muted);margin:0 0 18px}
a{color:var(--accent)} nav.crumbs{font-size:13px;color:var(--muted);margin-bottom:12px}
table{border-collapse:collapse;font-size:13px} th,td{border-bottom:1px solid var(--line);padding:6px 10px;text-align:left;vertical-align:top;white-space:nowrap}
th{background:var(--head);position:sticky;top:0} .scroll{overflow-x:auto;border:1px solid var(--line);border-radius:6px;max-height:70vh}
ul.links{padding-left:18px} code{font-size:12px;word-break:break-all}
.pager{display:flex;gap:16px;margin:14px 0;align-items:center;flex-wrap:wrap}
.muted{color:var(--muted)}
</style></head><body>
<header><b>Arbor</b><span>{{.Site.Project}} · {{t .Site "geo.service"}}</span></header>
<main><nav class="crumbs"><a href="{{.Site.Href "" nil "html"}}">{{t .Site "geo.landing"}}</a>{{range .Crumbs}} › <a href="{{.Href}}">{{.Title}}</a>{{end}}</nav>
<h1>{{.Title}}</h1>{{if .Lead}}<p class="lead">{{.Lead}}</p>{{end}}
{{end}}
{{define "foot"}}<p class="muted"><a href="{{.JSON}}">JSON</a></p></main></body></html>
{{end}}
{{define "links"}}<ul class="links">{{range .}}<li><a href="{{.Href}}">{{if .Title}}{{.Title}}{{else}}{{.Href}}{{end}}</a> <span class="muted">({{.Rel}}{{if .Type}}, {{.Type}}{{end}})</span></li>{{end}}</ul>{{end}}
{{define "landing"}}{{template "head" .}}{{template "links" .Doc.Links}}
<p>{{t .Site "geo.landing_help"}} <code>{{.Site.Href "" nil ""}}</code></p>{{template "foot" .}}{{end}}
{{define "conformance"}}{{template "head" .}}<ul class="links">{{range .Doc.ConformsTo}}<li><code>{{.}}</code></li>{{end}}</ul>{{template "foot" .}}{{end}}
{{define "collections"}}{{template "head" .}}<div class="scroll"><table><tr><th>{{t .Site "geo.collection"}}</th><th>{{t .Site "geo.description"}}</th><th></th></tr>
{{range .Doc.Collections}}<tr><td><a href="{{$.Site.Href (printf "/collections/%s" .ID) nil "html"}}">{{.Title}}</a></td><td>{{.Description}}</td><td><a href="{{$.Site.Href (printf "/collections/%s/items" .ID) nil "html"}}">{{t $.Site "geo.browse"}}</a></td></tr>{{end}}
</table></div>{{template "foot" .}}{{end}}
{{define "collection"}}{{template "head" .}}
<table><tr><th>id</th><td><code>{{.Doc.ID}}</code></td></tr>{{with .Doc.Extent}}<tr><th>{{t $.Site "geo.extent"}}</th><td><code>{{index .Spatial.BBox 0}}</code></td></tr>{{end}}
<tr><th>{{t .Site "geo.crs_list"}}</th><td>{{range .Doc.CRS}}<code>{{.}}</code><br>{{end}}</td></tr></table>
{{template "links" .Doc.Links}}{{template "foot" .}}{{end}}
{{define "feature"}}{{template "head" .}}<div class="scroll"><table>
<tr><th>id</th><td><code>{{.Feature.ID}}</code></td></tr><tr><th>{{t .Site "geo.geometry"}}</th><td><code>{{.Feature.Geometry}}</code></td></tr>
{{range .Feature.Props}}<tr><th>{{.Name}}</th><td>{{.Value}}</td></tr>{{end}}</table></div>{{template "links" .Links}}{{template "foot" .}}{{end}}
{{define "items-head"}}{{template "head" .}}<div class="scroll"><table><tr><th>id</th><th>{{t .Site "geo.geometry"}}</th>{{range .Columns}}<th>{{.}}</th>{{end}}</tr>
{{end}}
{{define "item-row"}}<tr><td><a href="{{.Href}}">{{.ID}}</a></td><td><code>{{.Geometry}}</code></td>{{range .Props}}<td>{{.Value}}</td>{{end}}</tr>
{{end}}
{{define "items-tail"}}{{if .Empty}}<tr><td colspan="{{.Span}}" class="muted">{{t .Site "geo.none"}}</td></tr>{{end}}</table></div>
<div class="pager"><span class="muted">{{.Count}}</span>{{range .Links}}{{if eq .Rel "prev"}}<a href="{{.Href}}">← {{.Title}}</a>{{end}}{{if eq .Rel "next"}}<a href="{{.Href}}">{{.Title}} →</a>{{end}}{{end}}</div>
{{template "foot" .}}{{end}}
`))

// Crumb is a step of a page's breadcrumbs.
type Crumb struct{ Href, Title string }

type pageData struct {
	Site    Site
	Title   string
	Lead    string
	Crumbs  []Crumb
	JSON    string
	Doc     any
	Feature *viewFeature
	Links   []Link
	Columns []string
	Count   string
	Empty   bool // a page without features
	Span    int  // the columns of its table
}

// HTML writes the HTML view of a document: landing, conformance, collections or collection.
func (s Site) HTML(w io.Writer, page string, doc any) error {
	d := pageData{Site: s, Doc: doc}
	switch v := doc.(type) {
	case Landing:
		d.Title, d.Lead, d.JSON = s.t("geo.service"), v.Description, s.Href("", nil, "json")
	case ConformanceDoc:
		d.Title, d.JSON = s.t("geo.conformance"), s.Href("/conformance", nil, "json")
	case Collections:
		d.Title, d.JSON = s.t("geo.collections"), s.Href("/collections", nil, "json")
	case Collection:
		d.Title, d.Lead, d.JSON = v.Title, v.Description, s.Href("/collections/"+v.ID, nil, "json")
		d.Crumbs = []Crumb{{s.Href("/collections", nil, "html"), s.t("geo.collections")}}
	}
	return pages.ExecuteTemplate(w, page, d)
}

type prop struct {
	Name  string
	Value string
}

type viewFeature struct {
	ID, Href, Geometry string
	Props              []prop
}

// view reads a feature's JSON for a page: its properties in the given order.
func view(f store.Feature, columns []string) (*viewFeature, error) {
	var g struct {
		Geometry   json.RawMessage            `json:"geometry"`
		Properties map[string]json.RawMessage `json:"properties"`
	}
	if err := json.Unmarshal(f.JSON, &g); err != nil {
		return nil, err
	}
	v := &viewFeature{ID: f.ID, Geometry: shorten(string(g.Geometry), 120)}
	if columns == nil {
		for k := range g.Properties {
			columns = append(columns, k)
		}
		sort.Strings(columns)
	}
	for _, c := range columns {
		v.Props = append(v.Props, prop{c, display(g.Properties[c])})
	}
	return v, nil
}

func display(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return shorten(s, 80)
	}
	if string(raw) == "null" || len(raw) == 0 {
		return ""
	}
	return shorten(string(raw), 80)
}

func shorten(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s
}

// FeatureHTML writes one feature's page.
func (s Site) FeatureHTML(w io.Writer, collection string, f store.Feature, props []string, links []Link) error {
	if props == nil {
		props, _ = store.FeatureProperties(collection)
	}
	v, err := view(f, props)
	if err != nil {
		return err
	}
	title := s.t("geo.collection." + collection)
	d := pageData{Site: s, Title: fmt.Sprintf("%s %s", title, f.ID), Feature: v, Links: links,
		JSON:   s.Href("/collections/"+collection+"/items/"+f.ID, nil, "json"),
		Crumbs: []Crumb{{s.Href("/collections", nil, "html"), s.t("geo.collections")}, {s.Href("/collections/"+collection+"/items", nil, "html"), title}}}
	return pages.ExecuteTemplate(w, "feature", d)
}

// htmlPage writes a page of items row by row.
type htmlPage struct {
	site    Site
	items   Items
	columns []string
}

func newItemsPage(s Site, it Items) *htmlPage {
	cols := it.Query.Properties
	if cols == nil {
		cols, _ = store.FeatureProperties(it.Query.Collection)
	}
	return &htmlPage{site: s, items: it, columns: cols}
}

func (p *htmlPage) data() pageData {
	c := p.items.Query.Collection
	title := p.site.t("geo.collection." + c)
	return pageData{Site: p.site, Title: title, Columns: p.columns,
		JSON:   p.site.Href("/collections/"+c+"/items", p.items.Params, "json"),
		Crumbs: []Crumb{{p.site.Href("/collections", nil, "html"), p.site.t("geo.collections")}, {p.site.Href("/collections/"+c, nil, "html"), title}}}
}

func (p *htmlPage) head(w io.Writer) error { return pages.ExecuteTemplate(w, "items-head", p.data()) }

func (p *htmlPage) row(w io.Writer, f store.Feature) error {
	v, err := view(f, p.columns)
	if err != nil {
		return err
	}
	v.Href = p.site.Href("/collections/"+p.items.Query.Collection+"/items/"+f.ID, nil, "html")
	return pages.ExecuteTemplate(w, "item-row", v)
}

func (p *htmlPage) tail(w io.Writer, n int, links []Link) error {
	d := p.data()
	d.Links = links
	d.Count = strings.ReplaceAll(p.site.t("geo.count"), "{n}", fmt.Sprint(n))
	d.Empty, d.Span = n == 0, len(p.columns)+2
	return pages.ExecuteTemplate(w, "items-tail", d)
}
