ALTER TABLE "leagues" ADD COLUMN "external_ref" text;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "phase" text;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "external_ref" text;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "crest" text;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "external_ref" text;--> statement-breakpoint
ALTER TABLE "leagues" ADD CONSTRAINT "leagues_external_ref_unique" UNIQUE("external_ref");--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_external_ref_unique" UNIQUE("external_ref");--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_external_ref_unique" UNIQUE("external_ref");--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_status_known" CHECK ("matches"."status" between 0 and 4);