-- A big export runs in the queue as a task (docs/API.md "Exports"): what it makes is kept in the
-- blob store under file_key for a few days, then swept; the row tells the app what to download.
ALTER TABLE task DROP CONSTRAINT task_kind_check;
ALTER TABLE task ADD CONSTRAINT task_kind_check CHECK (kind IN ('archive', 'activate', 'import', 'export'));
ALTER TABLE task
    ADD COLUMN file_key   text,
    ADD COLUMN file_name  text,
    ADD COLUMN file_type  text,
    ADD COLUMN file_size  bigint,
    ADD COLUMN expires_at timestamptz;
CREATE INDEX task_expires ON task (expires_at) WHERE file_key IS NOT NULL;
