-- Tallies (migrations/0010_tally.up.sql): per project, how many objects in stock have each value
-- of the fields the dashboard cards and the filter panel's pickers show, and how many open works
-- have each deadline. Statement triggers keep them, once per statement like the revision
-- (sql/030_tiles.sql), so a mass edit of 10,000 trees updates each count once. The revision
-- triggers fire first (their names sort first): they lock the project's row, so two
-- transactions writing the same project reach its tallies one after the other, never crosswise.

-- arbor_tally_values: the (field, value) pairs an object is tallied under when it is in stock.
-- Field names are the filter's (store/filter.go); values are text as the filter-values call
-- answers them, '' for none. Dates are written out so no DateStyle can change them.
-- It takes the columns it reads, not the row: each field of a whole row passed in formed the row
-- anew, thirty times an object, and the tallies of 200,000 new trees took 17.7 s instead of 3.6.
DROP FUNCTION IF EXISTS arbor_tally_values(tree);
CREATE OR REPLACE FUNCTION arbor_tally_values(
    p_archive boolean,
    p_cut boolean,
    p_single_tree boolean,
    p_check_next date,
    p_action_count integer,
    p_action_deadline date,
    p_action_security smallint,
    p_vitality smallint,
    p_damage_tree smallint,
    p_development smallint,
    p_species_id uuid,
    p_top_form text,
    p_symptoms text[],
    p_general01 text,
    p_general02 text,
    p_general03 text,
    p_general04 text,
    p_general05 text,
    p_general06 text,
    p_general07 text,
    p_general08 text,
    p_general09 text,
    p_general11 text,
    p_general12 text,
    p_general13 text,
    p_general21 text,
    p_general22 text,
    p_general23 text,
    p_general31 text,
    p_general32 text)
RETURNS TABLE (field text, value text) LANGUAGE sql STABLE AS $$
    SELECT p.field, p.value FROM (VALUES
        ('kind', CASE WHEN p_single_tree THEN 'tree' ELSE 'group' END),
        ('check_next', coalesce(to_char(p_check_next, 'YYYY-MM-DD'), '')),
        -- Objects by their earliest open work's deadline: 'none' when their open works have none,
        -- '' without open works (the works card counts objects, as its drill-down shows them).
        ('open_deadline', CASE WHEN p_action_count > 0 THEN coalesce(to_char(p_action_deadline, 'YYYY-MM-DD'), 'none') ELSE '' END),
        ('action_security', coalesce(p_action_security::text, '')),
        ('vitality', coalesce(p_vitality::text, '')),
        ('damage_tree', coalesce(p_damage_tree::text, '')),
        ('development', coalesce(p_development::text, '')),
        ('species', coalesce(p_species_id::text, '')),
        ('top_form', p_top_form),
        ('general01', p_general01), ('general02', p_general02), ('general03', p_general03),
        ('general04', p_general04), ('general05', p_general05), ('general06', p_general06),
        ('general07', p_general07), ('general08', p_general08), ('general09', p_general09),
        ('general11', p_general11), ('general12', p_general12), ('general13', p_general13),
        ('general21', p_general21), ('general22', p_general22), ('general23', p_general23),
        ('general31', p_general31), ('general32', p_general32)
    ) AS p(field, value)
    WHERE NOT p_archive AND NOT p_cut
    UNION ALL
    SELECT 'symptoms', s FROM unnest(p_symptoms) AS s WHERE NOT p_archive AND NOT p_cut
    UNION ALL
    -- The next inspection of the objects the works leave safe: the safety card tells safe and
    -- inspected from safe with an overdue inspection and from never inspected ("not assessed").
    SELECT 'safe_check_next', coalesce(to_char(p_check_next, 'YYYY-MM-DD'), '')
    WHERE NOT p_archive AND NOT p_cut AND p_action_security = 0
$$;

-- arbor_tally_changed: whether an update moves any of an object's tallies (must name every column
-- arbor_tally_values reads). Most updates — a height, a note — do not, and are skipped.
CREATE OR REPLACE FUNCTION arbor_tally_changed(o tree, n tree) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$
    SELECT (o.project_id, o.archive, o.cut, o.single_tree, o.check_next, o.action_security, o.action_count, o.action_deadline, o.vitality,
            o.damage_tree, o.development, o.species_id, o.top_form, o.symptoms,
            o.general01, o.general02, o.general03, o.general04, o.general05, o.general06, o.general07,
            o.general08, o.general09, o.general11, o.general12, o.general13, o.general21, o.general22,
            o.general23, o.general31, o.general32)
        IS DISTINCT FROM
           (n.project_id, n.archive, n.cut, n.single_tree, n.check_next, n.action_security, n.action_count, n.action_deadline, n.vitality,
            n.damage_tree, n.development, n.species_id, n.top_form, n.symptoms,
            n.general01, n.general02, n.general03, n.general04, n.general05, n.general06, n.general07,
            n.general08, n.general09, n.general11, n.general12, n.general13, n.general21, n.general22,
            n.general23, n.general31, n.general32)
$$;

-- arbor_tally_work: the value an open work is tallied under (its deadline), NULL when done.
CREATE OR REPLACE FUNCTION arbor_tally_work(a tree_action) RETURNS text
LANGUAGE sql STABLE AS $$
    SELECT CASE WHEN a.execute_timestamp IS NULL THEN coalesce(to_char(a.deadline, 'YYYY-MM-DD'), '') END
$$;

-- arbor_tally_add: adds changes (parallel arrays, one key each) to the tallies in key order and
-- sweeps the counts that reached zero. Projects being deleted are left out: their tallies go
-- with them.
CREATE OR REPLACE FUNCTION arbor_tally_add(p_projects uuid[], p_fields text[], p_values text[], p_n bigint[])
RETURNS void LANGUAGE sql AS $$
    INSERT INTO project_tally AS c (project_id, field, value, n)
    SELECT d.project_id, d.field, d.value, d.n
    FROM unnest(p_projects, p_fields, p_values, p_n) AS d(project_id, field, value, n)
    WHERE EXISTS (SELECT 1 FROM project x WHERE x.id = d.project_id)
    ORDER BY 1, 2, 3
    ON CONFLICT (project_id, field, value) DO UPDATE SET n = c.n + excluded.n;
    DELETE FROM project_tally c USING unnest(p_projects, p_fields, p_values) AS d(project_id, field, value)
    WHERE c.project_id = d.project_id AND c.field = d.field AND c.value = d.value AND c.n = 0;
$$;

-- The triggers: +1 for each row as it is now, -1 as it was, summed per key before they are
-- added (a statement over a million rows adds a few thousand keys). New and removed rows are
-- first counted by their tallied values, which few combinations make (an import of a million
-- trees: their species, as a rule), so the pairs are made for each combination, not each row.
-- Sorts are off inside: a transition table has no statistics, so the planner takes a million new
-- rows for nearly a million groups and sorts them all on disk (5 s of an import), where a hash
-- of the few combinations they really make takes a fraction of it.
CREATE OR REPLACE FUNCTION arbor_tally_trees() RETURNS trigger LANGUAGE plpgsql SET enable_sort = off AS $$
BEGIN
    -- New and removed rows take the same query but for the table and the sign; static, so that
    -- PL/pgSQL keeps its plan (a saved tree is an INSERT too).
    IF TG_OP = 'INSERT' THEN
        PERFORM arbor_tally_add(array_agg(project_id), array_agg(field), array_agg(value), array_agg(n)) FROM (
            SELECT g.project_id, v.field, v.value, sum(g.n)::bigint AS n
            FROM (SELECT project_id,
                archive, cut, single_tree, check_next, action_count, action_deadline, action_security,
                vitality, damage_tree, development, species_id, top_form, symptoms,
                general01, general02, general03, general04, general05, general06, general07, general08, general09,
                general11, general12, general13, general21, general22, general23, general31, general32,
                count(*) AS n
                FROM new_rows GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31) g,
            arbor_tally_values(
                g.archive, g.cut, g.single_tree, g.check_next, g.action_count, g.action_deadline, g.action_security,
                g.vitality, g.damage_tree, g.development, g.species_id, g.top_form, g.symptoms,
                g.general01, g.general02, g.general03, g.general04, g.general05, g.general06, g.general07, g.general08, g.general09,
                g.general11, g.general12, g.general13, g.general21, g.general22, g.general23, g.general31, g.general32) v
            GROUP BY 1, 2, 3) d;
    ELSIF TG_OP = 'DELETE' THEN
        PERFORM arbor_tally_add(array_agg(project_id), array_agg(field), array_agg(value), array_agg(n)) FROM (
            SELECT g.project_id, v.field, v.value, -sum(g.n)::bigint AS n
            FROM (SELECT project_id,
                archive, cut, single_tree, check_next, action_count, action_deadline, action_security,
                vitality, damage_tree, development, species_id, top_form, symptoms,
                general01, general02, general03, general04, general05, general06, general07, general08, general09,
                general11, general12, general13, general21, general22, general23, general31, general32,
                count(*) AS n
                FROM old_rows GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31) g,
            arbor_tally_values(
                g.archive, g.cut, g.single_tree, g.check_next, g.action_count, g.action_deadline, g.action_security,
                g.vitality, g.damage_tree, g.development, g.species_id, g.top_form, g.symptoms,
                g.general01, g.general02, g.general03, g.general04, g.general05, g.general06, g.general07, g.general08, g.general09,
                g.general11, g.general12, g.general13, g.general21, g.general22, g.general23, g.general31, g.general32) v
            GROUP BY 1, 2, 3) d;
    ELSIF (SELECT count(*) FROM new_rows) <= 200 THEN
        -- Most updates change a few objects: each row as it was counts -1 and as it is +1, and what
        -- did not move cancels out. No join, so the plan PL/pgSQL keeps for the connection's life
        -- suits any size.
        PERFORM arbor_tally_add(array_agg(project_id), array_agg(field), array_agg(value), array_agg(n)) FROM (
            SELECT project_id, field, value, sum(n) AS n FROM (
                SELECT o.project_id, v.field, v.value, -1 AS n FROM old_rows o, arbor_tally_values(
                    o.archive, o.cut, o.single_tree, o.check_next, o.action_count, o.action_deadline, o.action_security,
                    o.vitality, o.damage_tree, o.development, o.species_id, o.top_form, o.symptoms,
                    o.general01, o.general02, o.general03, o.general04, o.general05, o.general06, o.general07, o.general08, o.general09,
                    o.general11, o.general12, o.general13, o.general21, o.general22, o.general23, o.general31, o.general32) v
                UNION ALL
                SELECT n.project_id, v.field, v.value, 1 FROM new_rows n, arbor_tally_values(
                    n.archive, n.cut, n.single_tree, n.check_next, n.action_count, n.action_deadline, n.action_security,
                    n.vitality, n.damage_tree, n.development, n.species_id, n.top_form, n.symptoms,
                    n.general01, n.general02, n.general03, n.general04, n.general05, n.general06, n.general07, n.general08, n.general09,
                    n.general11, n.general12, n.general13, n.general21, n.general22, n.general23, n.general31, n.general32) v
            ) c GROUP BY 1, 2, 3 HAVING sum(n) <> 0) d;
    ELSE
        -- A big update: only the rows whose tallied values moved are counted (a mass edit of heights
        -- counts nothing), found by joining old and new rows — in a plan made for the rows at hand
        -- (EXECUTE). A plan kept from the connection's first update, one row as a rule, joined
        -- them in a nested loop: an archive of 20,000 objects on a connection that had saved one
        -- tree took over a minute instead of seven seconds. Planning costs a few milliseconds.
        EXECUTE $q$
        SELECT arbor_tally_add(array_agg(project_id), array_agg(field), array_agg(value), array_agg(n)) FROM (
            SELECT project_id, field, value, sum(n) AS n FROM (
                SELECT o.project_id, v.field, v.value, -1 AS n
                FROM old_rows o JOIN new_rows n ON n.id = o.id, arbor_tally_values(
                    o.archive, o.cut, o.single_tree, o.check_next, o.action_count, o.action_deadline, o.action_security,
                    o.vitality, o.damage_tree, o.development, o.species_id, o.top_form, o.symptoms,
                    o.general01, o.general02, o.general03, o.general04, o.general05, o.general06, o.general07, o.general08, o.general09,
                    o.general11, o.general12, o.general13, o.general21, o.general22, o.general23, o.general31, o.general32) v
                WHERE arbor_tally_changed(o, n)
                UNION ALL
                SELECT n.project_id, v.field, v.value, 1
                FROM old_rows o JOIN new_rows n ON n.id = o.id, arbor_tally_values(
                    n.archive, n.cut, n.single_tree, n.check_next, n.action_count, n.action_deadline, n.action_security,
                    n.vitality, n.damage_tree, n.development, n.species_id, n.top_form, n.symptoms,
                    n.general01, n.general02, n.general03, n.general04, n.general05, n.general06, n.general07, n.general08, n.general09,
                    n.general11, n.general12, n.general13, n.general21, n.general22, n.general23, n.general31, n.general32) v
                WHERE arbor_tally_changed(o, n)
            ) c GROUP BY 1, 2, 3 HAVING sum(n) <> 0) d
        $q$;
    END IF;
    RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION arbor_tally_works() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        PERFORM arbor_tally_add(array_agg(project_id), array_agg('work_deadline'::text), array_agg(value), array_agg(n)) FROM (
            SELECT project_id, arbor_tally_work(a) AS value, count(*) AS n
            FROM new_rows a WHERE arbor_tally_work(a) IS NOT NULL GROUP BY 1, 2) d;
    ELSIF TG_OP = 'DELETE' THEN
        PERFORM arbor_tally_add(array_agg(project_id), array_agg('work_deadline'::text), array_agg(value), array_agg(n)) FROM (
            SELECT project_id, arbor_tally_work(a) AS value, -count(*) AS n
            FROM old_rows a WHERE arbor_tally_work(a) IS NOT NULL GROUP BY 1, 2) d;
    ELSE
        PERFORM arbor_tally_add(array_agg(project_id), array_agg('work_deadline'::text), array_agg(value), array_agg(n)) FROM (
            SELECT project_id, value, sum(n) AS n FROM (
                SELECT a.project_id, arbor_tally_work(a) AS value, -1 AS n FROM old_rows a
                UNION ALL
                SELECT a.project_id, arbor_tally_work(a), 1 FROM new_rows a
            ) c WHERE value IS NOT NULL GROUP BY 1, 2 HAVING sum(n) <> 0) d;
    END IF;
    RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER tree_tally_insert AFTER INSERT ON tree
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION arbor_tally_trees();
CREATE OR REPLACE TRIGGER tree_tally_update AFTER UPDATE ON tree
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION arbor_tally_trees();
CREATE OR REPLACE TRIGGER tree_tally_delete AFTER DELETE ON tree
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION arbor_tally_trees();
CREATE OR REPLACE TRIGGER tree_action_tally_insert AFTER INSERT ON tree_action
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION arbor_tally_works();
CREATE OR REPLACE TRIGGER tree_action_tally_update AFTER UPDATE ON tree_action
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION arbor_tally_works();
CREATE OR REPLACE TRIGGER tree_action_tally_delete AFTER DELETE ON tree_action
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION arbor_tally_works();

-- arbor_tally_count: the tallies of one project (or of all, given NULL) counted afresh from its
-- objects and works; what project_tally must hold.
CREATE OR REPLACE FUNCTION arbor_tally_count(p_project uuid)
RETURNS TABLE (project_id uuid, field text, value text, n bigint) LANGUAGE sql STABLE AS $$
    SELECT t.project_id, v.field, v.value, count(*) FROM tree t, arbor_tally_values(
        t.archive, t.cut, t.single_tree, t.check_next, t.action_count, t.action_deadline, t.action_security,
        t.vitality, t.damage_tree, t.development, t.species_id, t.top_form, t.symptoms,
        t.general01, t.general02, t.general03, t.general04, t.general05, t.general06, t.general07, t.general08, t.general09,
        t.general11, t.general12, t.general13, t.general21, t.general22, t.general23, t.general31, t.general32) v
    WHERE p_project IS NULL OR t.project_id = p_project GROUP BY 1, 2, 3
    UNION ALL
    SELECT a.project_id, 'work_deadline', arbor_tally_work(a), count(*) FROM tree_action a
    WHERE (p_project IS NULL OR a.project_id = p_project) AND arbor_tally_work(a) IS NOT NULL GROUP BY 1, 2, 3;
$$;

-- arbor_tally_rebuild: counts every project's tallies afresh (when the definition above changes;
-- also a repair tool: SELECT arbor_tally_rebuild()).
CREATE OR REPLACE FUNCTION arbor_tally_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    LOCK TABLE project_tally IN EXCLUSIVE MODE;
    DELETE FROM project_tally;
    INSERT INTO project_tally (project_id, field, value, n) SELECT * FROM arbor_tally_count(NULL);
END $$;

-- arbor_tally_project: counts one project's tallies afresh, after writes made without triggers
-- (the benchmark city's bulk load).
CREATE OR REPLACE FUNCTION arbor_tally_project(p_project uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    PERFORM 1 FROM project WHERE id = p_project FOR UPDATE;
    DELETE FROM project_tally WHERE project_id = p_project;
    INSERT INTO project_tally (project_id, field, value, n) SELECT * FROM arbor_tally_count(p_project);
END $$;

-- Version 2 of the definition (2: open_deadline, safe_check_next); raise it with any change
-- above that changes what is counted.
DO $$
BEGIN
    IF (SELECT version FROM tally_definition) < 2 THEN
        PERFORM arbor_tally_rebuild();
        UPDATE tally_definition SET version = 2;
    END IF;
END $$;
