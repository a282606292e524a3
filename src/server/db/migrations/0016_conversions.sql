CREATE TABLE "checkout_captures" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"client_ip" text,
	"user_agent" text,
	"fbp" text,
	"fbc" text,
	"ga_client_id" text NOT NULL,
	"source_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conversion_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"destination" text NOT NULL,
	"kind" text NOT NULL,
	"event_id" text NOT NULL,
	"customer_id" uuid,
	"event" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"last_status" integer,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "checkout_captures" ADD CONSTRAINT "checkout_captures_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversion_outbox" ADD CONSTRAINT "conversion_outbox_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "conversion_outbox_once_idx" ON "conversion_outbox" USING btree ("destination","event_id","kind");--> statement-breakpoint
CREATE INDEX "conversion_outbox_due_idx" ON "conversion_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "conversion_outbox_customer_idx" ON "conversion_outbox" USING btree ("customer_id");