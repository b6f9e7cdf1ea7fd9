#!/usr/bin/env bash
# Backs up an Arbor installation into a folder: the database (pg_dump, custom format), the blob
# store's folder (the bytes of photos and documents) and the signing secret of the data folder.
# docs/OPERATIONS.md, "Backup and restore", says when and how; scripts/restore.sh restores it.
#
#   scripts/backup.sh FOLDER
#
# Reads the installation's own settings: DATABASE_URL, ARBOR_DATA (default ./var) and
# ARBOR_BLOB_URL (default file://$ARBOR_DATA/blobs). FOLDER must not exist or be empty. The
# database is dumped first, then the blobs are copied, so every file the dump records was
# written before the copy began (files are written before their records commit).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/pg-client.sh"

arbor_settings "$@"
out=$1

if [ -e "$out" ] && [ -n "$(ls -A "$out")" ]; then pg_die "$out is not empty"; fi
mkdir -p "$out"
pg_client "$db"
start=$(date +%s)

pg_log "dumping $(pg_redact "$db") with pg_dump $PG_MAJOR"
"$PG_BIN/pg_dump" --format=custom --compress=6 --no-owner --no-privileges --file="$out/database.dump" "$db"

blobs=$(blob_dir "$blob_url")
if [ -n "$blobs" ]; then
  copy_blobs "$blobs" "$out/blobs" "copying the blobs of $blobs"
else
  pg_log "ARBOR_BLOB_URL is not a folder ($blob_url): back up the bucket with the store's own tools (versioning, replication, rclone)"
fi

if [ -f "$data/secret" ]; then
  copy_secret "$data/secret" "$out/secret"
elif [ -z "${ARBOR_SECRET:-}" ]; then
  pg_log "no $data/secret and no ARBOR_SECRET: stored basemap passwords cannot be opened after a restore"
fi

{
  echo "arbor backup $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "postgresql $PG_MAJOR"
  echo "schema $(psql "$db" -X -Atqc "SELECT version FROM schema_migrations" 2>/dev/null || echo '?')"
  if [ -n "$blobs" ]; then echo "blobs $(find "$out/blobs" -type f | wc -l) files of $blobs"; else echo "blobs not copied ($blob_url)"; fi
  echo "secret $([ -f "$out/secret" ] && echo copied || echo 'not copied')"
} >"$out/MANIFEST"
# restore.sh checks the backup against these sums before it restores anything.
(cd "$out" && find . -type f ! -name "SHA256SUMS*" -print0 | sort -z | xargs -0 -r sha256sum) >"$out/SHA256SUMS.tmp"
mv "$out/SHA256SUMS.tmp" "$out/SHA256SUMS"
pg_log "backup in $out ($(du -sh "$out" | cut -f1), $(( $(date +%s) - start )) s)"
