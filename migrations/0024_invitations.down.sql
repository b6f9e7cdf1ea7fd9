DROP INDEX IF EXISTS job_invitation_email;
ALTER TABLE job_invitation DROP COLUMN IF EXISTS invited_by;
DROP TABLE IF EXISTS organisation_invitation;
