CREATE TABLE "quiz_answers" (
	"session_id" uuid NOT NULL,
	"step_id" text NOT NULL,
	"value" jsonb,
	"flow_version" integer NOT NULL,
	"flow_hash" text NOT NULL,
	"answered_at" timestamp with time zone NOT NULL,
	CONSTRAINT "quiz_answers_session_id_step_id_pk" PRIMARY KEY("session_id","step_id")
);
--> statement-breakpoint
CREATE TABLE "quiz_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"type" text NOT NULL,
	"step_id" text,
	"variant" jsonb NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quiz_session_visitors" (
	"session_id" uuid NOT NULL,
	"visitor_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quiz_session_visitors_session_id_visitor_id_pk" PRIMARY KEY("session_id","visitor_id")
);
--> statement-breakpoint
CREATE TABLE "quiz_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"visitor_id" text NOT NULL,
	"customer_id" uuid,
	"flow_code" text NOT NULL,
	"flow_version" integer NOT NULL,
	"flow_hash" text NOT NULL,
	"variants" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"attribution" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'in_progress' NOT NULL,
	"scores" jsonb,
	"resume_token_hash" text,
	"resume_expires_at" timestamp with time zone,
	"resume_sent_to" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "quiz_sessions_resume_token_hash_unique" UNIQUE("resume_token_hash")
);
--> statement-breakpoint
ALTER TABLE "quiz_answers" ADD CONSTRAINT "quiz_answers_session_id_quiz_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."quiz_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_events" ADD CONSTRAINT "quiz_events_session_id_quiz_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."quiz_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_session_visitors" ADD CONSTRAINT "quiz_session_visitors_session_id_quiz_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."quiz_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_sessions" ADD CONSTRAINT "quiz_sessions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quiz_events_session_idx" ON "quiz_events" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "quiz_events_type_step_idx" ON "quiz_events" USING btree ("type","step_id");--> statement-breakpoint
CREATE INDEX "quiz_session_visitors_visitor_idx" ON "quiz_session_visitors" USING btree ("visitor_id");--> statement-breakpoint
CREATE INDEX "quiz_sessions_visitor_flow_idx" ON "quiz_sessions" USING btree ("visitor_id","flow_code");--> statement-breakpoint
CREATE INDEX "quiz_sessions_customer_idx" ON "quiz_sessions" USING btree ("customer_id");