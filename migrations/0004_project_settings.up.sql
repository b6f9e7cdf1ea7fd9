-- Project settings: custom fields, required fields, default values, inspection intervals
-- (docs/DECISIONS.md: the FLL matrix, overridable per project) and basemaps.
ALTER TABLE project
    ADD COLUMN custom_fields        jsonb NOT NULL DEFAULT '{}',
    ADD COLUMN required_fields      text[] NOT NULL DEFAULT '{}',
    ADD COLUMN default_values       jsonb NOT NULL DEFAULT '{}',
    ADD COLUMN inspection_intervals jsonb NOT NULL DEFAULT
        '{"young_healthy": {"low": 36, "high": 24}, "aging_healthy": {"low": 24, "high": 12},
          "damaged": {"low": 12, "high": 12}, "hollow": {"low": 12, "high": 12}}';

-- A background map of a project. The password of a protected service is kept sealed with the
-- server's secret and never sent to a browser; the server uses it when it fetches the map.
CREATE TABLE project_basemap (
    id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    organisation_id uuid NOT NULL,
    project_id      uuid NOT NULL,
    name            text NOT NULL,
    type            text NOT NULL CHECK (type IN ('xyz', 'wms', 'esri')),
    url             text NOT NULL,
    layers          text NOT NULL DEFAULT '',
    username        text NOT NULL DEFAULT '',
    password_sealed text NOT NULL DEFAULT '',
    position        integer NOT NULL DEFAULT 0,
    version         integer NOT NULL DEFAULT 1,
    created_at      timestamptz NOT NULL DEFAULT now(),
    FOREIGN KEY (organisation_id, project_id) REFERENCES project (organisation_id, id) ON DELETE CASCADE
);
CREATE INDEX project_basemap_project ON project_basemap (project_id, position);
