-- The devices of an account beyond its p_keep most recently used, for the prune that follows a
-- sign-in from a browser the account does not know yet (src/modules/accounts/known-devices.ts).
--
-- Each such sign-in adds a device and deletes the account's oldest, so an account that signs in
-- without a cookie jar (an API script) leaves a dead index entry behind at every sign-in. A bitmap
-- scan, which the planner picks for an account's twenty-odd rows, never marks an index entry dead,
-- so until the next vacuum every prune walked every device the account had ever dropped: 8,000
-- entries for 20 live rows after 8,000 sign-ins. A sequential scan, which it picks while the table
-- is small, reads every dead row version left in the table's pages. An index scan marks the dead
-- entries it meets, later scans pass them without reading the table, and the index drops them
-- when their page fills, so this reads known_devices_user_id_idx and only that. (An index on
-- (user_id, last_used_at) would spare the sort of twenty rows, but a known browser's sign-in
-- updates last_used_at, an update that stays in place only while no index holds the column.)
--
-- PL/pgSQL, because its statements keep their plan for the connection: PostgreSQL 15 plans a
-- SQL function's query again at every call once a SET clause keeps it from being inlined (60 us
-- more a sign-in). STABLE: the statement that adds the new device calls this in its own snapshot,
-- from before its insert, so p_keep others are kept beside the new one.
CREATE OR REPLACE FUNCTION known_devices_beyond(p_user_id uuid, p_keep integer)
RETURNS SETOF uuid
LANGUAGE plpgsql STABLE
SET enable_bitmapscan = off
SET enable_seqscan = off
AS $$
BEGIN
  RETURN QUERY
    SELECT id FROM known_devices WHERE user_id = p_user_id ORDER BY last_used_at DESC OFFSET p_keep;
END
$$;
