-- A send's bookkeeping before the model is asked, cheaper: it ran on every send, in line.
--
-- Rate-limit counters and stream leases are kept without a write-ahead log. Their commits then
-- wait for no disk flush, and they cost the database far less. A crash of the database empties
-- both tables, which forgets a few minutes of counting and lets a rep start a stream or two more
-- for a moment. A standby does not get them either: after a failover the counting starts again.
-- Nothing a rep wrote is in them.
ALTER TABLE rate_limits SET UNLOGGED;
ALTER TABLE stream_leases SET UNLOGGED;

-- Taking a stream slot in one round trip. Before, a send opened a transaction, took the user's
-- advisory lock, cleared stale leases, counted and inserted, then committed: five round trips. This
-- function does the same in one call. It is VOLATILE, so each statement in it sees what other
-- sessions committed before it (a fresh snapshot per statement). The lock is held until the
-- caller's statement commits, so two instances taking the last slot at once cannot both have it.
CREATE FUNCTION take_stream_lease(
  for_user integer,
  lease_kind text,
  forced boolean,
  max_leases integer,
  stale_after_secs double precision
) RETURNS bigint LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  taken bigint;
BEGIN
  -- Any constant first key: the per-user lock that serialises one user's acquires.
  PERFORM pg_advisory_xact_lock(720418, for_user);
  DELETE FROM stream_leases
   WHERE user_id = for_user AND heartbeat_at < now() - make_interval(secs => stale_after_secs);
  INSERT INTO stream_leases (user_id, kind)
  SELECT for_user, lease_kind
   WHERE forced OR (SELECT count(*) FROM stream_leases WHERE user_id = for_user) < max_leases
  RETURNING id INTO taken;
  RETURN taken;
END
$$;
