CREATE TABLE "ad_spend" (
	"day" date NOT NULL,
	"source" text NOT NULL,
	"campaign" text NOT NULL,
	"currency" text NOT NULL,
	"amount" integer NOT NULL,
	"imported_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ad_spend_day_source_campaign_pk" PRIMARY KEY("day","source","campaign")
);
