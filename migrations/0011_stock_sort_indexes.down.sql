DROP INDEX IF EXISTS tree_stock_species;
DROP INDEX IF EXISTS tree_stock_action_security;
DROP INDEX IF EXISTS tree_stock_vitality;
DROP INDEX IF EXISTS tree_stock_planting_year;
DROP INDEX IF EXISTS tree_stock_diameter;
DROP INDEX IF EXISTS tree_stock_height;
