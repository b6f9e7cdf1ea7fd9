-- Background work a person started and follows in the app (archiving or activating a view of
-- more objects than one request may change): what it is, how far it got and how it ended. The
-- work itself waits in river's queue; this row is what the app polls.
CREATE TABLE task (
    id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    organisation_id uuid NOT NULL,
    project_id      uuid NOT NULL,
    user_id         uuid NOT NULL REFERENCES app_user ON DELETE CASCADE,
    kind            text NOT NULL CHECK (kind IN ('archive', 'activate')),
    state           text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'running', 'done', 'failed')),
    total           int NOT NULL,
    done            int NOT NULL DEFAULT 0,
    changed         int,
    created_at      timestamptz NOT NULL DEFAULT now(),
    finished_at     timestamptz,
    FOREIGN KEY (organisation_id, project_id) REFERENCES project (organisation_id, id) ON DELETE CASCADE
);
CREATE INDEX task_project ON task (project_id, created_at);
