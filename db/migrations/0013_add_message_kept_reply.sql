-- Regenerate never destroys an answer: while a new attempt is written into the reply's row, the
-- answer it replaces waits here. The attempt takes over only once it has produced something; one
-- that ends with nothing (the model failed, timed out, was cut or stopped) puts the kept answer
-- back. NULL whenever no regenerate is under way.
ALTER TABLE messages ADD COLUMN kept_content text;
ALTER TABLE messages ADD COLUMN kept_status text;
ALTER TABLE messages ADD COLUMN kept_model text;
