DROP TABLE IF EXISTS project_invitation;
ALTER TABLE project_member DROP COLUMN opened_at, DROP COLUMN created_at;
