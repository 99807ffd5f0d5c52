-- The voice debrief (issue #23): what the server keeps of a recording the rep made on their device.
-- Never the audio: it stays on the device; the server reads it once, hands it to the speech model
-- and keeps the transcript. A recording's id is the one its device gave it (21 characters), so a
-- queued upload sent twice is transcribed once; ids are per user, so another user's id is simply
-- not found. Deleting a user deletes theirs.
CREATE TABLE recordings (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  id text NOT NULL,
  title text,
  container text NOT NULL CHECK (container IN ('webm', 'ogg', 'mp4', 'wav', 'mp3')),
  bytes integer NOT NULL,
  duration_ms integer,
  -- transcribing: a request holds the recording (claim) and sends it to the speech model now, and
  -- says so every few seconds (heartbeat_at); one whose heartbeat stopped (its process died) is
  -- taken over by the next upload of the same recording.
  status text NOT NULL CHECK (status IN ('transcribing', 'transcribed', 'no_speech')),
  claim text,
  heartbeat_at timestamptz,
  transcript text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  transcribed_at timestamptz,
  PRIMARY KEY (user_id, id)
);
CREATE INDEX recordings_listed ON recordings (user_id, created_at DESC) WHERE status <> 'transcribing';

-- The daily transcription allowance: bytes of audio sent to the speech model per user per UTC day,
-- shared by every instance. An upload reserves its bytes before the model call (so parallel uploads
-- cannot overrun the allowance) and gives them back when the call fails.
CREATE TABLE transcription_usage (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  day date NOT NULL,
  bytes bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (user_id, day)
);
CREATE INDEX transcription_usage_day ON transcription_usage (day);
