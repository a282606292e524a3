ALTER TABLE "report_requests" ADD COLUMN "document" jsonb;--> statement-breakpoint
ALTER TABLE "report_requests" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "report_requests" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "report_requests" ADD COLUMN "claimed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "report_requests" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "report_requests" ADD COLUMN "ready_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "report_requests_due_idx" ON "report_requests" USING btree ("status","next_attempt_at");