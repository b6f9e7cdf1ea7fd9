package geo

import (
	"bufio"
	"encoding/json"
	"io"
	"strconv"
	"time"

	"arbor/store"
)

// Writer writes a page of features as they come from the store, in GeoJSON or HTML, holding
// one feature at a time: the memory of a million features is that of one. Nothing is written
// before the first feature or Close, so an error of the query before then can still be answered
// as an error (Started says whether that is so).
type Writer struct {
	out      io.Writer
	buf      *bufio.Writer
	start    func() // sets the headers, once, before the first byte
	started  bool
	n        int
	cursor   string // the last feature's
	html     *htmlPage
	site     Site
	items    Items
	features bool // a collection (not one feature)
}

// NewWriter makes a writer of a page of items; start is called before anything is written.
func NewWriter(w io.Writer, start func(), s Site, it Items, html bool) *Writer {
	fw := &Writer{out: w, start: start, site: s, items: it, features: true}
	if html {
		fw.html = newItemsPage(s, it)
	}
	return fw
}

// Started says whether anything was written.
func (w *Writer) Started() bool { return w.started }

// Returned is the number of features written so far.
func (w *Writer) Returned() int { return w.n }

func (w *Writer) begin() error {
	if w.started {
		return nil
	}
	w.started = true
	w.start()
	w.buf = bufio.NewWriterSize(w.out, 32<<10)
	if w.html != nil {
		return w.html.head(w.buf)
	}
	_, err := w.buf.WriteString(`{"type":"FeatureCollection","features":[`)
	return err
}

// Feature writes one feature (store.Queries.Features calls it per row).
func (w *Writer) Feature(f store.Feature) error {
	if err := w.begin(); err != nil {
		return err
	}
	w.n++
	w.cursor = f.Cursor
	if w.html != nil {
		return w.html.row(w.buf, f)
	}
	if w.n > 1 {
		if err := w.buf.WriteByte(','); err != nil {
			return err
		}
	}
	_, err := w.buf.Write(f.JSON)
	return err
}

// Close ends the page with its count, time stamp and links.
func (w *Writer) Close(now time.Time) error {
	if err := w.begin(); err != nil {
		return err
	}
	links := w.site.ItemsLinks(w.items, w.n, w.cursor, w.html != nil)
	if w.html != nil {
		if err := w.html.tail(w.buf, w.n, links); err != nil {
			return err
		}
		return w.buf.Flush()
	}
	lj, err := json.Marshal(links)
	if err != nil {
		return err
	}
	tail := `],"numberReturned":` + strconv.Itoa(w.n) + `,"timeStamp":"` + now.UTC().Format(time.RFC3339) + `","links":` + string(lj) + "}\n"
	if _, err := w.buf.WriteString(tail); err != nil {
		return err
	}
	return w.buf.Flush()
}

// FeatureJSON is one feature with its links, as GeoJSON.
func FeatureJSON(f store.Feature, links []Link) ([]byte, error) {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(f.JSON, &m); err != nil {
		return nil, err
	}
	lj, err := json.Marshal(links)
	if err != nil {
		return nil, err
	}
	m["links"] = lj
	return json.Marshal(orderedFeature{m})
}

// orderedFeature writes a feature's members in the order people read them.
type orderedFeature struct{ m map[string]json.RawMessage }

func (o orderedFeature) MarshalJSON() ([]byte, error) {
	out := []byte{'{'}
	first := true
	for _, k := range []string{"type", "id", "geometry", "properties", "links"} {
		v, ok := o.m[k]
		if !ok {
			continue
		}
		if !first {
			out = append(out, ',')
		}
		first = false
		out = append(out, strconv.Quote(k)...)
		out = append(out, ':')
		out = append(out, v...)
	}
	return append(out, '}'), nil
}
