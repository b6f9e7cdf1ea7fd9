-- More sorts of the data table read along an index of the stock (store/trees.go, indexedSorts):
-- the sizes, the values people plan by, and the species. With number and id in the key a page
-- comes out in the table's order (ties by number) without a sort, also where many objects share
-- a value (vitality) or have none (the empty ones are read along the same index). The planning
-- sorts of 0009 get number and id too.
CREATE INDEX tree_stock_height ON tree (project_id, height, number, id) WHERE NOT archive AND NOT cut;
CREATE INDEX tree_stock_diameter ON tree (project_id, diameter, number, id) WHERE NOT archive AND NOT cut;
CREATE INDEX tree_stock_planting_year ON tree (project_id, planting_year, number, id) WHERE NOT archive AND NOT cut;
CREATE INDEX tree_stock_vitality ON tree (project_id, vitality, number, id) WHERE NOT archive AND NOT cut;
CREATE INDEX tree_stock_action_security ON tree (project_id, action_security, number, id) WHERE NOT archive AND NOT cut;
-- By species name: the project's species in name order, each one's objects along this index.
CREATE INDEX tree_stock_species ON tree (project_id, species_id, number, id) WHERE NOT archive AND NOT cut;
DROP INDEX tree_stock_check_next;
CREATE INDEX tree_stock_check_next ON tree (project_id, check_next, number, id) WHERE NOT archive AND NOT cut;
DROP INDEX tree_stock_action_deadline;
CREATE INDEX tree_stock_action_deadline ON tree (project_id, action_deadline, number, id) WHERE NOT archive AND NOT cut;
