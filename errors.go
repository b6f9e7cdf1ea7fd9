// Package arbor holds the domain error type shared by the store, the API and the commands.
// Errors carry a stable code and a message key; the API layer translates the key into the
// user's language and maps the code to an HTTP status in one table (api/errors.go).
package arbor

import (
	"errors"
	"fmt"
)

// Error codes, stable for programs (the "code" of an API error answer).
const (
	EINVALID         = "invalid"
	ELOGINFAILED     = "login_failed"
	EINVALIDTOKEN    = "invalid_token"
	EUNAUTHENTICATED = "unauthenticated"
	EUNTRUSTED       = "untrusted_token"
	ENOTCONFIRMED    = "not_confirmed"
	EFORBIDDEN       = "forbidden"
	ENOTFOUND        = "not_found"
	EMETHOD          = "method_not_allowed"
	ECONFLICT        = "conflict"
	ETOOLARGE        = "too_large"
	EFORMAT          = "unsupported_format"
	ETHROTTLED       = "throttled"
	EUNAVAILABLE     = "unavailable"
	EUPSTREAM        = "map_service"       // a proxied basemap's service failed (502)
	EUPSTREAMLOGIN   = "map_service_login" // a proxied basemap's service refused its credentials (502)
	EINTERNAL        = "internal"
)

// Error is a failure a person should hear about. Key names a message of the i18n catalogue,
// Args fill its placeholders, Fields maps invalid input fields to message keys.
type Error struct {
	Code   string
	Key    string
	Args   map[string]any
	Fields map[string]string
	// Current carries the up-to-date object for a stale-version conflict.
	Current any
	// Kept says that a job session's stale write was kept in the job's conflicts for a manager.
	Kept bool
}

func (e *Error) Error() string {
	if len(e.Fields) > 0 {
		return fmt.Sprintf("arbor error: code=%s key=%s fields=%v", e.Code, e.Key, e.Fields)
	}
	return fmt.Sprintf("arbor error: code=%s key=%s", e.Code, e.Key)
}

// Errorf builds an Error with a message key and optional arguments.
func Errorf(code, key string, args map[string]any) *Error {
	return &Error{Code: code, Key: key, Args: args}
}

// Invalid builds a validation error naming each invalid field; fields maps field → message key.
func Invalid(fields map[string]string) *Error {
	return &Error{Code: EINVALID, Key: "error.invalid_fields", Fields: fields}
}

// ErrorCode returns the code of an *Error in err's chain, or EINTERNAL.
func ErrorCode(err error) string {
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return EINTERNAL
}

// Count is a number a message shows grouped as its reader's language writes it ("18,697",
// "18.697", "18 697"), as the app shows its counts: a limit or a count in an error message.
type Count int64

// GroupedNumber is the number to group (the i18n package formats values that have it).
func (c Count) GroupedNumber() int64 { return int64(c) }
