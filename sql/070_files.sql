-- The rules of photos and documents (docs/API.md "Photos and documents"), kept by the database so
-- that every path obeys them: a file's blob outlives its record only until the sweep removes it,
-- and the history of the object a file belongs to records its upload, rename and deletion.

-- arbor_document_gone notes the blob of a removed file for the sweep, however the record went:
-- deleted by itself or with its tree, inspection, work, job, project or organisation.
CREATE OR REPLACE FUNCTION arbor_document_gone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO document_orphan (blob_key) SELECT blob_key FROM gone ON CONFLICT DO NOTHING;
    RETURN NULL;
END $$;
CREATE OR REPLACE TRIGGER document_gone AFTER DELETE ON document
    REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION arbor_document_gone();

-- arbor_document_history records a project file's upload, rename (name, caption) and deletion
-- in the history of its tree or group, or of its job or project. Organisation files have no
-- project history. The record holds what people see of the file, never its blob key.
CREATE OR REPLACE FUNCTION arbor_document_history() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    who record := arbor_actor();
    rec document := coalesce(NEW, OLD);
    o   jsonb;
    n   jsonb;
BEGIN
    IF rec.project_id IS NULL THEN
        RETURN NULL;
    END IF;
    IF TG_OP <> 'INSERT' THEN
        o := jsonb_build_object('name', OLD.name, 'caption', OLD.caption, 'kind', OLD.kind, 'size', OLD.size, 'object_type', OLD.object_type);
    END IF;
    IF TG_OP <> 'DELETE' THEN
        n := jsonb_build_object('name', NEW.name, 'caption', NEW.caption, 'kind', NEW.kind, 'size', NEW.size, 'object_type', NEW.object_type);
    END IF;
    IF TG_OP = 'UPDATE' THEN
        INSERT INTO history (organisation_id, project_id, object_id, entity, entity_id, op, field,
                             old_value, new_value, user_id, username, alias)
        SELECT rec.organisation_id, rec.project_id, coalesce(rec.tree_id, rec.job_id, rec.project_id), 'file', rec.id,
               'update', k, o->k, n->k, who.user_id, who.username, who.alias
        FROM unnest(ARRAY['name', 'caption']) AS k
        WHERE (n->k) IS DISTINCT FROM (o->k);
    ELSE
        INSERT INTO history (organisation_id, project_id, object_id, entity, entity_id, op,
                             old_value, new_value, user_id, username, alias)
        VALUES (rec.organisation_id, rec.project_id, coalesce(rec.tree_id, rec.job_id, rec.project_id), 'file', rec.id,
                lower(TG_OP), o, n, who.user_id, who.username, who.alias);
    END IF;
    RETURN NULL;
END $$;
CREATE OR REPLACE TRIGGER document_history AFTER INSERT OR UPDATE OF name, caption OR DELETE ON document
    FOR EACH ROW EXECUTE FUNCTION arbor_document_history();
