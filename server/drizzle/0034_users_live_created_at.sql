-- The users list walks this index to an OFFSET page reading no table rows (index-only): the plain
-- created_at index holds deleted users too, so every row it passes was fetched to check deleted_at.
CREATE INDEX "users_live_created_at_idx" ON "users" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "users"."deleted_at" is null;