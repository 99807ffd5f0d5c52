-- The sales-kit passages a reply was written with ([{passageId, fileName, page}], what its [1], [2]
-- cite), shown as 'Sources' under it. Null for a reply written without any.
ALTER TABLE messages ADD COLUMN sources jsonb;
