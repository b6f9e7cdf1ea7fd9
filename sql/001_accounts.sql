-- arbor_prune_expired removes what can no longer be used: expired sessions and e-mail tokens,
-- and failed log-ins older than the throttle window. serve calls it every few minutes; it is
-- idempotent and cheap thanks to the indexes on expires_at / at.
CREATE OR REPLACE FUNCTION arbor_prune_expired(throttle_window interval DEFAULT interval '1 hour')
RETURNS void LANGUAGE sql AS $$
    DELETE FROM session WHERE expires_at < now();
    DELETE FROM user_token WHERE expires_at < now();
    DELETE FROM login_failure WHERE at < now() - throttle_window;
$$;

-- arbor_login_wait answers how long a log-in for an address from a client must wait (without
-- counting it: arbor_login_begin below is what a log-in calls; this one reads the same limits): the
-- seconds until the oldest failure inside the window leaves it, once either the address or the
-- client has reached its limit; 0 when a try is allowed.
CREATE OR REPLACE FUNCTION arbor_login_wait(
    p_email text, p_client text, p_window interval, p_max_email int, p_max_client int)
RETURNS integer LANGUAGE sql STABLE AS $$
    WITH by_email AS (
        SELECT at FROM login_failure
        WHERE email = lower(p_email) AND device IS NULL AND at > now() - p_window
        ORDER BY at DESC LIMIT p_max_email
    ), by_client AS (
        SELECT at FROM login_failure
        WHERE client = p_client AND device IS NULL AND at > now() - p_window
        ORDER BY at DESC LIMIT p_max_client
    ), waits AS (
        SELECT min(at) + p_window - now() AS w FROM by_email HAVING count(*) >= p_max_email
        UNION ALL
        SELECT min(at) + p_window - now() FROM by_client HAVING count(*) >= p_max_client
    )
    SELECT coalesce(ceil(extract(epoch FROM max(w)))::int, 0) FROM waits;
$$;

-- arbor_login_full answers, for the newest failures of one allowance (a device, an address or a
-- client; at most p_max of them, inside p_window), the seconds until the oldest leaves the
-- window once they reach p_max (at least 1); 0 while there is room.
CREATE OR REPLACE FUNCTION arbor_login_full(p_newest timestamptz[], p_max int, p_window interval)
RETURNS integer LANGUAGE sql STABLE AS $$
    SELECT CASE WHEN cardinality(p_newest) >= p_max
        THEN greatest(ceil(extract(epoch FROM (SELECT min(a) FROM unnest(p_newest) a) + p_window - now()))::int, 1)
        ELSE 0 END;
$$;

-- arbor_login_begin counts a log-in attempt before its password is checked, and checks the
-- limits in the same step: the attempt is recorded as a failure at once, under a lock per
-- address (per device for a known device, then per client), so concurrent attempts queue and
-- at most p_max_* of them are ever evaluated within p_window however many arrive at once. It
-- answers the new attempt's id and 0, or no id and the seconds to wait. The caller forgets
-- the attempt when its password was right (arbor_login_succeeded).
--
-- A known device (p_device: the id of a valid device cookie for this address) has its own
-- allowance and is not held back by the address's: that allowance is for everyone else, so a
-- stranger's wrong passwords never lock the owner out of a browser they used before.
CREATE OR REPLACE FUNCTION arbor_login_begin(
    p_email text, p_client text, p_device text, p_window interval,
    p_max_email int, p_max_client int, p_max_device int)
RETURNS TABLE (attempt bigint, wait integer) LANGUAGE plpgsql AS $$
DECLARE
    v_email text := lower(p_email);
    v_wait int;
    v_id bigint;
BEGIN
    IF p_device IS NOT NULL THEN
        PERFORM pg_advisory_xact_lock(hashtextextended('login-device:' || p_device, 0));
        v_wait := arbor_login_full(ARRAY(SELECT at FROM login_failure
            WHERE device = p_device AND at > now() - p_window ORDER BY at DESC LIMIT p_max_device), p_max_device, p_window);
    ELSE
        -- Always the address's lock first, then the client's: no two attempts wait on each other
        -- in opposite order.
        PERFORM pg_advisory_xact_lock(hashtextextended('login-email:' || v_email, 0));
        PERFORM pg_advisory_xact_lock(hashtextextended('login-client:' || p_client, 0));
        v_wait := arbor_login_full(ARRAY(SELECT at FROM login_failure
            WHERE email = v_email AND device IS NULL AND at > now() - p_window ORDER BY at DESC LIMIT p_max_email), p_max_email, p_window);
        IF v_wait = 0 THEN
            v_wait := arbor_login_full(ARRAY(SELECT at FROM login_failure
                WHERE client = p_client AND device IS NULL AND at > now() - p_window ORDER BY at DESC LIMIT p_max_client), p_max_client, p_window);
        END IF;
    END IF;
    IF v_wait > 0 THEN
        RETURN QUERY SELECT NULL::bigint, v_wait;
        RETURN;
    END IF;
    INSERT INTO login_failure (email, client, device) VALUES (v_email, p_client, p_device) RETURNING id INTO v_id;
    RETURN QUERY SELECT v_id, 0;
END
$$;
