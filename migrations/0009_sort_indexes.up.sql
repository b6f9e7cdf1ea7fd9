-- The data table's first pages on a big project: sorted by next inspection or by work deadline
-- (the planning sorts), a page is read along these indexes and stops after a few hundred rows,
-- instead of sorting every object of the filter. Partial: the table shows the stock by default.
CREATE INDEX tree_stock_check_next ON tree (project_id, check_next) WHERE NOT archive AND NOT cut;
CREATE INDEX tree_stock_action_deadline ON tree (project_id, action_deadline) WHERE NOT archive AND NOT cut;
