-- Jobs (docs/DECISIONS.md): a named bundle of trees, groups and works of one project for a crew, with a
-- status (0 open, 1 in progress, 2 completed), a manager, participants, and a lock held by one
-- user (a field device). job_item holds its objects; an item with an action_id is one work.
ALTER TABLE job
    ADD COLUMN note       text NOT NULL DEFAULT '',
    ADD COLUMN manager_id uuid REFERENCES app_user ON DELETE SET NULL,
    ADD COLUMN created_by uuid REFERENCES app_user ON DELETE SET NULL,
    ADD COLUMN locked_by  uuid REFERENCES app_user ON DELETE SET NULL,
    ADD COLUMN locked_at  timestamptz,
    ADD COLUMN conflicts  jsonb NOT NULL DEFAULT '[]',
    ADD COLUMN version    integer NOT NULL DEFAULT 1,
    ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now(),
    ADD CONSTRAINT job_org_id UNIQUE (organisation_id, id);
CREATE UNIQUE INDEX job_name_key ON job (project_id, lower(name));

CREATE TABLE job_item (
    id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    organisation_id uuid NOT NULL,
    job_id          uuid NOT NULL,
    tree_id         uuid NOT NULL,
    action_id       uuid REFERENCES tree_action ON DELETE CASCADE,
    added_by        uuid REFERENCES app_user ON DELETE SET NULL,
    added_at        timestamptz NOT NULL DEFAULT now(),
    FOREIGN KEY (organisation_id, job_id) REFERENCES job (organisation_id, id) ON DELETE CASCADE,
    FOREIGN KEY (organisation_id, tree_id) REFERENCES tree (organisation_id, id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX job_item_key ON job_item (job_id, tree_id, coalesce(action_id, '00000000-0000-0000-0000-000000000000'));
CREATE INDEX job_item_tree ON job_item (tree_id);

-- Participants invited by an address that has no account yet.
CREATE TABLE job_invitation (
    organisation_id uuid NOT NULL,
    job_id          uuid NOT NULL REFERENCES job ON DELETE CASCADE,
    email           text NOT NULL,
    role            text NOT NULL CHECK (role IN ('editor', 'care', 'reader')),
    created_at      timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (job_id, email)
);
