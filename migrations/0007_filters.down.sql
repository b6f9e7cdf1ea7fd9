ALTER TABLE project_member DROP COLUMN limit_filter, DROP COLUMN limit_name;
DROP TABLE IF EXISTS saved_filter_share, saved_filter;
