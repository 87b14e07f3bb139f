CREATE TABLE "backpack_items" (
	"user_id" integer NOT NULL,
	"item_type" smallint NOT NULL,
	"props_id" smallint DEFAULT 0 NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "backpack_items_user_id_item_type_props_id_pk" PRIMARY KEY("user_id","item_type","props_id"),
	CONSTRAINT "backpack_items_quantity_nonneg" CHECK ("backpack_items"."quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "backpack_ledger" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "backpack_ledger_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"item_type" smallint NOT NULL,
	"props_id" smallint DEFAULT 0 NOT NULL,
	"delta" integer NOT NULL,
	"kind" text NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "room_tickets" (
	"user_id" integer NOT NULL,
	"anchor_id" integer NOT NULL,
	"live_started_at" timestamp with time zone NOT NULL,
	"tickets" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "room_tickets_user_id_anchor_id_live_started_at_pk" PRIMARY KEY("user_id","anchor_id","live_started_at")
);
--> statement-breakpoint
ALTER TABLE "backpack_items" ADD CONSTRAINT "backpack_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backpack_ledger" ADD CONSTRAINT "backpack_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_tickets" ADD CONSTRAINT "room_tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_tickets" ADD CONSTRAINT "room_tickets_anchor_id_users_id_fk" FOREIGN KEY ("anchor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "backpack_ledger_user_idx" ON "backpack_ledger" USING btree ("user_id","created_at");