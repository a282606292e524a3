import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { funnelReport, type StepRow } from "#server/analytics/funnel-report.ts";
import { medianOfCounts } from "#server/analytics/stats/median.ts";
import { funnelStepDays, funnelStepSeconds, quizSessions, quizSessionSteps } from "#server/db/schema.ts";
import { nextIp } from "../helpers/payments.ts";
import { answer, FLOW, flowHash, quizTestApp, type Browser } from "../helpers/quiz.ts";
import { client, closeSharedDatabase, type TestApp } from "../helpers/test-app.ts";

// The funnel report's step figures come from counts the database keeps per flow, day and step
// (migration 0009) for whole days, and from the runs' own rows for the parts of a day at either
// end of the window. These runs straddle three days, go back, lose a view and cross midnight; every
// window's figures must equal what the runs' rows say, and the kept counts what a rebuild computes.

let t: TestApp;
const flow = () => t.flows.find((f) => f.code === FLOW)!;
const words = (text: string | { code: string }) => (typeof text === "string" ? text : text.code);

type Action = { view: string } | { answer: string; value: unknown } | { wait: number };

/** A run started at `at` (the app's clock), doing each action in turn, the clock moving only by the waits. */
async function run(at: string, actions: Action[]): Promise<string> {
  t.clock.set(new Date(at));
  const browser: Browser = client(t.app, nextIp(), t.origin);
  const start = await browser.post("/api/quiz/sessions", { flow_code: FLOW, flow_hash: flowHash(t) });
  expect(start.statusCode, start.body).toBe(201);
  const id = start.json<{ data: { id: string } }>().data.id;
  for (const a of actions) {
    if ("wait" in a) t.clock.advance(a.wait);
    else if ("view" in a) expect((await browser.post(`/api/quiz/sessions/${id}/events`, { type: "view", step_id: a.view })).statusCode).toBe(202);
    else expect((await answer(t, browser, id, a.answer, a.value)).statusCode).toBe(200);
  }
  return id;
}

const step = (id: string, value: unknown, seconds: number): Action[] => [{ view: id }, { wait: seconds }, { answer: id, value }];

const runs: Record<string, string> = {};
beforeAll(async () => {
  t = await quizTestApp();
  // Day 1, late: one leaves on the third step, one on the first screen.
  runs.r1 = await run("2026-03-09T23:30:00Z", [...step("intro", null, 4), ...step("likes-building", 4, 9), { view: "likes-people" }]);
  runs.r2 = await run("2026-03-09T23:50:00Z", [{ view: "intro" }]);
  // Day 2: one goes back to an earlier question and answers it again (its first answer counts).
  runs.r3 = await run("2026-03-10T08:00:00Z", [
    ...step("intro", null, 3),
    ...step("likes-building", 4, 9),
    ...step("likes-people", 2, 5),
    { view: "stage" },
    { wait: 30 },
    ...step("likes-building", 1, 2),
  ]);
  // Its first screen's view arrives after the answer (a slow network): seen and answered, no time.
  runs.r4 = await run("2026-03-10T15:00:00Z", [
    { answer: "intro", value: null },
    { wait: 1 },
    { view: "intro" },
    ...step("likes-building", 5, 11),
    { view: "likes-people" },
  ]);
  // Started ten seconds before midnight: counted on the day it started.
  runs.r5 = await run("2026-03-10T23:59:50Z", [...step("intro", null, 20), ...step("likes-building", 3, 9)]);
  // Day 3: one early run, and one that recorded nothing at all.
  runs.r6 = await run("2026-03-11T00:10:00Z", [...step("intro", null, 6), { view: "likes-building" }]);
  runs.r7 = await run("2026-03-11T01:00:00Z", []);
}, 180_000);
afterAll(async () => {
  await t.close();
  await closeSharedDatabase();
});

const report = (since: string, until: string) =>
  funnelReport(t.db, flow(), { flow: FLOW, since: new Date(since), until: new Date(until), groupBy: null }, words);

/** What the runs' own rows say for a window: the report's step figures computed the plain way. */
async function fromRows(since: string, until: string): Promise<Pick<StepRow, "id" | "saw" | "answered" | "droppedOff" | "medianSeconds">[]> {
  const sessions = (await t.db.select().from(quizSessions).where(eq(quizSessions.flowCode, FLOW))).filter(
    (s) => s.createdAt >= new Date(since) && s.createdAt < new Date(until),
  );
  const rows = sessions.length
    ? await t.db
        .select()
        .from(quizSessionSteps)
        .where(
          inArray(
            quizSessionSteps.sessionId,
            sessions.map((s) => s.id),
          ),
        )
    : [];
  const firstSeen = (r: (typeof rows)[number]) => Math.min(...[r.firstViewedAt, r.firstAnsweredAt].filter((d) => d !== null).map((d) => d.getTime()));
  const ended = new Map<string, number>();
  for (const s of sessions) {
    const own = rows.filter((r) => r.sessionId === s.id).sort((a, b) => firstSeen(b) - firstSeen(a));
    const at = own[0]?.stepId ?? "intro";
    ended.set(at, (ended.get(at) ?? 0) + 1);
  }
  return flow().steps.map((s) => {
    const mine = rows.filter((r) => r.stepId === s.id);
    const seconds = new Map<number, number>();
    for (const r of mine)
      if (r.firstViewedAt && r.firstAnsweredAt && r.firstAnsweredAt >= r.firstViewedAt) {
        const secs = Math.round((r.firstAnsweredAt.getTime() - r.firstViewedAt.getTime()) / 1000);
        seconds.set(secs, (seconds.get(secs) ?? 0) + 1);
      }
    return {
      id: s.id,
      saw: s.id === "intro" ? Math.max(mine.length, sessions.length) : mine.length,
      answered: mine.filter((r) => r.firstAnsweredAt !== null).length,
      droppedOff: ended.get(s.id) ?? 0,
      medianSeconds: medianOfCounts(seconds),
    };
  });
}

const figures = (steps: StepRow[]) => steps.map(({ id, saw, answered, droppedOff, medianSeconds }) => ({ id, saw, answered, droppedOff, medianSeconds }));

/** The kept counts, and each run's last new step. */
const kept = async () => ({
  // A count taken down to nothing stays as a row of zeros, which a rebuild does not write.
  days: (await t.db.select().from(funnelStepDays).orderBy(funnelStepDays.day, funnelStepDays.stepId, funnelStepDays.variants)).filter(
    (row) => row.saw !== 0 || row.answered !== 0,
  ),
  seconds: (await t.db.select().from(funnelStepSeconds).orderBy(funnelStepSeconds.day, funnelStepSeconds.stepId, funnelStepSeconds.seconds)).filter(
    (row) => row.runs !== 0,
  ),
  last: await t.db.select({ id: quizSessions.id, step: quizSessions.lastNewStep }).from(quizSessions).orderBy(quizSessions.id),
});
/** The kept counts are what a rebuild from the runs' rows computes. */
const rebuilt = async () => {
  const before = await kept();
  await t.db.execute(sql`select funnel_rollups_rebuild()`);
  expect(before).toEqual(await kept());
};

const WINDOWS: [string, string, string][] = [
  ["a whole day", "2026-03-10T00:00:00Z", "2026-03-11T00:00:00Z"],
  ["a whole day with part of a day at either end", "2026-03-09T23:40:00Z", "2026-03-11T00:30:00Z"],
  ["three whole days", "2026-03-09T00:00:00Z", "2026-03-12T00:00:00Z"],
  ["part of one day", "2026-03-10T12:00:00Z", "2026-03-10T23:59:59Z"],
  ["parts of two days", "2026-03-09T23:45:00Z", "2026-03-10T09:00:00Z"],
];

describe("the funnel report's step figures", () => {
  it("count each run of a whole day once per step, with its first view and first answer", async () => {
    const r = await report("2026-03-10T00:00:00Z", "2026-03-11T00:00:00Z");
    const s = (id: string) => r.steps.find((x) => x.id === id)!;
    expect(r.visitors).toBe(3);
    // r3 took 3 s, r5 20 s (median 11.5, shown in whole seconds: 12); r4's view came after its answer.
    expect(s("intro")).toMatchObject({ saw: 3, answered: 3, droppedOff: 0, medianSeconds: 12 });
    // r3's second visit (2 s) does not count: its first answer took 9 s.
    expect(s("likes-building")).toMatchObject({ saw: 3, answered: 3, droppedOff: 1, medianSeconds: 9 });
    expect(s("likes-people")).toMatchObject({ saw: 2, answered: 1, droppedOff: 1, medianSeconds: 5 });
    // r3 went back from "stage": it left there all the same.
    expect(s("stage")).toMatchObject({ saw: 1, answered: 0, droppedOff: 1, medianSeconds: null });
  });

  for (const [name, since, until] of WINDOWS) {
    it(`equal what the runs' own rows say, for ${name}`, async () => {
      expect(figures((await report(since, until)).steps)).toEqual(await fromRows(since, until));
    });
  }

  it("are what a rebuild from the runs' rows computes, and a deleted run takes its counts with it", async () => {
    await rebuilt();
    expect((await kept()).last.find((l) => l.id === runs.r3)?.step).toBe("stage");

    // A customer who deletes their account takes their runs with them (src/server/accounts/account-deletion.ts).
    await t.db.delete(quizSessions).where(eq(quizSessions.id, runs.r3!));
    const r = await report("2026-03-10T00:00:00Z", "2026-03-11T00:00:00Z");
    expect(r.steps.find((x) => x.id === "likes-people")).toMatchObject({ saw: 1, answered: 0, medianSeconds: null });
    expect(r.steps.find((x) => x.id === "stage")).toMatchObject({ saw: 0, droppedOff: 0 });
    expect(figures(r.steps)).toEqual(await fromRows("2026-03-10T00:00:00Z", "2026-03-11T00:00:00Z"));
    await rebuilt();
  });

  it("lose nothing when many visitors view and answer the same steps at the same time", async () => {
    // Well inside one day: 200 seconds of clock at most.
    t.clock.set(new Date("2026-03-12T10:00:00Z"));
    const visitors = 40;
    const walk = async () => {
      const browser: Browser = client(t.app, nextIp(), t.origin);
      const id = (await browser.post("/api/quiz/sessions", { flow_code: FLOW, flow_hash: flowHash(t) })).json<{ data: { id: string } }>().data.id;
      // Each call moves the shared clock on a second first, so a run's steps never share an instant.
      const view = async (step: string) => {
        t.clock.advance(1);
        expect((await browser.post(`/api/quiz/sessions/${id}/events`, { type: "view", step_id: step })).statusCode).toBe(202);
      };
      const answerIt = async (step: string, value: unknown) => {
        t.clock.advance(1);
        expect((await answer(t, browser, id, step, value)).statusCode).toBe(200);
      };
      await view("intro");
      await answerIt("intro", null);
      await view("likes-building");
      await answerIt("likes-building", 3);
      await view("likes-people");
    };
    await Promise.all(Array.from({ length: visitors }, walk));
    const r = await report("2026-03-12T00:00:00Z", "2026-03-13T00:00:00Z");
    const s = (id: string) => r.steps.find((x) => x.id === id)!;
    expect(s("intro")).toMatchObject({ saw: visitors, answered: visitors, droppedOff: 0 });
    expect(s("intro").medianSeconds).toBeGreaterThan(0);
    expect(s("likes-building")).toMatchObject({ saw: visitors, answered: visitors, droppedOff: 0 });
    expect(s("likes-people")).toMatchObject({ saw: visitors, answered: 0, droppedOff: visitors });
    await rebuilt();
  });
});
