-- A finished flow's answers, kept with the message that sent its prompt: a regenerate (from any
-- device) lets the offline drafter compose the same kind of draft again.
ALTER TABLE messages ADD COLUMN answers jsonb;
