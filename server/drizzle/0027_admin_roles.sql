CREATE TABLE "admin_roles" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"built_in" boolean DEFAULT false NOT NULL,
	"permissions" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_roles_permissions_check" CHECK ("admin_roles"."permissions" <@ array['users:read', 'users:write', 'calls:read', 'calls:write', 'coins:read', 'coins:write', 'messaging:read', 'messaging:write', 'social:read', 'social:write', 'safety:read', 'safety:write', 'data:read', 'data:write', 'settings:read', 'settings:write', 'monitoring:read', 'monitoring:write', 'backups:download', 'backups:restore', 'users:erase', 'settings:security', 'admins:manage']::text[]),
	CONSTRAINT "admin_roles_name_check" CHECK (length(btrim("admin_roles"."name")) between 1 and 50)
);
--> statement-breakpoint
-- The built-in templates (contract/src/permissions.ts BUILT_IN_ROLES; a test keeps the two equal).
INSERT INTO "admin_roles" ("id", "name", "description", "built_in", "permissions") VALUES
  ('admin', 'Admin', 'Reads and changes every area; no dangerous actions', true, array['users:read', 'calls:read', 'coins:read', 'messaging:read', 'social:read', 'safety:read', 'data:read', 'settings:read', 'monitoring:read', 'users:write', 'calls:write', 'coins:write', 'messaging:write', 'social:write', 'safety:write', 'data:write', 'settings:write', 'monitoring:write']::text[]),
  ('support', 'Support', 'Users and user reports', true, array['users:read', 'users:write', 'safety:read', 'safety:write']::text[]),
  ('finance', 'Finance', 'Coins, and calls read-only', true, array['coins:read', 'coins:write', 'calls:read']::text[]),
  ('moderator', 'Moderator', 'Trust & safety, reading users, suspending reported users', true, array['safety:read', 'safety:write', 'users:read']::text[]),
  ('viewer', 'Viewer', 'Reads every area, changes nothing', true, array['users:read', 'calls:read', 'coins:read', 'messaging:read', 'social:read', 'safety:read', 'data:read', 'settings:read', 'monitoring:read']::text[]);
--> statement-breakpoint

-- Every existing account takes the default, so every existing non-root admin holds the Admin template.
ALTER TABLE "users" ADD COLUMN "admin_role_id" text DEFAULT 'admin' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "admin_roles_name_lower_key" ON "admin_roles" USING btree (lower("name"));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_admin_role_id_admin_roles_id_fk" FOREIGN KEY ("admin_role_id") REFERENCES "public"."admin_roles"("id") ON DELETE set default ON UPDATE no action;
--> statement-breakpoint
-- A non-root admin whose role changes, or whose role's permissions change, signs in again (as demotion
-- already made them), whichever code path does it.
CREATE OR REPLACE FUNCTION end_sessions_of_lost_admin() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (OLD.is_admin AND NOT NEW.is_admin)
     OR (OLD.is_active AND NOT NEW.is_active)
     OR (OLD.deleted_at IS NULL AND NEW.deleted_at IS NOT NULL)
     OR (NEW.is_admin AND NOT NEW.is_root_admin AND OLD.admin_role_id IS DISTINCT FROM NEW.admin_role_id) THEN
    UPDATE refresh_tokens SET revoked_at = now() WHERE user_id = NEW.id AND revoked_at IS NULL;
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION end_sessions_of_changed_role() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.permissions IS DISTINCT FROM NEW.permissions THEN
    UPDATE refresh_tokens SET revoked_at = now()
    WHERE revoked_at IS NULL
      AND user_id IN (SELECT id FROM users WHERE admin_role_id = NEW.id AND is_admin AND NOT is_root_admin);
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER admin_roles_end_sessions AFTER UPDATE ON admin_roles
  FOR EACH ROW EXECUTE FUNCTION end_sessions_of_changed_role();
