// Package migrations holds the versioned schema, applied in order by golang-migrate.
// Functions and views live in ../sql and are re-applied after every migrate.
package migrations

import "embed"

// FS holds the numbered *.up.sql / *.down.sql files.
//
//go:embed *.sql
var FS embed.FS
