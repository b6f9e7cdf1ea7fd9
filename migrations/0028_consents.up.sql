-- An organisation's consent to the terms (agb) and the data processing agreement (avv): who gave
-- it, when, to which document (language and SHA-256 of the PDF served then). Every consent is
-- kept; organisation.agb and organisation.avv say whether one was given.
CREATE TABLE organisation_consent (
    id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    organisation_id uuid NOT NULL REFERENCES organisation ON DELETE CASCADE,
    kind            text NOT NULL CHECK (kind IN ('agb', 'avv')),
    user_id         uuid REFERENCES app_user ON DELETE SET NULL,
    user_name       text NOT NULL,  -- the name then, kept should the account be deleted
    language        text NOT NULL CHECK (language IN ('en', 'de', 'fr')),
    document_sha256 text NOT NULL,
    sample          boolean NOT NULL DEFAULT false, -- the operator had not provided the document
    at              timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX organisation_consent_org ON organisation_consent (organisation_id, kind, at DESC);
