-- Failed log-ins of a known device (docs/API.md "Sessions"): a browser that
-- logged into an account before carries a signed device cookie and keeps an allowance of its
-- own, so strangers who exhaust the address's allowance cannot lock its owner out. NULL: an
-- attempt without a valid device cookie, counted per address and per client as before.
ALTER TABLE login_failure ADD COLUMN device text;
CREATE INDEX login_failure_device ON login_failure (device, at) WHERE device IS NOT NULL;
