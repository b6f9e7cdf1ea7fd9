package main

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"arbor/mail"

	"github.com/jackc/pgx/v5/pgxpool"
)

// config is read from the environment; every setting has a default that works on a developer's
// machine (see the README's table).
type config struct {
	Addr        string // ARBOR_ADDR
	DatabaseURL string // DATABASE_URL
	BaseURL     string // ARBOR_BASE_URL
	DataDir     string // ARBOR_DATA
	Secret      []byte // ARBOR_SECRET, else $ARBOR_DATA/secret
	SMTPURL     string // ARBOR_SMTP_URL
	MailFrom    string // ARBOR_MAIL_FROM
	Notice      string // ARBOR_NOTICE
	LogFormat   string // ARBOR_LOG: text or json
	TileCacheMB int    // ARBOR_TILE_CACHE_MB: memory for cached vector tiles
	AtOnce      int    // ARBOR_ARCHIVE_AT_ONCE: the biggest view archived within its request
	ExportAt    int    // ARBOR_EXPORT_AT_ONCE: the biggest whole-project or GIS export made within its request
	BlobURL     string // ARBOR_BLOB_URL: where photos and documents are kept (default: $ARBOR_DATA/blobs)
	// BackgroundMaxMB (ARBOR_BACKGROUND_MAX_MB): the largest background map archive an
	// administrator may upload (default 2048); it waits in the system's temporary folder
	// (TMPDIR) while it is checked.
	BackgroundMaxMB int
	// ProxyAllowPrivate (ARBOR_PROXY_ALLOW_PRIVATE=1) lets protected basemaps point at loopback
	// and private addresses, which the basemap proxy refuses otherwise.
	ProxyAllowPrivate bool
}

const defaultDatabaseURL = "postgres://arbor:arbor@127.0.0.1:5432/arbor?sslmode=disable"

// configError is invalid configuration: main prints it and exits with 2.
type configError struct{ msg string }

func (e configError) Error() string { return e.msg }

func env(name, def string) string {
	if v, ok := os.LookupEnv(name); ok && v != "" {
		return v
	}
	return def
}

// loadConfig reads and checks the environment. It does not create anything; see ensureSecret.
func loadConfig() (config, error) {
	c := config{
		Addr:        env("ARBOR_ADDR", ":8080"),
		DatabaseURL: env("DATABASE_URL", defaultDatabaseURL),
		DataDir:     env("ARBOR_DATA", "./var"),
		SMTPURL:     env("ARBOR_SMTP_URL", ""),
		MailFrom:    env("ARBOR_MAIL_FROM", "Arbor <no-reply@arbor.localhost>"),
		Notice:      env("ARBOR_NOTICE", ""),
		LogFormat:   env("ARBOR_LOG", "text"),
		BlobURL:     env("ARBOR_BLOB_URL", ""),
	}
	var problems []string
	if _, _, err := net.SplitHostPort(c.Addr); err != nil {
		problems = append(problems, fmt.Sprintf("ARBOR_ADDR %q is not a listen address like :8080 or 127.0.0.1:8080", c.Addr))
	}
	if _, err := pgxpool.ParseConfig(c.DatabaseURL); err != nil || !strings.Contains(c.DatabaseURL, "://") {
		problems = append(problems, "DATABASE_URL is not a PostgreSQL URL like postgres://user:password@host:5432/arbor")
	}
	c.BaseURL = env("ARBOR_BASE_URL", "http://localhost"+portOf(c.Addr))
	if u, err := url.Parse(c.BaseURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		problems = append(problems, fmt.Sprintf("ARBOR_BASE_URL %q is not an absolute http(s) URL", c.BaseURL))
	}
	c.BaseURL = strings.TrimRight(c.BaseURL, "/")
	if c.SMTPURL != "" {
		if err := mail.ValidateURL(c.SMTPURL); err != nil {
			problems = append(problems, err.Error())
		}
	}
	if s := os.Getenv("ARBOR_SECRET"); s != "" {
		if len(s) < 32 {
			problems = append(problems, "ARBOR_SECRET must be at least 32 characters long")
		}
		c.Secret = []byte(s)
	}
	if v := env("ARBOR_TILE_CACHE_MB", "256"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 || n > 1<<20 {
			problems = append(problems, fmt.Sprintf("ARBOR_TILE_CACHE_MB %q is not a number of megabytes (0 turns the cache off)", v))
		}
		c.TileCacheMB = n
	}
	if v := env("ARBOR_ARCHIVE_AT_ONCE", "10000"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 10000 {
			problems = append(problems, fmt.Sprintf("ARBOR_ARCHIVE_AT_ONCE %q is not a number of objects from 1 to 10000", v))
		}
		c.AtOnce = n
	}
	if v := env("ARBOR_EXPORT_AT_ONCE", "50000"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 10000000 {
			problems = append(problems, fmt.Sprintf("ARBOR_EXPORT_AT_ONCE %q is not a number of objects from 1 to 10000000", v))
		}
		c.ExportAt = n
	}
	if v := env("ARBOR_BACKGROUND_MAX_MB", "2048"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 1<<20 {
			problems = append(problems, fmt.Sprintf("ARBOR_BACKGROUND_MAX_MB %q is not a number of megabytes from 1 to 1048576", v))
		}
		c.BackgroundMaxMB = n
	}
	if c.BlobURL != "" && !strings.HasPrefix(c.BlobURL, "file://") && !strings.HasPrefix(c.BlobURL, "s3://") {
		problems = append(problems, "ARBOR_BLOB_URL must be a file:///folder or s3://bucket?region=… URL")
	}
	switch v := env("ARBOR_PROXY_ALLOW_PRIVATE", "0"); v {
	case "0", "false":
	case "1", "true":
		c.ProxyAllowPrivate = true
	default:
		problems = append(problems, fmt.Sprintf("ARBOR_PROXY_ALLOW_PRIVATE %q must be 1 or 0", v))
	}
	if c.LogFormat != "text" && c.LogFormat != "json" {
		problems = append(problems, "ARBOR_LOG must be text or json")
	}
	if len(problems) > 0 {
		return c, configError{"invalid configuration:\n  " + strings.Join(problems, "\n  ")}
	}
	return c, nil
}

func portOf(addr string) string {
	_, port, err := net.SplitHostPort(addr)
	if err != nil || port == "80" {
		return ""
	}
	return ":" + port
}

// ensureSecret reads the signing secret from the data folder, creating it on first start.
func (c *config) ensureSecret() error {
	if c.Secret != nil {
		return nil
	}
	if err := os.MkdirAll(c.DataDir, 0o750); err != nil {
		return configError{fmt.Sprintf("ARBOR_DATA %q cannot be created: %v", c.DataDir, err)}
	}
	path := filepath.Join(c.DataDir, "secret")
	b, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		raw := make([]byte, 32)
		if _, err := rand.Read(raw); err != nil {
			return err
		}
		b = []byte(hex.EncodeToString(raw))
		if err := os.WriteFile(path, b, 0o600); err != nil {
			return configError{fmt.Sprintf("cannot write the signing secret to %s: %v", path, err)}
		}
	} else if err != nil {
		return configError{fmt.Sprintf("cannot read the signing secret %s: %v", path, err)}
	}
	c.Secret = []byte(strings.TrimSpace(string(b)))
	if len(c.Secret) < 32 {
		return configError{fmt.Sprintf("the signing secret in %s is shorter than 32 characters", path)}
	}
	return nil
}
