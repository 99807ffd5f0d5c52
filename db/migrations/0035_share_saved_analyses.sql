-- A share link can hold a saved competitor analysis (a workflow with a result and no chat) as well
-- as a chat or one of its replies: exactly one of the two. Deleting the analysis revokes its links
-- as deleting a chat does.
ALTER TABLE shares ALTER COLUMN chat_id DROP NOT NULL;
ALTER TABLE shares ADD COLUMN workflow_id text REFERENCES workflows (id) ON DELETE CASCADE;
ALTER TABLE shares ADD CONSTRAINT shares_one_source CHECK ((chat_id IS NULL) <> (workflow_id IS NULL));
CREATE INDEX shares_workflow_idx ON shares (workflow_id) WHERE workflow_id IS NOT NULL;
