-- arbor_prune_expired removes what can no longer be used: expired sessions and e-mail tokens,
-- and failed log-ins older than the throttle window. serve calls it every few minutes; it is
-- idempotent and cheap thanks to the indexes on expires_at / at.
CREATE OR REPLACE FUNCTION arbor_prune_expired(throttle_window interval DEFAULT interval '1 hour')
RETURNS void LANGUAGE sql AS $$
    DELETE FROM session WHERE expires_at < now();
    DELETE FROM user_token WHERE expires_at < now();
    DELETE FROM login_failure WHERE at < now() - throttle_window;
$$;

-- arbor_login_wait answers how long a log-in for an address from a client must wait: the
-- seconds until the oldest failure inside the window leaves it, once either the address or the
-- client has reached its limit; 0 when a try is allowed.
CREATE OR REPLACE FUNCTION arbor_login_wait(
    p_email text, p_client text, p_window interval, p_max_email int, p_max_client int)
RETURNS integer LANGUAGE sql STABLE AS $$
    WITH by_email AS (
        SELECT at FROM login_failure
        WHERE email = lower(p_email) AND at > now() - p_window
        ORDER BY at DESC LIMIT p_max_email
    ), by_client AS (
        SELECT at FROM login_failure
        WHERE client = p_client AND at > now() - p_window
        ORDER BY at DESC LIMIT p_max_client
    ), waits AS (
        SELECT min(at) + p_window - now() AS w FROM by_email HAVING count(*) >= p_max_email
        UNION ALL
        SELECT min(at) + p_window - now() FROM by_client HAVING count(*) >= p_max_client
    )
    SELECT coalesce(ceil(extract(epoch FROM max(w)))::int, 0) FROM waits;
$$;
