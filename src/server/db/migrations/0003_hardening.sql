CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"dedupe_key" text,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"text" text,
	"html" text,
	"attachments" jsonb,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "mail_outbox_dedupe_key_unique" UNIQUE("dedupe_key")
);
--> statement-breakpoint
CREATE TABLE "payment_provider_refs" (
	"provider" text NOT NULL,
	"provider_order_id" text NOT NULL,
	"order_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_provider_refs_provider_provider_order_id_pk" PRIMARY KEY("provider","provider_order_id")
);
--> statement-breakpoint
ALTER TABLE "quiz_sessions" ADD COLUMN "customer_confirmed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_provider_refs" ADD CONSTRAINT "payment_provider_refs_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "payment_provider_refs_order_idx" ON "payment_provider_refs" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orders_quiz_session_idx" ON "orders" USING btree ("quiz_session_id");