-- List totals for geolocation and the social lists (see server/src/db/schema/counters.ts), and the
-- per-city rollup behind the geolocation stat cards and map. Each is kept by a trigger in the same
-- transaction as the row change, then backfilled from the rows already there.
CREATE FUNCTION bump_row_counts(old_names text[], new_names text[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  name text;
BEGIN
  FOREACH name IN ARRAY old_names LOOP
    IF NOT name = ANY(new_names) THEN PERFORM bump_row_count(name, -1); END IF;
  END LOOP;
  FOREACH name IN ARRAY new_names LOOP
    IF NOT name = ANY(old_names) THEN PERFORM bump_row_count(name, 1); END IF;
  END LOOP;
END;
$$;--> statement-breakpoint
CREATE FUNCTION likes_row_counts() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_row_counts(
    CASE WHEN TG_OP = 'INSERT' THEN ARRAY[]::text[] ELSE ARRAY['likes.total', 'likes.' || OLD.target_type] END,
    CASE WHEN TG_OP = 'DELETE' THEN ARRAY[]::text[] ELSE ARRAY['likes.total', 'likes.' || NEW.target_type] END);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER likes_row_counts AFTER INSERT OR DELETE OR UPDATE OF target_type
ON likes FOR EACH ROW EXECUTE FUNCTION likes_row_counts();--> statement-breakpoint
CREATE FUNCTION friend_requests_row_counts() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_row_counts(
    CASE WHEN TG_OP = 'INSERT' THEN ARRAY[]::text[]
      ELSE ARRAY['friend_requests.total', 'friend_requests.' || OLD.status] END,
    CASE WHEN TG_OP = 'DELETE' THEN ARRAY[]::text[]
      ELSE ARRAY['friend_requests.total', 'friend_requests.' || NEW.status] END);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER friend_requests_row_counts AFTER INSERT OR DELETE OR UPDATE OF status
ON friend_requests FOR EACH ROW EXECUTE FUNCTION friend_requests_row_counts();--> statement-breakpoint
-- follows.mutual counts pairs that follow each other. The pair's advisory lock makes A->B and B->A
-- inserted concurrently see each other, so the pair is counted once.
CREATE FUNCTION follows_row_counts() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  r follows;
BEGIN
  IF TG_OP = 'INSERT' THEN r := NEW; ELSE r := OLD; END IF;
  PERFORM pg_advisory_xact_lock(hashtext(least(r.follower_id, r.following_id) || '/' || greatest(r.follower_id, r.following_id)));
  PERFORM bump_row_count('follows.total', CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END);
  IF EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = r.following_id AND f.following_id = r.follower_id) THEN
    PERFORM bump_row_count('follows.mutual', CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER follows_row_counts AFTER INSERT OR DELETE
ON follows FOR EACH ROW EXECUTE FUNCTION follows_row_counts();--> statement-breakpoint
CREATE FUNCTION geolocation_places_add(p_country text, p_city text, p_lat double precision, p_lon double precision, delta integer)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO geolocation_places (country, city, visits, latitude_sum, longitude_sum)
  VALUES (p_country, p_city, delta, delta * p_lat, delta * p_lon)
  ON CONFLICT (country, city) DO UPDATE SET
    visits = geolocation_places.visits + excluded.visits,
    latitude_sum = geolocation_places.latitude_sum + excluded.latitude_sum,
    longitude_sum = geolocation_places.longitude_sum + excluded.longitude_sum;
  IF delta < 0 THEN
    DELETE FROM geolocation_places WHERE country = p_country AND city = p_city AND visits <= 0;
  END IF;
END;
$$;--> statement-breakpoint
CREATE FUNCTION geolocations_rollup() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM geolocation_places_add(OLD.country, OLD.city, OLD.latitude, OLD.longitude, -1);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM geolocation_places_add(NEW.country, NEW.city, NEW.latitude, NEW.longitude, 1);
  END IF;
  IF TG_OP <> 'UPDATE' THEN
    PERFORM bump_row_count('geolocations.total', CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER geolocations_rollup AFTER INSERT OR DELETE OR UPDATE OF country, city, latitude, longitude
ON geolocations FOR EACH ROW EXECUTE FUNCTION geolocations_rollup();--> statement-breakpoint
INSERT INTO row_counts (counter, shard, n)
SELECT name, 0, count(*) FROM likes, unnest(ARRAY['likes.total', 'likes.' || target_type]) AS name
GROUP BY name;--> statement-breakpoint
INSERT INTO row_counts (counter, shard, n)
SELECT name, 0, count(*) FROM friend_requests, unnest(ARRAY['friend_requests.total', 'friend_requests.' || status]) AS name
GROUP BY name;--> statement-breakpoint
INSERT INTO row_counts (counter, shard, n)
SELECT 'follows.total', 0, count(*) FROM follows;--> statement-breakpoint
INSERT INTO row_counts (counter, shard, n)
SELECT 'follows.mutual', 0, count(*) FROM follows a
WHERE a.follower_id < a.following_id
  AND EXISTS (SELECT 1 FROM follows b WHERE b.follower_id = a.following_id AND b.following_id = a.follower_id);--> statement-breakpoint
INSERT INTO row_counts (counter, shard, n)
SELECT 'geolocations.total', 0, count(*) FROM geolocations;--> statement-breakpoint
INSERT INTO geolocation_places (country, city, visits, latitude_sum, longitude_sum)
SELECT country, city, count(*), sum(latitude), sum(longitude) FROM geolocations GROUP BY country, city;
