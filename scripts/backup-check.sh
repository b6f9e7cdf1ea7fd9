#!/usr/bin/env bash
# Compares two Arbor installations, typically the one backed up and its restore: every table's
# row count and checksum, every sequence, every blob's bytes, and that every file the restored
# database records has its bytes in the restored blob folder with the recorded SHA-256. Exits 1
# on any difference. docs/OPERATIONS.md, "Backup and restore".
#
#   scripts/backup-check.sh SOURCE_DATABASE_URL SOURCE_BLOBS RESTORED_DATABASE_URL RESTORED_BLOBS
#
# BLOBS are the folders of ARBOR_BLOB_URL (file://…), or - for a blob store that is no folder.
# The queue's tables (river_*) are restored but not compared: they hold the queue's coordination
# (its leader, the state of running jobs), which a running server changes by itself. Compare
# with the servers stopped, or expect the rows changed since the backup to differ.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/pg-client.sh"

[ $# -eq 4 ] || pg_die "usage: scripts/backup-check.sh SOURCE_DATABASE_URL SOURCE_BLOBS RESTORED_DATABASE_URL RESTORED_BLOBS"
src_db=$1 src_blobs=$2 dst_db=$3 dst_blobs=$4
command -v psql >/dev/null 2>&1 || pg_die "psql is needed (Debian: apt-get install postgresql-client)"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
q() { psql "$1" -X -Atq -v ON_ERROR_STOP=1 -F '|' "${@:2}"; }

# One query that counts and hashes every table: each row's text, hashed, in a stable order.
tables_sql="SELECT coalesce(string_agg(format(
    'SELECT %L, count(*), coalesce(md5(string_agg(md5(t::text), '''' ORDER BY md5(t::text))), '''') FROM %s t',
    n.nspname || '.' || c.relname, format('%I.%I', n.nspname, c.relname)), ' UNION ALL ' ORDER BY n.nspname, c.relname), 'SELECT 1 WHERE false')
  FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE c.relkind IN ('r', 'p') AND NOT c.relispartition
    AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%'
    AND c.relname NOT LIKE 'river\\_%'"
for side in src dst; do
  url=$([ $side = src ] && echo "$src_db" || echo "$dst_db")
  q "$url" -c "$tables_sql" >"$tmp/$side.sql" || pg_die "cannot read the tables of $(pg_redact "$url")"
  q "$url" -f "$tmp/$side.sql" | sort >"$tmp/$side.tables"
  q "$url" -c "SELECT schemaname || '.' || sequencename, coalesce(last_value, 0) FROM pg_sequences
    WHERE sequencename NOT LIKE 'river\\_%' ORDER BY 1" >"$tmp/$side.sequences"
done

fail=0
if ! diff -u "$tmp/src.tables" "$tmp/dst.tables" >"$tmp/tables.diff"; then
  pg_log "tables differ (name|rows|checksum, - source, + restored):"
  grep -E '^[-+][^-+]' "$tmp/tables.diff" >&2 || true
  fail=1
fi
if ! diff -u "$tmp/src.sequences" "$tmp/dst.sequences" >"$tmp/seq.diff"; then
  pg_log "sequences differ:"; grep -E '^[-+][^-+]' "$tmp/seq.diff" >&2 || true
  fail=1
fi
ntables=$(wc -l <"$tmp/src.tables")
nrows=$(awk -F'|' '{s += $2} END {print s + 0}' "$tmp/src.tables")

sums() { (cd "$1" && find . -type f -print0 | sort -z | xargs -0 -r sha256sum); }
nblobs=0 bytes=0
if [ "$src_blobs" != - ] || [ "$dst_blobs" != - ]; then
  [ -d "$src_blobs" ] || pg_die "no blob folder $src_blobs"
  [ -d "$dst_blobs" ] || pg_die "no blob folder $dst_blobs"
  sums "$src_blobs" >"$tmp/src.blobs"
  sums "$dst_blobs" >"$tmp/dst.blobs"
  if ! diff -u "$tmp/src.blobs" "$tmp/dst.blobs" >"$tmp/blobs.diff"; then
    pg_log "blobs differ (sha256 path, - source, + restored):"
    grep -E '^[-+][^-+]' "$tmp/blobs.diff" >&2 || true
    fail=1
  fi
  nblobs=$(wc -l <"$tmp/src.blobs")
  bytes=$(find "$src_blobs" -type f -printf '%s\n' | awk '{s += $1} END {print s + 0}')
  # Every file the restored database records is there, with the bytes it recorded.
  q "$dst_db" -c "SELECT sha256, blob_key FROM document ORDER BY blob_key" >"$tmp/documents"
  while IFS='|' read -r sum key; do
    if [ ! -f "$dst_blobs/$key" ]; then
      pg_log "the restored blob folder lacks $key"; fail=1
    elif [ "$(sha256sum <"$dst_blobs/$key" | cut -d' ' -f1)" != "$sum" ]; then
      pg_log "$key does not have the SHA-256 its record holds"; fail=1
    fi
  done <"$tmp/documents"
fi
ndocs=$(wc -l <"${tmp}/documents" 2>/dev/null || echo 0)

if [ $fail = 1 ]; then
  pg_log "DIFFERENT"; exit 1
fi
echo "identical: $ntables tables, $nrows rows (counts and checksums); $(wc -l <"$tmp/src.sequences") sequences; $nblobs blobs, $bytes bytes; $ndocs files recorded, each with its bytes"
