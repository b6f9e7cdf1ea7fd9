-- The rules of the core record, kept by the database so that every path — the API, an import, a
-- psql session — obeys them: who changed what (history), the safety of a tree from its works,
-- the latest inspection on the tree, the next inspection date from the project's interval
-- matrix, group areas, and inspections that cannot be changed.

-- arbor_set_actor names the person behind the writes of the current transaction; the triggers
-- below stamp history, create_* and object_* with it. A name left NULL is taken from the account
-- (username = e-mail address, alias = first and last name).
CREATE OR REPLACE FUNCTION arbor_set_actor(p_user uuid, p_username text, p_alias text)
RETURNS void LANGUAGE sql AS $$
    SELECT set_config('arbor.user_id', coalesce(p_user::text, ''), true),
           set_config('arbor.username', coalesce(p_username, u.email, ''), true),
           set_config('arbor.alias', coalesce(p_alias, trim(u.first_name || ' ' || u.last_name), ''), true)
    FROM (SELECT 1) one LEFT JOIN app_user u ON u.id = p_user;
$$;

-- arbor_actor is that person; without one (a maintenance session) the database role is named.
CREATE OR REPLACE FUNCTION arbor_actor(OUT user_id uuid, OUT username text, OUT alias text)
LANGUAGE sql STABLE AS $$
    SELECT nullif(current_setting('arbor.user_id', true), '')::uuid,
           coalesce(nullif(current_setting('arbor.username', true), ''), session_user::text),
           coalesce(current_setting('arbor.alias', true), '');
$$;

-- arbor_check_next: the next inspection date after an inspection at p_at, from the project's
-- interval matrix (months; docs/DECISIONS.md after the FLL guideline). A hollow tree and a severely
-- damaged one (damage 2–3) take their own rows; an unknown expectation counts as high, the
-- shorter interval, because an inspection that comes too late is the costly mistake.
CREATE OR REPLACE FUNCTION arbor_check_next(
    p_intervals jsonb, p_development smallint, p_damage smallint, p_expectation smallint, p_at timestamptz)
RETURNS date LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT ((p_at AT TIME ZONE 'UTC')::date + make_interval(months =>
        (p_intervals
            -> CASE WHEN p_development = 3 THEN 'hollow'
                    WHEN p_damage >= 2 THEN 'damaged'
                    WHEN p_development = 2 THEN 'aging_healthy'
                    ELSE 'young_healthy' END
            ->> CASE WHEN p_expectation = 0 THEN 'low' ELSE 'high' END)::int))::date;
$$;

-- arbor_inspection_class (docs/PRODUCT.md §4): 0 overdue (next inspection more than 6 weeks before today),
-- 1 due (6 weeks before to 6 weeks after today), 2 six weeks to 3 months ahead, 3 further ahead;
-- NULL when never inspected.
-- PARALLEL SAFE, like arbor_deadline_class: a query naming an unsafe function never runs in
-- parallel workers, even where the planner inlines it, and filters and dashboards use both.
CREATE OR REPLACE FUNCTION arbor_inspection_class(p_next date, p_today date)
RETURNS smallint LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT CASE WHEN p_next IS NULL THEN NULL
                WHEN p_next < p_today - 42 THEN 0
                WHEN p_next <= p_today + 42 THEN 1
                WHEN p_next <= (p_today + interval '3 months')::date THEN 2
                ELSE 3 END::smallint;
$$;

-- arbor_deadline_class (docs/PRODUCT.md §4): 0 overdue (before today), 1 up to 2 weeks, 2 two weeks to
-- 3 months, 3 three to 6 months, 4 later than 6 months, 5 none.
CREATE OR REPLACE FUNCTION arbor_deadline_class(p_deadline date, p_today date)
RETURNS smallint LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT CASE WHEN p_deadline IS NULL THEN 5
                WHEN p_deadline < p_today THEN 0
                WHEN p_deadline <= p_today + 14 THEN 1
                WHEN p_deadline <= (p_today + interval '3 months')::date THEN 2
                WHEN p_deadline <= (p_today + interval '6 months')::date THEN 3
                ELSE 4 END::smallint;
$$;

-- arbor_tree_safety (docs/PRODUCT.md §4): the safety of a tree or group from its works. Safe (0) when no
-- safety-relevant work is open; otherwise the gravest open one decides: a detailed
-- investigation makes it doubtful (1), felling not safe (3), any other work restorable (2).
-- Each work carries that code (code_action_security) from its entry in the work list.
CREATE OR REPLACE FUNCTION arbor_tree_safety(p_tree uuid)
RETURNS smallint LANGUAGE sql STABLE AS $$
    SELECT coalesce(max(code_action_security), 0)::smallint
    FROM tree_action
    WHERE tree_id = p_tree AND security_relevance AND execute_timestamp IS NULL;
$$;

-- arbor_refresh_tree_actions writes the fields a tree derives from its works: safety, the
-- number of open works, the earliest open deadline and the open works' names.
CREATE OR REPLACE FUNCTION arbor_refresh_tree_actions(p_trees uuid[])
RETURNS void LANGUAGE sql AS $$
    UPDATE tree t SET action_security = s.safety, action_count = s.open, action_deadline = s.deadline,
                      actions = s.names
    FROM (
        SELECT tr.id, arbor_tree_safety(tr.id) AS safety,
               count(a.id) FILTER (WHERE a.execute_timestamp IS NULL)::int AS open,
               min(a.deadline) FILTER (WHERE a.execute_timestamp IS NULL) AS deadline,
               coalesce(string_agg(a.action, ', ' ORDER BY a.deadline NULLS LAST, a.action)
                        FILTER (WHERE a.execute_timestamp IS NULL), '') AS names
        FROM unnest(p_trees) AS tr(id)
        LEFT JOIN tree_action a ON a.tree_id = tr.id
        GROUP BY tr.id
    ) s
    WHERE t.id = s.id
      AND (t.action_security, t.action_count, t.action_deadline, t.actions)
          IS DISTINCT FROM (s.safety, s.open, s.deadline, s.names);
$$;

-- arbor_package_count: what an organisation's objects count against its tree data package
-- (docs/PRODUCT.md §9): a tree is one; a group counts as 100 trees per hectare (one per 100 m² begun).
-- Felled and archived objects count too.
CREATE OR REPLACE FUNCTION arbor_package_count(p_organisation uuid)
RETURNS bigint LANGUAGE sql STABLE AS $$
    SELECT coalesce(sum(CASE WHEN single_tree THEN 1 ELSE greatest(ceil(coalesce(area, 0) / 100.0), 1) END), 0)::bigint
    FROM tree WHERE organisation_id = p_organisation;
$$;

-- arbor_next_number: the next free tree number of a project (one above the highest).
CREATE OR REPLACE FUNCTION arbor_next_number(p_project uuid)
RETURNS integer LANGUAGE sql STABLE AS $$
    SELECT coalesce(max(number), 0) + 1 FROM tree WHERE project_id = p_project;
$$;

-- Stamps a tree or group: its area (m² through geography) and who created and last changed it.
CREATE OR REPLACE FUNCTION arbor_tree_stamp() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    who record := arbor_actor();
BEGIN
    NEW.area := CASE WHEN NEW.single_tree THEN NULL ELSE ST_Area(NEW.geom::geography) END;
    IF TG_OP = 'INSERT' THEN
        IF NEW.create_username = '' THEN
            NEW.create_username := who.username;
            NEW.create_alias := who.alias;
        END IF;
    END IF;
    IF TG_OP = 'INSERT' OR NEW IS DISTINCT FROM OLD THEN
        NEW.object_timestamp := now();
        NEW.object_username := who.username;
        NEW.object_alias := who.alias;
    END IF;
    RETURN NEW;
END $$;
CREATE OR REPLACE TRIGGER tree_stamp BEFORE UPDATE ON tree
    FOR EACH ROW EXECUTE FUNCTION arbor_tree_stamp();
-- A new tree whose INSERT stamps it itself (an import: a million rows, where calling the
-- function for each was a twentieth of the write) needs nothing of the trigger: it has no area
-- and object_timestamp defaults to now(). The stamps cannot come from a person's input
-- (fields.Values refuses them).
CREATE OR REPLACE TRIGGER tree_stamp_insert BEFORE INSERT ON tree
    FOR EACH ROW WHEN (NOT NEW.single_tree OR NEW.create_username = '' OR NEW.object_username = '')
    EXECUTE FUNCTION arbor_tree_stamp();

-- An inspection is evidence: once written it is never changed or removed. It goes only with its
-- tree (a cascade, which runs inside the foreign key's own trigger).
CREATE OR REPLACE FUNCTION arbor_check_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'DELETE' AND pg_trigger_depth() > 1 THEN
        RETURN OLD;
    END IF;
    RAISE EXCEPTION 'an inspection cannot be changed' USING ERRCODE = 'restrict_violation';
END $$;
CREATE OR REPLACE TRIGGER tree_check_immutable BEFORE UPDATE OR DELETE ON tree_check
    FOR EACH ROW EXECUTE FUNCTION arbor_check_immutable();

-- Completes an inspection before it is written: the project, the inspector, assessment fields
-- left out taken from the tree as it stands, and the next inspection date.
CREATE OR REPLACE FUNCTION arbor_check_prepare() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    t   tree;
    who record := arbor_actor();
BEGIN
    SELECT * INTO t FROM tree WHERE organisation_id = NEW.organisation_id AND id = NEW.tree_id;
    NEW.project_id := t.project_id;
    NEW.vitality := coalesce(NEW.vitality, t.vitality);
    NEW.development := coalesce(NEW.development, t.development);
    NEW.damage_tree := coalesce(NEW.damage_tree, t.damage_tree);
    NEW.security_expectation := coalesce(NEW.security_expectation, t.security_expectation);
    IF NEW.username = '' THEN
        NEW.user_id := who.user_id;
        NEW.username := who.username;
        NEW.alias := who.alias;
    END IF;
    NEW.check_next := arbor_check_next(
        (SELECT inspection_intervals FROM project WHERE id = t.project_id),
        NEW.development, NEW.damage_tree, NEW.security_expectation, NEW.timestamp);
    RETURN NEW;
END $$;
CREATE OR REPLACE TRIGGER tree_check_prepare BEFORE INSERT ON tree_check
    FOR EACH ROW EXECUTE FUNCTION arbor_check_prepare();

-- The newest inspection is the tree's current assessment; a back-dated one changes nothing.
CREATE OR REPLACE FUNCTION arbor_check_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF EXISTS (SELECT 1 FROM tree_check c WHERE c.tree_id = NEW.tree_id AND c.id <> NEW.id
               AND c.timestamp > NEW.timestamp) THEN
        RETURN NULL;
    END IF;
    UPDATE tree SET vitality = NEW.vitality, development = NEW.development, damage_tree = NEW.damage_tree,
                    security_expectation = NEW.security_expectation, symptoms = NEW.symptoms,
                    valuation_top = NEW.valuation_top, valuation_root = NEW.valuation_root,
                    valuation_trunk = NEW.valuation_trunk, valuation_group = NEW.valuation_group,
                    general31 = NEW.general31, general32 = NEW.general32,
                    check_comment = NEW.comment, check_next = NEW.check_next,
                    check_timestamp = NEW.timestamp, check_username = NEW.username, check_alias = NEW.alias
    WHERE organisation_id = NEW.organisation_id AND id = NEW.tree_id;
    RETURN NULL;
END $$;
CREATE OR REPLACE TRIGGER tree_check_apply AFTER INSERT ON tree_check
    FOR EACH ROW EXECUTE FUNCTION arbor_check_apply();

-- Stamps a work with its author on creation.
CREATE OR REPLACE FUNCTION arbor_action_stamp() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    who record := arbor_actor();
BEGIN
    IF NEW.username = '' THEN
        NEW.user_id := who.user_id;
        NEW.username := who.username;
        NEW.alias := who.alias;
    END IF;
    RETURN NEW;
END $$;
CREATE OR REPLACE TRIGGER tree_action_stamp BEFORE INSERT ON tree_action
    FOR EACH ROW EXECUTE FUNCTION arbor_action_stamp();

-- Keeps a tree's safety and work fields true after every change of its works.
CREATE OR REPLACE FUNCTION arbor_action_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'DELETE' THEN
        PERFORM arbor_refresh_tree_actions(ARRAY[OLD.tree_id]);
    ELSIF TG_OP = 'UPDATE' AND OLD.tree_id <> NEW.tree_id THEN
        PERFORM arbor_refresh_tree_actions(ARRAY[OLD.tree_id, NEW.tree_id]);
    ELSE
        PERFORM arbor_refresh_tree_actions(ARRAY[NEW.tree_id]);
    END IF;
    RETURN NULL;
END $$;
CREATE OR REPLACE TRIGGER tree_action_refresh AFTER INSERT OR UPDATE OR DELETE ON tree_action
    FOR EACH ROW EXECUTE FUNCTION arbor_action_refresh();

-- arbor_history_skip: the fields a history record leaves out: bookkeeping, and fields that merely
-- mirror another record (the latest inspection, work counts).
CREATE OR REPLACE FUNCTION arbor_history_skip() RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
    SELECT ARRAY['id', 'organisation_id', 'project_id', 'tree_id', 'version', 'valuation_max', 'area',
                 'create_timestamp', 'create_username', 'create_alias',
                 'object_timestamp', 'object_username', 'object_alias',
                 'check_comment', 'check_next', 'check_timestamp', 'check_username', 'check_alias',
                 'action_count', 'action_deadline', 'actions', 'created_at', 'user_id',
                 'fid', 'geom_3857']
$$;

-- arbor_history_columns: the recorded columns of a table (all but the skipped ones and the
-- geometry), each written as alias.column, for the statement triggers to list in their queries.
CREATE OR REPLACE FUNCTION arbor_history_columns(rel oid, alias text) RETURNS text LANGUAGE sql STABLE AS $$
    SELECT string_agg(alias || '.' || quote_ident(attname), ', ' ORDER BY attnum)
    FROM pg_attribute
    WHERE attrelid = rel AND attnum > 0 AND NOT attisdropped AND attname <> ALL (arbor_history_skip() || 'geom'::text)
$$;

-- arbor_history_geom: a record's geometry entry, {"geom": GeoJSON} where it counts (new,
-- removed or moved), {} where it does not.
CREATE OR REPLACE FUNCTION arbor_history_geom(g geometry, counts boolean) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
    SELECT CASE WHEN counts THEN jsonb_build_object('geom', coalesce(ST_AsGeoJSON(g)::jsonb, 'null'::jsonb)) ELSE '{}' END
$$;

-- arbor_history records a change of a tree, group, inspection or work: a new or removed record
-- whole, a changed one field by field (old → new). Bookkeeping fields, and fields that merely
-- mirror another record (the latest inspection, work counts), are left out.
-- Geometries are taken out of the record before it becomes JSON and added as GeoJSON only where
-- they are new, removed or moved: PostGIS's own cast to JSON looks up the reference system of
-- every geometry, and with it history took 0.7 ms a row (30,000 objects archived in 27 s).
CREATE OR REPLACE FUNCTION arbor_history() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    who    record := arbor_actor();
    o      jsonb;
    n      jsonb;
    rec    jsonb;
    entity text;
    t_old  tree;
    t_new  tree;
    a_old  tree_action;
    a_new  tree_action;
    g_old  geometry;
    g_new  geometry;
    skip   text[] := arbor_history_skip();
BEGIN
    IF TG_TABLE_NAME = 'tree' THEN
        IF TG_OP <> 'INSERT' THEN
            t_old := OLD; g_old := t_old.geom; t_old.geom := NULL; t_old.geom_3857 := NULL; o := to_jsonb(t_old);
        END IF;
        IF TG_OP <> 'DELETE' THEN
            t_new := NEW; g_new := t_new.geom; t_new.geom := NULL; t_new.geom_3857 := NULL; n := to_jsonb(t_new);
        END IF;
    ELSIF TG_TABLE_NAME = 'tree_action' THEN
        IF TG_OP <> 'INSERT' THEN a_old := OLD; g_old := a_old.geom; a_old.geom := NULL; o := to_jsonb(a_old); END IF;
        IF TG_OP <> 'DELETE' THEN a_new := NEW; g_new := a_new.geom; a_new.geom := NULL; n := to_jsonb(a_new); END IF;
    ELSE
        IF TG_OP <> 'INSERT' THEN o := to_jsonb(OLD); END IF;
        IF TG_OP <> 'DELETE' THEN n := to_jsonb(NEW); END IF;
    END IF;
    rec := coalesce(n, o);
    o := o - skip;
    n := n - skip;
    IF TG_TABLE_NAME IN ('tree', 'tree_action') AND (TG_OP <> 'UPDATE' OR g_old IS DISTINCT FROM g_new) THEN
        IF o IS NOT NULL THEN o := o || arbor_history_geom(g_old, true); END IF;
        IF n IS NOT NULL THEN n := n || arbor_history_geom(g_new, true); END IF;
    END IF;
    entity := CASE TG_TABLE_NAME
        WHEN 'tree' THEN CASE WHEN (rec->>'single_tree')::boolean THEN 'tree' ELSE 'group' END
        WHEN 'tree_check' THEN 'check'
        ELSE 'action' END;
    IF TG_OP = 'UPDATE' THEN
        -- An import that updates objects names itself (arbor.import_id), so the History tab
        -- says which file changed them.
        INSERT INTO history (organisation_id, project_id, object_id, entity, entity_id, op, field,
                             old_value, new_value, user_id, username, alias, import_id)
        SELECT (rec->>'organisation_id')::uuid, (rec->>'project_id')::uuid,
               coalesce(rec->>'tree_id', rec->>'id')::uuid, entity, (rec->>'id')::uuid, 'update', k,
               o->k, n->k, who.user_id, who.username, who.alias,
               nullif(current_setting('arbor.import_id', true), '')::uuid
        FROM jsonb_object_keys(n) AS k
        WHERE (n->k) IS DISTINCT FROM (o->k);
    ELSE
        INSERT INTO history (organisation_id, project_id, object_id, entity, entity_id, op,
                             old_value, new_value, user_id, username, alias)
        VALUES ((rec->>'organisation_id')::uuid, (rec->>'project_id')::uuid,
                coalesce(rec->>'tree_id', rec->>'id')::uuid, entity, (rec->>'id')::uuid, lower(TG_OP),
                o, n, who.user_id, who.username, who.alias);
    END IF;
    RETURN NULL;
END $$;
-- New trees and groups are recorded by one statement for all rows of an INSERT: an import
-- writes a million at once, and a row trigger took a third of its time. The record is the one
-- arbor_history writes for a new row: every field but the bookkeeping ones, the geometry as
-- GeoJSON. The columns are listed from the catalogue, so that the geometry never passes through
-- PostGIS's slow cast to JSON and a new column is recorded without touching this function.
-- An imported object's record is its number and its import (the History tab names the file):
-- its values are the import's (tree_import) as the object still holds them or as its later
-- changes record them (old → new). The whole record made a history row twice the size of the
-- tree's and was a sixth of a million-row import's write.
CREATE OR REPLACE FUNCTION arbor_history_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    who record := arbor_actor();
BEGIN
    EXECUTE format($q$
        INSERT INTO history (organisation_id, project_id, object_id, entity, entity_id, op,
                             old_value, new_value, user_id, username, alias)
        SELECT n.organisation_id, n.project_id, n.id, CASE WHEN n.single_tree THEN 'tree' ELSE 'group' END, n.id, 'insert',
               NULL::jsonb, to_jsonb(r) || arbor_history_geom(n.geom, true), $1, $2, $3
        FROM new_rows n CROSS JOIN LATERAL (SELECT %s) r
        WHERE n.import_id IS NULL
        UNION ALL
        SELECT n.organisation_id, n.project_id, n.id, CASE WHEN n.single_tree THEN 'tree' ELSE 'group' END, n.id, 'insert',
               NULL::jsonb, jsonb_build_object('number', n.number, 'import_id', n.import_id), $1, $2, $3
        FROM new_rows n
        WHERE n.import_id IS NOT NULL$q$, arbor_history_columns(TG_RELID, 'n'))
    USING who.user_id, who.username, who.alias;
    RETURN NULL;
END $$;
-- Changed trees and groups likewise, one statement for all rows of an UPDATE: a mass edit or an
-- archived view changes thousands at once, and the row trigger took a third of such an update.
-- Each field that changed is one entry, old → new, as arbor_history records it; the geometry,
-- as GeoJSON, only where it moved.
CREATE OR REPLACE FUNCTION arbor_history_updated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    who record := arbor_actor();
BEGIN
    IF (SELECT count(*) FROM new_rows) <= 200 THEN
        -- A save changes one object: a static query, whose plan PL/pgSQL keeps, instead of planning
        -- the catalogue's columns anew for every save (half a millisecond each); the geometry
        -- passing through PostGIS's cast to JSON costs little for a few rows.
        INSERT INTO history (organisation_id, project_id, object_id, entity, entity_id, op, field,
                             old_value, new_value, user_id, username, alias, import_id)
        SELECT n.organisation_id, n.project_id, n.id, CASE WHEN n.single_tree THEN 'tree' ELSE 'group' END, n.id,
               'update', k, j.was->k, j.now->k, who.user_id, who.username, who.alias,
               nullif(current_setting('arbor.import_id', true), '')::uuid
        FROM old_rows o JOIN new_rows n ON n.id = o.id
        CROSS JOIN LATERAL (SELECT
            (to_jsonb(o) - (arbor_history_skip() || 'geom'::text)) || arbor_history_geom(o.geom, o.geom IS DISTINCT FROM n.geom) AS was,
            (to_jsonb(n) - (arbor_history_skip() || 'geom'::text)) || arbor_history_geom(n.geom, o.geom IS DISTINCT FROM n.geom) AS now
            OFFSET 0) j
        CROSS JOIN LATERAL jsonb_object_keys(j.now) AS k
        WHERE (j.now->k) IS DISTINCT FROM (j.was->k);
        RETURN NULL;
    END IF;
    EXECUTE format($q$
        INSERT INTO history (organisation_id, project_id, object_id, entity, entity_id, op, field,
                             old_value, new_value, user_id, username, alias, import_id)
        SELECT n.organisation_id, n.project_id, n.id, CASE WHEN n.single_tree THEN 'tree' ELSE 'group' END, n.id,
               'update', k, j.was->k, j.now->k, $1, $2, $3, nullif(current_setting('arbor.import_id', true), '')::uuid
        FROM old_rows o JOIN new_rows n ON n.id = o.id
        CROSS JOIN LATERAL (SELECT
            to_jsonb(ro) || arbor_history_geom(o.geom, o.geom IS DISTINCT FROM n.geom) AS was,
            to_jsonb(rn) || arbor_history_geom(n.geom, o.geom IS DISTINCT FROM n.geom) AS now
            FROM (SELECT %s) ro, (SELECT %s) rn
            OFFSET 0) j -- made once an object, not again for each of its fields
        CROSS JOIN LATERAL jsonb_object_keys(j.now) AS k
        WHERE (j.now->k) IS DISTINCT FROM (j.was->k)$q$, arbor_history_columns(TG_RELID, 'o'), arbor_history_columns(TG_RELID, 'n'))
    USING who.user_id, who.username, who.alias;
    RETURN NULL;
END $$;
CREATE OR REPLACE TRIGGER tree_history AFTER DELETE ON tree
    FOR EACH ROW EXECUTE FUNCTION arbor_history();
CREATE OR REPLACE TRIGGER tree_history_update AFTER UPDATE ON tree
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION arbor_history_updated();
CREATE OR REPLACE TRIGGER tree_history_insert AFTER INSERT ON tree
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION arbor_history_inserted();
CREATE OR REPLACE TRIGGER tree_check_history AFTER INSERT ON tree_check
    FOR EACH ROW EXECUTE FUNCTION arbor_history();
CREATE OR REPLACE TRIGGER tree_action_history AFTER INSERT OR UPDATE OR DELETE ON tree_action
    FOR EACH ROW EXECUTE FUNCTION arbor_history();
