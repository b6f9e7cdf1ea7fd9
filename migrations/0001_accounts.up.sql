-- Accounts, sessions and e-mail tokens; the tenant tables that scoped sessions need.
CREATE EXTENSION IF NOT EXISTS postgis;

CREATE TABLE app_user (
    id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    email           text NOT NULL,
    first_name      text NOT NULL,
    last_name       text NOT NULL,
    password_hash   text NOT NULL,
    language        text NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'de', 'fr')),
    confirmed_at    timestamptz,
    pending_email   text,
    agb_accepted_at timestamptz NOT NULL,
    is_super        boolean NOT NULL DEFAULT false,
    version         integer NOT NULL DEFAULT 1,
    created_at      timestamptz NOT NULL DEFAULT now(),
    updated_at      timestamptz NOT NULL DEFAULT now()
);
-- E-mail addresses are compared without regard to case.
CREATE UNIQUE INDEX app_user_email_key ON app_user (lower(email));

-- Single-use tokens sent by e-mail: registration confirmation, password reset, e-mail change.
-- Only a hash is stored, so a leaked row cannot be used as a link.
CREATE TABLE user_token (
    token_hash bytea PRIMARY KEY,
    user_id    uuid NOT NULL REFERENCES app_user ON DELETE CASCADE,
    purpose    text NOT NULL CHECK (purpose IN ('confirm', 'reset', 'email')),
    email      text NOT NULL,
    expires_at timestamptz NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX user_token_user ON user_token (user_id, purpose);

-- A session token is valid only while its hash is here: logout and password change delete rows.
CREATE TABLE session (
    token_hash bytea PRIMARY KEY,
    user_id    uuid NOT NULL REFERENCES app_user ON DELETE CASCADE,
    type       text NOT NULL CHECK (type IN ('user', 'organisation', 'project', 'job')),
    expires_at timestamptz NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX session_by_user ON session (user_id);

-- Failed log-ins, counted per address and per client to throttle guessing.
CREATE TABLE login_failure (
    id     bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    email  text NOT NULL,
    client text NOT NULL,
    at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_failure_email ON login_failure (email, at);
CREATE INDEX login_failure_client ON login_failure (client, at);

-- Organisations, projects and jobs: the tenants and scopes of a session. Their fields and
-- settings arrive with the organisations-and-projects work; every tenant row names its
-- organisation so the database can be sharded by it.
CREATE TABLE organisation (
    id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    name       text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE organisation_admin (
    organisation_id uuid NOT NULL REFERENCES organisation ON DELETE CASCADE,
    user_id         uuid NOT NULL REFERENCES app_user ON DELETE CASCADE,
    PRIMARY KEY (organisation_id, user_id)
);

CREATE TABLE project (
    id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    organisation_id uuid NOT NULL REFERENCES organisation ON DELETE CASCADE,
    name            text NOT NULL,
    created_at      timestamptz NOT NULL DEFAULT now(),
    UNIQUE (organisation_id, id)
);

-- access: 0 Management, 1 View, 2 Edit, 3 Care (docs/PRODUCT.md §3, docs/DECISIONS.md).
CREATE TABLE project_member (
    organisation_id uuid NOT NULL,
    project_id      uuid NOT NULL,
    user_id         uuid NOT NULL REFERENCES app_user ON DELETE CASCADE,
    access          smallint NOT NULL CHECK (access BETWEEN 0 AND 3),
    PRIMARY KEY (project_id, user_id),
    FOREIGN KEY (organisation_id, project_id) REFERENCES project (organisation_id, id) ON DELETE CASCADE
);
CREATE INDEX project_member_user ON project_member (user_id);

-- status: 0 open, 1 in progress, 2 completed (docs/DECISIONS.md).
CREATE TABLE job (
    id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    organisation_id uuid NOT NULL,
    project_id      uuid NOT NULL,
    name            text NOT NULL,
    status          smallint NOT NULL DEFAULT 0 CHECK (status BETWEEN 0 AND 2),
    created_at      timestamptz NOT NULL DEFAULT now(),
    FOREIGN KEY (organisation_id, project_id) REFERENCES project (organisation_id, id) ON DELETE CASCADE
);
CREATE INDEX job_project ON job (project_id);

CREATE TABLE job_member (
    organisation_id uuid NOT NULL,
    job_id          uuid NOT NULL REFERENCES job ON DELETE CASCADE,
    user_id         uuid NOT NULL REFERENCES app_user ON DELETE CASCADE,
    role            text NOT NULL CHECK (role IN ('job-manager', 'editor', 'care', 'reader')),
    PRIMARY KEY (job_id, user_id)
);
CREATE INDEX job_member_user ON job_member (user_id);
