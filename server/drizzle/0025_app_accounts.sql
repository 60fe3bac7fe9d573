CREATE TABLE "coin_packages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "coin_packages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"coins" integer NOT NULL,
	"price_cents" integer NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coin_packages_coins_range" CHECK ("coin_packages"."coins" between 1 and 1000000),
	CONSTRAINT "coin_packages_price_nonnegative" CHECK ("coin_packages"."price_cents" >= 0),
	CONSTRAINT "coin_packages_currency_code" CHECK ("coin_packages"."currency" ~ '^[A-Z]{3}$')
);
--> statement-breakpoint
CREATE TABLE "user_contacts" (
	"user_id" text NOT NULL,
	"contact_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_contacts_user_id_contact_id_pk" PRIMARY KEY("user_id","contact_id"),
	CONSTRAINT "user_contacts_not_self" CHECK ("user_contacts"."user_id" <> "user_contacts"."contact_id")
);
--> statement-breakpoint
CREATE TABLE "user_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "console" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "user_contacts" ADD CONSTRAINT "user_contacts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_contacts" ADD CONSTRAINT "user_contacts_contact_id_users_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_settings" ADD CONSTRAINT "user_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coin_packages_shop_idx" ON "coin_packages" USING btree ("sort_order","id") WHERE "coin_packages"."is_active";--> statement-breakpoint
CREATE INDEX "user_contacts_list_idx" ON "user_contacts" USING btree ("user_id","created_at" DESC NULLS LAST,"contact_id");--> statement-breakpoint
-- A shop to start from; admins edit, add or withdraw packages from the Coins screen's API.
INSERT INTO "coin_packages" ("name", "coins", "price_cents", "currency", "sort_order") VALUES
  ('Starter', 100, 99, 'USD', 1),
  ('Popular', 550, 499, 'USD', 2),
  ('Best value', 1200, 999, 'USD', 3);
