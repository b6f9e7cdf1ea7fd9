// Package api is Arbor's HTTP interface: one route table (routes.go), middleware for sessions,
// CSRF and limits, and handlers that parse → authorise → call the store → respond, returning
// early on error. Errors are mapped to statuses in one table (errors.go).
package api

import (
	"context"
	"log/slog"
	"net/http"
	"time"

	"arbor/auth"
	"arbor/domain"
	"arbor/files"
	"arbor/geo"
	"arbor/legal"
	"arbor/store"
	"arbor/tiles"
)

// Config is what the server is built from.
type Config struct {
	DB     *store.DB
	Signer *auth.Signer
	// MailQueue is the queue messages are put in (store.MailQueue but in tests); a worker
	// (worker.Mail) sends them.
	MailQueue string
	Log       *slog.Logger
	BaseURL   string // public URL of the web app, for links in e-mails
	Notice    string // system-disruption warning shown on login and register
	Throttle  store.Throttle
	Now       func() time.Time
	MassEdit  int // most objects one mass edit, archive or selection may touch (default 10,000)
	// ArchiveAtOnce is the biggest filtered view archived (or activated) within its request
	// (default MassEdit); a bigger one becomes a task in the queue, whose progress the app shows.
	ArchiveAtOnce int
	// ExportAtOnce is the biggest whole-project workbook or GIS file made within its request
	// (default DefaultExportAtOnce); a bigger one becomes a task in the queue whose file stays
	// to be downloaded for days (docs/API.md "Exports"). Without Files, every export is made
	// within its request.
	ExportAtOnce int
	// TileCache is the memory the tile cache may use, in bytes (0: the default, 256 MB; below
	// zero: no cache).
	TileCache int64
	// Files keeps photos and documents; without it their routes answer 503.
	Files *files.Service
	// Proxy configures the basemap proxy (AllowPrivate: ARBOR_PROXY_ALLOW_PRIVATE).
	Proxy geo.ProxyOptions
	// LegalDir holds the operator's legal texts ($ARBOR_DATA/legal, README.md "Legal texts");
	// "" serves the built-in samples.
	LegalDir string
}

// Server serves the API and the web app.
type Server struct {
	db        *store.DB
	signer    *auth.Signer
	mailQueue string
	log       *slog.Logger
	baseURL   string
	notice    string
	throttle  store.Throttle
	now       func() time.Time
	secure    bool // cookies only over HTTPS
	massEdit  int
	atOnce    int // ArchiveAtOnce
	exportAt  int // ExportAtOnce
	tiles     *tiles.Service
	answers   *answers
	fresh     *freshness
	app       *domain.Service // the flows of several steps
	files     *files.Service  // photos and documents (nil: not available)
	proxy     *geo.Proxy      // protected basemaps fetched with their stored credentials
	legal     *legal.Texts    // the imprint, privacy policy, terms and data processing agreement
	// allowPrivate lets protected basemaps point at loopback and private addresses.
	allowPrivate bool
}

// DefaultThrottle: five wrong passwords for one address, or fifty from one client, within
// fifteen minutes.
var DefaultThrottle = store.Throttle{Window: 15 * time.Minute, MaxPerEmail: 5, MaxPerClient: 50}

// DefaultExportAtOnce is the most objects a whole-project or GIS export makes within its
// request: about ten seconds' work (BENCHMARKS.md "Exports"); more go to the queue.
const DefaultExportAtOnce = 50000

// DefaultMassEdit is the most objects a mass edit may change at once (docs/DECISIONS.md).
const DefaultMassEdit = 10000

// New builds a Server.
func New(c Config) *Server {
	s := &Server{db: c.DB, signer: c.Signer, mailQueue: c.MailQueue, log: c.Log, baseURL: c.BaseURL, notice: c.Notice,
		throttle: c.Throttle, now: c.Now, massEdit: c.MassEdit, files: c.Files}
	if s.mailQueue == "" {
		s.mailQueue = store.MailQueue
	}
	if s.massEdit <= 0 {
		s.massEdit = DefaultMassEdit
	}
	if s.atOnce = c.ArchiveAtOnce; s.atOnce <= 0 {
		s.atOnce = s.massEdit
	}
	if s.exportAt = c.ExportAtOnce; s.exportAt <= 0 {
		s.exportAt = DefaultExportAtOnce
	}
	if c.TileCache == 0 {
		c.TileCache = 256 << 20
	}
	s.app = domain.New(c.DB, s.mailQueue, s.baseURL)
	s.fresh = newFreshness()
	s.tiles = tiles.New(c.DB, s.Revision, c.TileCache, s.now)
	s.answers = newAnswers(answerCacheBytes)
	s.proxy = geo.NewProxy(c.Proxy)
	s.legal = legal.New(c.LegalDir)
	s.allowPrivate = c.Proxy.AllowPrivate
	if s.log == nil {
		s.log = slog.Default()
	}
	if s.now == nil {
		s.now = time.Now
	}
	if s.throttle.Window == 0 {
		s.throttle = DefaultThrottle
	}
	s.secure = len(s.baseURL) > 8 && s.baseURL[:8] == "https://"
	return s
}

// handler is an API handler: it answers, or returns an error that writeError answers.
type handler func(w http.ResponseWriter, r *http.Request) error

// Prune runs the database's clean-up every interval until ctx ends.
func (s *Server) Prune(ctx context.Context, every time.Duration) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		if err := s.db.Prune(ctx); err != nil && ctx.Err() == nil {
			s.log.Warn("prune expired sessions", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}
