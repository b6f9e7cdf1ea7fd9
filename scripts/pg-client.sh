# Sourced by backup.sh, restore.sh and backup-check.sh: helpers for PostgreSQL's client programs,
# and what backup.sh and restore.sh both need of an installation (at the end).
#
# pg_client URL sets PG_BIN to the folder of the pg_dump/pg_restore/psql of the server's major
# version: pg_dump refuses a newer server, and a dump is best restored by the same version. On
# Debian every installed version has its own folder (/usr/lib/postgresql/<major>/bin); elsewhere
# the programs on PATH are used when they are at least the server's version.

pg_log() { echo "${0##*/}: $*" >&2; }
pg_die() { pg_log "$*"; exit 1; }

pg_client() {
  local url=$1 num major have
  command -v psql >/dev/null 2>&1 || pg_die "psql is needed (Debian: apt-get install postgresql-client)"
  num=$(psql "$url" -X -Atqc "SHOW server_version_num") || pg_die "cannot connect to $(pg_redact "$url")"
  major=$((num / 10000))
  if [ -x "/usr/lib/postgresql/$major/bin/pg_dump" ]; then
    PG_BIN="/usr/lib/postgresql/$major/bin"
  elif command -v pg_dump >/dev/null 2>&1; then
    have=$(pg_dump --version | sed -E 's/.* ([0-9]+)(\.[0-9]+)*.*/\1/')
    [ "$have" -ge "$major" ] 2>/dev/null ||
      pg_die "pg_dump $have is older than the server ($major): install postgresql-client-$major"
    PG_BIN=$(dirname "$(command -v pg_dump)")
  else
    pg_die "pg_dump is needed: install postgresql-client-$major"
  fi
  PG_MAJOR=$major
}

# pg_redact URL hides the password of a connection URL for messages.
pg_redact() { echo "$1" | sed -E 's#(://[^:/@]*):[^@/]*@#\1:xxxxx@#'; }

# pg_dbname URL is the database a postgres:// URL names; pg_with_db URL NAME the URL naming NAME.
pg_dbname() { local rest=${1#*://}; rest=${rest#*/}; echo "${rest%%\?*}"; }
pg_with_db() {
  local url=$1 name=$2 scheme rest hostpart query=""
  scheme=${url%%://*}; rest=${url#*://}
  hostpart=${rest%%/*}
  case "$rest" in *\?*) query="?${rest#*\?}" ;; esac
  echo "$scheme://$hostpart/$name$query"
}

# blob_dir prints the folder of a file:// blob URL (ARBOR_BLOB_URL), or nothing for another store.
blob_dir() {
  case "$1" in
    file://*) local p=${1#file://}; echo "${p%%\?*}" ;;
  esac
}

# arbor_settings "$@" checks that backup.sh or restore.sh was given one FOLDER, and sets db, data
# and blob_url from the installation's own settings, with the defaults arbor serve has:
# DATABASE_URL, ARBOR_DATA and ARBOR_BLOB_URL.
arbor_settings() {
  [ $# -eq 1 ] || pg_die "usage: scripts/${0##*/} FOLDER"
  db=${DATABASE_URL:-postgres://arbor:arbor@127.0.0.1:5432/arbor?sslmode=disable}
  data=${ARBOR_DATA:-./var}
  blob_url=${ARBOR_BLOB_URL:-file://$data/blobs}
}

# copy_blobs FROM TO NOTE makes the blob folder TO and copies what FROM holds into it (saying
# NOTE), when there is a FROM.
copy_blobs() {
  mkdir -p "$2"
  if [ -d "$1" ]; then
    pg_log "$3"
    cp -a "$1/." "$2/"
  fi
}

# copy_secret FROM TO copies the signing secret, readable by its owner only.
copy_secret() {
  cp -p "$1" "$2"
  chmod 600 "$2"
}
