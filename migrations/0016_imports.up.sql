-- Imports of a register from a file: which file, in which reference system, how many trees and
-- groups it made, by whom; each object it made points to it, so the import can be undone as a
-- whole and the History tab says where an object came from.
CREATE TABLE tree_import (
    id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    organisation_id uuid NOT NULL,
    project_id      uuid NOT NULL,
    file_name       text NOT NULL,
    format          text NOT NULL,
    srid            integer NOT NULL,
    mapping         jsonb NOT NULL DEFAULT '[]',
    trees           integer NOT NULL DEFAULT 0,
    groups          integer NOT NULL DEFAULT 0,
    user_id         uuid REFERENCES app_user ON DELETE SET NULL,
    created_at      timestamptz NOT NULL DEFAULT now(),
    undone_at       timestamptz,
    UNIQUE (organisation_id, id),
    FOREIGN KEY (organisation_id, project_id) REFERENCES project (organisation_id, id) ON DELETE CASCADE
);
CREATE INDEX tree_import_project ON tree_import (project_id, created_at);
ALTER TABLE tree ADD COLUMN import_id uuid REFERENCES tree_import ON DELETE SET NULL;
CREATE INDEX tree_by_import ON tree (import_id) WHERE import_id IS NOT NULL;
