-- Nobody is made an organisation's administrator, a project's member or a job's participant
-- without saying yes (docs/PRODUCT.md §5): every addition is an invitation by e-mail, whether the
-- address has an account or not, and the answer to whoever invites is the same for both (no
-- account is revealed). An account accepts in the app; an address without one by registering.
CREATE TABLE organisation_invitation (
    organisation_id uuid NOT NULL REFERENCES organisation ON DELETE CASCADE,
    email           text NOT NULL,
    invited_by      uuid REFERENCES app_user ON DELETE SET NULL,
    created_at      timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (organisation_id, email)
);
CREATE INDEX organisation_invitation_email ON organisation_invitation (lower(email));

-- Who invited, so the invited person knows whom they say yes to.
ALTER TABLE job_invitation ADD COLUMN invited_by uuid REFERENCES app_user ON DELETE SET NULL;
CREATE INDEX job_invitation_email ON job_invitation (lower(email));
