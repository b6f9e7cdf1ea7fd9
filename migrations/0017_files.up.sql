-- Photos and documents (docs/PRODUCT.md §1, §7): the bytes live in the blob store (ARBOR_BLOB_URL),
-- the record of each file here. A file belongs to one object: a tree or group, an inspection
-- (check), a work (action), a job, a project or the organisation itself; deleting the object
-- deletes its files (the foreign keys cascade) and leaves their blobs to the sweep
-- (document_orphan).

-- The organisation's storage for photos and documents, in MB: 10 GB unless a photo storage
-- package was bought.
ALTER TABLE organisation ADD COLUMN data_space_mb_max integer NOT NULL DEFAULT 10240 CHECK (data_space_mb_max >= 0);

CREATE TABLE document (
    id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    organisation_id uuid NOT NULL REFERENCES organisation ON DELETE CASCADE,
    project_id      uuid,
    object_type     text NOT NULL CHECK (object_type IN ('tree', 'group', 'check', 'action', 'job', 'project', 'organisation')),
    object_id       uuid NOT NULL,
    -- the tree or group the object belongs to (a tree, group, inspection or work), for the
    -- cascade, the access limit and the object's history
    tree_id         uuid,
    check_id        uuid REFERENCES tree_check ON DELETE CASCADE,
    action_id       uuid REFERENCES tree_action ON DELETE CASCADE,
    job_id          uuid REFERENCES job ON DELETE CASCADE,
    -- the uploading app's id of the file: a retried upload answers the stored file
    client_id       text CHECK (length(client_id) BETWEEN 1 AND 100),
    blob_key        text NOT NULL UNIQUE,
    kind            text NOT NULL CHECK (kind IN ('photo', 'document')),
    name            text NOT NULL CHECK (length(name) BETWEEN 1 AND 255),
    content_type    text NOT NULL,
    size            bigint NOT NULL CHECK (size > 0),
    sha256          text NOT NULL,
    caption         text NOT NULL DEFAULT '' CHECK (length(caption) <= 2000),
    width           integer,
    height          integer,
    taken_at        timestamp, -- as the camera's clock showed it: EXIF keeps no time zone
    taken_lat       double precision,
    taken_lon       double precision,
    -- the thumbnails (blob_key + '.256.jpg', '.1280.jpg') the queue makes of a photo
    thumbs          text NOT NULL DEFAULT 'none' CHECK (thumbs IN ('none', 'pending', 'ready', 'failed')),
    user_id         uuid REFERENCES app_user ON DELETE SET NULL,
    username        text NOT NULL DEFAULT '',
    alias           text NOT NULL DEFAULT '',
    created_at      timestamptz NOT NULL DEFAULT now(),
    updated_at      timestamptz NOT NULL DEFAULT now(),
    UNIQUE (organisation_id, id),
    UNIQUE (organisation_id, client_id),
    FOREIGN KEY (organisation_id, project_id) REFERENCES project (organisation_id, id) ON DELETE CASCADE,
    FOREIGN KEY (organisation_id, tree_id) REFERENCES tree (organisation_id, id) ON DELETE CASCADE,
    CHECK ((project_id IS NULL) = (object_type = 'organisation'))
);
CREATE INDEX document_object ON document (organisation_id, object_id, created_at);
-- the quota's sum reads only this index
CREATE INDEX document_size ON document (organisation_id) INCLUDE (size);
CREATE INDEX document_tree ON document (tree_id) WHERE tree_id IS NOT NULL;
CREATE INDEX document_check ON document (check_id) WHERE check_id IS NOT NULL;
CREATE INDEX document_action ON document (action_id) WHERE action_id IS NOT NULL;
CREATE INDEX document_job ON document (job_id) WHERE job_id IS NOT NULL;
CREATE INDEX document_project ON document (project_id) WHERE project_id IS NOT NULL;

-- Blobs whose record is gone (a file deleted, or its tree, project or organisation): the sweep
-- removes them from the blob store, then from here.
CREATE TABLE document_orphan (
    blob_key text PRIMARY KEY,
    since    timestamptz NOT NULL DEFAULT now()
);

-- History also records a file's upload, rename and deletion.
ALTER TABLE history DROP CONSTRAINT history_entity_check;
ALTER TABLE history ADD CONSTRAINT history_entity_check CHECK (entity IN ('tree', 'group', 'check', 'action', 'file'));
