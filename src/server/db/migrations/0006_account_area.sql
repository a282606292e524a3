CREATE TABLE "coach_bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"session_code" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'booked' NOT NULL,
	"note" text,
	"sequence" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "tool_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"tool_name" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "marketing_consent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "marketing_consent_at" timestamp with time zone;--> statement-breakpoint
-- Tools are synced from content/ at every start (src/server/content/sync-content.ts) and nothing references their rows, so the old rows go and the next start writes them again with their kind and config.
DELETE FROM "tools";--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "kind" text NOT NULL;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "config" jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "coach_bookings" ADD CONSTRAINT "coach_bookings_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_entries" ADD CONSTRAINT "tool_entries_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coach_bookings_live_slot_idx" ON "coach_bookings" USING btree ("starts_at") WHERE status = 'booked';--> statement-breakpoint
CREATE INDEX "coach_bookings_customer_idx" ON "coach_bookings" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "tool_entries_customer_tool_idx" ON "tool_entries" USING btree ("customer_id","tool_name");