-- The search indexes of 0031 take each write into the index itself, not into a pending list first
-- (GIN's fastupdate). The pending list is shared by every rep and read whole by every search until
-- it is merged (up to 4 MB by default): a search would read other reps' recent writes, and read
-- more the more reps write. Without it a search reads only its rep's entries; a write costs a few
-- index pages more (a message, a debrief; a kit file's passages at upload).
ALTER INDEX messages_search SET (fastupdate = off);
ALTER INDEX messages_email_search SET (fastupdate = off);
ALTER INDEX workflows_search SET (fastupdate = off);
ALTER INDEX recordings_search SET (fastupdate = off);
ALTER INDEX kit_passages_search SET (fastupdate = off);
ALTER INDEX kit_passages_user_tsv SET (fastupdate = off);
-- What the pending lists already hold goes into the indexes now.
SELECT gin_clean_pending_list(i::regclass)
  FROM unnest(ARRAY['messages_search', 'messages_email_search', 'workflows_search',
                    'recordings_search', 'kit_passages_search', 'kit_passages_user_tsv']) i;
