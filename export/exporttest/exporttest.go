// Package exporttest reads the files Arbor writes back with the programs people and their GIS
// departments open them with (pdftotext, xmllint, ogrinfo), for the tests of the exports and of
// the routes that serve them.
package exporttest

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// PDFText reads a PDF back as text with pdftotext (poppler), as a person's viewer would show it;
// args are pdftotext's options, such as -layout to keep the page's columns.
func PDFText(t testing.TB, pdf []byte, args ...string) string {
	t.Helper()
	cmd := exec.Command("pdftotext", append(args, "-", "-")...)
	cmd.Stdin = bytes.NewReader(pdf)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("pdftotext: %v %s", err, stderr.Bytes())
	}
	return string(out)
}

// Run writes data to a file called name in the test's own temporary folder and runs the
// program args with the file's path as its last argument; it answers what the program printed
// and how it ended, for the test to judge.
func Run(t testing.TB, data []byte, name string, args ...string) ([]byte, error) {
	t.Helper()
	file := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(file, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return exec.Command(args[0], append(args[1:], file)...).CombinedOutput()
}
