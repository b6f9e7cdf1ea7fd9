package files

import (
	"bytes"
	"encoding/binary"
	"image"
	_ "image/jpeg" // headers of photos
	_ "image/png"
	"path"
	"strings"
	"unicode"
	"unicode/utf8"

	"arbor"

	"github.com/gabriel-vasile/mimetype"
	_ "golang.org/x/image/webp"
)

// Type is a kind of file Arbor takes: told from the content, never from the name.
type Type struct {
	Kind        string // photo, document
	ContentType string
	Ext         string // the extension a stored name carries
}

// types are the formats taken (docs/API.md "Photos and documents"), by their detected MIME type.
var types = []Type{
	{"photo", "image/jpeg", ".jpg"},
	{"photo", "image/png", ".png"},
	{"photo", "image/webp", ".webp"},
	{"document", "application/pdf", ".pdf"},
	{"document", "application/vnd.openxmlformats-officedocument.wordprocessingml.document", ".docx"},
	{"document", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", ".xlsx"},
	{"document", "application/vnd.oasis.opendocument.text", ".odt"},
	{"document", "application/vnd.oasis.opendocument.spreadsheet", ".ods"},
	{"document", "text/csv", ".csv"},
	{"document", "text/plain", ".txt"},
}

// Detect tells a file's type from its first bytes; 'Invalid file format' (EFORMAT) for anything
// not taken, HTML and scripts among them. Plain text named .csv is kept as CSV.
func Detect(head []byte, name string) (Type, error) {
	m := mimetype.Detect(head)
	for _, t := range types {
		if m.Is(t.ContentType) {
			if t.ContentType == "text/plain" && strings.EqualFold(path.Ext(name), ".csv") {
				return types[len(types)-2], nil
			}
			return t, nil
		}
	}
	return Type{}, arbor.Errorf(arbor.EFORMAT, "files.invalid_format", nil)
}

// CleanName checks a file name as a person gave it: one name, not a path (no separators, no
// "." or ".."), no control or direction-changing characters, at most 200 characters; and gives
// it the extension of its content (a PDF called photo.jpg is kept as photo.jpg.pdf).
func CleanName(raw string, t Type) (string, error) {
	bad := arbor.Invalid(map[string]string{"name": "files.bad_name"})
	name := strings.TrimSpace(raw)
	if !utf8.ValidString(name) || strings.ContainsAny(name, `/\`) || name == "." || name == ".." {
		return "", bad
	}
	for _, r := range name {
		if unicode.IsControl(r) || unicode.Is(unicode.Bidi_Control, r) || r == '\uFEFF' {
			return "", bad
		}
	}
	if name == "" {
		name = "upload"
	}
	if utf8.RuneCountInString(name) > 200 {
		return "", arbor.Invalid(map[string]string{"name": "files.name_too_long"})
	}
	if !strings.EqualFold(path.Ext(name), t.Ext) && !(t.Ext == ".jpg" && strings.EqualFold(path.Ext(name), ".jpeg")) {
		name += t.Ext
	}
	return name, nil
}

// photoHeader reads a photo's size from its header (the first bytes), refusing one over
// MaxPixels before anything is decoded.
func photoHeader(head []byte) (width, height int, err error) {
	cfg, _, err := image.DecodeConfig(bytes.NewReader(head))
	if err != nil || cfg.Width <= 0 || cfg.Height <= 0 {
		return 0, 0, arbor.Errorf(arbor.EINVALID, "files.broken", nil)
	}
	if int64(cfg.Width)*int64(cfg.Height) > MaxPixels {
		return 0, 0, arbor.Errorf(arbor.ETOOLARGE, "files.too_many_pixels", map[string]any{"limit": MaxPixels / 1_000_000})
	}
	return cfg.Width, cfg.Height, nil
}

// complete says whether a photo's bytes end as its format ends: a JPEG with its end marker, a
// PNG with its last chunk, a WebP as long as its header says. tail is the file's last bytes.
func complete(contentType string, tail []byte, head []byte, size int64) bool {
	switch contentType {
	case "image/jpeg":
		// In entropy-coded data 0xFF is always followed by 0x00 or a restart marker, so FF D9
		// near the end is the end marker (some cameras pad after it).
		return bytes.Contains(tail, []byte{0xFF, 0xD9})
	case "image/png":
		return bytes.Contains(tail, []byte("IEND"))
	case "image/webp":
		return len(head) >= 12 && int64(binary.LittleEndian.Uint32(head[4:8]))+8 <= size
	}
	return true
}

// TypeOf is the type of a stored file by its content type.
func TypeOf(contentType string) Type {
	for _, t := range types {
		if t.ContentType == contentType {
			return t
		}
	}
	return Type{Kind: "document", ContentType: contentType}
}
