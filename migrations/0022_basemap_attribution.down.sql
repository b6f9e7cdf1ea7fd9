DELETE FROM project_basemap WHERE type = 'vector';
ALTER TABLE project_basemap DROP CONSTRAINT project_basemap_type_check;
ALTER TABLE project_basemap ADD CONSTRAINT project_basemap_type_check CHECK (type IN ('xyz', 'wms', 'esri'));
ALTER TABLE project_basemap DROP COLUMN attribution;
