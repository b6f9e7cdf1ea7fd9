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

-- When a member last opened a project, for the home page's "recent projects".
ALTER TABLE project_member ADD COLUMN opened_at timestamptz;
ALTER TABLE project_member ADD COLUMN created_at timestamptz NOT NULL DEFAULT now();
