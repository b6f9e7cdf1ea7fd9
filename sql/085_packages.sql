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

-- Changed groups (their area) and removed objects only keep the count true: they are never refused.
CREATE OR REPLACE FUNCTION arbor_tree_units_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'DELETE' THEN
        UPDATE organisation o SET tree_units = greatest(o.tree_units - d.n, 0)
        FROM (SELECT organisation_id, sum(arbor_tree_units(single_tree, area)) AS n FROM old_rows GROUP BY 1) d
        WHERE o.id = d.organisation_id;
    ELSE
        UPDATE organisation o SET tree_units = greatest(o.tree_units + d.n, 0)
        FROM (SELECT organisation_id, sum(n) AS n FROM (
                  SELECT organisation_id, arbor_tree_units(single_tree, area) AS n FROM new_rows
                  UNION ALL
                  SELECT organisation_id, -arbor_tree_units(single_tree, area) FROM old_rows) c
              GROUP BY 1 HAVING sum(n) <> 0) d
        WHERE o.id = d.organisation_id;
    END IF;
    RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER tree_units_insert AFTER INSERT ON tree
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION arbor_tree_units_insert();
CREATE OR REPLACE TRIGGER tree_units_update AFTER UPDATE ON tree
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION arbor_tree_units_change();
CREATE OR REPLACE TRIGGER tree_units_delete AFTER DELETE ON tree
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION arbor_tree_units_change();

-- arbor_addons: the add-ons an organisation may use now. During its demo it may try every one;
-- afterwards those it booked.
CREATE OR REPLACE FUNCTION arbor_addons(p_organisation uuid)
RETURNS text[] LANGUAGE sql STABLE AS $$
    SELECT CASE
        WHEN o.tree_package IS NULL AND o.demo_until > now() THEN
            ARRAY(SELECT id FROM package WHERE kind = 'addon' ORDER BY sort)
        ELSE
            ARRAY(SELECT DISTINCT b.package_id FROM booking b JOIN package p ON p.id = b.package_id
                  WHERE b.organisation_id = o.id AND p.kind = 'addon' ORDER BY 1)
        END
    FROM organisation o WHERE o.id = p_organisation;
$$;
