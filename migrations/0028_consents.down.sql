DROP TABLE organisation_consent;
