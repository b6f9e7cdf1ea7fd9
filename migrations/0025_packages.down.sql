ALTER TABLE organisation DROP COLUMN IF EXISTS tree_package, DROP COLUMN IF EXISTS tree_units,
    DROP COLUMN IF EXISTS demo_notice, DROP COLUMN IF EXISTS demo_ended_at,
    ALTER COLUMN max_object SET DEFAULT 500;
DROP TABLE IF EXISTS booking;
DROP TABLE IF EXISTS billing_terms;
DROP TABLE IF EXISTS package;
DROP TRIGGER IF EXISTS tree_units_insert ON tree;
DROP TRIGGER IF EXISTS tree_units_update ON tree;
DROP TRIGGER IF EXISTS tree_units_delete ON tree;
