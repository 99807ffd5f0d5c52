-- What a chat send asks of the database before it stores anything, in one round trip. Before, a send
-- counted its model call against the rate limit, then read whether the server already held it and
-- how long its chat's history was, then took its stream slot and tokens: three round trips in line.
--
-- count_hit is the rate limit's fixed-window counter, the one every rule counts with (the API's
-- `consume` calls it too). take_send_slot counts the hit, then, for a send the server does not hold
-- yet, takes its slot and reserves its largest possible cost; a send it already holds takes nothing
-- (it only hands back or follows its reply). The order is the one the three round trips had: a send
-- over the rate limit is refused before anything else is looked at.
CREATE FUNCTION count_hit(hit_key text, window_secs double precision)
RETURNS TABLE (hits integer, reset_in double precision) LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  -- PL/pgSQL, not SQL: Postgres keeps a PL/pgSQL statement's plan between calls, and plans a SQL
  -- function's body again on every call.
  INSERT INTO rate_limits AS r (key, window_start, count) VALUES (hit_key, now(), 1)
  ON CONFLICT (key) DO UPDATE SET
    count = CASE WHEN r.window_start <= now() - make_interval(secs => window_secs) THEN 1 ELSE r.count + 1 END,
    window_start = CASE WHEN r.window_start <= now() - make_interval(secs => window_secs) THEN now() ELSE r.window_start END
  RETURNING r.count, extract(epoch FROM (r.window_start + make_interval(secs => window_secs) - now()))::float8
  INTO hits, reset_in;
  RETURN NEXT;
END
$$;

-- A send's cost is counted here because it depends on its chat's history, read in the same call:
-- the bytes of the newest `context_messages` messages (no token is shorter than a byte), plus
-- `more_history` tokens of history the send brings itself (a new chat's greeting turns). What is
-- always sent (`always_tokens`: the system prompt and the new message) goes whatever the bound;
-- the rest up to `max_context`; then the longest answer asked for. With `payer_key` null (the
-- offline drafter) the send takes its slot and no tokens.
CREATE FUNCTION take_send_slot(
  for_user integer,
  hit_key text,
  hit_limit integer,
  window_secs double precision,
  in_chat text,
  client uuid,
  context_messages integer,
  max_leases integer,
  stale_after_secs double precision,
  payer_key text,
  on_day date,
  always_tokens bigint,
  more_history bigint,
  max_context bigint,
  answer_tokens bigint,
  allowance bigint
) RETURNS TABLE (refused_by text, retry_in double precision, stored boolean, lease_id bigint, wanted bigint)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  hit record;
  history bigint := 0;
  cost bigint;
  slot record;
BEGIN
  -- Everything written here is counting (a hit, a slot, a reservation), nothing the rep wrote: the
  -- send need not wait for the disk. A database crash in the next moment forgets a count.
  PERFORM set_config('synchronous_commit', 'off', true);
  SELECT * INTO hit FROM count_hit(hit_key, window_secs);
  IF hit.hits > hit_limit THEN
    RETURN QUERY SELECT 'rate'::text, hit.reset_in, false, NULL::bigint, NULL::bigint;
    RETURN;
  END IF;
  IF in_chat IS NOT NULL THEN
    IF EXISTS (SELECT 1 FROM messages m JOIN chats c ON c.id = m.chat_id
                WHERE m.chat_id = in_chat AND m.client_id = client AND c.user_id = for_user
                  AND c.deleted_at IS NULL) THEN
      RETURN QUERY SELECT NULL::text, NULL::float8, true, NULL::bigint, NULL::bigint;
      RETURN;
    END IF;
    SELECT coalesce(sum(octet_length(h.content)), 0) INTO history FROM (
      SELECT m.content FROM messages m JOIN chats c ON c.id = m.chat_id
       WHERE c.id = in_chat AND c.user_id = for_user ORDER BY m.id DESC LIMIT context_messages) h;
  END IF;
  IF payer_key IS NULL THEN
    RETURN QUERY SELECT CASE WHEN taken IS NULL THEN 'streams' END, NULL::float8, false, taken, 0::bigint
      FROM take_stream_lease(for_user, 'chat', false, max_leases, stale_after_secs) AS taken;
    RETURN;
  END IF;
  cost := greatest(always_tokens, least(max_context, always_tokens + history + more_history)) + answer_tokens;
  SELECT * INTO slot FROM take_stream_slot(for_user, 'chat', max_leases, stale_after_secs, payer_key,
                                           on_day, cost, allowance);
  RETURN QUERY SELECT slot.refused_by, NULL::float8, false, slot.lease_id, cost;
END
$$;
