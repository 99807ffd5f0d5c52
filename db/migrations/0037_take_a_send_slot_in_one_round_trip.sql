-- A send's stream slot and its tokens in one round trip. Before, a send took a slot
-- (take_stream_lease) and then, in a second statement, counted its largest possible cost against
-- the payer's day. This function does both in one call: the slot first, then the tokens; when the
-- day's allowance is used up, the slot it just took is given back in the same statement, so a
-- refused send holds nothing. It answers the lease's id, or which limit refused it.
CREATE FUNCTION take_stream_slot(
  for_user integer,
  lease_kind text,
  max_leases integer,
  stale_after_secs double precision,
  payer_key text,
  on_day date,
  wanted bigint,
  allowance bigint
) RETURNS TABLE (lease_id bigint, refused_by text) LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  taken bigint;
  counted bigint;
BEGIN
  taken := take_stream_lease(for_user, lease_kind, false, max_leases, stale_after_secs);
  IF taken IS NULL THEN
    RETURN QUERY SELECT NULL::bigint, 'streams'::text;
    RETURN;
  END IF;
  INSERT INTO token_usage AS t (payer, day, tokens) VALUES (payer_key, on_day, wanted)
  ON CONFLICT (payer, day) DO UPDATE SET tokens = t.tokens + wanted
    WHERE allowance IS NULL OR t.tokens < allowance
  RETURNING t.tokens INTO counted;
  IF counted IS NULL THEN
    DELETE FROM stream_leases WHERE id = taken;
    RETURN QUERY SELECT NULL::bigint, 'tokens'::text;
    RETURN;
  END IF;
  RETURN QUERY SELECT taken, NULL::text;
END
$$;
