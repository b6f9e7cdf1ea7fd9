-- The core record (docs/PRODUCT.md §3–§5): value lists, trees and groups, inspections (checks), works
-- (actions) and the history of every change. The derived fields and the rules that keep them
-- true (safety from works, the latest inspection, next inspection dates, history) live in the
-- functions and triggers of sql/010_trees.sql, so no code path can skip them.

-- A value list entry: global (organisation_id NULL, seeded with names in every language) or an
-- organisation's own (one name, copied to every language). `list` says which list:
--   species      botanical, names, protection
--   work         names, category, security_relevance (default of a new work), action_security
--                (1 detailed investigation → doubtful, 2 restorable, 3 felling → not safe)
--   work_note    names, parent = the work it belongs to
--   symptom      names, symptom_type (root, trunk, crown), note
--   symptom_note names, parent = the symptom it belongs to
CREATE TABLE list_entry (
    id                 uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    organisation_id    uuid REFERENCES organisation ON DELETE CASCADE,
    list               text NOT NULL CHECK (list IN ('species', 'work', 'work_note', 'symptom', 'symptom_note')),
    key                text, -- stable key of a seeded global entry, so reseeding updates it
    name_en            text NOT NULL,
    name_de            text NOT NULL,
    name_fr            text NOT NULL,
    botanical          text NOT NULL DEFAULT '',
    protection         boolean NOT NULL DEFAULT false,
    category           text NOT NULL DEFAULT '',
    security_relevance boolean NOT NULL DEFAULT false,
    action_security    smallint NOT NULL DEFAULT 2 CHECK (action_security BETWEEN 1 AND 3),
    symptom_type       text NOT NULL DEFAULT '' CHECK (symptom_type IN ('', 'root', 'trunk', 'crown')),
    note               text NOT NULL DEFAULT '',
    parent_id          uuid REFERENCES list_entry ON DELETE CASCADE,
    created_at         timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX list_entry_key ON list_entry (list, key) WHERE key IS NOT NULL;
-- One value once per list and organisation (global values count for every organisation; the
-- store checks that part).
CREATE UNIQUE INDEX list_entry_value ON list_entry
    (coalesce(organisation_id, '00000000-0000-0000-0000-000000000000'), list, coalesce(parent_id, '00000000-0000-0000-0000-000000000000'),
     lower(CASE WHEN list = 'species' THEN botanical ELSE name_en END));
CREATE INDEX list_entry_org ON list_entry (organisation_id, list);

-- A tree (a point) or a tree group (a polygon, single_tree false). Field names are docs/PRODUCT.md §3's.
CREATE TABLE tree (
    id                   uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    organisation_id      uuid NOT NULL,
    project_id           uuid NOT NULL,
    single_tree          boolean NOT NULL DEFAULT true,
    geom                 geometry(Geometry, 4326) NOT NULL,
    number               integer NOT NULL CHECK (number >= 0),
    number_text          text NOT NULL DEFAULT '',
    species_id           uuid REFERENCES list_entry ON DELETE RESTRICT,
    planting_year        smallint,
    height               numeric(6, 1) CHECK (height >= 0),
    diameter             numeric(6, 1) CHECK (diameter >= 0),
    scope                numeric(6, 1) CHECK (scope >= 0),
    top_diameter         numeric(6, 1) CHECK (top_diameter >= 0),
    top_form             text NOT NULL DEFAULT '',
    vitality             smallint CHECK (vitality BETWEEN 0 AND 4),
    development          smallint CHECK (development BETWEEN 0 AND 3),
    damage_tree          smallint CHECK (damage_tree BETWEEN 0 AND 3),
    security_expectation smallint CHECK (security_expectation BETWEEN 0 AND 1),
    symptoms             text[] NOT NULL DEFAULT '{}',
    valuation_top        smallint CHECK (valuation_top BETWEEN 0 AND 3),
    valuation_root       smallint CHECK (valuation_root BETWEEN 0 AND 3),
    valuation_trunk      smallint CHECK (valuation_trunk BETWEEN 0 AND 3),
    valuation_group      smallint CHECK (valuation_group BETWEEN 0 AND 3),
    valuation_max        smallint GENERATED ALWAYS AS (greatest(valuation_top, valuation_root, valuation_trunk, valuation_group)) STORED,
    tree_count           integer NOT NULL DEFAULT 1 CHECK (tree_count >= 0),
    species_count        integer NOT NULL DEFAULT 0 CHECK (species_count >= 0),
    area                 double precision, -- m² through geography, kept by a trigger
    archive              boolean NOT NULL DEFAULT false,
    cut                  boolean NOT NULL DEFAULT false,
    cut_date             date,
    -- derived from the works (arbor_refresh_tree_actions)
    action_count         integer NOT NULL DEFAULT 0,
    action_deadline      date,
    action_security      smallint NOT NULL DEFAULT 0,
    actions              text NOT NULL DEFAULT '',
    -- the latest inspection
    check_comment        text NOT NULL DEFAULT '',
    check_next           date,
    check_timestamp      timestamptz,
    check_username       text NOT NULL DEFAULT '',
    check_alias          text NOT NULL DEFAULT '',
    create_timestamp     timestamptz NOT NULL DEFAULT now(),
    create_username      text NOT NULL DEFAULT '',
    create_alias         text NOT NULL DEFAULT '',
    object_timestamp     timestamptz NOT NULL DEFAULT now(),
    object_username      text NOT NULL DEFAULT '',
    object_alias         text NOT NULL DEFAULT '',
    general01 text NOT NULL DEFAULT '', general02 text NOT NULL DEFAULT '', general03 text NOT NULL DEFAULT '',
    general04 text NOT NULL DEFAULT '', general05 text NOT NULL DEFAULT '', general06 text NOT NULL DEFAULT '',
    general07 text NOT NULL DEFAULT '', general08 text NOT NULL DEFAULT '', general09 text NOT NULL DEFAULT '',
    general11 text NOT NULL DEFAULT '', general12 text NOT NULL DEFAULT '', general13 text NOT NULL DEFAULT '',
    general21 text NOT NULL DEFAULT '', general22 text NOT NULL DEFAULT '', general23 text NOT NULL DEFAULT '',
    general31 text NOT NULL DEFAULT '', general32 text NOT NULL DEFAULT '',
    version              integer NOT NULL DEFAULT 1,
    UNIQUE (organisation_id, id),
    FOREIGN KEY (organisation_id, project_id) REFERENCES project (organisation_id, id) ON DELETE CASCADE,
    CHECK (single_tree = (GeometryType(geom) = 'POINT')),
    CHECK (ST_IsValid(geom))
);
CREATE INDEX tree_project_number ON tree (project_id, number);
CREATE INDEX tree_geom ON tree USING gist (geom);

-- An inspection: immutable once written (a trigger refuses changes). The assessment fields
-- hold what the inspector found; check_next is computed from the project's interval matrix.
CREATE TABLE tree_check (
    id                   uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    organisation_id      uuid NOT NULL,
    project_id           uuid NOT NULL,
    tree_id              uuid NOT NULL,
    timestamp            timestamptz NOT NULL DEFAULT now(),
    user_id              uuid,
    username             text NOT NULL DEFAULT '',
    alias                text NOT NULL DEFAULT '',
    vitality             smallint CHECK (vitality BETWEEN 0 AND 4),
    development          smallint CHECK (development BETWEEN 0 AND 3),
    damage_tree          smallint CHECK (damage_tree BETWEEN 0 AND 3),
    security_expectation smallint CHECK (security_expectation BETWEEN 0 AND 1),
    symptoms             text[] NOT NULL DEFAULT '{}',
    valuation_top        smallint CHECK (valuation_top BETWEEN 0 AND 3),
    valuation_root       smallint CHECK (valuation_root BETWEEN 0 AND 3),
    valuation_trunk      smallint CHECK (valuation_trunk BETWEEN 0 AND 3),
    valuation_group      smallint CHECK (valuation_group BETWEEN 0 AND 3),
    comment              text NOT NULL DEFAULT '',
    general31            text NOT NULL DEFAULT '',
    general32            text NOT NULL DEFAULT '',
    check_next           date NOT NULL,
    created_at           timestamptz NOT NULL DEFAULT now(),
    FOREIGN KEY (organisation_id, tree_id) REFERENCES tree (organisation_id, id) ON DELETE CASCADE
);
CREATE INDEX tree_check_tree ON tree_check (tree_id, timestamp DESC);

-- A work (action) on a tree or group. A point work (geom set) lies inside its group.
CREATE TABLE tree_action (
    id                   uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    organisation_id      uuid NOT NULL,
    project_id           uuid NOT NULL,
    tree_id              uuid NOT NULL,
    work_id              uuid NOT NULL REFERENCES list_entry ON DELETE RESTRICT,
    action               text NOT NULL,
    category             text NOT NULL DEFAULT '',
    security_relevance   boolean NOT NULL DEFAULT false,
    code_action_security smallint NOT NULL DEFAULT 2 CHECK (code_action_security BETWEEN 1 AND 3),
    deadline             date,
    altitude_class       smallint CHECK (altitude_class BETWEEN 0 AND 3),
    marker               text NOT NULL DEFAULT '',
    comment              text NOT NULL DEFAULT '',
    geom                 geometry(Point, 4326),
    tree_count           integer NOT NULL DEFAULT 1 CHECK (tree_count >= 0),
    general41            text NOT NULL DEFAULT '',
    general42            text NOT NULL DEFAULT '',
    timestamp            timestamptz NOT NULL DEFAULT now(),
    user_id              uuid,
    username             text NOT NULL DEFAULT '',
    alias                text NOT NULL DEFAULT '',
    execute_timestamp    timestamptz,
    execute_note         text NOT NULL DEFAULT '',
    execute_username     text NOT NULL DEFAULT '',
    execute_alias        text NOT NULL DEFAULT '',
    version              integer NOT NULL DEFAULT 1,
    FOREIGN KEY (organisation_id, tree_id) REFERENCES tree (organisation_id, id) ON DELETE CASCADE
);
CREATE INDEX tree_action_tree ON tree_action (tree_id);
CREATE INDEX tree_action_project_open ON tree_action (project_id, deadline) WHERE execute_timestamp IS NULL;

-- Every change of a tree, group, inspection or work, written by triggers: who, when, which
-- field, old → new. object_id is the tree or group the change belongs to.
CREATE TABLE history (
    id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    organisation_id uuid NOT NULL,
    project_id      uuid NOT NULL,
    object_id       uuid NOT NULL,
    entity          text NOT NULL CHECK (entity IN ('tree', 'group', 'check', 'action')),
    entity_id       uuid NOT NULL,
    op              text NOT NULL CHECK (op IN ('insert', 'update', 'delete')),
    field           text,
    old_value       jsonb,
    new_value       jsonb,
    user_id         uuid,
    username        text NOT NULL DEFAULT '',
    alias           text NOT NULL DEFAULT '',
    at              timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX history_object ON history (object_id, id);
CREATE INDEX history_project ON history (project_id, id);
