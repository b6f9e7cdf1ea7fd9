-- The tree data package's limit (docs/PRODUCT.md §9 and "Packages and prices"): every new tree or
-- group counts against the organisation's package, a tree one, a group 100 trees per hectare (one
-- per 100 m² begun); felled and archived objects count too. The count is kept on the organisation
-- row (tree_units) by these statement triggers, so a create or an import adds its objects with
-- one conditional update of that row: two writers at the same moment wait for each other on the
-- row's lock and the second sees the first's count, so together they cannot pass the limit.

-- arbor_tree_units: what one object counts against the package.
CREATE OR REPLACE FUNCTION arbor_tree_units(p_single boolean, p_area double precision)
RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
    SELECT CASE WHEN p_single THEN 1 ELSE greatest(ceil(coalesce(p_area, 0) / 100.0), 1) END::bigint;
$$;

-- New objects: refused with 'tree package full' (SQLSTATE AR001) when the package cannot hold them.
CREATE OR REPLACE FUNCTION arbor_tree_units_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    full_org uuid;
BEGIN
    WITH added AS (
        SELECT organisation_id, sum(arbor_tree_units(single_tree, area)) AS n FROM new_rows GROUP BY 1
    ), counted AS (
        UPDATE organisation o SET tree_units = o.tree_units + a.n
        FROM added a WHERE o.id = a.organisation_id
        RETURNING o.id, o.tree_units, o.max_object
    )
    SELECT id INTO full_org FROM counted WHERE tree_units > max_object LIMIT 1;
    IF full_org IS NOT NULL THEN
        RAISE EXCEPTION 'tree package full' USING ERRCODE = 'AR001', DETAIL = full_org::text;
    END IF;
    RETURN NULL;
END $$;

-- Removed objects and changed groups that do not grow keep the count true and are never refused.
-- A group redrawn bigger counts more: when a statement's changes add to an organisation's count
-- and the package cannot hold the new count, it is refused with 'tree package full' like a new
-- object. The count is changed by the same conditional update of the organisation's row, so two
-- growing edits at the same moment wait for each other and cannot pass the limit together.
CREATE OR REPLACE FUNCTION arbor_tree_units_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    full_org uuid;
BEGIN
    IF TG_OP = 'DELETE' THEN
        UPDATE organisation o SET tree_units = greatest(o.tree_units - d.n, 0)
        FROM (SELECT organisation_id, sum(arbor_tree_units(single_tree, area)) AS n FROM old_rows GROUP BY 1) d
        WHERE o.id = d.organisation_id;
    ELSE
        WITH changed AS (
            SELECT organisation_id, sum(n) AS n FROM (
                SELECT organisation_id, arbor_tree_units(single_tree, area) AS n FROM new_rows
                UNION ALL
                SELECT organisation_id, -arbor_tree_units(single_tree, area) FROM old_rows) c
            GROUP BY 1 HAVING sum(n) <> 0
        ), counted AS (
            UPDATE organisation o SET tree_units = greatest(o.tree_units + d.n, 0)
            FROM changed d WHERE o.id = d.organisation_id
            RETURNING o.id, o.tree_units, o.max_object, d.n
        )
        SELECT id INTO full_org FROM counted WHERE n > 0 AND tree_units > max_object LIMIT 1;
        IF full_org IS NOT NULL THEN
            RAISE EXCEPTION 'tree package full' USING ERRCODE = 'AR001', DETAIL = full_org::text;
        END IF;
    END IF;
    RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER tree_units_insert AFTER INSERT ON tree
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION arbor_tree_units_insert();
CREATE OR REPLACE TRIGGER tree_units_update AFTER UPDATE ON tree
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION arbor_tree_units_change();
CREATE OR REPLACE TRIGGER tree_units_delete AFTER DELETE ON tree
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION arbor_tree_units_change();

-- What the add-ons an organisation may use depend on: every add-on of the price list and those
-- it booked. Which apply is decided on the server's clock (store.Plan.Addons: during the demo
-- every add-on may be tried, afterwards only the booked ones), the same clock that decides the
-- demo's end, so a test that moves it moves both. The earlier arbor_addons judged by the
-- database's now() and is gone.
DROP FUNCTION IF EXISTS arbor_addons(uuid);

CREATE OR REPLACE FUNCTION arbor_addon_ids()
RETURNS text[] LANGUAGE sql STABLE AS $$
    SELECT ARRAY(SELECT id FROM package WHERE kind = 'addon' ORDER BY sort);
$$;

CREATE OR REPLACE FUNCTION arbor_booked_addons(p_organisation uuid)
RETURNS text[] LANGUAGE sql STABLE AS $$
    SELECT ARRAY(SELECT DISTINCT b.package_id FROM booking b JOIN package p ON p.id = b.package_id
                 WHERE b.organisation_id = p_organisation AND p.kind = 'addon' ORDER BY 1);
$$;
