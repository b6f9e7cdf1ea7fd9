-- Counts kept by the database per project, field and value (sql/050_tally.sql keeps them): the
-- stock's objects by the values the dashboard cards and the filter panel's pickers show, and the
-- open works by deadline. Reading them costs the same on a project of ten trees or a million,
-- where counting the rows took a second.
CREATE TABLE project_tally (
    project_id uuid NOT NULL REFERENCES project ON DELETE CASCADE,
    field      text NOT NULL,
    value      text NOT NULL, -- '' for no value
    n          bigint NOT NULL,
    PRIMARY KEY (project_id, field, value)
);

-- Which definition of the tallies the rows follow; sql/050_tally.sql rebuilds them when its own
-- definition is newer (so a changed definition needs no migration).
CREATE TABLE tally_definition (version integer NOT NULL);
INSERT INTO tally_definition VALUES (0);

-- The stock dashboard subtracts the open works of felled and archived objects from the tallied
-- open works; these are few, and this index finds them.
CREATE INDEX tree_not_stock ON tree (project_id) WHERE archive OR cut;
