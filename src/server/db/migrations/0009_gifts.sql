CREATE TABLE "gifts" (
	"id" integer PRIMARY KEY NOT NULL,
	"name_en" text NOT NULL,
	"name_zh" text NOT NULL,
	"price" bigint NOT NULL,
	"currency" text DEFAULT 'gold' NOT NULL,
	"icon" text NOT NULL,
	"animation" text DEFAULT '' NOT NULL,
	"animat_type" smallint DEFAULT 0 NOT NULL,
	"comboable" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "gifts_price_pos" CHECK ("gifts"."price" > 0),
	CONSTRAINT "gifts_currency" CHECK ("gifts"."currency" in ('gold', 'diamond'))
);
