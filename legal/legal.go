// Package legal serves the legal texts of an installation: the imprint, the privacy policy and
// the terms as pages, the terms and the data processing agreement as PDFs, each in English,
// German and French. The operator of the installation puts their own files into a folder
// (README.md "Legal texts"); what is missing is served from clearly marked samples built into
// the binary.
package legal

import (
	"bytes"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"errors"
	"io"
	"io/fs"
	"os"
	"slices"
	"sync"
	"time"

	"arbor"
)

// Pages are the texts shown as web pages; Documents those offered as PDFs.
var (
	Pages     = []string{"imprint", "privacy", "terms"}
	Documents = []string{"terms", "dpa"}
	Languages = []string{"en", "de", "fr"}
)

// Fallback is the language served when a text is missing in the one asked for.
const Fallback = "en"

// MaxFile is the biggest operator file read (a page's Markdown or a PDF).
const MaxFile = 20 << 20

//go:embed samples/*.md
var samples embed.FS

// Texts reads the operator's folder, falling back to the samples.
type Texts struct {
	dir string // the operator's folder; "" serves the samples only

	mu    sync.Mutex
	pdfs  map[string][]byte   // generated sample PDFs by kind.lang
	files map[string]readFile // operator files by name, read again when they change
}

// readFile is an operator file as last read: while its size and time stay, it is not read
// again (the documents list and every consent ask for every PDF).
type readFile struct {
	size  int64
	mtime time.Time
	bytes []byte
}

// New reads the legal texts from dir ($ARBOR_DATA/legal); dir need not exist.
func New(dir string) *Texts {
	return &Texts{dir: dir, pdfs: map[string][]byte{}, files: map[string]readFile{}}
}

// Page is a legal page's text in Markdown (README.md "Legal texts" names the subset the web app
// shows), in the language it was found in.
type Page struct {
	Kind      string     `json:"kind"`
	Lang      string     `json:"lang"`   // the language served: the one asked for, else Fallback
	Sample    bool       `json:"sample"` // a built-in sample: the operator has not provided the file
	Markdown  string     `json:"markdown"`
	UpdatedAt *time.Time `json:"updated_at"` // the operator file's time, nil for a sample
}

// Document is a PDF of the terms or the data processing agreement.
type Document struct {
	Kind      string     `json:"kind"`
	Lang      string     `json:"lang"` // the language served
	Asked     string     `json:"asked"`
	Sample    bool       `json:"sample"`
	Size      int        `json:"size"`
	SHA256    string     `json:"sha256"`
	UpdatedAt *time.Time `json:"updated_at"`
	Name      string     `json:"name"` // the file name offered for download
	Bytes     []byte     `json:"-"`
}

// Check refuses a kind not in kinds (404: there is no such text) and a language not offered (400).
func Check(kinds []string, kind, lang string) error {
	if !slices.Contains(kinds, kind) {
		return arbor.Errorf(arbor.ENOTFOUND, "legal.unknown", nil)
	}
	if !slices.Contains(Languages, lang) {
		return arbor.Invalid(map[string]string{"lang": "legal.language"})
	}
	return nil
}

// Page reads a page in lang: the operator's file in lang, else in English, else the sample.
func (t *Texts) Page(kind, lang string) (*Page, error) {
	if err := Check(Pages, kind, lang); err != nil {
		return nil, err
	}
	for _, l := range order(lang) {
		b, at, err := t.operatorFile(kind + "." + l + ".md")
		if err != nil {
			return nil, err
		}
		if b != nil {
			return &Page{Kind: kind, Lang: l, Markdown: string(b), UpdatedAt: at}, nil
		}
	}
	l, text := sample(kind, lang)
	return &Page{Kind: kind, Lang: l, Sample: true, Markdown: text}, nil
}

// Document reads a PDF in lang: the operator's file in lang, else in English, else a sample
// printed from the built-in sample text.
func (t *Texts) Document(kind, lang string) (*Document, error) {
	if err := Check(Documents, kind, lang); err != nil {
		return nil, err
	}
	d := &Document{Kind: kind, Asked: lang}
	for _, l := range order(lang) {
		b, at, err := t.operatorFile(kind + "." + l + ".pdf")
		if err != nil {
			return nil, err
		}
		if b != nil {
			d.Lang, d.Bytes, d.UpdatedAt = l, b, at
			break
		}
	}
	if d.Bytes == nil {
		var err error
		d.Sample = true
		d.Lang, _ = sample(kind, lang)
		if d.Bytes, err = t.samplePDF(kind, d.Lang); err != nil {
			return nil, err
		}
	}
	sum := sha256.Sum256(d.Bytes)
	d.SHA256, d.Size = hex.EncodeToString(sum[:]), len(d.Bytes)
	d.Name = kind + "-" + d.Lang + ".pdf"
	if d.Sample {
		d.Name = kind + "-" + d.Lang + "-sample.pdf"
	}
	return d, nil
}

// AllDocuments lists every document in every language, as Document would serve it.
func (t *Texts) AllDocuments() ([]*Document, error) {
	var out []*Document
	for _, k := range Documents {
		for _, l := range Languages {
			d, err := t.Document(k, l)
			if err != nil {
				return nil, err
			}
			out = append(out, d)
		}
	}
	return out, nil
}

// Current names the SHA-256 of each document as served now, in any language, by document kind:
// a consent to one of them is a consent to the current text (docs/API.md "Legal texts and
// consent").
func (t *Texts) Current() (map[string][]string, error) {
	list, err := t.AllDocuments()
	if err != nil {
		return nil, err
	}
	out := map[string][]string{}
	for _, d := range list {
		if !slices.Contains(out[d.Kind], d.SHA256) {
			out[d.Kind] = append(out[d.Kind], d.SHA256)
		}
	}
	return out, nil
}

func order(lang string) []string {
	if lang == Fallback {
		return []string{lang}
	}
	return []string{lang, Fallback}
}

// operatorFile reads name from the operator's folder; nil when it is not there. The name is
// made of checked parts only, and os.Root keeps the read inside the folder all the same (no
// symbolic link out of it is followed).
func (t *Texts) operatorFile(name string) ([]byte, *time.Time, error) {
	if t.dir == "" {
		return nil, nil, nil
	}
	root, err := os.OpenRoot(t.dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil, nil
	}
	if err != nil {
		return nil, nil, err
	}
	defer root.Close()
	f, err := root.Open(name)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, nil, nil
		}
		return nil, nil, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, nil, err
	}
	if !info.Mode().IsRegular() {
		return nil, nil, nil
	}
	at := info.ModTime().UTC()
	t.mu.Lock()
	known, ok := t.files[name]
	t.mu.Unlock()
	if ok && known.size == info.Size() && known.mtime.Equal(at) {
		return known.bytes, &at, nil
	}
	var buf bytes.Buffer
	if _, err := io.Copy(&buf, io.LimitReader(f, MaxFile+1)); err != nil {
		return nil, nil, err
	}
	if buf.Len() > MaxFile {
		return nil, nil, errors.New("legal: " + name + " is bigger than 20 MB")
	}
	t.mu.Lock()
	t.files[name] = readFile{size: info.Size(), mtime: at, bytes: buf.Bytes()}
	t.mu.Unlock()
	return buf.Bytes(), &at, nil
}

// sample is the built-in sample of kind in lang, else in English.
func sample(kind, lang string) (string, string) {
	for _, l := range order(lang) {
		if b, err := samples.ReadFile("samples/" + kind + "." + l + ".md"); err == nil {
			return l, string(b)
		}
	}
	panic("legal: no sample of " + kind) // the samples are built in: TestSamples
}

func (t *Texts) samplePDF(kind, lang string) ([]byte, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if b, ok := t.pdfs[kind+"."+lang]; ok {
		return b, nil
	}
	_, text := sample(kind, lang)
	b, err := printSample(text, lang)
	if err != nil {
		return nil, err
	}
	t.pdfs[kind+"."+lang] = b
	return b, nil
}
