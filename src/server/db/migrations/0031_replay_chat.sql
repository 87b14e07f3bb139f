CREATE TABLE "replay_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"replay_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"offset_ms" integer NOT NULL,
	"content" text NOT NULL,
	"prop_type" smallint DEFAULT 0 NOT NULL,
	"props_id" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "replay_comments_offset_nonneg" CHECK ("replay_comments"."offset_ms" >= 0)
);
--> statement-breakpoint
ALTER TABLE "replay_comments" ADD CONSTRAINT "replay_comments_replay_id_replays_id_fk" FOREIGN KEY ("replay_id") REFERENCES "public"."replays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "replay_comments" ADD CONSTRAINT "replay_comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "replay_comments_offset_idx" ON "replay_comments" USING btree ("replay_id","offset_ms");--> statement-breakpoint
CREATE INDEX "chat_messages_room_time_idx" ON "chat_messages" USING btree ("anchor_id","created_at");