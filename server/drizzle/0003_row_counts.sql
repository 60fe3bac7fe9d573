-- Sharded list totals: see server/src/db/schema/counters.ts. A writer adds its delta to one of 16
-- shard rows picked at random, so concurrent writers rarely wait on each other; readers sum them.
CREATE FUNCTION bump_row_count(counter_name text, delta bigint) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO row_counts (counter, shard, n)
  VALUES (counter_name, floor(random() * 16)::smallint, delta)
  ON CONFLICT (counter, shard) DO UPDATE SET n = row_counts.n + excluded.n;
$$;--> statement-breakpoint
-- The users counters a row belongs to. Deleted users count only as deleted.
CREATE FUNCTION users_counter_names(is_admin boolean, is_online boolean, deleted_at timestamptz)
RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN deleted_at IS NOT NULL THEN ARRAY['users.deleted']
    ELSE ARRAY['users.total', CASE WHEN is_online THEN 'users.online' ELSE 'users.offline' END]
      || CASE WHEN is_admin THEN ARRAY['users.admins'] ELSE ARRAY[]::text[] END
  END;
$$;--> statement-breakpoint
CREATE FUNCTION users_row_counts() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  old_names text[] := ARRAY[]::text[];
  new_names text[] := ARRAY[]::text[];
  name text;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    old_names := users_counter_names(OLD.is_admin, OLD.is_online, OLD.deleted_at);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    new_names := users_counter_names(NEW.is_admin, NEW.is_online, NEW.deleted_at);
  END IF;
  FOREACH name IN ARRAY old_names LOOP
    IF NOT name = ANY(new_names) THEN PERFORM bump_row_count(name, -1); END IF;
  END LOOP;
  FOREACH name IN ARRAY new_names LOOP
    IF NOT name = ANY(old_names) THEN PERFORM bump_row_count(name, 1); END IF;
  END LOOP;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER users_row_counts AFTER INSERT OR DELETE OR UPDATE OF is_admin, is_online, deleted_at
ON users FOR EACH ROW EXECUTE FUNCTION users_row_counts();--> statement-breakpoint
INSERT INTO row_counts (counter, shard, n)
SELECT name, 0, count(*) FROM users, unnest(users_counter_names(is_admin, is_online, deleted_at)) AS name
GROUP BY name;
