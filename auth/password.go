// Package auth holds passwords, session tokens and (with organisations and projects) the
// permission table. It knows nothing of HTTP or SQL.
package auth

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"golang.org/x/crypto/argon2"
)

// MinPasswordLength is the shortest password accepted (docs/PRODUCT.md §9).
const MinPasswordLength = 8

// Argon2id parameters after the OWASP recommendation (19 MiB, 2 passes, 1 lane): about
// 20 ms a hash on these machines, slow for a guesser and cheap enough for a log-in.
const (
	argonTime    = 2
	argonMemory  = 19 * 1024
	argonThreads = 1
	argonKeyLen  = 32
	saltLen      = 16
)

// PasswordLongEnough reports whether a password meets the minimum length, counted in characters.
func PasswordLongEnough(password string) bool {
	return utf8.RuneCountInString(password) >= MinPasswordLength
}

// HashPassword returns an encoded argon2id hash in the PHC string format.
func HashPassword(password string) (string, error) {
	salt := make([]byte, saltLen)
	if _, err := rand.Read(salt); err != nil {
		return "", err
	}
	key := argon2.IDKey([]byte(password), salt, argonTime, argonMemory, argonThreads, argonKeyLen)
	enc := base64.RawStdEncoding
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, argonMemory, argonTime,
		argonThreads, enc.EncodeToString(salt), enc.EncodeToString(key)), nil
}

// CheckPassword reports whether password matches an encoded hash. The parameters are read
// from the hash, so raising them later keeps old hashes valid.
func CheckPassword(encoded, password string) (bool, error) {
	parts := strings.Split(encoded, "$")
	if len(parts) != 6 || parts[1] != "argon2id" {
		return false, errors.New("auth: not an argon2id hash")
	}
	var memory uint32
	var time uint32
	var threads uint8
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &memory, &time, &threads); err != nil {
		return false, fmt.Errorf("auth: bad argon2id parameters: %w", err)
	}
	enc := base64.RawStdEncoding
	salt, err := enc.DecodeString(parts[4])
	if err != nil {
		return false, err
	}
	want, err := enc.DecodeString(parts[5])
	if err != nil {
		return false, err
	}
	got := argon2.IDKey([]byte(password), salt, time, memory, threads, uint32(len(want)))
	return subtle.ConstantTimeCompare(got, want) == 1, nil
}

// dummyHash is checked against when an e-mail is unknown, so a failed log-in takes the same
// time whether or not the account exists.
var dummyHash, _ = HashPassword("arbor-timing-equaliser")

// CheckDummyPassword spends the time of one password check.
func CheckDummyPassword(password string) {
	_, _ = CheckPassword(dummyHash, password)
}
