CREATE TABLE "coin_purchases" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "coin_purchases_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" text,
	"username" text NOT NULL,
	"provider" text NOT NULL,
	"provider_transaction_id" text,
	"package_id" bigint NOT NULL,
	"package_name" text NOT NULL,
	"coins" integer NOT NULL,
	"price_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"unrecovered_coins" integer DEFAULT 0 NOT NULL,
	"failure_reason" text,
	"proof" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"credited_at" timestamp with time zone,
	"reversed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coin_purchases_provider_check" CHECK (provider in ('stripe', 'apple', 'demo')),
	CONSTRAINT "coin_purchases_status_check" CHECK (status in ('pending', 'credited', 'refunded', 'disputed', 'failed')),
	CONSTRAINT "coin_purchases_coins_positive" CHECK ("coin_purchases"."coins" > 0),
	CONSTRAINT "coin_purchases_price_nonnegative" CHECK ("coin_purchases"."price_cents" >= 0),
	CONSTRAINT "coin_purchases_unrecovered_nonnegative" CHECK ("coin_purchases"."unrecovered_coins" >= 0),
	CONSTRAINT "coin_purchases_pending_has_no_transaction" CHECK (("coin_purchases"."status" in ('pending', 'failed')) or "coin_purchases"."provider_transaction_id" is not null)
);
--> statement-breakpoint
ALTER TABLE "coin_packages" ADD COLUMN "store_product_id" text;--> statement-breakpoint
ALTER TABLE "coin_transactions" ADD COLUMN "purchase_id" bigint;--> statement-breakpoint
ALTER TABLE "coin_purchases" ADD CONSTRAINT "coin_purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coin_purchases" ADD CONSTRAINT "coin_purchases_package_id_coin_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."coin_packages"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coin_purchases_provider_transaction_key" ON "coin_purchases" USING btree ("provider","provider_transaction_id");--> statement-breakpoint
CREATE INDEX "coin_purchases_created_at_idx" ON "coin_purchases" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "coin_purchases_user_idx" ON "coin_purchases" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "coin_purchases_provider_idx" ON "coin_purchases" USING btree ("provider","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "coin_purchases_status_idx" ON "coin_purchases" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "coin_purchases_username_trgm" ON "coin_purchases" USING gin ("username" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "coin_transactions" ADD CONSTRAINT "coin_transactions_purchase_id_coin_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."coin_purchases"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coin_packages_store_product_id_key" ON "coin_packages" USING btree ("store_product_id");--> statement-breakpoint
CREATE INDEX "coin_transactions_purchase_idx" ON "coin_transactions" USING btree ("purchase_id") WHERE "coin_transactions"."purchase_id" is not null;