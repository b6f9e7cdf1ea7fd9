package api

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"

	"arbor"
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

// message is the answer of calls whose result is a sentence for the user.
type message struct {
	Message string `json:"message"`
}

// decode reads a JSON body into v, answering people's mistakes with errors they understand.
func decode(r *http.Request, v any) error { return decodeLimit(r, v, maxBody) }

// decodeLimit is decode with another size limit (a selection of many ids).
func decodeLimit(r *http.Request, v any, limit int64) error {
	body := http.MaxBytesReader(nil, r.Body, limit)
	dec := json.NewDecoder(body)
	err := dec.Decode(v)
	if err == nil {
		// Trailing garbage after the object is a malformed body too.
		if _, extra := dec.Token(); extra != io.EOF {
			return arbor.Errorf(arbor.EINVALID, "error.bad_json", nil)
		}
		return nil
	}
	var tooLarge *http.MaxBytesError
	var typeErr *json.UnmarshalTypeError
	switch {
	case errors.As(err, &tooLarge):
		return arbor.Errorf(arbor.ETOOLARGE, "error.too_large", map[string]any{"limit": fmt.Sprintf("%d MB", limit>>20)})
	case errors.As(err, &typeErr) && typeErr.Field != "":
		field := typeErr.Field
		if i := strings.LastIndex(field, "."); i >= 0 {
			field = field[i+1:]
		}
		return &arbor.Error{Code: arbor.EINVALID, Key: "error.bad_field_type", Args: map[string]any{"field": field},
			Fields: map[string]string{field: "error.bad_field_type"}}
	}
	return arbor.Errorf(arbor.EINVALID, "error.bad_json", nil)
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
