CREATE TABLE "geolocation_places" (
	"country" text NOT NULL,
	"city" text NOT NULL,
	"visits" bigint DEFAULT 0 NOT NULL,
	"latitude_sum" double precision DEFAULT 0 NOT NULL,
	"longitude_sum" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "geolocation_places_country_city_pk" PRIMARY KEY("country","city")
);
--> statement-breakpoint
DROP INDEX "geolocations_created_at_idx";--> statement-breakpoint
DROP INDEX "follows_created_at_idx";--> statement-breakpoint
DROP INDEX "friend_requests_status_idx";--> statement-breakpoint
DROP INDEX "likes_created_at_idx";--> statement-breakpoint
CREATE INDEX "geolocation_places_visits_idx" ON "geolocation_places" USING btree ("visits" DESC NULLS LAST,"country","city");--> statement-breakpoint
CREATE INDEX "geolocations_country_created_idx" ON "geolocations" USING btree ("country","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "geolocations_type_created_idx" ON "geolocations" USING btree ("location_type","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "friend_requests_created_at_idx" ON "friend_requests" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "likes_target_type_created_idx" ON "likes" USING btree ("target_type","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "users_premium_idx" ON "users" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "users"."is_premium" and "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "geolocations_created_at_idx" ON "geolocations" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "follows_created_at_idx" ON "follows" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "friend_requests_status_idx" ON "friend_requests" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "likes_created_at_idx" ON "likes" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);