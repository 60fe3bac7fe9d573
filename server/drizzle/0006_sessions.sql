ALTER TABLE "refresh_tokens" ADD COLUMN "sealed_successor" text;--> statement-breakpoint
CREATE INDEX "refresh_tokens_live_family_idx" ON "refresh_tokens" USING btree ("family_id") WHERE "refresh_tokens"."revoked_at" is null;--> statement-breakpoint
-- Demoting, deactivating or soft-deleting a user ends every session they have, whichever code path does it.
CREATE FUNCTION end_sessions_of_lost_admin() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (OLD.is_admin AND NOT NEW.is_admin)
     OR (OLD.is_active AND NOT NEW.is_active)
     OR (OLD.deleted_at IS NULL AND NEW.deleted_at IS NOT NULL) THEN
    UPDATE refresh_tokens SET revoked_at = now() WHERE user_id = NEW.id AND revoked_at IS NULL;
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_end_sessions AFTER UPDATE ON users
  FOR EACH ROW EXECUTE FUNCTION end_sessions_of_lost_admin();
