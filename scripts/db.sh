#!/usr/bin/env bash
# Prints a DATABASE_URL for a PostgreSQL/PostGIS database Arbor can use, setting one up first
# when needed. Messages go to stderr; only the URL goes to stdout. Idempotent and quick when done.
#
#   1. DATABASE_URL is set            → use it as it is.
#   2. Docker works                   → `docker compose up -d db` (PostGIS image, port 5433).
#   3. Debian, as root                → install PostgreSQL and PostGIS with apt if missing, start the
#                                       cluster, create the role and database arbor (password arbor).
set -euo pipefail
log() { echo "db: $*" >&2; }

if [ -n "${DATABASE_URL:-}" ]; then
  echo "$DATABASE_URL"; exit 0
fi

cd "$(dirname "$0")/.."

if command -v docker >/dev/null 2>&1 && timeout 5 docker info >/dev/null 2>&1 \
   && timeout 5 docker compose version >/dev/null 2>&1; then
  log "starting the PostGIS container (docker compose up -d db)"
  docker compose up -d --wait db >&2
  echo "postgres://arbor:arbor@127.0.0.1:5433/arbor?sslmode=disable"; exit 0
fi

# Which local cluster? The newest installed PostgreSQL, its "main" cluster.
have_pg() { command -v pg_lsclusters >/dev/null 2>&1 && [ -n "$(ls /usr/lib/postgresql 2>/dev/null)" ]; }
pg_version() { ls /usr/lib/postgresql | sort -n | tail -n 1; }

apt_updated=""
apt_install() {
  if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
    log "PostgreSQL with PostGIS is needed. Install it (Debian: apt-get install postgresql postgresql-15-postgis-3),"
    log "run this as root, or set DATABASE_URL to a database with PostGIS available."
    exit 1
  fi
  if [ -z "$apt_updated" ]; then
    log "apt-get update"; DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2; apt_updated=1
  fi
  log "apt-get install $*"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >&2
}

if ! have_pg; then
  apt_install postgresql
fi
ver=$(pg_version)
if [ ! -f "/usr/share/postgresql/$ver/extension/postgis.control" ]; then
  apt_install "postgresql-$ver-postgis-3"
fi
if ! pg_lsclusters -h | awk -v v="$ver" '$1 == v && $2 == "main"' | grep -q .; then
  log "creating the PostgreSQL $ver cluster"
  pg_createcluster "$ver" main >&2
fi
port=$(pg_lsclusters -h | awk -v v="$ver" '$1 == v && $2 == "main" {print $3}')
if ! pg_lsclusters -h | awk -v v="$ver" '$1 == v && $2 == "main" {print $4}' | grep -q online; then
  log "starting the PostgreSQL $ver cluster"
  pg_ctlcluster --skip-systemctl-redirect "$ver" main start >&2
fi
for _ in $(seq 1 30); do
  pg_isready -q -h 127.0.0.1 -p "$port" && break
  sleep 1
done

url="postgres://arbor:arbor@127.0.0.1:$port/arbor?sslmode=disable"
if psql "$url" -Atqc "SELECT 1 FROM pg_available_extensions WHERE name = 'postgis'" 2>/dev/null | grep -q 1; then
  echo "$url"; exit 0
fi

as_postgres() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else sudo -u postgres "$@"; fi
}
log "creating the role and database arbor"
# A superuser, so it may create the PostGIS extension and the test databases; for local use only.
as_postgres psql -p "$port" -v ON_ERROR_STOP=1 -qc \
  "DO \$\$ BEGIN
     IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'arbor') THEN
       CREATE ROLE arbor LOGIN SUPERUSER PASSWORD 'arbor';
     END IF;
   END \$\$;" >&2
if ! as_postgres psql -p "$port" -Atqc "SELECT 1 FROM pg_database WHERE datname = 'arbor'" | grep -q 1; then
  as_postgres createdb -p "$port" -O arbor arbor >&2
fi
echo "$url"
