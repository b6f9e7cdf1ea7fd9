-- Saved filters (one's own, project-wide ones by managers, shared with people) and access limits:
-- a member whose access is limited carries a copy of the limiting filter, applied by the store to
-- every read and write (tiles and exports included).
CREATE TABLE saved_filter (
    id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    organisation_id uuid NOT NULL,
    project_id      uuid NOT NULL,
    owner_id        uuid REFERENCES app_user ON DELETE SET NULL,
    name            text NOT NULL,
    filter          jsonb NOT NULL,
    project_wide    boolean NOT NULL DEFAULT false,
    version         integer NOT NULL DEFAULT 1,
    created_at      timestamptz NOT NULL DEFAULT now(),
    updated_at      timestamptz NOT NULL DEFAULT now(),
    FOREIGN KEY (organisation_id, project_id) REFERENCES project (organisation_id, id) ON DELETE CASCADE
);
CREATE INDEX saved_filter_project ON saved_filter (project_id, owner_id);

CREATE TABLE saved_filter_share (
    filter_id uuid NOT NULL REFERENCES saved_filter ON DELETE CASCADE,
    user_id   uuid NOT NULL REFERENCES app_user ON DELETE CASCADE,
    PRIMARY KEY (filter_id, user_id)
);

ALTER TABLE project_member
    ADD COLUMN limit_filter jsonb,
    ADD COLUMN limit_name   text NOT NULL DEFAULT '';
