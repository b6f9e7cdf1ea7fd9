ALTER TABLE tree_import DROP COLUMN IF EXISTS columns;
-- pg_trgm stays: other parts of the schema may have come to use it.
