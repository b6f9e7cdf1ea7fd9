-- API keys of an organisation: read-only access for programs (GIS clients) to the projects a
-- key names. Only a hash of the key is kept; the key itself is shown once, when it is made.
CREATE TABLE api_key (
    id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    organisation_id uuid NOT NULL REFERENCES organisation ON DELETE CASCADE,
    name            text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
    prefix          text NOT NULL, -- the key's first characters, to tell keys apart
    hash            bytea NOT NULL UNIQUE,
    projects        uuid[] NOT NULL CHECK (cardinality(projects) > 0),
    created_by      uuid REFERENCES app_user ON DELETE SET NULL,
    created_at      timestamptz NOT NULL DEFAULT now(),
    last_used_at    timestamptz,
    revoked_at      timestamptz
);
CREATE INDEX api_key_organisation ON api_key (organisation_id, created_at DESC);
