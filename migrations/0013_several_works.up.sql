-- The objects with several open works: the dashboard of a filter counts most open works from
-- their object's earliest deadline and reads the works of only these (store/dashboard.go).
CREATE INDEX tree_several_works ON tree (project_id) WHERE action_count > 1;
