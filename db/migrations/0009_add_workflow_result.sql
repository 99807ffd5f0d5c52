-- What a workflow produced when it has no chat to hold it (a competitor analysis, as JSON), so
-- opening the saved item on another device shows the same result.
ALTER TABLE workflows ADD COLUMN result text;
