CREATE TABLE "game_players" (
	"user_id" integer NOT NULL,
	"game" text NOT NULL,
	"plays_day" text NOT NULL,
	"plays_today" integer DEFAULT 0 NOT NULL,
	"points" bigint DEFAULT 0 NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_players_user_id_game_pk" PRIMARY KEY("user_id","game"),
	CONSTRAINT "game_players_points_nonneg" CHECK ("game_players"."points" >= 0)
);
--> statement-breakpoint
CREATE TABLE "game_plays" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "game_plays_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"game" text NOT NULL,
	"day" text NOT NULL,
	"bet" text NOT NULL,
	"dice" jsonb NOT NULL,
	"outcome" jsonb NOT NULL,
	"points" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ranking_totals" (
	"board" text NOT NULL,
	"scope_id" integer NOT NULL,
	"period" text NOT NULL,
	"period_key" text NOT NULL,
	"subject_id" integer NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ranking_totals_board_scope_id_period_period_key_subject_id_pk" PRIMARY KEY("board","scope_id","period","period_key","subject_id"),
	CONSTRAINT "ranking_totals_board" CHECK ("ranking_totals"."board" in ('room', 'fans', 'anchors')),
	CONSTRAINT "ranking_totals_period" CHECK ("ranking_totals"."period" in ('day', 'month')),
	CONSTRAINT "ranking_totals_amount_nonneg" CHECK ("ranking_totals"."amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "game_players" ADD CONSTRAINT "game_players_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_plays" ADD CONSTRAINT "game_plays_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ranking_totals" ADD CONSTRAINT "ranking_totals_subject_id_users_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "game_plays_user_idx" ON "game_plays" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "ranking_totals_top_idx" ON "ranking_totals" USING btree ("board","scope_id","period","period_key","amount" DESC NULLS LAST,"updated_at");