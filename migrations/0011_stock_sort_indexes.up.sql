-- More sorts of the data table read along an index of the stock (store/trees.go, indexedSorts):
-- the sizes and the two values people plan by. With number and id in the key, a page sorted by
-- a value that many objects share (vitality) comes out in the table's order without a sort.
CREATE INDEX tree_stock_height ON tree (project_id, height, number, id) WHERE NOT archive AND NOT cut;
CREATE INDEX tree_stock_diameter ON tree (project_id, diameter, number, id) WHERE NOT archive AND NOT cut;
CREATE INDEX tree_stock_planting_year ON tree (project_id, planting_year, number, id) WHERE NOT archive AND NOT cut;
CREATE INDEX tree_stock_vitality ON tree (project_id, vitality, number, id) WHERE NOT archive AND NOT cut;
CREATE INDEX tree_stock_action_security ON tree (project_id, action_security, number, id) WHERE NOT archive AND NOT cut;
-- By species name: the project's species in name order, each one's objects along this index.
CREATE INDEX tree_stock_species ON tree (project_id, species_id, number, id) WHERE NOT archive AND NOT cut;
