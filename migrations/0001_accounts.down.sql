DROP TABLE IF EXISTS job_member, job, project_member, project, organisation_admin, organisation,
    login_failure, session, user_token, app_user;
