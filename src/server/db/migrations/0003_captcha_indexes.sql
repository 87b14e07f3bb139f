CREATE INDEX "captchas_device_idx" ON "captchas" USING btree ("device","passed_at");--> statement-breakpoint
CREATE INDEX "captchas_expires_idx" ON "captchas" USING btree ("expires_at");