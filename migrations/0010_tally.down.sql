DROP TRIGGER IF EXISTS tree_tally_insert ON tree;
DROP TRIGGER IF EXISTS tree_tally_update ON tree;
DROP TRIGGER IF EXISTS tree_tally_delete ON tree;
DROP TRIGGER IF EXISTS tree_action_tally_insert ON tree_action;
DROP TRIGGER IF EXISTS tree_action_tally_update ON tree_action;
DROP TRIGGER IF EXISTS tree_action_tally_delete ON tree_action;
DROP FUNCTION IF EXISTS arbor_tally_trees(), arbor_tally_works(), arbor_tally_rebuild(),
    arbor_tally_add(uuid[], text[], text[], bigint[]), arbor_tally_values(tree),
    arbor_tally_changed(tree, tree), arbor_tally_work(tree_action);
DROP INDEX IF EXISTS tree_not_stock;
DROP TABLE IF EXISTS tally_definition;
DROP TABLE IF EXISTS project_tally;
