// Package sql holds the canonical PostgreSQL functions (CREATE OR REPLACE), applied in file-name
// order after every migration so the database always runs the code of this build.
package sql

import "embed"

// FS holds the NNN_name.sql files.
//
//go:embed *.sql
var FS embed.FS
