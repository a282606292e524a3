CREATE TABLE "funnel_move_days" (
	"flow_code" text NOT NULL,
	"day" date NOT NULL,
	"variants" jsonb NOT NULL,
	"from_step" text NOT NULL,
	"to_step" text NOT NULL,
	"runs" integer NOT NULL,
	CONSTRAINT "funnel_move_days_flow_code_day_variants_from_step_to_step_pk" PRIMARY KEY("flow_code","day","variants","from_step","to_step")
);
--> statement-breakpoint
CREATE TABLE "funnel_run_days" (
	"flow_code" text NOT NULL,
	"day" date NOT NULL,
	"variants" jsonb NOT NULL,
	"last_step" text NOT NULL,
	"paid" boolean NOT NULL,
	"runs" integer NOT NULL,
	CONSTRAINT "funnel_run_days_flow_code_day_variants_last_step_paid_pk" PRIMARY KEY("flow_code","day","variants","last_step","paid")
);
--> statement-breakpoint
CREATE TABLE "quiz_session_moves" (
	"session_id" uuid NOT NULL,
	"from_step" text NOT NULL,
	"to_step" text NOT NULL,
	"times" integer NOT NULL,
	CONSTRAINT "quiz_session_moves_session_id_from_step_to_step_pk" PRIMARY KEY("session_id","from_step","to_step")
);
--> statement-breakpoint
DROP INDEX "quiz_events_session_idx";--> statement-breakpoint
ALTER TABLE "funnel_step_days" DROP CONSTRAINT "funnel_step_days_flow_code_day_step_id_pk";--> statement-breakpoint
ALTER TABLE "funnel_step_days" ADD COLUMN "variants" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "funnel_step_days" ADD CONSTRAINT "funnel_step_days_flow_code_day_variants_step_id_pk" PRIMARY KEY("flow_code","day","variants","step_id");--> statement-breakpoint
ALTER TABLE "quiz_sessions" ADD COLUMN "paid" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "quiz_session_moves" ADD CONSTRAINT "quiz_session_moves_session_id_quiz_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."quiz_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The funnel graph's counts (ADR 063): each run's moves between steps kept as its events arrive,
-- and per flow, UTC day the runs started and variants the runs per move, per step seen (funnel_step_days
-- now split by variants) and per last new step and payment, so a month's graph sums a few thousand
-- rows instead of ordering every event of its runs. One home for each rule: the triggers below apply
-- them row by row; funnel_rollups_rebuild() applies them to all rows at once.

-- The runs' steps, now per variants: the function of migration 0009 with the run's variants in the
-- key, and the run's last new step by the rebuild's rule (by time) instead of by arrival.
CREATE OR REPLACE FUNCTION funnel_step_change() RETURNS trigger
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
  chosen jsonb;
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
  SELECT flow_code, (created_at AT TIME ZONE 'UTC')::date, variants INTO flow, started, chosen FROM quiz_sessions WHERE id = run;
  IF flow IS NULL THEN
    RETURN NULL;
  END IF;
  -- The run's last new step by time, as the rebuild reads it, not by arrival: a step whose view
  -- arrives late (its answer came first, or the network held it) does not become the last.
  IF TG_OP <> 'DELETE' THEN
    UPDATE quiz_sessions s SET last_new_step = l.step_id
    FROM (
      SELECT f.step_id FROM quiz_session_steps f WHERE f.session_id = run
      ORDER BY least(f.first_viewed_at, f.first_answered_at) DESC, f.step_id LIMIT 1
    ) l
    WHERE s.id = run AND s.last_new_step IS DISTINCT FROM l.step_id;
  END IF;
  IF saw_delta <> 0 OR answered_delta <> 0 THEN
    INSERT INTO funnel_step_days AS d (flow_code, day, variants, step_id, saw, answered)
    VALUES (flow, started, chosen, step, saw_delta, answered_delta)
    ON CONFLICT (flow_code, day, variants, step_id) DO UPDATE SET saw = d.saw + excluded.saw, answered = d.answered + excluded.answered;
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
-- Where a view or an answer stands in its run: by time, an answer before a view at the same
-- instant, then by id (any order, but always the same one).
CREATE FUNCTION funnel_event_rank(type text) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT CASE type WHEN 'answer' THEN 0 ELSE 1 END $$;
--> statement-breakpoint
CREATE INDEX "quiz_events_session_order_idx" ON "quiz_events" USING btree ("session_id","at",funnel_event_rank("type"),"id");
--> statement-breakpoint
-- A run made a move `delta` more (or fewer) times: its row comes when it first makes it, goes when
-- it makes it no more.
CREATE FUNCTION funnel_move_add(run uuid, origin text, target text, delta integer) RETURNS void
LANGUAGE plpgsql
AS $$
DECLARE
  remaining integer;
BEGIN
  IF delta > 0 THEN
    INSERT INTO quiz_session_moves AS m (session_id, from_step, to_step, times) VALUES (run, origin, target, delta)
    ON CONFLICT (session_id, from_step, to_step) DO UPDATE SET times = m.times + excluded.times;
  ELSE
    UPDATE quiz_session_moves m SET times = m.times + delta
    WHERE m.session_id = run AND m.from_step = origin AND m.to_step = target
    RETURNING m.times INTO remaining;
    IF remaining <= 0 THEN
      DELETE FROM quiz_session_moves m WHERE m.session_id = run AND m.from_step = origin AND m.to_step = target;
    END IF;
  END IF;
END
$$;
--> statement-breakpoint
-- A view or answer arrives: it goes between the run's events just before and just after it (an
-- answer retried after later views lands in the middle), so the move between those two is made
-- once fewer and the moves into and out of it once more. Before the insert, so the events earlier
-- in the same statement are already counted and this one not yet. The run's row is locked first:
-- the events of one run are counted one after the other, whatever transactions bring them.
CREATE FUNCTION funnel_event_moves() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  rank integer := funnel_event_rank(NEW.type);
  before text;
  after text;
BEGIN
  PERFORM 1 FROM quiz_sessions WHERE id = NEW.session_id FOR NO KEY UPDATE;
  SELECT e.step_id INTO before FROM quiz_events e
  WHERE e.session_id = NEW.session_id AND e.at <= NEW.at AND e.type IN ('view', 'answer') AND e.step_id IS NOT NULL
    AND (e.at, funnel_event_rank(e.type), e.id) < (NEW.at, rank, NEW.id)
  ORDER BY e.at DESC, funnel_event_rank(e.type) DESC, e.id DESC LIMIT 1;
  SELECT e.step_id INTO after FROM quiz_events e
  WHERE e.session_id = NEW.session_id AND e.at >= NEW.at AND e.type IN ('view', 'answer') AND e.step_id IS NOT NULL
    AND (e.at, funnel_event_rank(e.type), e.id) > (NEW.at, rank, NEW.id)
  ORDER BY e.at, funnel_event_rank(e.type), e.id LIMIT 1;
  IF before IS NOT NULL AND before <> NEW.step_id THEN
    PERFORM funnel_move_add(NEW.session_id, before, NEW.step_id, 1);
  END IF;
  IF after IS NOT NULL AND after <> NEW.step_id THEN
    PERFORM funnel_move_add(NEW.session_id, NEW.step_id, after, 1);
  END IF;
  IF before IS NOT NULL AND after IS NOT NULL AND before <> after THEN
    PERFORM funnel_move_add(NEW.session_id, before, after, -1);
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER funnel_event_moves BEFORE INSERT ON quiz_events
FOR EACH ROW WHEN (NEW.type IN ('view', 'answer') AND NEW.step_id IS NOT NULL)
EXECUTE FUNCTION funnel_event_moves();
--> statement-breakpoint
-- A run's move row came or went: one run more or fewer on that move, its flow, day and variants.
CREATE FUNCTION funnel_move_change() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  moved quiz_session_moves;
  delta integer;
  flow text;
  started date;
  chosen jsonb;
BEGIN
  IF TG_OP = 'DELETE' THEN
    moved := OLD; delta := -1;
  ELSE
    moved := NEW; delta := 1;
  END IF;
  SELECT flow_code, (created_at AT TIME ZONE 'UTC')::date, variants INTO flow, started, chosen FROM quiz_sessions WHERE id = moved.session_id;
  IF flow IS NULL THEN
    RETURN NULL;
  END IF;
  INSERT INTO funnel_move_days AS d (flow_code, day, variants, from_step, to_step, runs)
  VALUES (flow, started, chosen, moved.from_step, moved.to_step, delta)
  ON CONFLICT (flow_code, day, variants, from_step, to_step) DO UPDATE SET runs = d.runs + excluded.runs;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER funnel_move_counts AFTER INSERT OR DELETE ON quiz_session_moves
FOR EACH ROW EXECUTE FUNCTION funnel_move_change();
--> statement-breakpoint
-- Whether a run paid: an initial order of it paid, refunded later or not (paidRun in
-- src/server/analytics/funnel-queries.ts reads the orders the same way).
CREATE FUNCTION funnel_run_paid(run uuid) RETURNS boolean
LANGUAGE sql STABLE
AS $$ SELECT exists (SELECT 1 FROM orders o WHERE o.quiz_session_id = run AND o.kind = 'initial' AND o.status IN ('paid', 'refunded')) $$;
--> statement-breakpoint
-- An order came, changed or went: its run's (or runs') paid flag follows, written only when it changes.
CREATE FUNCTION funnel_order_change() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.quiz_session_id IS NOT NULL THEN
    UPDATE quiz_sessions SET paid = funnel_run_paid(id) WHERE id = OLD.quiz_session_id AND paid IS DISTINCT FROM funnel_run_paid(id);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.quiz_session_id IS NOT NULL THEN
    UPDATE quiz_sessions SET paid = funnel_run_paid(id) WHERE id = NEW.quiz_session_id AND paid IS DISTINCT FROM funnel_run_paid(id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER funnel_order_paid AFTER INSERT OR DELETE ON orders
FOR EACH ROW EXECUTE FUNCTION funnel_order_change();
--> statement-breakpoint
CREATE TRIGGER funnel_order_paid_changed AFTER UPDATE ON orders
FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.kind IS DISTINCT FROM NEW.kind OR OLD.quiz_session_id IS DISTINCT FROM NEW.quiz_session_id)
EXECUTE FUNCTION funnel_order_change();
--> statement-breakpoint
-- A run came, went, reached a new step or paid: it moves between the counts of its flow, day,
-- variants, last new step and payment.
CREATE FUNCTION funnel_run_change() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO funnel_run_days AS d (flow_code, day, variants, last_step, paid, runs)
    VALUES (OLD.flow_code, (OLD.created_at AT TIME ZONE 'UTC')::date, OLD.variants, coalesce(OLD.last_new_step, ''), OLD.paid, -1)
    ON CONFLICT (flow_code, day, variants, last_step, paid) DO UPDATE SET runs = d.runs + excluded.runs;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO funnel_run_days AS d (flow_code, day, variants, last_step, paid, runs)
    VALUES (NEW.flow_code, (NEW.created_at AT TIME ZONE 'UTC')::date, NEW.variants, coalesce(NEW.last_new_step, ''), NEW.paid, 1)
    ON CONFLICT (flow_code, day, variants, last_step, paid) DO UPDATE SET runs = d.runs + excluded.runs;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER funnel_run_counts AFTER INSERT OR DELETE ON quiz_sessions
FOR EACH ROW EXECUTE FUNCTION funnel_run_change();
--> statement-breakpoint
CREATE TRIGGER funnel_run_counts_changed AFTER UPDATE ON quiz_sessions
FOR EACH ROW WHEN (OLD.last_new_step IS DISTINCT FROM NEW.last_new_step OR OLD.paid IS DISTINCT FROM NEW.paid
  OR OLD.flow_code IS DISTINCT FROM NEW.flow_code OR OLD.created_at IS DISTINCT FROM NEW.created_at OR OLD.variants IS DISTINCT FROM NEW.variants)
EXECUTE FUNCTION funnel_run_change();
--> statement-breakpoint
-- A run that goes takes its steps and moves with it while it still exists, so the triggers above
-- find its flow, day and variants.
CREATE OR REPLACE FUNCTION funnel_run_forget() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  DELETE FROM quiz_session_steps WHERE session_id = OLD.id;
  DELETE FROM quiz_session_moves WHERE session_id = OLD.id;
  RETURN OLD;
END
$$;
--> statement-breakpoint
-- Every count, each run's last new step, paid flag and moves computed afresh from the runs' rows,
-- events and orders: for the runs recorded before a migration, a bulk load written with the
-- triggers off, or when in doubt. The counting triggers are off meanwhile (a table lock: writers
-- wait until the rebuild commits, so none is missed).
CREATE OR REPLACE FUNCTION funnel_rollups_rebuild() RETURNS void
LANGUAGE plpgsql
AS $$
BEGIN
  ALTER TABLE quiz_sessions DISABLE TRIGGER funnel_run_counts_changed;
  ALTER TABLE quiz_session_moves DISABLE TRIGGER funnel_move_counts;
  DELETE FROM funnel_step_days;
  DELETE FROM funnel_step_seconds;
  DELETE FROM funnel_move_days;
  DELETE FROM funnel_run_days;
  DELETE FROM quiz_session_moves;
  INSERT INTO funnel_step_days (flow_code, day, variants, step_id, saw, answered)
  SELECT s.flow_code, (s.created_at AT TIME ZONE 'UTC')::date, s.variants, f.step_id, count(*), count(f.first_answered_at)
  FROM quiz_session_steps f JOIN quiz_sessions s ON s.id = f.session_id
  GROUP BY 1, 2, 3, 4;
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
  UPDATE quiz_sessions s SET paid = NOT s.paid
  WHERE s.paid IS DISTINCT FROM funnel_run_paid(s.id);
  INSERT INTO quiz_session_moves (session_id, from_step, to_step, times)
  SELECT session_id, before, step_id, count(*) FROM (
    SELECT e.session_id, e.step_id,
      lag(e.step_id) OVER (PARTITION BY e.session_id ORDER BY e.at, funnel_event_rank(e.type), e.id) AS before
    FROM quiz_events e WHERE e.type IN ('view', 'answer') AND e.step_id IS NOT NULL
  ) seen
  WHERE before IS NOT NULL AND before <> step_id
  GROUP BY 1, 2, 3;
  INSERT INTO funnel_move_days (flow_code, day, variants, from_step, to_step, runs)
  SELECT s.flow_code, (s.created_at AT TIME ZONE 'UTC')::date, s.variants, m.from_step, m.to_step, count(*)
  FROM quiz_session_moves m JOIN quiz_sessions s ON s.id = m.session_id
  GROUP BY 1, 2, 3, 4, 5;
  INSERT INTO funnel_run_days (flow_code, day, variants, last_step, paid, runs)
  SELECT s.flow_code, (s.created_at AT TIME ZONE 'UTC')::date, s.variants, coalesce(s.last_new_step, ''), s.paid, count(*)
  FROM quiz_sessions s
  GROUP BY 1, 2, 3, 4, 5;
  ALTER TABLE quiz_sessions ENABLE TRIGGER funnel_run_counts_changed;
  ALTER TABLE quiz_session_moves ENABLE TRIGGER funnel_move_counts;
END
$$;
--> statement-breakpoint
SELECT funnel_rollups_rebuild();
