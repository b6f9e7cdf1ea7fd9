-- Organisations with address, billing and state; projects with their general settings; an
-- audit trail of what platform support does.
ALTER TABLE organisation
    ADD COLUMN street                     text NOT NULL DEFAULT '',
    ADD COLUMN number                     text NOT NULL DEFAULT '',
    ADD COLUMN zip                        text NOT NULL DEFAULT '',
    ADD COLUMN city                       text NOT NULL DEFAULT '',
    ADD COLUMN country                    text NOT NULL DEFAULT 'DE',
    ADD COLUMN phone                      text NOT NULL DEFAULT '',
    ADD COLUMN address_supplement_invoice text NOT NULL DEFAULT '',
    ADD COLUMN contact_invoice            text NOT NULL DEFAULT '',
    ADD COLUMN email_invoice              text NOT NULL DEFAULT '',
    ADD COLUMN invoice_note               text NOT NULL DEFAULT '',
    ADD COLUMN invoice_supplement         text NOT NULL DEFAULT '',
    ADD COLUMN invoice_type               text NOT NULL DEFAULT 'billing' CHECK (invoice_type IN ('billing', 'paypal')),
    ADD COLUMN leitweg_id_invoice         text NOT NULL DEFAULT '',
    ADD COLUMN subject_invoice            text NOT NULL DEFAULT '',
    ADD COLUMN tax_id_invoice             text NOT NULL DEFAULT '',
    ADD COLUMN avv                        boolean NOT NULL DEFAULT false,
    ADD COLUMN agb                        boolean NOT NULL DEFAULT false,
    ADD COLUMN terminated                 boolean NOT NULL DEFAULT false,
    ADD COLUMN terminated_at              timestamptz,
    ADD COLUMN terminated_by              uuid REFERENCES app_user ON DELETE SET NULL,
    ADD COLUMN location                   text NOT NULL DEFAULT 'en' CHECK (location IN ('en', 'de', 'fr')),
    ADD COLUMN max_object                 integer NOT NULL DEFAULT 500,
    ADD COLUMN demo_until                 timestamptz NOT NULL DEFAULT now() + interval '28 days',
    ADD COLUMN created_by                 uuid REFERENCES app_user ON DELETE SET NULL,
    ADD COLUMN version                    integer NOT NULL DEFAULT 1,
    ADD COLUMN updated_at                 timestamptz NOT NULL DEFAULT now();

ALTER TABLE project
    ADD COLUMN note             text NOT NULL DEFAULT '',
    ADD COLUMN company_name     text NOT NULL DEFAULT '',
    ADD COLUMN show_number_text boolean NOT NULL DEFAULT false,
    ADD COLUMN unique_number    boolean NOT NULL DEFAULT true,
    ADD COLUMN created_by       uuid REFERENCES app_user ON DELETE SET NULL,
    ADD COLUMN version          integer NOT NULL DEFAULT 1,
    ADD COLUMN updated_at       timestamptz NOT NULL DEFAULT now();
-- A project name is unique within its organisation (docs/PRODUCT.md §5: "creating a project is refused if it exists").
CREATE UNIQUE INDEX project_name_key ON project (organisation_id, lower(name));

-- What platform support did, on whose behalf (docs/DECISIONS.md: every support action is recorded).
CREATE TABLE support_audit (
    id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id         uuid REFERENCES app_user ON DELETE SET NULL,
    organisation_id uuid REFERENCES organisation ON DELETE SET NULL,
    action          text NOT NULL,
    detail          jsonb NOT NULL DEFAULT '{}',
    at              timestamptz NOT NULL DEFAULT now()
);
