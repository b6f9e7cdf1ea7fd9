package legal

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"arbor"
)

func code(err error) string {
	var e *arbor.Error
	if errors.As(err, &e) {
		return e.Code
	}
	return ""
}

// TestSamples: every page and document has a sample in every language, marked as one.
func TestSamples(t *testing.T) {
	texts := New("")
	for _, k := range Pages {
		for _, l := range Languages {
			p, err := texts.Page(k, l)
			if err != nil || !p.Sample || p.Lang != l || !strings.Contains(p.Markdown, "> ") {
				t.Errorf("%s.%s: %+v %v", k, l, p, err)
			}
		}
	}
	for _, k := range Documents {
		for _, l := range Languages {
			d, err := texts.Document(k, l)
			if err != nil || !d.Sample || d.Lang != l || !bytes.HasPrefix(d.Bytes, []byte("%PDF-")) || d.Size < 1000 {
				t.Fatalf("%s.%s: %v", k, l, err)
			}
			if d.Name != k+"-"+l+"-sample.pdf" || len(d.SHA256) != 64 {
				t.Errorf("%s.%s: name %q sha %q", k, l, d.Name, d.SHA256)
			}
		}
	}
}

// TestOperatorFiles: the operator's file is served over the sample, a missing language falls
// back to the operator's English, then to the sample.
func TestOperatorFiles(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("imprint.de.md", "# Impressum der Stadt")
	write("imprint.en.md", "# Imprint of the city")
	write("terms.en.pdf", "%PDF-1.4 operator terms")
	texts := New(dir)

	p, _ := texts.Page("imprint", "de")
	if p.Sample || p.Lang != "de" || p.Markdown != "# Impressum der Stadt" || p.UpdatedAt == nil {
		t.Errorf("operator file in the language asked: %+v", p)
	}
	p, _ = texts.Page("imprint", "fr")
	if p.Sample || p.Lang != "en" || p.Markdown != "# Imprint of the city" {
		t.Errorf("missing French falls back to the operator's English: %+v", p)
	}
	p, _ = texts.Page("privacy", "de")
	if !p.Sample || p.Lang != "de" || !strings.Contains(p.Markdown, "MUSTER") {
		t.Errorf("a missing file is the sample: %+v", p)
	}
	d, _ := texts.Document("terms", "de")
	if d.Sample || d.Lang != "en" || string(d.Bytes) != "%PDF-1.4 operator terms" || d.Name != "terms-en.pdf" {
		t.Errorf("terms in German fall back to the operator's English: %+v", d)
	}
	d, _ = texts.Document("dpa", "fr")
	if !d.Sample || d.Lang != "fr" {
		t.Errorf("a missing PDF is the sample: %+v", d)
	}

	// A folder that does not exist serves the samples.
	p, err := New(filepath.Join(dir, "nothing")).Page("terms", "en")
	if err != nil || !p.Sample {
		t.Errorf("no folder: %+v %v", p, err)
	}
}

// TestRefused: an unknown kind is 404, an unknown language 400, and names that try to leave the
// folder are refused before any file is opened; a symbolic link out of the folder is not followed.
func TestRefused(t *testing.T) {
	outside := t.TempDir()
	if err := os.WriteFile(filepath.Join(outside, "secret.md"), []byte("secret"), 0o644); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := os.Symlink(filepath.Join(outside, "secret.md"), filepath.Join(dir, "privacy.en.md")); err != nil {
		t.Fatal(err)
	}
	texts := New(dir)
	for _, c := range []struct{ kind, lang, code string }{
		{"cookies", "en", arbor.ENOTFOUND},
		{"../secret", "en", arbor.ENOTFOUND},
		{"imprint", "xx", arbor.EINVALID},
		{"imprint", "../../etc/passwd", arbor.EINVALID},
		{"imprint", "", arbor.EINVALID},
		{"dpa", "en", arbor.ENOTFOUND}, // the DPA is a document, not a page
	} {
		if _, err := texts.Page(c.kind, c.lang); code(err) != c.code {
			t.Errorf("page %q %q: %v, want %s", c.kind, c.lang, err, c.code)
		}
	}
	for _, c := range []struct{ kind, lang, code string }{
		{"imprint", "en", arbor.ENOTFOUND},
		{"terms", "de/../../x", arbor.EINVALID},
	} {
		if _, err := texts.Document(c.kind, c.lang); code(err) != c.code {
			t.Errorf("document %q %q: %v, want %s", c.kind, c.lang, err, c.code)
		}
	}
	p, err := texts.Page("privacy", "en")
	if err == nil && strings.Contains(p.Markdown, "secret") {
		t.Errorf("a link out of the folder was followed: %+v", p)
	}
}

// TestReplacedDocument: a PDF the operator replaces is served anew, even at the same size, and
// Current names the new document's SHA-256 instead of the old one's.
func TestReplacedDocument(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "terms.de.pdf")
	if err := os.WriteFile(name, []byte("%PDF-1.4 old terms"), 0o644); err != nil {
		t.Fatal(err)
	}
	texts := New(dir)
	old, err := texts.Document("terms", "de")
	if err != nil || old.Sample || string(old.Bytes) != "%PDF-1.4 old terms" {
		t.Fatalf("first read: %+v %v", old, err)
	}
	if err := os.WriteFile(name, []byte("%PDF-1.4 new terms"), 0o644); err != nil {
		t.Fatal(err)
	}
	later := old.UpdatedAt.Add(2 * time.Second) // a file system's clock may be coarse
	if err := os.Chtimes(name, later, later); err != nil {
		t.Fatal(err)
	}
	d, err := texts.Document("terms", "de")
	if err != nil || string(d.Bytes) != "%PDF-1.4 new terms" || d.SHA256 == old.SHA256 {
		t.Fatalf("after the replacement: %+v %v", d, err)
	}
	current, err := texts.Current()
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(current["terms"], d.SHA256) || slices.Contains(current["terms"], old.SHA256) || len(current["dpa"]) == 0 {
		t.Fatalf("current %v", current)
	}
}
