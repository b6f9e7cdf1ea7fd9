DROP INDEX IF EXISTS tree_several_works;
