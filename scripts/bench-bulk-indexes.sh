#!/usr/bin/env bash
# Measures what building tree's indexes in bulk would save over maintaining them row by row:
# the same 1M rows into (A) a copy of tree with all its indexes and checks, and (B) a copy with
# the checks but no index, followed by building every index of tree on it. Triggers, foreign
# keys and history are outside both, so this is the rows-and-indexes part of the write only.
set -euo pipefail
U=${DATABASE_URL:?DATABASE_URL: a database with a register imported (arbor bench import)}
cols=$(psql "$U" -Atc "SELECT string_agg(quote_ident(attname), ',' ORDER BY attnum) FROM pg_attribute WHERE attrelid='tree'::regclass AND attnum>0 AND NOT attisdropped AND attgenerated=''")
psql "$U" -qX <<SQL
\timing on
DROP TABLE IF EXISTS src, t_a, t_b;
CREATE UNLOGGED TABLE src AS SELECT $cols FROM tree;
VACUUM ANALYZE src;
CREATE TABLE t_a (LIKE tree INCLUDING ALL);
CREATE TABLE t_b (LIKE tree INCLUDING DEFAULTS INCLUDING GENERATED INCLUDING CONSTRAINTS);
CHECKPOINT;
\echo A: insert into the copy with all indexes
INSERT INTO t_a ($cols) OVERRIDING SYSTEM VALUE SELECT $cols FROM src;
CHECKPOINT;
\echo B: insert into the copy without indexes
INSERT INTO t_b ($cols) OVERRIDING SYSTEM VALUE SELECT $cols FROM src;
SQL
idx=$(mktemp); trap 'rm -f "$idx"' EXIT
# B continued: every index of tree, built on t_b, one after the other (timed together).
psql "$U" -AtXc "SELECT regexp_replace(regexp_replace(pg_get_indexdef(indexrelid), ' ON public.tree ', ' ON public.t_b '), 'INDEX (\S+)', 'INDEX b_\1') || ';' FROM pg_index WHERE indrelid='tree'::regclass" > "$idx"
s=$(date +%s.%N)
psql "$U" -qX -v ON_ERROR_STOP=1 -c "SET maintenance_work_mem='256MB'" -f "$idx"
e=$(date +%s.%N)
echo "B: build $(wc -l < "$idx") indexes: $(echo "$e - $s" | bc) s"
psql "$U" -qXc "DROP TABLE src, t_a, t_b"
