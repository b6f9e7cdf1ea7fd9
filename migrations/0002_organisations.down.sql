DROP TABLE IF EXISTS support_audit;
DROP INDEX IF EXISTS project_name_key;
ALTER TABLE project DROP COLUMN note, DROP COLUMN company_name, DROP COLUMN show_number_text,
    DROP COLUMN unique_number, DROP COLUMN created_by, DROP COLUMN version, DROP COLUMN updated_at;
ALTER TABLE organisation DROP COLUMN street, DROP COLUMN number, DROP COLUMN zip, DROP COLUMN city,
    DROP COLUMN country, DROP COLUMN phone, DROP COLUMN address_supplement_invoice, DROP COLUMN contact_invoice,
    DROP COLUMN email_invoice, DROP COLUMN invoice_note, DROP COLUMN invoice_supplement, DROP COLUMN invoice_type,
    DROP COLUMN leitweg_id_invoice, DROP COLUMN subject_invoice, DROP COLUMN tax_id_invoice, DROP COLUMN avv,
    DROP COLUMN agb, DROP COLUMN terminated, DROP COLUMN terminated_at, DROP COLUMN terminated_by,
    DROP COLUMN location, DROP COLUMN max_object, DROP COLUMN demo_until, DROP COLUMN created_by,
    DROP COLUMN version, DROP COLUMN updated_at;
