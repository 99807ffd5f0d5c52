-- A reply is stored as it streams: a row per reply, linked to the user message it answers, so a
-- replayed send finds it (idempotency), a reload shows it, and a cut stream keeps what arrived.
ALTER TABLE messages ADD COLUMN reply_to integer REFERENCES messages (id) ON DELETE CASCADE;
ALTER TABLE messages ADD COLUMN model text;
ALTER TABLE messages ADD COLUMN stop_requested boolean NOT NULL DEFAULT false;
ALTER TABLE messages ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE messages DROP CONSTRAINT messages_status_check;
ALTER TABLE messages ADD CONSTRAINT messages_status_check CHECK (status IN ('streaming', 'complete', 'partial', 'failed'));
CREATE UNIQUE INDEX messages_reply_to_key ON messages (reply_to) WHERE reply_to IS NOT NULL;
