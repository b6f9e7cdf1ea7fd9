-- Change notices for servers that keep short-lived caches (tile requests: sessions, project
-- access, content revisions). Every `arbor serve` listens on channel 'arbor' and drops what a
-- notice says has changed, so N servers behind a load balancer stay as fresh as one.
--   sessions          a session was revoked (logout, password change, account deletion)
--   access            a membership, administrator, project or organisation changed
--   rev:<project>:<n> the content revision of a project moved to n
CREATE OR REPLACE FUNCTION arbor_notify_sessions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('arbor', 'sessions');
    RETURN NULL;
END $$;
CREATE OR REPLACE TRIGGER session_notify AFTER DELETE ON session
    FOR EACH STATEMENT EXECUTE FUNCTION arbor_notify_sessions();

CREATE OR REPLACE FUNCTION arbor_notify_access() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('arbor', 'access');
    RETURN NULL;
END $$;
CREATE OR REPLACE TRIGGER project_member_notify AFTER INSERT OR UPDATE OR DELETE ON project_member
    FOR EACH STATEMENT EXECUTE FUNCTION arbor_notify_access();
CREATE OR REPLACE TRIGGER organisation_admin_notify AFTER INSERT OR UPDATE OR DELETE ON organisation_admin
    FOR EACH STATEMENT EXECUTE FUNCTION arbor_notify_access();
CREATE OR REPLACE TRIGGER organisation_notify AFTER UPDATE OF terminated OR DELETE ON organisation
    FOR EACH STATEMENT EXECUTE FUNCTION arbor_notify_access();
CREATE OR REPLACE TRIGGER project_notify AFTER DELETE ON project
    FOR EACH STATEMENT EXECUTE FUNCTION arbor_notify_access();
