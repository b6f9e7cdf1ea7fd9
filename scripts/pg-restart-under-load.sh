#!/usr/bin/env bash
# Restarts the PostgreSQL cluster for real (pg_ctlcluster <version> <cluster> restart) while a
# running Arbor server takes writes from eight clients, then checks that the server serves again
# by itself and that every write it acknowledged with 2xx is in the database, once. It is the
# fault test of api/faults_test.go (TestConnectionKillUnderWrites) with a restart of the cluster
# in place of its killed connections; README.md, "When PostgreSQL restarts", says what to expect.
#
# Not part of `make test`: a restart cuts every other user of the cluster as well.
#
#   scripts/pg-restart-under-load.sh [cluster]    # default: main, the cluster scripts/db.sh sets up
#
# Runs as root (or the postgres user) on a Debian PostgreSQL (pg_ctlcluster). The database is
# DATABASE_URL when set, otherwise the role and database arbor on the cluster's port; the test
# works in a clone of it (store/storetest) and drops the clone at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
log() { echo "pg-restart: $*" >&2; }

cluster=${1:-main}
command -v pg_lsclusters >/dev/null || { log "pg_lsclusters not found: this needs Debian's postgresql-common"; exit 1; }
read -r ver port < <(pg_lsclusters -h | awk -v c="$cluster" '$2 == c {print $1, $3}' | sort -n | tail -n 1) || true
if [ -z "${ver:-}" ]; then
  log "there is no PostgreSQL cluster named $cluster (pg_lsclusters)"; exit 1
fi
if [ -z "${DATABASE_URL:-}" ]; then
  if [ "$cluster" = main ]; then
    DATABASE_URL=$(scripts/db.sh)
  else
    DATABASE_URL="postgres://arbor:arbor@127.0.0.1:$port/arbor?sslmode=disable"
  fi
fi
export DATABASE_URL
export ARBOR_FAULT_COMMAND="pg_ctlcluster --skip-systemctl-redirect $ver $cluster restart"
log "PostgreSQL $ver/$cluster on port $port: $ARBOR_FAULT_COMMAND under eight writing clients"
start=$(date +%s)
if go test -count=1 -run '^TestConnectionKillUnderWrites$' -v ./api/ >"${TMPDIR:-/tmp}/pg-restart-under-load.log" 2>&1; then
  grep -E 'faults_test.go:[0-9]+: (fault|connections killed)' "${TMPDIR:-/tmp}/pg-restart-under-load.log" | sed 's/^ *//' >&2
  log "passed in $(( $(date +%s) - start )) s: the server served again without a restart and kept every acknowledged write"
else
  grep -v 'msg=request' "${TMPDIR:-/tmp}/pg-restart-under-load.log" | tail -n 40 >&2
  log "FAILED (full log: ${TMPDIR:-/tmp}/pg-restart-under-load.log)"; exit 1
fi
