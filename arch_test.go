package arbor_test

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// The rules of docs/ARCHITECTURE.md, checked: which package may depend on which, and where SQL
// may be written. A rule broken here is a design decision undone; change the document first.

// root is the module's root package, the shared error type: every package may import it.
const root = "arbor"

// allowed lists, for the packages at the bottom of the layers, every package of the module they
// may depend on, directly or not, besides root. Anything else of the module is forbidden to them.
var allowed = map[string][]string{
	"arbor/store":        {"arbor/fields", "arbor/migrations", "arbor/sql"},
	"arbor/fields":       {},
	"arbor/auth":         {},
	"arbor/mail":         {},
	"arbor/i18n":         {},
	"arbor/legal":        {},
	"arbor/importer":     {},
	"arbor/migrations":   {},
	"arbor/sql":          {},
	"arbor/styles":       {"arbor/tiles/layers"},
	"arbor/tiles/layers": {},
	"arbor/web":          {},
}

// forbidden lists, for the packages in the middle, the packages of the module they must not
// depend on, directly or not.
var forbidden = map[string][]string{
	"arbor/tiles":  {"arbor/api", "arbor/export", "arbor/worker", "arbor/seed", "arbor/mail", "arbor/files"},
	"arbor/export": {"arbor/api", "arbor/tiles", "arbor/worker", "arbor/seed", "arbor/mail", "arbor/files"},
	"arbor/files":  {"arbor/api", "arbor/domain", "arbor/tiles", "arbor/export", "arbor/worker", "arbor/seed", "arbor/mail"},
	"arbor/worker": {"arbor/api", "arbor/seed", "arbor/tiles"},
	"arbor/seed":   {"arbor/api", "arbor/worker", "arbor/tiles", "arbor/export", "arbor/mail", "arbor/files"},
	"arbor/domain": {"arbor/api", "arbor/worker", "arbor/seed", "arbor/tiles", "arbor/export", "arbor/files"},
	"arbor/api":    {"arbor/seed", "arbor/worker"},
	// The GIS web service knows no HTTP: the API routes to it.
	"arbor/geo": {"arbor/api", "arbor/domain", "arbor/tiles", "arbor/export", "arbor/worker", "arbor/seed", "arbor/mail", "arbor/auth"},
}

// sqlDriver is the package that runs SQL; only the store (and its test helper) import it.
const sqlDriver = "github.com/jackc/pgx/v5"

var sqlDriverUsers = []string{"arbor/store", "arbor/store/storetest"}

type listedPackage struct {
	ImportPath string
	Dir        string
	Standard   bool
	Module     *struct{ Path string }
	Imports    []string
	Deps       []string
	GoFiles    []string
}

// modulePackages lists the module's packages with their imports and dependencies, test files
// left out (go list -deps -json).
func modulePackages(t *testing.T) map[string]listedPackage {
	t.Helper()
	out, err := exec.Command("go", "list", "-deps", "-json", "./...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	pkgs := map[string]listedPackage{}
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p listedPackage
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		if p.Module != nil && p.Module.Path == "arbor" {
			pkgs[p.ImportPath] = p
		}
	}
	if len(pkgs) < 10 {
		t.Fatalf("go list found only %d packages of the module", len(pkgs))
	}
	return pkgs
}

func ownDeps(p listedPackage, pkgs map[string]listedPackage) []string {
	var deps []string
	for _, d := range p.Deps {
		if _, own := pkgs[d]; own {
			deps = append(deps, d)
		}
	}
	return deps
}

// TestLayers: no package depends on one the architecture forbids it.
func TestLayers(t *testing.T) {
	pkgs := modulePackages(t)
	depsOf := func(name string) []string {
		p, found := pkgs[name]
		if !found {
			t.Errorf("%s: no such package (update the rules)", name)
			return nil
		}
		return ownDeps(p, pkgs)
	}
	for name, ok := range allowed {
		for _, d := range depsOf(name) {
			if d != root && !slices.Contains(ok, d) {
				t.Errorf("%s depends on %s; it may depend only on %v (docs/ARCHITECTURE.md)", name, d, ok)
			}
		}
	}
	for name, no := range forbidden {
		for _, d := range depsOf(name) {
			if slices.Contains(no, d) {
				t.Errorf("%s depends on %s, which the architecture forbids it (docs/ARCHITECTURE.md)", name, d)
			}
		}
	}
	for name, p := range pkgs {
		if slices.Contains(p.Imports, sqlDriver) && !slices.Contains(sqlDriverUsers, name) {
			t.Errorf("%s imports %s: all SQL goes through the store", name, sqlDriver)
		}
	}
}

// sqlText finds SQL in Go source: a statement's keywords as the store writes them.
var sqlText = regexp.MustCompile(`\bSELECT\b[^\n]*\bFROM\b|\bINSERT INTO\b|\bDELETE FROM\b|\bUPDATE\s+\w+\s+SET\b|\bVACUUM\b|` +
	`\bCREATE (TEMP )?TABLE\b|\.Pool\.(Exec|Query|QueryRow|Begin)\(`)

// geoPackageFiles read or write GeoPackage files, a GIS file format that is an SQLite database:
// their SQL is the file's reading and writing, not Arbor's database, so it stays with the format.
// So is MBTiles (files/mbtiles.go: tile archives converted to PMTiles on upload).
var geoPackageFiles = []string{"arbor/importer/gpkg.go", "arbor/export/gpkg.go", "arbor/export/gpkg_table.go", "arbor/files/mbtiles.go"}

// TestSQLOnlyInStore: no Go file of the module outside store/ (tests aside) holds SQL; the
// commands in cmd/ wire packages together and ask the store.
func TestSQLOnlyInStore(t *testing.T) {
	pkgs := modulePackages(t)
	checked := 0
	for name, p := range pkgs {
		// scripts/genlists writes a migration's SQL from the value lists; it runs none.
		if name == "arbor/store" || strings.HasPrefix(name, "arbor/store/") || name == "arbor/scripts/genlists" {
			continue
		}
		for _, f := range p.GoFiles {
			if slices.Contains(geoPackageFiles, filepath.Join(name, f)) {
				continue
			}
			b, err := os.ReadFile(filepath.Join(p.Dir, f))
			if err != nil {
				t.Fatal(err)
			}
			checked++
			for i, line := range strings.Split(string(b), "\n") {
				if sqlText.MatchString(line) {
					t.Errorf("%s:%d holds SQL, which belongs in store/: %s", filepath.Join(name, f), i+1, strings.TrimSpace(line))
				}
			}
		}
	}
	if checked < 20 {
		t.Fatalf("checked only %d files", checked)
	}
	// The pattern finds what it is meant to find.
	for _, s := range []string{"`SELECT id FROM tree WHERE", "INSERT INTO tree", "db.Pool.Exec(ctx", "UPDATE task SET state"} {
		if !sqlText.MatchString(s) {
			t.Errorf("the SQL pattern misses %q", s)
		}
	}
}
