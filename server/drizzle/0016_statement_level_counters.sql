-- The list counters of the users, trust, social and geolocation tables move from row triggers to statement
-- triggers over transition tables. A row trigger bumps the same few counter rows once per inserted row;
-- inside one bulk transaction each bump adds a row version the next one must step over, so loading
-- 200,000 locations took 39 minutes. A statement trigger applies one summed delta per counter.
-- Transition tables allow one event per trigger, hence an insert, an update and a delete trigger each.

-- '<prefix>.total' for every row, and '<prefix>.<value of col>' when a column is named (see the row
-- version in 0010): the rows a statement added count +1 per name, the rows it removed -1.
CREATE FUNCTION categorised_row_counts_apply() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  prefix text := TG_ARGV[0];
  col text := TG_ARGV[1];
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO row_counts (counter, shard, n)
    SELECT name, floor(random() * 16)::smallint, count(*) FROM new_rows r,
      unnest(ARRAY[prefix || '.total', prefix || '.' || (to_jsonb(r) ->> col)]) AS name
    WHERE name IS NOT NULL GROUP BY name
    ON CONFLICT (counter, shard) DO UPDATE SET n = row_counts.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO row_counts (counter, shard, n)
    SELECT name, floor(random() * 16)::smallint, -count(*) FROM old_rows r,
      unnest(ARRAY[prefix || '.total', prefix || '.' || (to_jsonb(r) ->> col)]) AS name
    WHERE name IS NOT NULL GROUP BY name
    ON CONFLICT (counter, shard) DO UPDATE SET n = row_counts.n + excluded.n;
  ELSIF col IS NOT NULL THEN
    INSERT INTO row_counts (counter, shard, n)
    SELECT name, floor(random() * 16)::smallint, sum(d) FROM (
      SELECT prefix || '.' || (to_jsonb(r) ->> col) AS name, 1 AS d FROM new_rows r
      UNION ALL
      SELECT prefix || '.' || (to_jsonb(r) ->> col), -1 FROM old_rows r
    ) moved
    WHERE name IS NOT NULL GROUP BY name HAVING sum(d) <> 0
    ON CONFLICT (counter, shard) DO UPDATE SET n = row_counts.n + excluded.n;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION create_categorised_counter_triggers(tbl text, prefix text, col text) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  args text := CASE WHEN col IS NULL THEN quote_literal(prefix) ELSE quote_literal(prefix) || ', ' || quote_literal(col) END;
  name text := replace(prefix, '.', '_');
BEGIN
  EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION categorised_row_counts_apply(%s)', name || '_counts_insert', tbl, args);
  EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION categorised_row_counts_apply(%s)', name || '_counts_delete', tbl, args);
  IF col IS NOT NULL THEN
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION categorised_row_counts_apply(%s)', name || '_counts_update', tbl, args);
  END IF;
END;
$$;--> statement-breakpoint
DROP TRIGGER security_events_row_counts ON security_events;--> statement-breakpoint
DROP TRIGGER security_events_open_counts ON security_events;--> statement-breakpoint
DROP TRIGGER blocked_ips_row_counts ON blocked_ips;--> statement-breakpoint
DROP TRIGGER system_logs_row_counts ON system_logs;--> statement-breakpoint
DROP TRIGGER user_reports_row_counts ON user_reports;--> statement-breakpoint
DROP TRIGGER audit_log_row_counts ON audit_log;--> statement-breakpoint
DROP TRIGGER likes_row_counts ON likes;--> statement-breakpoint
DROP TRIGGER friend_requests_row_counts ON friend_requests;--> statement-breakpoint
DROP FUNCTION categorised_row_counts();--> statement-breakpoint
DROP FUNCTION likes_row_counts();--> statement-breakpoint
DROP FUNCTION friend_requests_row_counts();--> statement-breakpoint
SELECT create_categorised_counter_triggers('security_events', 'security_events', 'severity');--> statement-breakpoint
SELECT create_categorised_counter_triggers('security_events', 'security_events.resolved', 'resolved');--> statement-breakpoint
SELECT create_categorised_counter_triggers('blocked_ips', 'blocked_ips', NULL);--> statement-breakpoint
SELECT create_categorised_counter_triggers('system_logs', 'system_logs', 'level');--> statement-breakpoint
SELECT create_categorised_counter_triggers('user_reports', 'user_reports', 'status');--> statement-breakpoint
SELECT create_categorised_counter_triggers('audit_log', 'audit_log', NULL);--> statement-breakpoint
SELECT create_categorised_counter_triggers('likes', 'likes', 'target_type');--> statement-breakpoint
SELECT create_categorised_counter_triggers('friend_requests', 'friend_requests', 'status');--> statement-breakpoint
DROP FUNCTION create_categorised_counter_triggers(text, text, text);--> statement-breakpoint
-- follows.mutual counts pairs that follow each other, once per pair. An advisory lock on the pair's bucket
-- (one of 511, taken in a fixed order) makes A->B and B->A written by concurrent transactions see each
-- other, so the pair is counted once; buckets rather than pairs keep a bulk load under the lock table's
-- size (a lock per pair ran a 200,000-row seed out of shared memory). A pair turns mutual when a row arrives whose reverse exists afterwards; it stops being
-- mutual when a row leaves whose reverse existed before (still there, or removed by the same statement).
CREATE FUNCTION follows_row_counts_apply() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  moved bigint;
  mutual bigint;
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM pg_advisory_xact_lock(hashtext('follows.pair'), k) FROM (
      SELECT DISTINCT mod(hashtext(least(follower_id, following_id) || '/' || greatest(follower_id, following_id)), 256) AS k
      FROM new_rows ORDER BY k) buckets;
    SELECT count(*) INTO moved FROM new_rows;
    SELECT count(DISTINCT (least(r.follower_id, r.following_id), greatest(r.follower_id, r.following_id)))
    INTO mutual FROM new_rows r
    WHERE EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = r.following_id AND f.following_id = r.follower_id);
  ELSE
    PERFORM pg_advisory_xact_lock(hashtext('follows.pair'), k) FROM (
      SELECT DISTINCT mod(hashtext(least(follower_id, following_id) || '/' || greatest(follower_id, following_id)), 256) AS k
      FROM old_rows ORDER BY k) buckets;
    SELECT -count(*) INTO moved FROM old_rows;
    SELECT -count(DISTINCT (least(r.follower_id, r.following_id), greatest(r.follower_id, r.following_id)))
    INTO mutual FROM old_rows r
    WHERE EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = r.following_id AND f.following_id = r.follower_id)
       OR EXISTS (SELECT 1 FROM old_rows o WHERE o.follower_id = r.following_id AND o.following_id = r.follower_id);
  END IF;
  IF moved <> 0 THEN PERFORM bump_row_count('follows.total', moved); END IF;
  IF mutual <> 0 THEN PERFORM bump_row_count('follows.mutual', mutual); END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
DROP TRIGGER follows_row_counts ON follows;--> statement-breakpoint
DROP FUNCTION follows_row_counts();--> statement-breakpoint
CREATE TRIGGER follows_counts_insert AFTER INSERT ON follows REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION follows_row_counts_apply();--> statement-breakpoint
CREATE TRIGGER follows_counts_delete AFTER DELETE ON follows REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION follows_row_counts_apply();--> statement-breakpoint
-- The per-city rollup behind the geolocation cards and map: one upsert per city a statement touched
-- moves holds, per city, the signed count and coordinate sums of the rows that arrived (+) or left (-);
-- an update moves a row out and back in.
CREATE FUNCTION geolocation_places_apply(moves jsonb) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO geolocation_places (country, city, visits, latitude_sum, longitude_sum)
  SELECT country, city, sum(d), sum(latitude), sum(longitude)
  FROM jsonb_to_recordset(moves) AS m(country text, city text, latitude double precision, longitude double precision, d integer)
  GROUP BY country, city
  ON CONFLICT (country, city) DO UPDATE SET
    visits = geolocation_places.visits + excluded.visits,
    latitude_sum = geolocation_places.latitude_sum + excluded.latitude_sum,
    longitude_sum = geolocation_places.longitude_sum + excluded.longitude_sum;
  DELETE FROM geolocation_places p
  USING jsonb_to_recordset(moves) AS m(country text, city text, d integer)
  WHERE m.d < 0 AND p.country = m.country AND p.city = m.city AND p.visits <= 0;
$$;--> statement-breakpoint
CREATE FUNCTION geolocations_rollup_apply() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  moves jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(g) INTO moves FROM (
      SELECT country, city, sum(latitude) AS latitude, sum(longitude) AS longitude, count(*) AS d
      FROM new_rows GROUP BY country, city) g;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_agg(g) INTO moves FROM (
      SELECT country, city, -sum(latitude) AS latitude, -sum(longitude) AS longitude, -count(*) AS d
      FROM old_rows GROUP BY country, city) g;
  ELSE
    SELECT jsonb_agg(g) INTO moves FROM (
      SELECT country, city, sum(latitude) AS latitude, sum(longitude) AS longitude, count(*) AS d
      FROM new_rows GROUP BY country, city
      UNION ALL
      SELECT country, city, -sum(latitude), -sum(longitude), -count(*)
      FROM old_rows GROUP BY country, city) g;
  END IF;
  IF moves IS NULL THEN RETURN NULL; END IF;
  PERFORM geolocation_places_apply(moves);
  IF TG_OP <> 'UPDATE' THEN
    PERFORM bump_row_count('geolocations.total', (SELECT sum((m ->> 'd')::bigint)::bigint FROM jsonb_array_elements(moves) m));
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
DROP TRIGGER geolocations_rollup ON geolocations;--> statement-breakpoint
DROP FUNCTION geolocations_rollup();--> statement-breakpoint
DROP FUNCTION geolocation_places_add(text, text, double precision, double precision, integer);--> statement-breakpoint
CREATE TRIGGER geolocations_rollup_insert AFTER INSERT ON geolocations REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION geolocations_rollup_apply();--> statement-breakpoint
CREATE TRIGGER geolocations_rollup_update AFTER UPDATE ON geolocations REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION geolocations_rollup_apply();--> statement-breakpoint
CREATE TRIGGER geolocations_rollup_delete AFTER DELETE ON geolocations REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION geolocations_rollup_apply();
--> statement-breakpoint
-- The users counters likewise (names from users_counter_names, defined in 0003). An update counts only
-- where a row's names changed, so presence flips and sign-in stamps stay cheap.
CREATE FUNCTION users_row_counts_apply() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO row_counts (counter, shard, n)
    SELECT name, floor(random() * 16)::smallint, count(*)
    FROM new_rows r, unnest(users_counter_names(r.is_admin, r.is_online, r.deleted_at)) AS name
    GROUP BY name
    ON CONFLICT (counter, shard) DO UPDATE SET n = row_counts.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO row_counts (counter, shard, n)
    SELECT name, floor(random() * 16)::smallint, -count(*)
    FROM old_rows r, unnest(users_counter_names(r.is_admin, r.is_online, r.deleted_at)) AS name
    GROUP BY name
    ON CONFLICT (counter, shard) DO UPDATE SET n = row_counts.n + excluded.n;
  ELSE
    INSERT INTO row_counts (counter, shard, n)
    SELECT name, floor(random() * 16)::smallint, sum(d) FROM (
      SELECT name, 1 AS d FROM new_rows r, unnest(users_counter_names(r.is_admin, r.is_online, r.deleted_at)) AS name
      UNION ALL
      SELECT name, -1 FROM old_rows r, unnest(users_counter_names(r.is_admin, r.is_online, r.deleted_at)) AS name
    ) moved
    GROUP BY name HAVING sum(d) <> 0
    ON CONFLICT (counter, shard) DO UPDATE SET n = row_counts.n + excluded.n;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
DROP TRIGGER users_row_counts ON users;--> statement-breakpoint
DROP FUNCTION users_row_counts();--> statement-breakpoint
CREATE TRIGGER users_counts_insert AFTER INSERT ON users REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION users_row_counts_apply();--> statement-breakpoint
CREATE TRIGGER users_counts_update AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION users_row_counts_apply();--> statement-breakpoint
CREATE TRIGGER users_counts_delete AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION users_row_counts_apply();
