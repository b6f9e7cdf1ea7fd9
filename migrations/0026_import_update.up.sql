-- Import, third part: re-imports that update (docs/API.md "Importing a register").
-- An object's id in the system a register came from, so next year's export of that system finds
-- the objects it made last year; empty when there is none.
ALTER TABLE tree ADD COLUMN external_id text NOT NULL DEFAULT '';
CREATE INDEX tree_external_id ON tree (project_id, external_id) WHERE external_id <> '';

-- How an import matched the file's rows to existing objects ('' none: every row is a new object;
-- 'number'; 'external_id') and how many objects it updated.
ALTER TABLE tree_import ADD COLUMN match text NOT NULL DEFAULT '' CHECK (match IN ('', 'number', 'external_id')),
                        ADD COLUMN updated integer NOT NULL DEFAULT 0;

-- What an import changed of each object it updated, as it was before (only the columns the import
-- set) and the object's version right after, so that undoing the import restores those values and
-- can tell an object changed since. Written in the import's transaction.
CREATE TABLE tree_import_update (
    import_id       uuid NOT NULL REFERENCES tree_import ON DELETE CASCADE,
    organisation_id uuid NOT NULL,
    tree_id         uuid NOT NULL,
    version         integer NOT NULL,
    before          jsonb NOT NULL,
    geom            geometry,
    PRIMARY KEY (import_id, tree_id)
);
CREATE INDEX tree_import_update_tree ON tree_import_update (tree_id);

-- A change made by an import names it, so the History tab says which file changed the object.
ALTER TABLE history ADD COLUMN import_id uuid;

-- Imports run as tasks of the queue: the app follows their progress and reads their result.
ALTER TABLE task DROP CONSTRAINT task_kind_check;
ALTER TABLE task ADD CONSTRAINT task_kind_check CHECK (kind IN ('archive', 'activate', 'import')),
                 ADD COLUMN step text NOT NULL DEFAULT '',
                 ADD COLUMN result jsonb;
