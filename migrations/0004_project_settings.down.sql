DROP TABLE IF EXISTS project_basemap;
ALTER TABLE project DROP COLUMN custom_fields, DROP COLUMN required_fields, DROP COLUMN default_values,
    DROP COLUMN inspection_intervals;
