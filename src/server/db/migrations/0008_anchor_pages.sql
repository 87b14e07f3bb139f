CREATE TABLE "live_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"anchor_id" integer NOT NULL,
	"title" text NOT NULL,
	"category_id" integer NOT NULL,
	"second_category_id" integer,
	"match_id" integer,
	"cover" text DEFAULT '' NOT NULL,
	"plan_time" timestamp with time zone NOT NULL,
	"ticket" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_plans_ticket_nonneg" CHECK ("live_plans"."ticket" >= 0)
);
--> statement-breakpoint
CREATE TABLE "replays" (
	"id" serial PRIMARY KEY NOT NULL,
	"anchor_id" integer NOT NULL,
	"title" text NOT NULL,
	"cover" text NOT NULL,
	"category_id" integer NOT NULL,
	"second_category_id" integer,
	"match_id" integer,
	"stream_url" text NOT NULL,
	"duration_sec" integer NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "replays_duration_pos" CHECK ("replays"."duration_sec" > 0),
	CONSTRAINT "replays_views_nonneg" CHECK ("replays"."views" >= 0)
);
--> statement-breakpoint
ALTER TABLE "live_plans" ADD CONSTRAINT "live_plans_anchor_id_users_id_fk" FOREIGN KEY ("anchor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_plans" ADD CONSTRAINT "live_plans_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_plans" ADD CONSTRAINT "live_plans_second_category_id_second_categories_id_fk" FOREIGN KEY ("second_category_id") REFERENCES "public"."second_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_plans" ADD CONSTRAINT "live_plans_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "replays" ADD CONSTRAINT "replays_anchor_id_users_id_fk" FOREIGN KEY ("anchor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "replays" ADD CONSTRAINT "replays_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "replays" ADD CONSTRAINT "replays_second_category_id_second_categories_id_fk" FOREIGN KEY ("second_category_id") REFERENCES "public"."second_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "replays" ADD CONSTRAINT "replays_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_plans_anchor_idx" ON "live_plans" USING btree ("anchor_id","plan_time");--> statement-breakpoint
CREATE INDEX "live_plans_status_idx" ON "live_plans" USING btree ("status","plan_time");--> statement-breakpoint
CREATE INDEX "replays_anchor_idx" ON "replays" USING btree ("anchor_id","recorded_at");--> statement-breakpoint
CREATE INDEX "replays_recorded_idx" ON "replays" USING btree ("recorded_at");--> statement-breakpoint
CREATE INDEX "replays_category_idx" ON "replays" USING btree ("category_id","second_category_id","recorded_at");