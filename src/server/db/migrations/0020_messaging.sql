CREATE TABLE "dynamics" (
	"id" serial PRIMARY KEY NOT NULL,
	"anchor_id" integer NOT NULL,
	"content" text NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fan_group_kicks" (
	"group_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"until" timestamp with time zone NOT NULL,
	CONSTRAINT "fan_group_kicks_group_id_user_id_pk" PRIMARY KEY("group_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "fan_group_members" (
	"group_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"read_count" bigint DEFAULT 0 NOT NULL,
	"muted_until" timestamp with time zone,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fan_group_members_group_id_user_id_pk" PRIMARY KEY("group_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "fan_group_messages" (
	"group_id" integer NOT NULL,
	"seq" bigint NOT NULL,
	"uid" integer NOT NULL,
	"type" smallint NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"img_url" text DEFAULT '' NOT NULL,
	"target" bigint,
	"by_uid" integer,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fan_group_messages_group_id_seq_pk" PRIMARY KEY("group_id","seq")
);
--> statement-breakpoint
CREATE TABLE "fan_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"anchor_id" integer NOT NULL,
	"name" text NOT NULL,
	"last_seq" bigint DEFAULT 0 NOT NULL,
	"msg_count" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fan_groups_anchor_id_unique" UNIQUE("anchor_id")
);
--> statement-breakpoint
CREATE TABLE "go_live_alerts" (
	"anchor_id" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"followers" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "go_live_alerts_anchor_id_started_at_pk" PRIMARY KEY("anchor_id","started_at")
);
--> statement-breakpoint
CREATE TABLE "private_chats" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"anchor_id" integer NOT NULL,
	"user_unread" integer DEFAULT 0 NOT NULL,
	"anchor_unread" integer DEFAULT 0 NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_text" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "private_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"chat_id" integer NOT NULL,
	"sender_uid" integer NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"img_url" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"sender_uid" integer NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_threads" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"user_unread" integer DEFAULT 0 NOT NULL,
	"staff_unread" integer DEFAULT 0 NOT NULL,
	"last_staff_id" integer DEFAULT 0 NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_text" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "system_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"kind" smallint NOT NULL,
	"anchor_id" integer,
	"content" text DEFAULT '' NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "system_messages_kind" CHECK ("system_messages"."kind" between 1 and 4)
);
--> statement-breakpoint
CREATE TABLE "system_reads" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"read_id" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dynamics" ADD CONSTRAINT "dynamics_anchor_id_users_id_fk" FOREIGN KEY ("anchor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fan_group_kicks" ADD CONSTRAINT "fan_group_kicks_group_id_fan_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."fan_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fan_group_kicks" ADD CONSTRAINT "fan_group_kicks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fan_group_members" ADD CONSTRAINT "fan_group_members_group_id_fan_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."fan_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fan_group_members" ADD CONSTRAINT "fan_group_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fan_group_messages" ADD CONSTRAINT "fan_group_messages_group_id_fan_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."fan_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fan_groups" ADD CONSTRAINT "fan_groups_anchor_id_users_id_fk" FOREIGN KEY ("anchor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "go_live_alerts" ADD CONSTRAINT "go_live_alerts_anchor_id_users_id_fk" FOREIGN KEY ("anchor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "private_chats" ADD CONSTRAINT "private_chats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "private_chats" ADD CONSTRAINT "private_chats_anchor_id_users_id_fk" FOREIGN KEY ("anchor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "private_messages" ADD CONSTRAINT "private_messages_chat_id_private_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."private_chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_messages" ADD CONSTRAINT "staff_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_threads" ADD CONSTRAINT "staff_threads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_messages" ADD CONSTRAINT "system_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_reads" ADD CONSTRAINT "system_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dynamics_anchor_idx" ON "dynamics" USING btree ("anchor_id","id");--> statement-breakpoint
CREATE INDEX "fan_group_members_user_idx" ON "fan_group_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "fan_group_messages_uid_idx" ON "fan_group_messages" USING btree ("group_id","uid");--> statement-breakpoint
CREATE UNIQUE INDEX "private_chats_pair_idx" ON "private_chats" USING btree ("user_id","anchor_id");--> statement-breakpoint
CREATE INDEX "private_chats_anchor_idx" ON "private_chats" USING btree ("anchor_id","last_at");--> statement-breakpoint
CREATE INDEX "private_messages_chat_idx" ON "private_messages" USING btree ("chat_id","id");--> statement-breakpoint
CREATE INDEX "staff_messages_user_idx" ON "staff_messages" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "system_messages_user_idx" ON "system_messages" USING btree ("user_id","id");