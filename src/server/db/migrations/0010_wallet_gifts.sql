CREATE TABLE "ledger_operations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_operations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"idempotency_key" text NOT NULL,
	"kind" text NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recharge_orders" (
	"order_no" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"package_id" text,
	"amount_fen" integer NOT NULL,
	"gold" bigint NOT NULL,
	"bonus_gold" bigint DEFAULT 0 NOT NULL,
	"provider" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_txn_id" text,
	"paid_late" boolean DEFAULT false NOT NULL,
	"fail_reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recharge_orders_status" CHECK ("recharge_orders"."status" in ('pending', 'paid', 'failed', 'expired')),
	CONSTRAINT "recharge_orders_amount_pos" CHECK ("recharge_orders"."amount_fen" > 0 and "recharge_orders"."gold" > 0)
);
--> statement-breakpoint
CREATE TABLE "vouchers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vouchers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"type" smallint DEFAULT 105 NOT NULL,
	"source" text NOT NULL,
	"anchor_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "ledger_user_idx";--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "operation_id" bigint;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "balance_after" bigint;--> statement-breakpoint
-- Rows written before operations existed: one operation each, and running balances per wallet.
INSERT INTO "ledger_operations" ("idempotency_key", "kind", "reference", "created_at")
  SELECT 'legacy:' || "id", "kind", "reference", "created_at" FROM "ledger_entries" ORDER BY "id";--> statement-breakpoint
UPDATE "ledger_entries" e SET "operation_id" = o."id"
  FROM "ledger_operations" o WHERE o."idempotency_key" = 'legacy:' || e."id";--> statement-breakpoint
UPDATE "ledger_entries" e SET "balance_after" = r."running"
  FROM (SELECT "id", sum("amount") OVER (PARTITION BY "user_id", "currency" ORDER BY "id") AS "running"
        FROM "ledger_entries") r
  WHERE r."id" = e."id";--> statement-breakpoint
ALTER TABLE "ledger_entries" ALTER COLUMN "operation_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ALTER COLUMN "balance_after" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "recharge_orders" ADD CONSTRAINT "recharge_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_operations_key_idx" ON "ledger_operations" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "recharge_orders_user_idx" ON "recharge_orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "recharge_orders_pending_idx" ON "recharge_orders" USING btree ("expires_at") WHERE "recharge_orders"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "vouchers_user_idx" ON "vouchers" USING btree ("user_id","expires_at");--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_operation_id_ledger_operations_id_fk" FOREIGN KEY ("operation_id") REFERENCES "public"."ledger_operations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_operation_idx" ON "ledger_entries" USING btree ("operation_id");--> statement-breakpoint
CREATE INDEX "ledger_user_idx" ON "ledger_entries" USING btree ("user_id","currency","id");--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_currency" CHECK ("ledger_entries"."currency" in ('gold', 'diamond', 'income'));--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_amount_nonzero" CHECK ("ledger_entries"."amount" <> 0);--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_balance_nonneg" CHECK ("ledger_entries"."balance_after" >= 0);--> statement-breakpoint
CREATE TABLE "gifts" (
	"id" integer PRIMARY KEY NOT NULL,
	"name_en" text NOT NULL,
	"name_zh" text NOT NULL,
	"price" bigint NOT NULL,
	"currency" text DEFAULT 'gold' NOT NULL,
	"icon" text NOT NULL,
	"animation" text DEFAULT '' NOT NULL,
	"animat_type" smallint DEFAULT 0 NOT NULL,
	"comboable" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "gifts_price_pos" CHECK ("gifts"."price" > 0),
	CONSTRAINT "gifts_currency" CHECK ("gifts"."currency" in ('gold', 'diamond'))
);
