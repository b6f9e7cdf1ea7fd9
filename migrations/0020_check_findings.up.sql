-- An inspection says what kind it was (docs/PRODUCT.md §3: a routine visual check, a detailed
-- investigation, one after a storm) and, for each symptom, where on the tree it was found (root,
-- trunk, crown; empty when not said) and how severe it is (1 slight, 2 moderate, 3 severe; 0 not
-- said). symptoms keeps the codes, as the tree's current assessment reads them.
ALTER TABLE tree_check
    ADD COLUMN check_type text NOT NULL DEFAULT 'routine' CHECK (check_type IN ('routine', 'detailed', 'storm')),
    ADD COLUMN findings   jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(findings) = 'array');
