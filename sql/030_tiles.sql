-- Tile support: the project's content revision, moved once per statement that changes trees,
-- groups or works (so a mass edit of 10,000 trees moves it once, not 10,000 times).
-- arbor_bump_projects moves the revision of each project named and tells servers listening on
-- 'arbor' the new one (see sql/040_notify.sql).
CREATE OR REPLACE FUNCTION arbor_bump_projects(p_ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
    p record;
BEGIN
    FOR p IN
        UPDATE project SET content_revision = content_revision + 1
        WHERE id = ANY (p_ids)
        RETURNING id, content_revision
    LOOP
        PERFORM pg_notify('arbor', 'rev:' || p.id || ':' || p.content_revision);
    END LOOP;
END $$;

-- (the delete triggers name their OLD TABLE new_rows too, so one body serves all)
CREATE OR REPLACE FUNCTION arbor_bump_revision() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM arbor_bump_projects(ARRAY(SELECT DISTINCT project_id FROM new_rows));
    RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER tree_revision_insert AFTER INSERT ON tree
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION arbor_bump_revision();
CREATE OR REPLACE TRIGGER tree_revision_update AFTER UPDATE ON tree
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION arbor_bump_revision();
CREATE OR REPLACE TRIGGER tree_revision_delete AFTER DELETE ON tree
    REFERENCING OLD TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION arbor_bump_revision();
CREATE OR REPLACE TRIGGER tree_action_revision_insert AFTER INSERT ON tree_action
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION arbor_bump_revision();
CREATE OR REPLACE TRIGGER tree_action_revision_update AFTER UPDATE ON tree_action
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION arbor_bump_revision();
CREATE OR REPLACE TRIGGER tree_action_revision_delete AFTER DELETE ON tree_action
    REFERENCING OLD TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION arbor_bump_revision();

-- A job's objects are part of what a filter may ask for (job membership), so adding objects to a
-- job or taking them out moves the revision of their project too: tiles and cached answers for
-- such filters would be stale otherwise. The project is found through the tree, which is still
-- there when a deleted job takes its items with it.
CREATE OR REPLACE FUNCTION arbor_bump_revision_job_items() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM arbor_bump_projects(ARRAY(SELECT DISTINCT t.project_id FROM new_rows n JOIN tree t ON t.id = n.tree_id));
    RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER job_item_revision_insert AFTER INSERT ON job_item
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION arbor_bump_revision_job_items();
CREATE OR REPLACE TRIGGER job_item_revision_delete AFTER DELETE ON job_item
    REFERENCING OLD TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION arbor_bump_revision_job_items();
