-- The sales kit (issue #21): the rep's own documents, cut into passages searched with Postgres
-- full-text search (built into Postgres and PGlite alike; no extension). A file's id is the one its
-- device gave it, so a queued upload sent twice is stored once; ids are per user. A passage is
-- indexed in the text search configuration of the language the rep writes in (english by default).
-- Deleting a file deletes its passages; deleting a user deletes both.
-- A configuration is stored by its name (text, one of api/kit/textSearch.ts's or 'simple'), never as
-- regconfig: pg_upgrade refuses a database whose tables hold reg* columns (their OIDs change).
CREATE TABLE kit_files (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  id text NOT NULL,
  name text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('pdf', 'docx', 'text')),
  bytes integer NOT NULL,
  pages integer,
  passages integer NOT NULL,
  -- The text search configuration its passages are indexed in, by name.
  config text NOT NULL DEFAULT 'english' CHECK (config IN ('simple', 'english', 'german', 'french', 'spanish', 'italian', 'portuguese', 'dutch', 'swedish', 'norwegian', 'danish', 'finnish', 'russian', 'turkish', 'romanian', 'hungarian', 'greek', 'indonesian', 'catalan')),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, id)
);

CREATE TABLE kit_passages (
  id bigserial PRIMARY KEY,
  user_id integer NOT NULL,
  file_id text NOT NULL,
  ord integer NOT NULL,
  page integer,
  text text NOT NULL,
  config text NOT NULL DEFAULT 'english' CHECK (config IN ('simple', 'english', 'german', 'french', 'spanish', 'italian', 'portuguese', 'dutch', 'swedish', 'norwegian', 'danish', 'finnish', 'russian', 'turkish', 'romanian', 'hungarian', 'greek', 'indonesian', 'catalan')),
  -- to_tsvector(config::regconfig, text), computed when the passage is stored (kit.sql.ts).
  tsv tsvector NOT NULL,
  FOREIGN KEY (user_id, file_id) REFERENCES kit_files (user_id, id) ON DELETE CASCADE
);
CREATE INDEX kit_passages_tsv ON kit_passages USING gin (tsv);
CREATE INDEX kit_passages_file ON kit_passages (user_id, file_id, ord);

-- How many passages of each file hold each word (ts_stat at upload): a search looks for the words of
-- a question that are rare in the rep's kit, not those on every page (their product's name).
CREATE TABLE kit_terms (
  user_id integer NOT NULL,
  file_id text NOT NULL,
  word text NOT NULL,
  ndoc integer NOT NULL,
  PRIMARY KEY (user_id, word, file_id),
  FOREIGN KEY (user_id, file_id) REFERENCES kit_files (user_id, id) ON DELETE CASCADE
);
