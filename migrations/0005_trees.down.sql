DROP TABLE IF EXISTS history, tree_action, tree_check, tree, list_entry;
