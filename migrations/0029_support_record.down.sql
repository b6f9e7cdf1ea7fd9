DROP INDEX IF EXISTS support_audit_organisation;
