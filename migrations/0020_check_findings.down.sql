ALTER TABLE tree_check DROP COLUMN findings, DROP COLUMN check_type;
