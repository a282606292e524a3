ALTER TABLE "customers" ADD COLUMN "consent" jsonb;--> statement-breakpoint
ALTER TABLE "quiz_sessions" ADD COLUMN "consent" jsonb;