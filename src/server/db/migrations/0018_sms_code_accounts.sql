ALTER TABLE "sms_codes" ADD COLUMN "user_id" integer;--> statement-breakpoint
CREATE INDEX "sms_codes_user_idx" ON "sms_codes" USING btree ("user_id","created_at");