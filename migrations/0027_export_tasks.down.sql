DROP INDEX IF EXISTS task_expires;
DELETE FROM task WHERE kind = 'export';
ALTER TABLE task DROP COLUMN file_key, DROP COLUMN file_name, DROP COLUMN file_type, DROP COLUMN file_size, DROP COLUMN expires_at;
ALTER TABLE task DROP CONSTRAINT task_kind_check;
ALTER TABLE task ADD CONSTRAINT task_kind_check CHECK (kind IN ('archive', 'activate', 'import'));
