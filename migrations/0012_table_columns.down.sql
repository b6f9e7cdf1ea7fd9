DROP TABLE IF EXISTS table_columns;
