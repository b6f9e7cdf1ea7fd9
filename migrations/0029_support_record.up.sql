-- Platform support reads its record newest first, all of it or one organisation's.
CREATE INDEX support_audit_organisation ON support_audit (organisation_id, id DESC);
