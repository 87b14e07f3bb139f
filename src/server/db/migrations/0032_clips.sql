CREATE TABLE "clips" (
	"id" serial PRIMARY KEY NOT NULL,
	"anchor_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"replay_id" integer,
	"live_session_id" integer,
	"title" text NOT NULL,
	"start_sec" integer DEFAULT 0 NOT NULL,
	"asked_start_sec" integer DEFAULT 0 NOT NULL,
	"duration_ms" integer DEFAULT 0 NOT NULL,
	"asked_sec" integer NOT NULL,
	"file" text DEFAULT '' NOT NULL,
	"thumb" text DEFAULT '' NOT NULL,
	"width" integer DEFAULT 0 NOT NULL,
	"height" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone,
	"removed_by" integer,
	CONSTRAINT "clips_views_nonneg" CHECK ("clips"."views" >= 0),
	CONSTRAINT "clips_asked_range" CHECK ("clips"."asked_sec" BETWEEN 5 AND 60)
);
--> statement-breakpoint
ALTER TABLE "clips" ADD CONSTRAINT "clips_anchor_id_users_id_fk" FOREIGN KEY ("anchor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clips" ADD CONSTRAINT "clips_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clips" ADD CONSTRAINT "clips_replay_id_replays_id_fk" FOREIGN KEY ("replay_id") REFERENCES "public"."replays"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clips" ADD CONSTRAINT "clips_live_session_id_live_sessions_id_fk" FOREIGN KEY ("live_session_id") REFERENCES "public"."live_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clips" ADD CONSTRAINT "clips_removed_by_users_id_fk" FOREIGN KEY ("removed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clips_anchor_idx" ON "clips" USING btree ("anchor_id","created_at");--> statement-breakpoint
CREATE INDEX "clips_user_idx" ON "clips" USING btree ("user_id","created_at");