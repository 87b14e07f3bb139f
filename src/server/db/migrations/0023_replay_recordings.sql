ALTER TABLE "replays" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "replays" ADD COLUMN "recording" text;--> statement-breakpoint
ALTER TABLE "replays" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "replays_recording_idx" ON "replays" USING btree ("recording");