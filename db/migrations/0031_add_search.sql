-- Search over everything the rep wrote or got (GET /api/search, api/search/): chat messages, edited
-- emails, saved flows, debrief transcripts and the sales kit, each with its words kept in a stored
-- tsvector beside the text, and one GIN index per table on (the rep, the words). A search then
-- reads only this rep's matching rows: its cost follows the rep's own data, never the other reps'.
--
-- btree_gin lets a GIN index hold the rep's id beside the words; unaccent folds accents ('cafe'
-- finds 'café'). Both ship in Postgres's contrib package and in PGlite (db/embedded.ts loads them),
-- and both are trusted extensions: the database's owner may create them.
CREATE EXTENSION IF NOT EXISTS btree_gin;
CREATE EXTENSION IF NOT EXISTS unaccent;

-- English stemming ('pricing' finds 'price') over accent-folded words. Numbers, 'Q3', addresses and
-- host names keep the english configuration's 'simple' mapping: whole, only lower-cased.
CREATE TEXT SEARCH CONFIGURATION pitchpad_search (COPY = english);
ALTER TEXT SEARCH CONFIGURATION pitchpad_search
  ALTER MAPPING FOR hword, hword_part, word WITH unaccent, english_stem;

-- A message's rep, so the index can start from the rep. Set by a trigger from the message's chat
-- rather than by each INSERT: every writer (the chat routes, tests and benches writing rows
-- directly, code to come) gets it right without knowing, and a message can never name another rep
-- than its chat's. It costs one primary-key read of the chat per message stored.
ALTER TABLE messages ADD COLUMN user_id integer;
UPDATE messages m SET user_id = c.user_id FROM chats c WHERE c.id = m.chat_id;
ALTER TABLE messages ALTER COLUMN user_id SET NOT NULL;

CREATE FUNCTION messages_take_chat_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT c.user_id INTO NEW.user_id FROM chats c WHERE c.id = NEW.chat_id;
  IF NOT FOUND THEN
    RAISE foreign_key_violation USING MESSAGE = format('chat %s does not exist', NEW.chat_id);
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER messages_take_chat_user BEFORE INSERT OR UPDATE OF chat_id, user_id ON messages
  FOR EACH ROW EXECUTE FUNCTION messages_take_chat_user();

-- What a rep and the model said (never the system prompt), once written: a reply still streaming
-- is saved every second, and skipping it here keeps those saves from re-indexing its words.
-- An edited email (subject and body) is a hit of its own.
ALTER TABLE messages
  ADD COLUMN search_tsv tsvector GENERATED ALWAYS AS (
    CASE WHEN role <> 'system' AND status <> 'streaming'
      THEN to_tsvector('pitchpad_search', content) END
  ) STORED,
  ADD COLUMN email_tsv tsvector GENERATED ALWAYS AS (
    CASE WHEN email_edit IS NOT NULL
      THEN to_tsvector('pitchpad_search',
        coalesce(email_edit ->> 'subject', '') || E'\n\n' || coalesce(email_edit ->> 'body', '')) END
  ) STORED;
-- Whole, not partial: it also finds a rep's messages by user_id alone (an account's deletion).
CREATE INDEX messages_search ON messages USING gin (user_id, search_tsv);
CREATE INDEX messages_email_search ON messages USING gin (user_id, email_tsv)
  WHERE email_tsv IS NOT NULL;

ALTER TABLE workflows
  ADD COLUMN search_tsv tsvector GENERATED ALWAYS AS (
    to_tsvector('pitchpad_search', name || E'\n\n' || coalesce(result, ''))
  ) STORED;
CREATE INDEX workflows_search ON workflows USING gin (user_id, search_tsv)
  WHERE deleted_at IS NULL;

-- A debrief is found once transcribed; while a request transcribes it, its heartbeats stay cheap.
ALTER TABLE recordings
  ADD COLUMN search_tsv tsvector GENERATED ALWAYS AS (
    CASE WHEN status = 'transcribed'
      THEN to_tsvector('pitchpad_search', coalesce(title, '') || E'\n\n' || transcript) END
  ) STORED;
CREATE INDEX recordings_search ON recordings USING gin (user_id, search_tsv)
  WHERE search_tsv IS NOT NULL;

-- The kit keeps its passages' words in the file's own language (tsv, what a chat's Sources are
-- found by); search reads them as it reads everything else, folded and in English, so one query
-- ranks every kind alike.
ALTER TABLE kit_passages
  ADD COLUMN search_tsv tsvector GENERATED ALWAYS AS (to_tsvector('pitchpad_search', text)) STORED;
CREATE INDEX kit_passages_search ON kit_passages USING gin (user_id, search_tsv);
-- The Sources' search starts from the rep too: the index on the words alone made it read every
-- rep's passages holding a word, then keep this rep's.
DROP INDEX kit_passages_tsv;
CREATE INDEX kit_passages_user_tsv ON kit_passages USING gin (user_id, tsv);
