package main

import (
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"arbor/store"
	"arbor/store/storetest"
)

func TestMain(m *testing.M) { os.Exit(storetest.Run(m)) }

// cleanEnv sets every setting to "not given" for the test.
func cleanEnv(t *testing.T) {
	for _, name := range []string{"ARBOR_ADDR", "DATABASE_URL", "ARBOR_BASE_URL", "ARBOR_DATA", "ARBOR_SECRET",
		"ARBOR_SMTP_URL", "ARBOR_MAIL_FROM", "ARBOR_NOTICE", "ARBOR_LOG", "ARBOR_ARCHIVE_AT_ONCE", "ARBOR_EXPORT_AT_ONCE"} {
		t.Setenv(name, "")
	}
}

func TestLoadConfigDefaults(t *testing.T) {
	cleanEnv(t)
	c, err := loadConfig()
	if err != nil {
		t.Fatalf("defaults are invalid: %v", err)
	}
	if c.Addr != ":8080" || c.DatabaseURL != defaultDatabaseURL || c.BaseURL != "http://localhost:8080" ||
		c.DataDir != "./var" || c.LogFormat != "text" || c.Secret != nil || c.SMTPURL != "" || c.AtOnce != 10000 || c.ExportAt != 50000 {
		t.Fatalf("defaults %+v", c)
	}
}

func TestLoadConfigValues(t *testing.T) {
	cleanEnv(t)
	t.Setenv("ARBOR_ADDR", "127.0.0.1:80")
	t.Setenv("ARBOR_BASE_URL", "https://arbor.example.org/")
	t.Setenv("ARBOR_SECRET", strings.Repeat("s", 32))
	t.Setenv("ARBOR_SMTP_URL", "smtps://u:p@mail.example.org")
	t.Setenv("ARBOR_NOTICE", "Maintenance tonight")
	t.Setenv("ARBOR_LOG", "json")
	c, err := loadConfig()
	if err != nil {
		t.Fatal(err)
	}
	if c.BaseURL != "https://arbor.example.org" {
		t.Errorf("base URL %q: the trailing slash must go", c.BaseURL)
	}
	if string(c.Secret) != strings.Repeat("s", 32) || c.Notice != "Maintenance tonight" || c.LogFormat != "json" ||
		c.SMTPURL != "smtps://u:p@mail.example.org" {
		t.Errorf("config %+v", c)
	}
	// Port 80 is left out of the default base URL.
	t.Setenv("ARBOR_BASE_URL", "")
	if c, _ := loadConfig(); c.BaseURL != "http://localhost" {
		t.Errorf("default base URL for port 80: %q", c.BaseURL)
	}
}

func TestLoadConfigInvalid(t *testing.T) {
	tests := []struct {
		name, env, value, mention string
	}{
		{"addr without port", "ARBOR_ADDR", "8080", "ARBOR_ADDR"},
		{"addr garbage", "ARBOR_ADDR", "http://localhost:8080", "ARBOR_ADDR"},
		{"database keyword string", "DATABASE_URL", "host=localhost dbname=arbor", "DATABASE_URL"},
		{"database bad url", "DATABASE_URL", "postgres://arbor:arbor@127.0.0.1:notaport/arbor", "DATABASE_URL"},
		{"base url without scheme", "ARBOR_BASE_URL", "arbor.example.org", "ARBOR_BASE_URL"},
		{"base url ftp", "ARBOR_BASE_URL", "ftp://arbor.example.org", "ARBOR_BASE_URL"},
		{"base url without host", "ARBOR_BASE_URL", "https://", "ARBOR_BASE_URL"},
		{"short secret", "ARBOR_SECRET", "too short", "ARBOR_SECRET"},
		{"secret of 31", "ARBOR_SECRET", strings.Repeat("x", 31), "ARBOR_SECRET"},
		{"smtp http", "ARBOR_SMTP_URL", "http://mail.example.org", "ARBOR_SMTP_URL"},
		{"smtp bad tls", "ARBOR_SMTP_URL", "smtp://mail.example.org?tls=sometimes", "ARBOR_SMTP_URL"},
		{"smtp missing host", "ARBOR_SMTP_URL", "smtp://", "ARBOR_SMTP_URL"},
		{"log format", "ARBOR_LOG", "xml", "ARBOR_LOG"},
		{"archive at once zero", "ARBOR_ARCHIVE_AT_ONCE", "0", "ARBOR_ARCHIVE_AT_ONCE"},
		{"archive at once above a mass edit", "ARBOR_ARCHIVE_AT_ONCE", "10001", "ARBOR_ARCHIVE_AT_ONCE"},
		{"export at once zero", "ARBOR_EXPORT_AT_ONCE", "0", "ARBOR_EXPORT_AT_ONCE"},
		{"export at once not a number", "ARBOR_EXPORT_AT_ONCE", "many", "ARBOR_EXPORT_AT_ONCE"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cleanEnv(t)
			t.Setenv(tc.env, tc.value)
			_, err := loadConfig()
			var ce configError
			if !errors.As(err, &ce) {
				t.Fatalf("%s=%q: error %v, want a configError", tc.env, tc.value, err)
			}
			if !strings.Contains(err.Error(), tc.mention) {
				t.Fatalf("the message does not name %s: %v", tc.mention, err)
			}
		})
	}
}

func TestLoadConfigNamesEveryProblem(t *testing.T) {
	cleanEnv(t)
	t.Setenv("ARBOR_ADDR", "nope")
	t.Setenv("ARBOR_SECRET", "short")
	t.Setenv("ARBOR_LOG", "yaml")
	t.Setenv("DATABASE_URL", "postgres://u:topsecret@db:5432/x?sslmode=bogus")
	_, err := loadConfig()
	if err == nil {
		t.Fatal("invalid configuration accepted")
	}
	for _, want := range []string{"ARBOR_ADDR", "ARBOR_SECRET", "ARBOR_LOG", "DATABASE_URL"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("message does not name %s:\n%v", want, err)
		}
	}
	if strings.Contains(err.Error(), "topsecret") {
		t.Errorf("the database password is shown: %v", err)
	}
}

func TestRunExitCodes(t *testing.T) {
	quiet(t)
	cleanEnv(t)
	if code := run(nil); code != 0 {
		t.Errorf("run() without arguments = %d, want 0 (usage)", code)
	}
	if code := run([]string{"help"}); code != 0 {
		t.Errorf("run(help) = %d", code)
	}
	if code := run([]string{"bogus"}); code != 2 {
		t.Errorf("unknown command = %d, want 2", code)
	}
	if code := run([]string{"serve", "-no-such-flag"}); code != 2 {
		t.Errorf("unknown flag = %d, want 2", code)
	}
	if code := run([]string{"migrate", "-force", "x"}); code != 2 {
		t.Errorf("bad flag value = %d, want 2", code)
	}
	for _, bad := range [][2]string{{"ARBOR_ADDR", "nope"}, {"ARBOR_SECRET", "short"}, {"ARBOR_SMTP_URL", "http://x"},
		{"DATABASE_URL", "not a url"}, {"ARBOR_BASE_URL", "example.org"}} {
		t.Run(bad[0], func(t *testing.T) {
			cleanEnv(t)
			t.Setenv(bad[0], bad[1])
			for _, cmd := range []string{"serve", "migrate"} {
				if code := run([]string{cmd}); code != 2 {
					t.Errorf("%s with %s=%q = %d, want 2", cmd, bad[0], bad[1], code)
				}
			}
		})
	}
	// A short secret file in the data folder is a configuration error too.
	data := t.TempDir()
	if err := os.WriteFile(filepath.Join(data, "secret"), []byte("tiny\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	t.Setenv("ARBOR_DATA", data)
	if code := run([]string{"serve"}); code != 2 {
		t.Errorf("serve with a short secret file = %d, want 2", code)
	}
}

func TestRunMigrate(t *testing.T) {
	quiet(t)
	cleanEnv(t)
	t.Setenv("DATABASE_URL", storetest.URL(t))
	if code := run([]string{"migrate"}); code != 0 {
		t.Fatalf("migrate on a migrated database = %d, want 0", code)
	}
	// A database nobody listens on is an error, not a configuration error.
	t.Setenv("DATABASE_URL", "postgres://arbor:arbor@127.0.0.1:1/arbor?sslmode=disable&connect_timeout=2")
	if code := run([]string{"migrate"}); code != 1 {
		t.Fatalf("migrate without a database = %d, want 1", code)
	}
}

func TestEnsureSecret(t *testing.T) {
	cleanEnv(t)
	data := filepath.Join(t.TempDir(), "nested", "data")
	t.Setenv("ARBOR_DATA", data)
	c, err := loadConfig()
	if err != nil {
		t.Fatal(err)
	}
	if err := c.ensureSecret(); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(data, "secret")
	st, err := os.Stat(path)
	if err != nil {
		t.Fatalf("no secret file: %v", err)
	}
	if st.Mode().Perm() != 0o600 {
		t.Fatalf("secret file mode %v, want 0600", st.Mode().Perm())
	}
	if len(c.Secret) != 64 {
		t.Fatalf("secret of %d characters, want 64 hex digits", len(c.Secret))
	}
	onDisk, _ := os.ReadFile(path)
	if string(onDisk) != string(c.Secret) {
		t.Fatal("the secret in memory differs from the file")
	}

	// The second start reuses it.
	c2, err := loadConfig()
	if err != nil {
		t.Fatal(err)
	}
	if err := c2.ensureSecret(); err != nil {
		t.Fatal(err)
	}
	if string(c2.Secret) != string(c.Secret) {
		t.Fatal("the secret changed between two starts: every session would be lost")
	}

	// A secret given in the environment wins and nothing is written.
	other := filepath.Join(t.TempDir(), "other")
	t.Setenv("ARBOR_DATA", other)
	t.Setenv("ARBOR_SECRET", strings.Repeat("e", 40))
	c3, err := loadConfig()
	if err != nil {
		t.Fatal(err)
	}
	if err := c3.ensureSecret(); err != nil {
		t.Fatal(err)
	}
	if string(c3.Secret) != strings.Repeat("e", 40) {
		t.Fatal("ARBOR_SECRET was not used")
	}
	if _, err := os.Stat(filepath.Join(other, "secret")); !os.IsNotExist(err) {
		t.Fatalf("a secret file was written although ARBOR_SECRET is set: %v", err)
	}
}

func TestEnsureSecretProblems(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "secret"), []byte("  short \n"), 0o600); err != nil {
		t.Fatal(err)
	}
	c := config{DataDir: dir}
	var ce configError
	if err := c.ensureSecret(); !errors.As(err, &ce) || !strings.Contains(err.Error(), "shorter than 32") {
		t.Fatalf("short secret file: %v", err)
	}
	// A data folder that cannot be created.
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	c = config{DataDir: filepath.Join(file, "data")}
	if err := c.ensureSecret(); !errors.As(err, &ce) || !strings.Contains(err.Error(), "ARBOR_DATA") {
		t.Fatalf("uncreatable data folder: %v", err)
	}
	// A secret file with surrounding white space is trimmed.
	dir = t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "secret"), []byte(strings.Repeat("k", 32)+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	c = config{DataDir: dir}
	if err := c.ensureSecret(); err != nil || string(c.Secret) != strings.Repeat("k", 32) {
		t.Fatalf("secret %q, %v", c.Secret, err)
	}
}

// TestServe starts the real server on a free port against the test database, calls it, and
// stops it the way a container runtime does: with SIGTERM.
func TestServe(t *testing.T) {
	quiet(t)
	cleanEnv(t)
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	data := t.TempDir()
	t.Setenv("ARBOR_ADDR", addr)
	t.Setenv("ARBOR_DATA", data)
	t.Setenv("DATABASE_URL", storetest.URL(t))
	t.Setenv("ARBOR_NOTICE", "Maintenance on Sunday")

	done := make(chan int, 1)
	go func() { done <- run([]string{"serve"}) }()

	var body string
	deadline := time.Now().Add(20 * time.Second)
	for {
		res, err := http.Get("http://" + addr + "/api/health")
		if err == nil {
			b, _ := io.ReadAll(res.Body)
			res.Body.Close()
			body = string(b)
			break
		}
		select {
		case code := <-done:
			t.Fatalf("serve ended early with %d", code)
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("the server did not come up: %v", err)
		}
		time.Sleep(50 * time.Millisecond)
	}
	if !strings.Contains(body, `"status":"ok"`) || !strings.Contains(body, "Maintenance on Sunday") {
		t.Fatalf("health answer %s", body)
	}
	if st, err := os.Stat(filepath.Join(data, "secret")); err != nil || st.Mode().Perm() != 0o600 {
		t.Fatalf("serve did not create the secret: %v", err)
	}
	if st, err := os.Stat(filepath.Join(data, "outbox")); err != nil || !st.IsDir() {
		t.Fatalf("serve did not create the mail outbox: %v", err)
	}

	if err := syscall.Kill(os.Getpid(), syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case code := <-done:
		if code != 0 {
			t.Fatalf("graceful shutdown ended with %d", code)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("serve did not stop on SIGTERM")
	}
	if _, err := http.Get("http://" + addr + "/api/health"); err == nil {
		t.Fatal("the server still answers after shutdown")
	}
}

// commandDB readies a test of a command against a database of its own: the output silenced, the
// environment clean but for DATABASE_URL naming that database. It answers the database and a
// context.
func commandDB(t *testing.T) (context.Context, *store.DB) {
	t.Helper()
	quiet(t)
	cleanEnv(t)
	t.Setenv("DATABASE_URL", storetest.URL(t))
	return context.Background(), storetest.MustOpenDB(t)
}

// quiet sends the command's stdout and stderr to a file for the duration of the test.
func quiet(t *testing.T) {
	f, err := os.Create(filepath.Join(t.TempDir(), "output"))
	if err != nil {
		t.Fatal(err)
	}
	stdout, stderr := os.Stdout, os.Stderr
	os.Stdout, os.Stderr = f, f
	t.Cleanup(func() {
		os.Stdout, os.Stderr = stdout, stderr
		f.Close()
		if t.Failed() {
			out, _ := os.ReadFile(f.Name())
			t.Logf("output:\n%s", out)
		}
	})
}
