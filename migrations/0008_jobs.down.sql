DROP TABLE IF EXISTS job_invitation, job_item;
DROP INDEX IF EXISTS job_name_key;
ALTER TABLE job DROP CONSTRAINT job_org_id, DROP COLUMN note, DROP COLUMN manager_id, DROP COLUMN created_by,
    DROP COLUMN locked_by, DROP COLUMN locked_at, DROP COLUMN conflicts, DROP COLUMN version, DROP COLUMN updated_at;
