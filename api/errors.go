package api

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"strconv"
	"strings"

	"arbor"
	"arbor/i18n"
	"arbor/store"

	"github.com/jackc/pgx/v5/pgconn"
)

// statusOf maps every domain error code to its HTTP status: the one place where that is decided.
var statusOf = map[string]int{
	arbor.EINVALID:         http.StatusBadRequest,
	arbor.ELOGINFAILED:     http.StatusBadRequest,
	arbor.EINVALIDTOKEN:    http.StatusBadRequest,
	arbor.EUNAUTHENTICATED: http.StatusUnauthorized,
	arbor.EUNTRUSTED:       http.StatusUnauthorized,
	arbor.ENOTCONFIRMED:    http.StatusForbidden,
	arbor.EFORBIDDEN:       http.StatusForbidden,
	arbor.ENOTFOUND:        http.StatusNotFound,
	arbor.EMETHOD:          http.StatusMethodNotAllowed,
	arbor.ECONFLICT:        http.StatusConflict,
	arbor.ETOOLARGE:        http.StatusRequestEntityTooLarge,
	arbor.EFORMAT:          http.StatusUnsupportedMediaType,
	arbor.ETHROTTLED:       http.StatusTooManyRequests,
	arbor.EUNAVAILABLE:     http.StatusServiceUnavailable,
	arbor.EUPSTREAM:        http.StatusBadGateway,
	arbor.EUPSTREAMLOGIN:   http.StatusBadGateway,
	arbor.EINTERNAL:        http.StatusInternalServerError,
}

// clientGone marks a request whose client disconnected; statusClientClosed is what the request
// log records for it (nginx's 499), never an internal error.
const (
	clientGone         = "client_gone"
	statusClientClosed = 499
)

// retryAfterSeconds is the Retry-After of a 503: about the time PostgreSQL takes to restart.
const retryAfterSeconds = 5

// errorBody is the one shape of every error answer.
type errorBody struct {
	Message string            `json:"message"`
	Code    string            `json:"code"`
	Fields  map[string]string `json:"fields,omitempty"`
	Current any               `json:"current,omitempty"`
	Kept    bool              `json:"kept,omitempty"` // a job session's stale edit is kept in the job's conflicts
}

// writeError answers err in the user's language. Domain errors are shown as they are; database
// time-outs and outages get their own message; anything else is logged and shown as a plain text.
func (s *Server) writeError(w http.ResponseWriter, r *http.Request, err error) {
	lang := language(r)
	var e *arbor.Error
	if !errors.As(err, &e) {
		e = s.classify(r, err)
	}
	args := withFieldLabels(lang, e.Args)
	// A stale write answers the current object as the store read it; the roles the app shows
	// beside it are named here, as for any other answer of it (a project without its role reads
	// as one the caller may not change).
	switch cur := e.Current.(type) {
	case *store.Project:
		projectRoles(cur)
	case *store.Organisation:
		organisationRoles(cur)
	}
	body := errorBody{Message: i18n.T(lang, e.Key, args), Code: e.Code, Current: e.Current, Kept: e.Kept}
	if len(e.Fields) > 0 {
		body.Fields = map[string]string{}
		for f, key := range e.Fields {
			body.Fields[f] = i18n.T(lang, key, args)
		}
	}
	if e.Code == arbor.ETHROTTLED {
		if secs, ok := e.Args["seconds"].(int); ok {
			w.Header().Set("Retry-After", strconv.Itoa(secs))
		}
	}
	if e.Code == clientGone {
		w.WriteHeader(statusClientClosed)
		return
	}
	if e.Code == arbor.EUNAVAILABLE {
		// A restart of PostgreSQL takes a few seconds; clients (and the app) may try again then.
		w.Header().Set("Retry-After", strconv.Itoa(retryAfterSeconds))
	}
	status, ok := statusOf[e.Code]
	if !ok {
		status = http.StatusInternalServerError
	}
	writeJSON(w, status, body)
}

func (s *Server) classify(r *http.Request, err error) *arbor.Error {
	var pg *pgconn.PgError
	var connErr *pgconn.ConnectError
	switch {
	case errors.Is(r.Context().Err(), context.Canceled):
		// The client went away (closed the tab, lost the network): nobody reads the answer and
		// nothing went wrong on our side; recorded as 499, as proxies do.
		s.log.InfoContext(r.Context(), "client disconnected", "method", r.Method, "path", r.URL.Path)
		return &arbor.Error{Code: clientGone, Key: "error.internal"}
	case errors.As(err, &pg) && (strings.HasPrefix(pg.Code, "22") || pg.Code == "54000"):
		// A data exception (a value out of range, an impossible date, an index entry too large)
		// is the request's fault; the input limits of input.go catch the known ones by field,
		// this answers any other with 400 instead of an internal error.
		s.log.WarnContext(r.Context(), "value refused by the database", "method", r.Method, "path", r.URL.Path, "err", err)
		return arbor.Errorf(arbor.EINVALID, "error.out_of_range", nil)
	case errors.As(err, &pg) && pg.Code == "23505":
		// A unique key taken by a concurrent request (or one the handler did not foresee).
		s.log.WarnContext(r.Context(), "duplicate key", "method", r.Method, "path", r.URL.Path, "err", err)
		return arbor.Errorf(arbor.ECONFLICT, "error.duplicate", nil)
	case errors.Is(err, context.DeadlineExceeded), errors.As(err, &pg) && pg.Code == "57014":
		s.log.WarnContext(r.Context(), "database timeout", "path", r.URL.Path, "err", err)
		return arbor.Errorf(arbor.EUNAVAILABLE, "error.timeout", nil)
	case errors.As(err, &connErr), errors.Is(err, context.Canceled) && r.Context().Err() == nil:
		s.log.ErrorContext(r.Context(), "database unavailable", "path", r.URL.Path, "err", err)
		return arbor.Errorf(arbor.EUNAVAILABLE, "error.unavailable", nil)
	case r.Context().Err() == nil && store.Unreachable(err):
		// A restart, a killed backend or a network cut: the other connections are most likely
		// dead too, so the pools drop them now rather than failing one request with each.
		s.log.ErrorContext(r.Context(), "database unavailable", "path", r.URL.Path, "err", err)
		if s.db != nil {
			s.db.ConnectionLost()
		}
		return arbor.Errorf(arbor.EUNAVAILABLE, "error.unavailable", nil)
	}
	if errors.As(err, &pg) && pg.Code == "AR001" {
		return arbor.Errorf(arbor.ECONFLICT, "package.trees_full", nil)
	}
	s.log.ErrorContext(r.Context(), "internal error", "method", r.Method, "path", r.URL.Path, "err", err)
	return arbor.Errorf(arbor.EINTERNAL, "error.internal", nil)
}

// logger is what the server needs of a logger.
type logger = *slog.Logger

// withFieldLabels turns a list of tree field names in args["fields"] into the labels people see:
// a custom field's alias from the project (args["aliases"]), otherwise the field's translated name.
func withFieldLabels(lang string, args map[string]any) map[string]any {
	names, ok := args["fields"].([]string)
	if !ok {
		return args
	}
	aliases, _ := args["aliases"].(map[string]string)
	labels := make([]string, len(names))
	for i, n := range names {
		switch {
		case aliases[n] != "":
			labels[i] = aliases[n]
		case i18n.Has(lang, "tree.field."+n):
			labels[i] = i18n.T(lang, "tree.field."+n, nil)
		default:
			labels[i] = n
		}
	}
	out := map[string]any{}
	for k, v := range args {
		out[k] = v
	}
	out["fields"] = strings.Join(labels, ", ")
	return out
}
