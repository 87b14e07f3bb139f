CREATE TABLE "anchor_daily_stats" (
	"anchor_id" integer NOT NULL,
	"day" text NOT NULL,
	"peak_viewers" integer DEFAULT 0 NOT NULL,
	"viewers" integer DEFAULT 0 NOT NULL,
	"messages" integer DEFAULT 0 NOT NULL,
	"gifts" integer DEFAULT 0 NOT NULL,
	"gift_value" bigint DEFAULT 0 NOT NULL,
	"income" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "anchor_daily_stats_anchor_id_day_pk" PRIMARY KEY("anchor_id","day")
);
--> statement-breakpoint
CREATE TABLE "live_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"anchor_id" integer NOT NULL,
	"title" text NOT NULL,
	"category_id" integer,
	"second_category_id" integer,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"peak_viewers" integer DEFAULT 0 NOT NULL,
	"viewers" integer DEFAULT 0 NOT NULL,
	"messages" integer DEFAULT 0 NOT NULL,
	"gifts" integer DEFAULT 0 NOT NULL,
	"gift_value" bigint DEFAULT 0 NOT NULL,
	"income" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_viewer_samples" (
	"anchor_id" integer NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	"node" text NOT NULL,
	"viewers" integer NOT NULL,
	CONSTRAINT "live_viewer_samples_anchor_id_minute_node_pk" PRIMARY KEY("anchor_id","minute","node")
);
--> statement-breakpoint
CREATE TABLE "live_viewers" (
	"anchor_id" integer NOT NULL,
	"scope" text NOT NULL,
	"viewer_key" text NOT NULL,
	CONSTRAINT "live_viewers_anchor_id_scope_viewer_key_pk" PRIMARY KEY("anchor_id","scope","viewer_key")
);
--> statement-breakpoint
ALTER TABLE "anchor_daily_stats" ADD CONSTRAINT "anchor_daily_stats_anchor_id_users_id_fk" FOREIGN KEY ("anchor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_sessions" ADD CONSTRAINT "live_sessions_anchor_id_users_id_fk" FOREIGN KEY ("anchor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_sessions" ADD CONSTRAINT "live_sessions_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_sessions" ADD CONSTRAINT "live_sessions_second_category_id_second_categories_id_fk" FOREIGN KEY ("second_category_id") REFERENCES "public"."second_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_viewer_samples" ADD CONSTRAINT "live_viewer_samples_anchor_id_users_id_fk" FOREIGN KEY ("anchor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_viewers" ADD CONSTRAINT "live_viewers_anchor_id_users_id_fk" FOREIGN KEY ("anchor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_sessions_anchor_idx" ON "live_sessions" USING btree ("anchor_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "live_sessions_open_idx" ON "live_sessions" USING btree ("anchor_id") WHERE "live_sessions"."ended_at" is null;