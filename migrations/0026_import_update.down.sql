DELETE FROM task WHERE kind = 'import';
ALTER TABLE task DROP COLUMN IF EXISTS result, DROP COLUMN IF EXISTS step, DROP CONSTRAINT task_kind_check;
ALTER TABLE task ADD CONSTRAINT task_kind_check CHECK (kind IN ('archive', 'activate'));
ALTER TABLE history DROP COLUMN IF EXISTS import_id;
DROP TABLE IF EXISTS tree_import_update;
ALTER TABLE tree_import DROP COLUMN IF EXISTS updated, DROP COLUMN IF EXISTS match;
ALTER TABLE tree DROP COLUMN IF EXISTS external_id;
