DROP INDEX IF EXISTS tree_stock_check_timestamp;
DROP INDEX IF EXISTS tree_stock_object_timestamp;
DROP INDEX IF EXISTS tree_stock_number_text;
