ALTER TABLE "users" ADD COLUMN "nick_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "users_nick_key_idx" ON "users" USING btree ("nick_key");