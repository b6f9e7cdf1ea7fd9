DELETE FROM project_basemap WHERE type = 'hosted';
ALTER TABLE project_basemap DROP CONSTRAINT project_basemap_hosted;
ALTER TABLE project_basemap DROP CONSTRAINT project_basemap_type_check;
ALTER TABLE project_basemap ADD CONSTRAINT project_basemap_type_check
    CHECK (type IN ('xyz', 'wms', 'esri', 'vector'));
ALTER TABLE project_basemap DROP COLUMN background_map_id;
INSERT INTO document_orphan (blob_key) SELECT blob_key FROM background_map ON CONFLICT DO NOTHING;
DROP TABLE background_map;
DROP FUNCTION arbor_background_map_gone();
