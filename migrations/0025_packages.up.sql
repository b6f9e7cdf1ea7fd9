-- Packages, their prices and the organisation's bookings (docs/PRODUCT.md "Packages and prices").
-- Prices live here, not in code: euro cents a year, net; VAT is added on the invoice.
CREATE TABLE package (
    id                text PRIMARY KEY,
    kind              text NOT NULL CHECK (kind IN ('trees', 'storage', 'addon')),
    trees             integer CHECK (trees > 0),       -- a tree data package's size
    storage_mb        integer CHECK (storage_mb > 0),  -- what a photo storage package adds
    price_cents       integer NOT NULL CHECK (price_cents >= 0),
    setup_hour_cents  integer CHECK (setup_hour_cents >= 0), -- set-up work, billed by the hour as done
    sort              integer NOT NULL,
    CHECK ((kind = 'trees') = (trees IS NOT NULL)),
    CHECK ((kind = 'storage') = (storage_mb IS NOT NULL))
);
INSERT INTO package (id, kind, trees, storage_mb, price_cents, setup_hour_cents, sort) VALUES
    ('trees-500',    'trees',     500, NULL,   18000, NULL, 10),
    ('trees-1000',   'trees',    1000, NULL,   29000, NULL, 20),
    ('trees-2500',   'trees',    2500, NULL,   59000, NULL, 30),
    ('trees-5000',   'trees',    5000, NULL,   99000, NULL, 40),
    ('trees-10000',  'trees',   10000, NULL,  169000, NULL, 50),
    ('trees-25000',  'trees',   25000, NULL,  349000, NULL, 60),
    ('trees-50000',  'trees',   50000, NULL,  599000, NULL, 70),
    ('trees-100000', 'trees',  100000, NULL,  990000, NULL, 80),
    ('storage-10gb', 'storage',  NULL, 10240,   6000, NULL, 100),
    ('gis',          'addon',    NULL, NULL,   32000, 11250, 200),
    ('background',   'addon',    NULL, NULL,   32000, 11250, 210),
    ('gaeb',         'addon',    NULL, NULL,   32000, NULL, 220);

-- The terms every organisation shares: the VAT rate of invoices, what a demo may hold and the
-- storage every organisation has without a photo storage package. One row.
CREATE TABLE billing_terms (
    one_row          boolean PRIMARY KEY DEFAULT true CHECK (one_row),
    vat_percent      numeric(5, 2) NOT NULL CHECK (vat_percent >= 0),
    demo_trees       integer NOT NULL CHECK (demo_trees > 0),
    base_storage_mb  integer NOT NULL CHECK (base_storage_mb >= 0),
    seller           jsonb NOT NULL DEFAULT '{}' -- who invoices: name, address, tax id, bank (shown on invoices)
);
INSERT INTO billing_terms (vat_percent, demo_trees, base_storage_mb, seller) VALUES (19.00, 1000, 10240,
    '{"name": "Arbor", "address": ["Musterstraße 1", "24937 Flensburg", "Deutschland"], "tax_id": "DE000000000",
      "bank": "IBAN DE00 0000 0000 0000 0000 00", "email": "billing@arbor.example"}');

-- A booking: a package bought by an administrator, with the figures of its invoice fixed when it
-- was made (prices change; an invoice does not). The invoice number is the booking's number.
CREATE TABLE booking (
    id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    number           bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
    organisation_id  uuid NOT NULL REFERENCES organisation ON DELETE CASCADE,
    package_id       text NOT NULL REFERENCES package,
    quantity         integer NOT NULL DEFAULT 1 CHECK (quantity > 0),
    unit_cents       integer NOT NULL,
    credit_cents     integer NOT NULL DEFAULT 0 CHECK (credit_cents >= 0), -- the unused rest of a replaced tree package
    net_cents        integer NOT NULL CHECK (net_cents >= 0),
    vat_percent      numeric(5, 2) NOT NULL,
    vat_cents        integer NOT NULL,
    gross_cents      integer NOT NULL,
    replaces         uuid REFERENCES booking ON DELETE SET NULL, -- the tree package an upgrade replaces
    period_start     date NOT NULL,
    period_end       date NOT NULL,
    billing          jsonb NOT NULL, -- the organisation's billing data as it was
    user_id          uuid REFERENCES app_user ON DELETE SET NULL,
    username         text NOT NULL,
    created_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX booking_organisation ON booking (organisation_id, created_at DESC);

-- The organisation's booked tree data package, and what its objects count against a package
-- (kept by sql/085_packages.sql's triggers: a tree one, a group 100 per hectare).
ALTER TABLE organisation
    ADD COLUMN tree_package text REFERENCES package,
    ADD COLUMN tree_units   bigint NOT NULL DEFAULT 0,
    -- The demo's end (docs/PRODUCT.md §4): the last notice mailed (days before the end: 7, 1, 0
    -- when ended; 28 none yet) and when the periodic job saw it end.
    ADD COLUMN demo_notice   smallint NOT NULL DEFAULT 28,
    ADD COLUMN demo_ended_at timestamptz,
    -- The app gives a new organisation the demo's allowance (billing_terms.demo_trees); one the
    -- operator makes by hand (a seed, a test) is not limited unless given a size.
    ALTER COLUMN max_object SET DEFAULT 1000000;
UPDATE organisation o SET max_object = greatest(o.max_object, 1000),
    tree_units = (SELECT coalesce(sum(CASE WHEN t.single_tree THEN 1 ELSE greatest(ceil(coalesce(t.area, 0) / 100.0), 1) END), 0)
                  FROM tree t WHERE t.organisation_id = o.id);
