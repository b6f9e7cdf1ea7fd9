DROP TABLE IF EXISTS project_invitation, project_visit;
ALTER TABLE project_member DROP COLUMN created_at;
