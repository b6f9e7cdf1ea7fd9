-- Sharing a project with an address that has no account yet: the access waits here and becomes
-- a membership when that address confirms its registration.
CREATE TABLE project_invitation (
    organisation_id uuid NOT NULL,
    project_id      uuid NOT NULL,
    email           text NOT NULL,
    access          smallint NOT NULL CHECK (access BETWEEN 0 AND 3),
    invited_by      uuid REFERENCES app_user ON DELETE SET NULL,
    created_at      timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (project_id, email),
    FOREIGN KEY (organisation_id, project_id) REFERENCES project (organisation_id, id) ON DELETE CASCADE
);
CREATE INDEX project_invitation_email ON project_invitation (lower(email));

-- When someone last opened a project, for the home page's "recent projects". Kept apart from the
-- membership because administrators open their organisation's projects without being members.
CREATE TABLE project_visit (
    project_id uuid NOT NULL REFERENCES project ON DELETE CASCADE,
    user_id    uuid NOT NULL REFERENCES app_user ON DELETE CASCADE,
    opened_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, project_id)
);
ALTER TABLE project_member ADD COLUMN created_at timestamptz NOT NULL DEFAULT now();
