-- The rep's edited version of an email reply (issue 14, 'Edit before sending'): {subject, body,
-- editedAt}, saved with the chat so every device shows the same edit. NULL until edited. The
-- original reply stays in content; the last edit made (by editedAt) wins.
ALTER TABLE messages ADD COLUMN email_edit jsonb;
