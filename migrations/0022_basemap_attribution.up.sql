-- A basemap names its source on the map (most open maps require it: OpenStreetMap, basemap.de,
-- the federal states' aerial images), and may be a vector style (basemap.de web vector) as well
-- as XYZ, WMS or ESRI raster tiles.
ALTER TABLE project_basemap ADD COLUMN attribution text NOT NULL DEFAULT '';
ALTER TABLE project_basemap DROP CONSTRAINT project_basemap_type_check;
ALTER TABLE project_basemap ADD CONSTRAINT project_basemap_type_check
    CHECK (type IN ('xyz', 'wms', 'esri', 'vector'));
