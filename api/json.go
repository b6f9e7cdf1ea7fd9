package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"reflect"
	"strings"
	"time"

	"arbor"
	"arbor/i18n"
	"arbor/store"
)

// maxBody is the largest JSON body accepted (uploads have their own routes and limits).
const maxBody = 1 << 20

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	if v != nil {
		_ = json.NewEncoder(w).Encode(v)
	}
}

// checked is a request body that tidies its values and checks them, answering one error that
// names every invalid field; r tells who asks (their language, what they may).
type checked[T any] interface {
	*T
	check(r *http.Request) error
}

// decodeChecked reads a JSON body into a T and checks it: the parse step of a handler that
// takes a body.
func decodeChecked[T any, P checked[T]](r *http.Request) (T, error) {
	var req T
	if err := decode(r, &req); err != nil {
		return req, err
	}
	return req, P(&req).check(r)
}

// decodeAs reads a JSON body into a T and makes of it, with as (which checks it), the V a
// store call takes.
func decodeAs[T, V any](r *http.Request, as func(*T) (V, error)) (T, V, error) {
	var req T
	var v V
	if err := decode(r, &req); err != nil {
		return req, v, err
	}
	v, err := as(&req)
	return req, v, err
}

// writeResult answers v as JSON with status, or err when the call that made v failed: the end
// of a handler that makes one call and answers its result.
func writeResult(w http.ResponseWriter, status int, v any, err error) error {
	if err != nil {
		return err
	}
	writeJSON(w, status, v)
	return nil
}

// writeList answers a list with its length, {"items": […], "total": n}, or err when reading it
// failed.
func writeList[T any](w http.ResponseWriter, list []T, err error) error {
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]any{"items": list, "total": len(list)})
	return nil
}

// writePage answers one page of a longer list with the length of the whole list, or err when
// reading it failed.
func writePage[T any](w http.ResponseWriter, page []T, total int, err error) error {
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]any{"items": page, "total": total})
	return nil
}

// message is the answer of calls whose result is a sentence for the user.
type message struct {
	Message string `json:"message"`
}

// writeMessage answers the sentence of the message key in the caller's language.
func writeMessage(w http.ResponseWriter, r *http.Request, status int, key string) error {
	writeJSON(w, status, message{i18n.T(language(r), key, nil)})
	return nil
}

// decode reads a JSON body into v, answering people's mistakes with errors they understand.
func decode(r *http.Request, v any) error { return decodeLimit(r, v, maxBody) }

// decodeLimit is decode with another size limit (a selection of many ids). Every body passes
// checkJSON first (docs/API.md "Input limits"): no NUL character, no text beyond maxText
// characters, no whole number beyond 32 bits, no impossible date, no deep nesting. What
// PostgreSQL would refuse with an internal error is refused here with 400 naming the field.
func decodeLimit(r *http.Request, v any, limit int64) error {
	if err := jsonContentType(r); err != nil {
		return err
	}
	raw, err := io.ReadAll(http.MaxBytesReader(nil, r.Body, limit))
	var tooLarge *http.MaxBytesError
	if errors.As(err, &tooLarge) {
		return arbor.Errorf(arbor.ETOOLARGE, "error.too_large", map[string]any{"limit": fmt.Sprintf("%d MB", limit>>20)})
	}
	if err != nil {
		return err
	}
	if err := checkJSON(raw); err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	err = dec.Decode(v)
	if err == nil {
		// Trailing garbage after the object is a malformed body too.
		if _, extra := dec.Token(); extra != io.EOF {
			return arbor.Errorf(arbor.EINVALID, "error.bad_json", nil)
		}
		return nil
	}
	var typeErr *json.UnmarshalTypeError
	if errors.As(err, &typeErr) && typeErr.Field != "" {
		field := typeErr.Field
		if i := strings.LastIndex(field, "."); i >= 0 {
			field = field[i+1:]
		}
		return fieldError(field, "error.bad_field_type", "error.bad_field_type")
	}
	if field := badTimeField(raw, v); field != "" {
		return fieldError(field, "error.bad_field", "field.date")
	}
	return arbor.Errorf(arbor.EINVALID, "error.bad_json", nil)
}

// fieldError is a 400 whose message names field.
func fieldError(field, key, fieldKey string) error {
	return &arbor.Error{Code: arbor.EINVALID, Key: key, Args: map[string]any{"field": field},
		Fields: map[string]string{field: fieldKey}}
}

// jsonContentType refuses a body declared as anything but JSON (a form post from another site,
// a file sent to the wrong route) with 415; a body without a Content-Type is read as JSON.
func jsonContentType(r *http.Request) error {
	ct := r.Header.Get("Content-Type")
	if ct == "" {
		return nil
	}
	mt, _, err := mime.ParseMediaType(ct)
	if err == nil && (mt == "application/json" || strings.HasSuffix(mt, "+json")) {
		return nil
	}
	return arbor.Errorf(arbor.EFORMAT, "error.json_only", nil)
}

var timeType = reflect.TypeFor[time.Time]()

// badTimeField names the top-level field of v (a struct) whose date/time value in raw does not
// read, so "timestamp: not a date" is said instead of "not valid JSON"; "" when none.
func badTimeField(raw []byte, v any) string {
	t := reflect.TypeOf(v)
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t == nil || t.Kind() != reflect.Struct {
		return ""
	}
	var fields map[string]json.RawMessage
	if json.Unmarshal(raw, &fields) != nil {
		return ""
	}
	for i := range t.NumField() {
		f := t.Field(i)
		ft := f.Type
		for ft.Kind() == reflect.Pointer {
			ft = ft.Elem()
		}
		if ft != timeType {
			continue
		}
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "" {
			name = f.Name
		}
		if value, ok := fields[name]; ok && json.Unmarshal(value, reflect.New(f.Type).Interface()) != nil {
			return name
		}
	}
	return ""
}

// answerInTx runs fn in one transaction and answers its result as JSON with status; a failure
// rolls everything back and is answered as an error.
func answerInTx[T any](w http.ResponseWriter, r *http.Request, db *store.DB, status int, fn func(tx *store.Tx) (T, error)) error {
	var out T
	err := db.InTx(r.Context(), func(tx *store.Tx) (err error) {
		out, err = fn(tx)
		return err
	})
	if err != nil {
		return err
	}
	writeJSON(w, status, out)
	return nil
}
