// Command arbor is the Arbor server and its tools: serve, migrate, user, demo, bench, import, seller.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"time"

	"arbor/api"
	"arbor/auth"
	"arbor/domain"
	"arbor/files"
	"arbor/geo"
	"arbor/mail"
	"arbor/store"
	"arbor/worker"
)

const usage = `arbor — tree inventory and tree inspection

Usage:
  arbor serve [-no-migrate]   migrate the database, then serve the API and web app
  arbor migrate [-force N]    bring the database schema up to date
  arbor user create -email ADDRESS [-super]
                              make a confirmed account (password from ARBOR_PASSWORD or stdin)
  arbor demo [-email A] [-password P] [-no-migrate]
                              migrate, then load the demo organisation with the Flensburg tree register
  arbor bench city [-trees N]  build a synthetic city of N trees (default 1,000,000) for benchmarks
  arbor bench tiles [-c 1,2,4] replay the fixed tile list of BENCHMARKS.md against SQL and the server
  arbor import -project ID -file F [-mapping M.json] [-srid N] [-dry-run] [-next-free] [-add-species]
                              import a register (CSV, Excel, GeoJSON) into a project, all or nothing
  arbor seller -name N -address LINE [-address LINE …] [-vat-id ID] [-bank B] [-email E]
                              set who invoices (printed on every invoice); without flags show it
  arbor help                  this text

Configuration comes from environment variables; see the README.
`

func main() {
	os.Exit(run(os.Args[1:]))
}

func run(args []string) int {
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		fmt.Print(usage)
		return 0
	}
	cfg, err := loadConfig()
	if err != nil {
		fmt.Fprintln(os.Stderr, "arbor:", err)
		return 2
	}
	log := newLogger(cfg.LogFormat)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	switch args[0] {
	case "serve":
		err = serve(ctx, cfg, log, args[1:])
	case "migrate":
		err = migrateCmd(ctx, cfg, log, args[1:])
	case "user":
		err = userCmd(ctx, cfg, log, args[1:], os.Stdin)
	case "demo":
		err = demoCmd(ctx, cfg, log, args[1:])
	case "bench":
		err = benchCmd(ctx, cfg, log, args[1:])
	case "import":
		err = importCmd(ctx, cfg, log, args[1:], os.Stdout)
	case "seller":
		err = sellerCmd(ctx, cfg, log, args[1:], os.Stdout)
	default:
		fmt.Fprintf(os.Stderr, "arbor: unknown command %q\n\n%s", args[0], usage)
		return 2
	}
	var ce configError
	if errors.As(err, &ce) {
		fmt.Fprintln(os.Stderr, "arbor:", err)
		return 2
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "arbor:", err)
		return 1
	}
	return 0
}

func newLogger(format string) *slog.Logger {
	if format == "json" {
		return slog.New(slog.NewJSONHandler(os.Stderr, nil))
	}
	return slog.New(slog.NewTextHandler(os.Stderr, nil))
}

func migrateCmd(ctx context.Context, cfg config, log *slog.Logger, args []string) error {
	fs := flag.NewFlagSet("migrate", flag.ContinueOnError)
	force := fs.Int("force", -1, "mark the schema as being at this version (after a manual repair)")
	if err := fs.Parse(args); err != nil {
		return configError{err.Error()}
	}
	if *force >= 0 {
		return store.ForceVersion(cfg.DatabaseURL, *force)
	}
	start := time.Now()
	if err := store.Migrate(ctx, cfg.DatabaseURL); err != nil {
		return err
	}
	log.Info("database is up to date", "ms", time.Since(start).Milliseconds())
	return nil
}

// migratedDB opens the database, migrated first when migrate is set.
func migratedDB(ctx context.Context, cfg config, log *slog.Logger, migrate bool) (*store.DB, error) {
	if migrate {
		if err := migrateCmd(ctx, cfg, log, nil); err != nil {
			return nil, err
		}
	}
	return store.Open(ctx, cfg.DatabaseURL)
}

func serve(ctx context.Context, cfg config, log *slog.Logger, args []string) error {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	noMigrate := fs.Bool("no-migrate", false, "do not migrate the database on start")
	if err := fs.Parse(args); err != nil {
		return configError{err.Error()}
	}
	if err := cfg.ensureSecret(); err != nil {
		return err
	}
	db, err := migratedDB(ctx, cfg, log, !*noMigrate)
	if err != nil {
		return err
	}
	defer db.Close()
	signer, err := auth.NewSigner(cfg.Secret)
	if err != nil {
		return configError{err.Error()}
	}
	sender, err := mail.New(cfg.SMTPURL, cfg.MailFrom, filepath.Join(cfg.DataDir, "outbox"), log)
	if err != nil {
		return configError{err.Error()}
	}
	tileCache := int64(cfg.TileCacheMB) << 20
	if tileCache == 0 {
		tileCache = -1 // asked for no cache
	}
	blobURL := cfg.BlobURL
	if blobURL == "" {
		if blobURL, err = files.DefaultURL(cfg.DataDir); err != nil {
			return configError{err.Error()}
		}
	}
	bucket, err := files.OpenBucket(ctx, blobURL)
	if err != nil {
		return configError{err.Error()}
	}
	defer bucket.Close()
	fileStore := files.New(db, bucket, store.FileQueue)
	stopWorkers, err := worker.Start(ctx, db, worker.Config{MailQueue: store.MailQueue, Mail: sender, Log: log, Files: fileStore,
		App: domain.New(db, store.MailQueue, cfg.BaseURL)})
	if err != nil {
		return err
	}
	srv := api.New(api.Config{DB: db, Signer: signer, Log: log, BaseURL: cfg.BaseURL, Notice: cfg.Notice,
		TileCache: tileCache, ArchiveAtOnce: cfg.AtOnce, ExportAtOnce: cfg.ExportAt, Files: fileStore,
		BackgroundMax: int64(cfg.BackgroundMaxMB) << 20,
		Proxy:         geo.ProxyOptions{AllowPrivate: cfg.ProxyAllowPrivate}, LegalDir: filepath.Join(cfg.DataDir, "legal")})
	go srv.Prune(ctx, 5*time.Minute)
	go srv.Listen(ctx)

	hs := &http.Server{Addr: cfg.Addr, Handler: srv.Handler(), ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout: 2 * time.Minute, IdleTimeout: 2 * time.Minute}
	errc := make(chan error, 1)
	go func() { errc <- hs.ListenAndServe() }()
	log.Info("arbor is listening", "addr", cfg.Addr, "url", cfg.BaseURL)
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	log.Info("shutting down")
	err = hs.Shutdown(shutdownCtx)
	if serr := stopWorkers(shutdownCtx); err == nil {
		err = serr
	}
	return err
}
