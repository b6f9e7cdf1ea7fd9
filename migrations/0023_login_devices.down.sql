DROP INDEX IF EXISTS login_failure_device;
ALTER TABLE login_failure DROP COLUMN IF EXISTS device;
