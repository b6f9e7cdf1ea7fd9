DROP INDEX IF EXISTS tree_stock_action_deadline;
DROP INDEX IF EXISTS tree_stock_check_next;
