CREATE TABLE "quiz_session_steps" (
	"session_id" uuid NOT NULL,
	"step_id" text NOT NULL,
	"first_viewed_at" timestamp with time zone,
	"first_answered_at" timestamp with time zone,
	CONSTRAINT "quiz_session_steps_session_id_step_id_pk" PRIMARY KEY("session_id","step_id")
);
--> statement-breakpoint
ALTER TABLE "quiz_session_steps" ADD CONSTRAINT "quiz_session_steps_session_id_quiz_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."quiz_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The runs recorded before this table: their first view and first answer of each step, from the events.
INSERT INTO "quiz_session_steps" ("session_id", "step_id", "first_viewed_at", "first_answered_at")
SELECT "session_id", "step_id", min("at") FILTER (WHERE "type" = 'view'), min("at") FILTER (WHERE "type" = 'answer')
FROM "quiz_events" WHERE "step_id" IS NOT NULL AND "type" IN ('view', 'answer')
GROUP BY "session_id", "step_id";
