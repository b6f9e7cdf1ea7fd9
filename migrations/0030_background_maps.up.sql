-- The organisation's own background data (docs/API.md "Background maps", the add-on
-- 'background'): tile archives an administrator uploads, kept as PMTiles in the blob store
-- (an MBTiles file is converted on upload), served as XYZ tiles to the members of the
-- organisation's projects and offered as basemaps in the projects' map settings. The archive's
-- bytes count against the organisation's storage (data_space_mb_max) like photos and documents.
CREATE TABLE background_map (
    organisation_id uuid NOT NULL REFERENCES organisation ON DELETE CASCADE,
    id              uuid NOT NULL DEFAULT gen_random_uuid(),
    name            text NOT NULL CHECK (length(name) BETWEEN 1 AND 255),
    kind            text NOT NULL CHECK (kind IN ('raster', 'vector')),
    format          text NOT NULL CHECK (format IN ('png', 'jpg', 'webp', 'avif', 'pbf')),
    -- how each tile is compressed inside the archive (vector tiles usually gzip)
    compression     text NOT NULL CHECK (compression IN ('none', 'gzip')),
    source          text NOT NULL CHECK (source IN ('pmtiles', 'mbtiles')),
    min_zoom        smallint NOT NULL CHECK (min_zoom BETWEEN 0 AND 30),
    max_zoom        smallint NOT NULL CHECK (max_zoom BETWEEN min_zoom AND 30),
    -- west, south, east, north in degrees (WGS 84)
    bounds          double precision[] NOT NULL CHECK (cardinality(bounds) = 4),
    -- the vector layers' names (for the default style), and the attribution the archive names
    layers          text[] NOT NULL DEFAULT '{}',
    attribution     text NOT NULL DEFAULT '',
    tiles           bigint NOT NULL DEFAULT 0,
    size            bigint NOT NULL CHECK (size > 0),
    blob_key        text NOT NULL UNIQUE,
    user_id         uuid REFERENCES app_user ON DELETE SET NULL,
    username        text NOT NULL DEFAULT '',
    created_at      timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (organisation_id, id),
    UNIQUE (id)
);

-- A removed archive's blob is left to the sweep, however the record went (deleted, or with its
-- organisation), as a file's is.
CREATE FUNCTION arbor_background_map_gone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO document_orphan (blob_key) SELECT blob_key FROM gone ON CONFLICT DO NOTHING;
    RETURN NULL;
END $$;
CREATE TRIGGER background_map_gone AFTER DELETE ON background_map
    REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION arbor_background_map_gone();

-- A project's basemap may be one of the organisation's archives ('hosted'); removing the
-- archive removes it from every project.
ALTER TABLE project_basemap ADD COLUMN background_map_id uuid;
ALTER TABLE project_basemap ADD CONSTRAINT project_basemap_background_map
    FOREIGN KEY (organisation_id, background_map_id) REFERENCES background_map (organisation_id, id) ON DELETE CASCADE;
CREATE INDEX project_basemap_background_map ON project_basemap (background_map_id) WHERE background_map_id IS NOT NULL;
ALTER TABLE project_basemap DROP CONSTRAINT project_basemap_type_check;
ALTER TABLE project_basemap ADD CONSTRAINT project_basemap_type_check
    CHECK (type IN ('xyz', 'wms', 'esri', 'vector', 'hosted'));
ALTER TABLE project_basemap ADD CONSTRAINT project_basemap_hosted
    CHECK ((type = 'hosted') = (background_map_id IS NOT NULL));
