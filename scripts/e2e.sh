#!/usr/bin/env bash
# Runs the Playwright suite (web/e2e) in Chromium against a real server: a fresh database and
# data folder each run, removed afterwards. The server's e-mails land in the outbox, where the
# tests read confirmation and reset links. ARBOR_E2E_PORT (18080) and ARBOR_BIN (bin/arbor) let
# several runs go on at once; E2E_ONLY runs only the tests whose name contains it. The flows get the
# server's database as ARBOR_E2E_DATABASE_URL (to move a demo's end into the past).
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -x /usr/bin/chromium ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "e2e: installing Chromium (apt-get install chromium)" >&2
    DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >&2
  else
    echo "e2e: /usr/bin/chromium is needed: apt-get install chromium" >&2; exit 1
  fi
fi

admin=$(scripts/db.sh)
db="arbor_e2e_$$"
url=$(python3 -c 'import sys,urllib.parse as u; p=u.urlsplit(sys.argv[1]); print(u.urlunsplit(p._replace(path="/"+sys.argv[2])))' "$admin" "$db" 2>/dev/null \
      || echo "${admin%/*}/$db?sslmode=disable")

admin_sql() {
  if command -v psql >/dev/null 2>&1; then psql "$admin" -qX -v ON_ERROR_STOP=1 -c "$1"
  else docker compose exec -T db psql -U arbor -d arbor -qX -v ON_ERROR_STOP=1 -c "$1"; fi
}
admin_sql "CREATE DATABASE $db"

data=$(mktemp -d)
port=${ARBOR_E2E_PORT:-18080}
bin=${ARBOR_BIN:-bin/arbor}
# Views of more than five objects are archived in the background, so the data flow sees a task's progress;
# protected basemaps may point at the flows' own map services on 127.0.0.1.
ARBOR_DATA="$data" ARBOR_ADDR="127.0.0.1:$port" ARBOR_BASE_URL="http://127.0.0.1:$port" DATABASE_URL="$url" \
  ARBOR_ARCHIVE_AT_ONCE=5 ARBOR_EXPORT_AT_ONCE=5 ARBOR_PROXY_ALLOW_PRIVATE=1 "$bin" serve >"$data/server.log" 2>&1 &
pid=$!
cleanup() {
  kill "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  admin_sql "DROP DATABASE IF EXISTS $db WITH (FORCE)" || true
  rm -rf "$data"
}
trap cleanup EXIT

for _ in $(seq 1 60); do
  curl -fsS "http://127.0.0.1:$port/api/health" >/dev/null 2>&1 && break
  kill -0 "$pid" 2>/dev/null || { echo "e2e: the server did not start:" >&2; cat "$data/server.log" >&2; exit 1; }
  sleep 0.5
done

status=0
(cd web && ARBOR_URL="http://127.0.0.1:$port" ARBOR_OUTBOX="$data/outbox" ARBOR_E2E_DATABASE_URL="$url" npm run e2e --silent) || status=$?
if [ "$status" != 0 ]; then
  echo "e2e: failed; the server's log:" >&2; tail -n 50 "$data/server.log" >&2
fi
exit "$status"
