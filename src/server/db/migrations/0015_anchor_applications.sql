CREATE TABLE "anchor_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"second_category_id" integer NOT NULL,
	"experience" smallint NOT NULL,
	"real_name" text NOT NULL,
	"contact" text NOT NULL,
	"id_number" text NOT NULL,
	"id_photo" text NOT NULL,
	"profile" text NOT NULL,
	"mobile" text NOT NULL,
	"introducer" text DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"reviewer_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "anchor_applications" ADD CONSTRAINT "anchor_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "anchor_applications" ADD CONSTRAINT "anchor_applications_second_category_id_second_categories_id_fk" FOREIGN KEY ("second_category_id") REFERENCES "public"."second_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "anchor_applications" ADD CONSTRAINT "anchor_applications_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "anchor_applications_user_idx" ON "anchor_applications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "anchor_applications_status_idx" ON "anchor_applications" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "anchor_applications_open_idx" ON "anchor_applications" USING btree ("user_id") WHERE "anchor_applications"."status" = 0;