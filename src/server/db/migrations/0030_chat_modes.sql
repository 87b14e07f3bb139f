CREATE TABLE "chat_modes" (
	"anchor_id" integer PRIMARY KEY NOT NULL,
	"slow_seconds" integer DEFAULT 0 NOT NULL,
	"followers_minutes" integer,
	"fans_only" boolean DEFAULT false NOT NULL,
	"emote_only" boolean DEFAULT false NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_modes_slow" CHECK ("chat_modes"."slow_seconds" = 0 OR "chat_modes"."slow_seconds" BETWEEN 3 AND 120),
	CONSTRAINT "chat_modes_followers" CHECK ("chat_modes"."followers_minutes" >= 0)
);
--> statement-breakpoint
ALTER TABLE "chat_modes" ADD CONSTRAINT "chat_modes_anchor_id_live_rooms_anchor_id_fk" FOREIGN KEY ("anchor_id") REFERENCES "public"."live_rooms"("anchor_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_modes" ADD CONSTRAINT "chat_modes_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;