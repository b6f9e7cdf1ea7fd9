package seed

import (
	"context"

	"arbor/store"
)

// BenchUserEmail is the account benchmarks act as.
const BenchUserEmail = "bench@arbor.example"

// BenchUser is the account benchmarks act as, made (confirmed, with a password nobody knows)
// when it is not there.
func BenchUser(ctx context.Context, db *store.DB) (*store.User, error) {
	if u, err := db.UserByEmail(ctx, BenchUserEmail); err == nil {
		return u, nil
	}
	return db.CreateConfirmedUser(ctx, store.NewUser{FirstName: "Bench", LastName: "Mark", Email: BenchUserEmail,
		PasswordHash: "$argon2id$v=19$m=19456,t=2,p=1$YmVuY2g$YmVuY2g", Language: "en"}, false)
}

// BenchCity builds a synthetic city of n trees for userID (who administers its organisation):
// most along streets, the rest in parks, with groups and works, over about 20 km × 20 km around
// Hamburg. The same seed gives the same city (store.DB.SeedBenchCity).
func BenchCity(ctx context.Context, db *store.DB, userID string, n int, seed float64) (*store.BenchCity, error) {
	return db.SeedBenchCity(ctx, userID, n, seed)
}
