-- Support is "users and user reports": trust & safety's write also blocks addresses, so the template
-- drops it (and its read); user reports now answer the users area as well (contract/src/user-reports.ts).
-- The trigger on admin_roles ends the sessions of the admins holding it, who sign in again under it.
UPDATE "admin_roles"
SET "permissions" = array['users:read', 'users:write']::text[], "updated_at" = now()
WHERE "id" = 'support' AND "built_in";
