-- Three more sorts of the data table read along an index of the stock (store/trees.go,
-- indexedSorts): the tag, the last change and the last inspection, which people sort by to find
-- a tree on a plate or to see what was done lately. Other columns still sort every object the
-- filter passes.
CREATE INDEX tree_stock_number_text ON tree (project_id, number_text, number, id) WHERE NOT archive AND NOT cut;
CREATE INDEX tree_stock_object_timestamp ON tree (project_id, object_timestamp, number, id) WHERE NOT archive AND NOT cut;
CREATE INDEX tree_stock_check_timestamp ON tree (project_id, check_timestamp, number, id) WHERE NOT archive AND NOT cut;
