ALTER TABLE tree ALTER COLUMN id SET DEFAULT gen_random_uuid();
ALTER TABLE tree_check ALTER COLUMN id SET DEFAULT gen_random_uuid();
ALTER TABLE tree_action ALTER COLUMN id SET DEFAULT gen_random_uuid();
DROP FUNCTION arbor_uuid7();
