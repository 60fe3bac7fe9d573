-- The dashboard and admin stats showed the planner's estimate of the messages table (pg_class.reltuples),
-- which only ANALYZE moves; PGlite has no autovacuum, so on the default database the figure stayed at
-- whatever the seed left until an admin ran Analyze. Messages now have a 'messages.total' counter kept by
-- the statement triggers every other list uses (0016), started from an exact count.
CREATE TRIGGER messages_counts_insert AFTER INSERT ON messages REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION categorised_row_counts_apply('messages');--> statement-breakpoint
CREATE TRIGGER messages_counts_delete AFTER DELETE ON messages REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION categorised_row_counts_apply('messages');--> statement-breakpoint
DELETE FROM row_counts WHERE counter = 'messages.total';--> statement-breakpoint
INSERT INTO row_counts (counter, shard, n) SELECT 'messages.total', 0, count(*) FROM messages;
