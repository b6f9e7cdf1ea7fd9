package auth

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"strings"
	"time"

	"github.com/golang-jwt/jwt/v5"
)

// Session types (docs/PRODUCT.md §3).
const (
	TypeUser         = "user"
	TypeOrganisation = "organisation"
	TypeProject      = "project"
	TypeJob          = "job"
)

// Claims are exactly the session claims of docs/PRODUCT.md §3. Scoped sessions carry id_o, id_p, id_j.
type Claims struct {
	Sub         string   `json:"sub"`
	Alias       string   `json:"alias"`
	Authorities []string `json:"authorities"`
	Location    string   `json:"location"`
	Iat         int64    `json:"iat"`
	Exp         int64    `json:"exp"`
	Type        string   `json:"type"`
	IDO         string   `json:"id_o,omitempty"`
	IDP         string   `json:"id_p,omitempty"`
	IDJ         string   `json:"id_j,omitempty"`
}

// The jwt library reads the registered claims through these methods.
func (c Claims) GetExpirationTime() (*jwt.NumericDate, error) {
	return jwt.NewNumericDate(time.Unix(c.Exp, 0)), nil
}
func (c Claims) GetIssuedAt() (*jwt.NumericDate, error) {
	return jwt.NewNumericDate(time.Unix(c.Iat, 0)), nil
}
func (c Claims) GetNotBefore() (*jwt.NumericDate, error) { return nil, nil }
func (c Claims) GetIssuer() (string, error)              { return "", nil }
func (c Claims) GetSubject() (string, error)             { return c.Sub, nil }
func (c Claims) GetAudience() (jwt.ClaimStrings, error)  { return nil, nil }

// HasAuthority reports whether the session carries an authority.
func (c Claims) HasAuthority(a string) bool {
	for _, x := range c.Authorities {
		if x == a {
			return true
		}
	}
	return false
}

// Signer signs and verifies session tokens, derives their CSRF tokens and seals secrets the
// server must read back, all from the one signing secret.
type Signer struct {
	secret []byte
	*Sealer
}

// NewSigner returns a Signer for a secret of at least 32 bytes.
func NewSigner(secret []byte) (*Signer, error) {
	if len(secret) < 32 {
		return nil, errors.New("auth: the signing secret must be at least 32 bytes")
	}
	sealer, err := NewSealer(secret)
	if err != nil {
		return nil, err
	}
	return &Signer{secret: secret, Sealer: sealer}, nil
}

// Sign returns the signed token for claims. The claims are fixed by docs/PRODUCT.md §3 and have a
// resolution of one second, so a random nonce in the JWT header makes every token unique: two
// log-ins of one user within a second must not get the same token (and session row).
func (s *Signer) Sign(c Claims) (string, error) {
	t := jwt.NewWithClaims(jwt.SigningMethodHS256, c)
	t.Header["nonce"] = RandomToken()[:16]
	return t.SignedString(s.secret)
}

// Verify checks signature, algorithm and expiry and returns the claims.
func (s *Signer) Verify(token string) (Claims, error) {
	var c Claims
	_, err := jwt.ParseWithClaims(token, &c, func(*jwt.Token) (any, error) { return s.secret, nil },
		jwt.WithValidMethods([]string{"HS256"}), jwt.WithExpirationRequired(), jwt.WithLeeway(5*time.Second))
	if err != nil {
		return Claims{}, err
	}
	if c.Sub == "" || c.Type == "" {
		return Claims{}, errors.New("auth: token lacks sub or type")
	}
	return c, nil
}

// CSRF returns the CSRF token bound to a session token: a browser proves it can read our
// cookie (same origin) by echoing it in a header; nothing needs to be stored.
func (s *Signer) CSRF(token string) string {
	m := hmac.New(sha256.New, s.secret)
	m.Write([]byte("csrf:"))
	m.Write(TokenHash(token))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil))
}

// CheckCSRF compares a presented CSRF token in constant time.
func (s *Signer) CheckCSRF(token, presented string) bool {
	return hmac.Equal([]byte(s.CSRF(token)), []byte(presented))
}

// DeviceToken returns a new device cookie for a browser that logged into the account of email:
// a random id and a MAC binding it to the address (OWASP's device cookies). Its id keeps an
// allowance of failed log-ins of its own (store.Throttle.MaxPerDevice).
func (s *Signer) DeviceToken(email string) string {
	id := RandomToken()[:22]
	return id + "." + s.deviceMAC(id, email)
}

// Device returns the id of a device cookie issued for email, "" when token is not one.
func (s *Signer) Device(token, email string) string {
	id, mac, ok := strings.Cut(token, ".")
	if !ok || len(id) != 22 || !hmac.Equal([]byte(mac), []byte(s.deviceMAC(id, email))) {
		return ""
	}
	return id
}

func (s *Signer) deviceMAC(id, email string) string {
	m := hmac.New(sha256.New, s.secret)
	m.Write([]byte("device:" + id + ":" + strings.ToLower(strings.TrimSpace(email))))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil))
}

// TokenHash is how a token is stored: a leaked database row cannot be replayed as a token.
func TokenHash(token string) []byte {
	h := sha256.Sum256([]byte(token))
	return h[:]
}

// RandomToken returns a 256-bit random token for e-mail links.
func RandomToken() string {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		panic(err) // the system's randomness failing is not recoverable
	}
	return base64.RawURLEncoding.EncodeToString(b)
}
