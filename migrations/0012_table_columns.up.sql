-- The data table's columns as each person arranged them in a project (order, visibility, width,
-- pinning), kept on the server so they follow the person to every device.
CREATE TABLE table_columns (
    user_id         uuid NOT NULL REFERENCES app_user ON DELETE CASCADE,
    organisation_id uuid NOT NULL,
    project_id      uuid NOT NULL,
    columns         jsonb NOT NULL,
    updated_at      timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, project_id),
    FOREIGN KEY (organisation_id, project_id) REFERENCES project (organisation_id, id) ON DELETE CASCADE
);
