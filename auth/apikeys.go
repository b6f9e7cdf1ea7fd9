package auth

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"strings"
)

// apiKeyPrefix marks Arbor's API keys, so a key found in a script or a log is recognised.
const apiKeyPrefix = "arb_"

// NewAPIKey mints an API key: the key (shown once), the hash that is kept, and the first
// characters shown in the list of keys. 32 random bytes need no slow hash: no one guesses them.
func NewAPIKey() (key string, hash []byte, prefix string, err error) {
	b := make([]byte, 32)
	if _, err = rand.Read(b); err != nil {
		return "", nil, "", err
	}
	key = apiKeyPrefix + base64.RawURLEncoding.EncodeToString(b)
	return key, HashAPIKey(key), key[:len(apiKeyPrefix)+6], nil
}

// HashAPIKey is the hash an API key is stored and looked up by.
func HashAPIKey(key string) []byte {
	sum := sha256.Sum256([]byte(strings.TrimSpace(key)))
	return sum[:]
}
