ALTER TABLE "replays" ADD COLUMN "live_session_id" integer;--> statement-breakpoint
ALTER TABLE "replays" ADD CONSTRAINT "replays_live_session_id_live_sessions_id_fk" FOREIGN KEY ("live_session_id") REFERENCES "public"."live_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "replays_session_idx" ON "replays" USING btree ("live_session_id");