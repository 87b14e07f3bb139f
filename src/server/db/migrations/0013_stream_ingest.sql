ALTER TABLE "live_rooms" ADD COLUMN "stream_key" text;--> statement-breakpoint
ALTER TABLE "live_rooms" ADD COLUMN "session_open" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "live_rooms" ADD COLUMN "auto_end_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "live_rooms_stream_key_idx" ON "live_rooms" USING btree ("stream_key");