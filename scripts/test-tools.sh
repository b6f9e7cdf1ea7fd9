#!/usr/bin/env bash
# Installs the programs the tests use to read Arbor's outputs as users' software would, when they
# are missing: xmllint (GAEB X83 against its schema), pdftotext/pdftoppm (PDF reports), ogrinfo
# (GeoPackage, GeoJSON, OGC API Features), mapserv (a real WMS behind the basemap proxy), psql and
# pg_dump (backup and restore, when PostgreSQL runs in Docker rather than on the host). On Debian
# as root they come from apt; elsewhere the script names the packages and stops.
set -euo pipefail
need=()
command -v xmllint  >/dev/null 2>&1 || need+=(libxml2-utils)
command -v pdftotext >/dev/null 2>&1 || need+=(poppler-utils)
command -v ogrinfo  >/dev/null 2>&1 || need+=(gdal-bin)
[ -x /usr/lib/cgi-bin/mapserv ] || command -v mapserv >/dev/null 2>&1 || need+=(cgi-mapserver)
# psql and pg_dump/pg_restore for the backup test (scripts/backup.sh); a local PostgreSQL brings them.
command -v pg_dump >/dev/null 2>&1 && command -v psql >/dev/null 2>&1 || need+=(postgresql-client)
[ ${#need[@]} -eq 0 ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "test-tools: installing ${need[*]} (apt-get install)" >&2
  export DEBIAN_FRONTEND=noninteractive
  # Another apt run (PostGIS, Chromium) may hold the lock: wait for it rather than fail.
  apt-get -o DPkg::Lock::Timeout=300 update -qq >&2
  apt-get -o DPkg::Lock::Timeout=300 install -y -qq --no-install-recommends "${need[@]}" >&2
else
  echo "test-tools: the tests need ${need[*]}: apt-get install ${need[*]}" >&2
  exit 1
fi
