ALTER TABLE tree_action DROP COLUMN fid;
ALTER TABLE tree DROP COLUMN geom_3857, DROP COLUMN fid;
ALTER TABLE project DROP COLUMN content_revision;
