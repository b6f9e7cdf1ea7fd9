-- Every export is recorded for the organisation's administrators (docs/PRODUCT.md §6): who took
-- what away, when, in which format and how many objects it held. The row stays when the project
-- or the person is gone, so the record outlives what it tells of.
CREATE TABLE export_record (
    id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    organisation_id uuid NOT NULL REFERENCES organisation ON DELETE CASCADE,
    project_id      uuid,
    project_name    text NOT NULL DEFAULT '',
    user_id         uuid,
    username        text NOT NULL DEFAULT '',
    kind            text NOT NULL, -- export, export-all-trees, export-tree-pdf, export-tree-list, export-gaeb, export-gis
    format          text NOT NULL, -- xlsx, pdf, x83, gpkg, geojson, csv
    objects         integer NOT NULL DEFAULT 0,
    detail          jsonb NOT NULL DEFAULT '{}', -- the filter or job the export was made of
    created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX export_record_org ON export_record (organisation_id, created_at DESC);
