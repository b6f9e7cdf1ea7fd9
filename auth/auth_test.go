package auth

import (
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"
)

func TestPasswordHash(t *testing.T) {
	h, err := HashPassword("correct horse")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(h, "$argon2id$v=19$m=19456,t=2,p=1$") {
		t.Fatalf("hash format %q", h)
	}
	if ok, err := CheckPassword(h, "correct horse"); !ok || err != nil {
		t.Fatalf("right password refused: %v %v", ok, err)
	}
	if ok, _ := CheckPassword(h, "correct horsE"); ok {
		t.Fatal("wrong password accepted")
	}
	if _, err := CheckPassword("$bcrypt$x", "a"); err == nil {
		t.Fatal("foreign hash accepted")
	}
	h2, _ := HashPassword("correct horse")
	if h == h2 {
		t.Fatal("two hashes of one password are equal: salt missing")
	}
}

func TestPasswordLength(t *testing.T) {
	if PasswordLongEnough("1234567") || !PasswordLongEnough("12345678") || !PasswordLongEnough("äöüßäöüß") {
		t.Fatal("length rule wrong")
	}
}

func TestTokenRoundTripAndTamper(t *testing.T) {
	s, err := NewSigner([]byte(strings.Repeat("k", 32)))
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now().Unix()
	tok, err := s.Sign(Claims{Sub: "u1", Alias: "Ada", Authorities: []string{"user"}, Location: "de", Iat: now, Exp: now + 60, Type: TypeUser})
	if err != nil {
		t.Fatal(err)
	}
	c, err := s.Verify(tok)
	if err != nil || c.Sub != "u1" || c.Location != "de" || !c.HasAuthority("user") {
		t.Fatalf("verify: %+v %v", c, err)
	}
	// A changed payload must fail.
	parts := strings.Split(tok, ".")
	bad := parts[0] + "." + parts[1] + "x." + parts[2]
	if _, err := s.Verify(bad); err == nil {
		t.Fatal("tampered token accepted")
	}
	other, _ := NewSigner([]byte(strings.Repeat("o", 32)))
	if _, err := other.Verify(tok); err == nil {
		t.Fatal("token of another secret accepted")
	}
	expired, _ := s.Sign(Claims{Sub: "u1", Iat: now - 100, Exp: now - 50, Type: TypeUser})
	if _, err := s.Verify(expired); err == nil {
		t.Fatal("expired token accepted")
	}
	none, _ := jwt.NewWithClaims(jwt.SigningMethodNone, Claims{Sub: "u1", Iat: now, Exp: now + 60, Type: TypeUser}).SignedString(jwt.UnsafeAllowNoneSignatureType)
	if _, err := s.Verify(none); err == nil {
		t.Fatal("alg=none token accepted")
	}
	if !s.CheckCSRF(tok, s.CSRF(tok)) || s.CheckCSRF(tok, s.CSRF(expired)) {
		t.Fatal("csrf binding wrong")
	}
	if _, err := NewSigner([]byte("short")); err == nil {
		t.Fatal("short secret accepted")
	}
}

func TestSeal(t *testing.T) {
	s, err := NewSealer([]byte(strings.Repeat("s", 32)))
	if err != nil {
		t.Fatal(err)
	}
	sealed := s.Seal("wms-password")
	if sealed == "" || strings.Contains(sealed, "wms-password") {
		t.Fatalf("sealed %q", sealed)
	}
	if s.Seal("wms-password") == sealed {
		t.Fatal("two seals of one value are equal: nonce missing")
	}
	if plain, err := s.Open(sealed); err != nil || plain != "wms-password" {
		t.Fatalf("open: %q %v", plain, err)
	}
	other, _ := NewSealer([]byte(strings.Repeat("o", 32)))
	if _, err := other.Open(sealed); err == nil {
		t.Fatal("opened with another secret")
	}
	if _, err := s.Open("not-sealed"); err == nil {
		t.Fatal("garbage opened")
	}
	if s.Seal("") != "" {
		t.Fatal("empty value sealed")
	}
}
