DROP TABLE IF EXISTS export_record;
