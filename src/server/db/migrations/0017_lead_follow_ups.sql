CREATE TABLE "follow_up_opt_outs" (
	"email_hash" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_follow_ups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quiz_session_id" uuid,
	"flow_code" text NOT NULL,
	"follow_up_id" text NOT NULL,
	"recipient" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"cancel_reason" text,
	"sent_at" timestamp with time zone,
	"link_token_hash" text,
	"unsubscribe_token_hash" text,
	"clicked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lead_follow_ups_link_token_hash_unique" UNIQUE("link_token_hash"),
	CONSTRAINT "lead_follow_ups_unsubscribe_token_hash_unique" UNIQUE("unsubscribe_token_hash")
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "lead_follow_ups" ADD CONSTRAINT "lead_follow_ups_quiz_session_id_quiz_sessions_id_fk" FOREIGN KEY ("quiz_session_id") REFERENCES "public"."quiz_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lead_follow_ups_session_follow_up_idx" ON "lead_follow_ups" USING btree ("quiz_session_id","follow_up_id");--> statement-breakpoint
CREATE INDEX "lead_follow_ups_due_idx" ON "lead_follow_ups" USING btree ("status","due_at");--> statement-breakpoint
CREATE INDEX "lead_follow_ups_recipient_idx" ON "lead_follow_ups" USING btree ("recipient");--> statement-breakpoint
CREATE INDEX "lead_follow_ups_flow_idx" ON "lead_follow_ups" USING btree ("flow_code");