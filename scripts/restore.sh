#!/usr/bin/env bash
# Restores a backup of scripts/backup.sh into a new database and a new data folder: checks the
# backup's sums, creates the database when it does not exist (it must hold no tables), restores
# the dump in one transaction (all or nothing), copies the blobs and the signing secret.
# docs/OPERATIONS.md, "Backup and restore"; scripts/backup-check.sh compares the result.
#
#   scripts/restore.sh FOLDER
#
# Restores into the installation the environment names: DATABASE_URL, ARBOR_DATA (default
# ./var) and ARBOR_BLOB_URL (default file://$ARBOR_DATA/blobs); the blob folder must be empty or
# absent. The role of DATABASE_URL must be allowed to create the database and the PostGIS
# extension (a superuser, or the owner of a database that already has PostGIS).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/pg-client.sh"

arbor_settings "$@"
in=$1

[ -f "$in/database.dump" ] && [ -f "$in/SHA256SUMS" ] || pg_die "$in holds no backup (database.dump, SHA256SUMS)"
(cd "$in" && sha256sum --quiet --strict -c SHA256SUMS) || pg_die "$in is damaged: its files do not match SHA256SUMS"
blobs=$(blob_dir "$blob_url")
if [ -n "$blobs" ] && [ -d "$blobs" ] && [ -n "$(ls -A "$blobs")" ]; then pg_die "the blob folder $blobs is not empty"; fi
if [ -f "$data/secret" ] && [ -f "$in/secret" ] && ! cmp -s "$data/secret" "$in/secret"; then
  pg_die "$data/secret exists and differs from the backup's"
fi
start=$(date +%s)

name=$(pg_dbname "$db")
maint=$(pg_with_db "$db" postgres)
command -v psql >/dev/null 2>&1 || pg_die "psql is needed (Debian: apt-get install postgresql-client)"
exists=$(psql "$maint" -X -Atqc "SELECT 1 FROM pg_database WHERE datname = '${name//\'/\'\'}'") ||
  pg_die "cannot connect to $(pg_redact "$maint")"
if [ -z "$exists" ]; then
  pg_log "creating the database $name"
  psql "$maint" -X -q -v ON_ERROR_STOP=1 -v name="$name" <<<'CREATE DATABASE :"name"' >/dev/null
fi
pg_client "$db"
tables=$(psql "$db" -X -Atqc "SELECT count(*) FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema') AND tablename <> 'spatial_ref_sys'")
[ "$tables" = 0 ] || pg_die "the database $name already holds $tables tables: restore into a new one"

pg_log "restoring into $(pg_redact "$db") with pg_restore $PG_MAJOR"
"$PG_BIN/pg_restore" --exit-on-error --single-transaction --no-owner --no-privileges --dbname="$db" "$in/database.dump"

if [ -n "$blobs" ]; then
  copy_blobs "$in/blobs" "$blobs" "copying the blobs into $blobs"
else
  pg_log "ARBOR_BLOB_URL is not a folder ($blob_url): restore the bucket with the store's own tools"
fi
if [ -f "$in/secret" ]; then
  mkdir -p "$data"
  copy_secret "$in/secret" "$data/secret"
fi
pg_log "restored in $(( $(date +%s) - start )) s; start arbor serve with DATABASE_URL=$(pg_redact "$db") ARBOR_DATA=$data"
