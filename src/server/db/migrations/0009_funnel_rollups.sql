CREATE TABLE "funnel_step_days" (
	"flow_code" text NOT NULL,
	"day" date NOT NULL,
	"step_id" text NOT NULL,
	"saw" integer DEFAULT 0 NOT NULL,
	"answered" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "funnel_step_days_flow_code_day_step_id_pk" PRIMARY KEY("flow_code","day","step_id")
);
--> statement-breakpoint
CREATE TABLE "funnel_step_seconds" (
	"flow_code" text NOT NULL,
	"day" date NOT NULL,
	"step_id" text NOT NULL,
	"seconds" integer NOT NULL,
	"runs" integer NOT NULL,
	CONSTRAINT "funnel_step_seconds_flow_code_day_step_id_seconds_pk" PRIMARY KEY("flow_code","day","step_id","seconds")
);
--> statement-breakpoint
ALTER TABLE "quiz_sessions" ADD COLUMN "last_new_step" text;--> statement-breakpoint
CREATE INDEX "quiz_sessions_flow_created_idx" ON "quiz_sessions" USING btree ("flow_code","created_at");--> statement-breakpoint
-- The funnel report's counts per flow, UTC day the runs started and step, kept by the database as
-- each run's first view and first answer of a step arrive (ADR 033). One home for the rules: the
-- trigger below applies them row by row; funnel_rollups_rebuild() applies them to all rows at once.

-- Whole seconds from first seeing a step to first answering it; none when either is missing, or
-- when the answer came first (the view's event was late or lost).
CREATE FUNCTION funnel_answer_seconds(viewed timestamptz, answered timestamptz) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT CASE WHEN answered >= viewed THEN round(extract(epoch FROM answered - viewed))::integer END $$;
--> statement-breakpoint
-- A run-and-step row came, changed or went: move the counts of its flow, day and step by the
-- difference, and note a new step as the run's last new one.
CREATE FUNCTION funnel_step_change() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  run uuid;
  step text;
  saw_delta integer := 0;
  answered_delta integer := 0;
  old_seconds integer;
  new_seconds integer;
  flow text;
  started date;
BEGIN
  IF TG_OP = 'DELETE' THEN
    run := OLD.session_id; step := OLD.step_id;
  ELSE
    run := NEW.session_id; step := NEW.step_id;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    saw_delta := saw_delta - 1;
    answered_delta := answered_delta - (OLD.first_answered_at IS NOT NULL)::integer;
    old_seconds := funnel_answer_seconds(OLD.first_viewed_at, OLD.first_answered_at);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    saw_delta := saw_delta + 1;
    answered_delta := answered_delta + (NEW.first_answered_at IS NOT NULL)::integer;
    new_seconds := funnel_answer_seconds(NEW.first_viewed_at, NEW.first_answered_at);
  END IF;
  IF TG_OP = 'INSERT' THEN
    UPDATE quiz_sessions SET last_new_step = step WHERE id = run
    RETURNING flow_code, (created_at AT TIME ZONE 'UTC')::date INTO flow, started;
  ELSE
    SELECT flow_code, (created_at AT TIME ZONE 'UTC')::date INTO flow, started FROM quiz_sessions WHERE id = run;
  END IF;
  IF flow IS NULL THEN
    RETURN NULL;
  END IF;
  IF saw_delta <> 0 OR answered_delta <> 0 THEN
    INSERT INTO funnel_step_days AS d (flow_code, day, step_id, saw, answered)
    VALUES (flow, started, step, saw_delta, answered_delta)
    ON CONFLICT (flow_code, day, step_id) DO UPDATE SET saw = d.saw + excluded.saw, answered = d.answered + excluded.answered;
  END IF;
  IF old_seconds IS DISTINCT FROM new_seconds THEN
    IF old_seconds IS NOT NULL THEN
      UPDATE funnel_step_seconds SET runs = runs - 1
      WHERE flow_code = flow AND day = started AND step_id = step AND seconds = old_seconds;
    END IF;
    IF new_seconds IS NOT NULL THEN
      INSERT INTO funnel_step_seconds AS s (flow_code, day, step_id, seconds, runs)
      VALUES (flow, started, step, new_seconds, 1)
      ON CONFLICT (flow_code, day, step_id, seconds) DO UPDATE SET runs = s.runs + 1;
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER funnel_step_counts AFTER INSERT OR DELETE ON quiz_session_steps
FOR EACH ROW EXECUTE FUNCTION funnel_step_change();
--> statement-breakpoint
-- The write paths keep a first time with coalesce, so most updates change nothing: skip those.
CREATE TRIGGER funnel_step_counts_changed AFTER UPDATE ON quiz_session_steps
FOR EACH ROW WHEN (OLD.first_viewed_at IS DISTINCT FROM NEW.first_viewed_at OR OLD.first_answered_at IS DISTINCT FROM NEW.first_answered_at)
EXECUTE FUNCTION funnel_step_change();
--> statement-breakpoint
-- A run that goes (its customer deleted the account) takes its counts with it: its steps are
-- deleted while the run still exists, so the trigger above can find its flow and day.
CREATE FUNCTION funnel_run_forget() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  DELETE FROM quiz_session_steps WHERE session_id = OLD.id;
  RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE TRIGGER funnel_run_forget BEFORE DELETE ON quiz_sessions
FOR EACH ROW EXECUTE FUNCTION funnel_run_forget();
--> statement-breakpoint
-- The counts and every run's last new step computed afresh from quiz_session_steps: for the runs
-- recorded before this migration, for a bulk load written with the trigger off, or when in doubt.
CREATE FUNCTION funnel_rollups_rebuild() RETURNS void
LANGUAGE sql
AS $$
  DELETE FROM funnel_step_days;
  DELETE FROM funnel_step_seconds;
  INSERT INTO funnel_step_days (flow_code, day, step_id, saw, answered)
  SELECT s.flow_code, (s.created_at AT TIME ZONE 'UTC')::date, f.step_id, count(*), count(f.first_answered_at)
  FROM quiz_session_steps f JOIN quiz_sessions s ON s.id = f.session_id
  GROUP BY 1, 2, 3;
  INSERT INTO funnel_step_seconds (flow_code, day, step_id, seconds, runs)
  SELECT s.flow_code, (s.created_at AT TIME ZONE 'UTC')::date, f.step_id, funnel_answer_seconds(f.first_viewed_at, f.first_answered_at), count(*)
  FROM quiz_session_steps f JOIN quiz_sessions s ON s.id = f.session_id
  WHERE funnel_answer_seconds(f.first_viewed_at, f.first_answered_at) IS NOT NULL
  GROUP BY 1, 2, 3, 4;
  UPDATE quiz_sessions s SET last_new_step = l.step_id
  FROM (
    SELECT DISTINCT ON (session_id) session_id, step_id FROM quiz_session_steps
    ORDER BY session_id, least(first_viewed_at, first_answered_at) DESC, step_id
  ) l
  WHERE s.id = l.session_id AND s.last_new_step IS DISTINCT FROM l.step_id;
$$;
--> statement-breakpoint
SELECT funnel_rollups_rebuild();
