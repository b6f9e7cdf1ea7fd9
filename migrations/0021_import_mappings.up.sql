-- Import, second part: the closest species for the names no list knows (trigram similarity),
-- and each import's column names beside its mapping, so the next file with the same columns
-- is read the same way without mapping it again.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

ALTER TABLE tree_import ADD COLUMN columns text[] NOT NULL DEFAULT '{}';
