import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatProblem } from "#engine/yaml/parse-located.ts";
import { customers } from "#server/db/schema.ts";
import { readFlows } from "#server/flows/read-flows.ts";
import { hashSecretToken } from "#server/platform/secret-token.ts";
import { answer, answerRows, eventRows, FLOW, flowHash, quizTestApp, rowCounts, sessionRow, startQuiz } from "../helpers/quiz.ts";
import { client, closeSharedDatabase, linkIn, type TestApp } from "../helpers/test-app.ts";

let t: TestApp;

beforeAll(async () => {
  t = await quizTestApp();
});
afterAll(async () => {
  await t.close();
  await closeSharedDatabase();
});

const resumeMails = async (to: string) => (await t.outbox()).filter((m) => m.to.includes(to) && m.subject === "Continue where you left off");

describe("POST /api/quiz/sessions/:id/answers checks the value against the step", () => {
  const bad: [kind: string, step: string, value: unknown, message: string][] = [
    ["likert", "likes-building", 6, "choose one of 1, 2, 3, 4, 5"],
    ["likert", "likes-building", "4", "choose one of 1, 2, 3, 4, 5"],
    ["single_choice", "stage", "retired", '"retired" is not an option of step stage'],
    ["single_choice", "stage", ["working"], "choose one option: send its id as a string"],
    ["multiple_choice", "tasks", [], "choose at least 1 option"],
    ["multiple_choice", "tasks", ["fixing", "helping", "writing"], "choose at most 2 options"],
    ["multiple_choice", "tasks", ["fixing", "flying"], '"flying" is not an option of step tasks'],
    ["multiple_choice", "tasks", ["fixing", "fixing"], "each option can be chosen once"],
    ["slider", "hours", 21, "must be between 0 and 20"],
    ["slider", "hours", -2, "must be between 0 and 20"],
    ["slider", "hours", 3, "must be 0 plus a multiple of 2"],
    ["short_text", "switch-reason", "x".repeat(41), "at most 40 characters"],
    ["short_text", "switch-reason", "   ", "enter your answer"],
    ["name", "name", "", "enter your name"],
    ["name", "name", "x".repeat(101), "at most 100 characters"],
    ["email", "email", "not-an-address", "enter a valid e-mail address"],
    ["email", "email", "someone@localhost", "enter a valid e-mail address"],
    ["feedback", "feedback", { rating: 0 }, "rating must be a whole number from 1 to 5"],
    ["feedback", "feedback", { rating: 6 }, "rating must be a whole number from 1 to 5"],
    ["feedback", "feedback", { rating: 4.5 }, "rating must be a whole number from 1 to 5"],
    ["info", "intro", "hello", "step intro asks nothing: send null"],
  ];

  it.each(bad)("%s step %s refuses %j with 400 naming body.value, storing nothing", async (_kind, step, value, message) => {
    const browser = client(t.app, "192.0.2.60");
    const { id } = await startQuiz(t, browser);
    const before = await rowCounts(t);
    const res = await answer(t, browser, id, step, value);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({ code: "invalid_request", message: `body.value: ${message}`, issues: [{ path: "body.value", message }] });
    expect(await rowCounts(t)).toEqual(before);
  });

  it("refuses an unknown step with 400 naming body.step_id, and a missing or malformed field by its path", async () => {
    const browser = client(t.app, "192.0.2.61");
    const { id } = await startQuiz(t, browser);
    const before = await rowCounts(t);
    const unknown = await answer(t, browser, id, "favourite-colour", "blue");
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.issues).toEqual([{ path: "body.step_id", message: `${FLOW} has no step "favourite-colour"` }]);
    for (const [body, path] of [
      [{ step_id: "stage", flow_hash: flowHash(t) }, "body.value"],
      [{ step_id: "Stage!", value: "working", flow_hash: flowHash(t) }, "body.step_id"],
      [{ step_id: "stage", value: "working" }, "body.flow_hash"],
      [{ step_id: "stage", value: { rating: "5" }, flow_hash: flowHash(t) }, "body.value"],
    ] as const) {
      const res = await browser.post(`/api/quiz/sessions/${id}/answers`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.issues.map((i: { path: string }) => i.path)).toContain(path);
    }
    expect(await rowCounts(t)).toEqual(before);
  });

  it("answers 409 flow_changed to a browser running another version of the flow, storing nothing", async () => {
    const browser = client(t.app, "192.0.2.62");
    const { id } = await startQuiz(t, browser);
    const res = await browser.post(`/api/quiz/sessions/${id}/answers`, { step_id: "stage", value: "working", flow_hash: "older" });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe("flow_changed");
    expect(await answerRows(t, id)).toEqual([]);
  });

  it("stores each valid answer normalised, with the flow version and hash it was given in", async () => {
    const browser = client(t.app, "192.0.2.63");
    const { id } = await startQuiz(t, browser);
    const good: [string, unknown, unknown][] = [
      ["intro", null, null],
      ["likes-building", 5, 5],
      ["stage", "switching", "switching"],
      ["switch-reason", "  More growth ", "More growth"],
      ["tasks", ["writing", "fixing"], ["writing", "fixing"]],
      ["hours", 20, 20],
      ["name", " Ada ", "Ada"],
      ["feedback", { rating: 3 }, { rating: 3 }],
    ];
    for (const [step, value] of good) {
      const res = await answer(t, browser, id, step, value);
      expect(res.statusCode, `${step}: ${res.body}`).toBe(200);
      expect(res.json()).toEqual({ data: { saved: true } });
    }
    const rows = await answerRows(t, id);
    expect(Object.fromEntries(rows.map((r) => [r.stepId, r.value]))).toEqual(Object.fromEntries(good.map(([s, , stored]) => [s, stored])));
    for (const row of rows) expect(row).toMatchObject({ flowVersion: 3, flowHash: flowHash(t) });
  });

  it("replaces an earlier answer to the same step", async () => {
    const browser = client(t.app, "192.0.2.64");
    const { id } = await startQuiz(t, browser);
    await answer(t, browser, id, "stage", "student");
    t.clock.advance(5);
    await answer(t, browser, id, "stage", "working");
    const rows = await answerRows(t, id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ stepId: "stage", value: "working", answeredAt: t.clock.now() });
    expect((await startQuiz(t, browser)).answers).toEqual({ stage: "working" });
    expect((await eventRows(t, id)).filter((e) => e.type === "answer").map((e) => e.stepId)).toEqual(["stage", "stage"]);
  });
});

describe("the e-mail step", () => {
  it("ties the session to the customer (created if new) and sends exactly one resume e-mail", async () => {
    const browser = client(t.app, "192.0.2.70");
    const { id } = await startQuiz(t, browser);
    expect(await t.db.select().from(customers).where(eq(customers.email, "newcomer@example.org"))).toHaveLength(0);

    expect((await answer(t, browser, id, "email", " Newcomer@Example.org ")).statusCode).toBe(200);
    const [customer] = await t.db.select().from(customers).where(eq(customers.email, "newcomer@example.org"));
    expect(customer).toMatchObject({ passwordHash: null, isOnboarded: false });
    const session = await sessionRow(t, id);
    expect(session.customerId).toBe(customer!.id);
    expect(browser.cookie).toBeUndefined(); // nobody was logged in

    // Answering again, or with the same address in another case, sends nothing more.
    await answer(t, browser, id, "email", "newcomer@example.org");
    await answer(t, browser, id, "email", "NEWCOMER@example.org");
    const mails = await resumeMails("newcomer@example.org");
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.text).toContain("A server test quiz");
    expect(mail.text).toContain("30 days");
    expect(mail.html).toContain("Continue my quiz");
    const token = linkIn([mail], "newcomer@example.org", "/continue?token=").searchParams.get("token")!;
    expect(token.length).toBeGreaterThanOrEqual(43);
    expect((await sessionRow(t, id)).resumeTokenHash).toBe(hashSecretToken(token));
    expect(JSON.stringify(await sessionRow(t, id))).not.toContain(token);
    expect((await sessionRow(t, id)).resumeExpiresAt).toEqual(new Date(t.clock.now().getTime() + 30 * 24 * 60 * 60 * 1000));
  });

  it("uses an existing customer, and a changed address gets its own link while the first stops working", async () => {
    await t.db.insert(customers).values({ email: "regular@example.org" });
    const before = (await t.db.select().from(customers)).length;
    const browser = client(t.app, "192.0.2.71");
    const { id } = await startQuiz(t, browser);
    await answer(t, browser, id, "email", "regular@example.org");
    expect((await t.db.select().from(customers)).length).toBe(before);
    const first = linkIn(await t.outbox(), "regular@example.org", "/continue?token=").searchParams.get("token")!;

    await answer(t, browser, id, "email", "typo-fixed@example.org");
    const second = linkIn(await t.outbox(), "typo-fixed@example.org", "/continue?token=").searchParams.get("token")!;
    const [fixed] = await t.db.select().from(customers).where(eq(customers.email, "typo-fixed@example.org"));
    expect((await sessionRow(t, id)).customerId).toBe(fixed!.id);
    expect((await client(t.app, "192.0.2.72").post("/api/quiz/sessions/resume", { token: first })).statusCode).toBe(400);
    expect((await client(t.app, "192.0.2.72").post("/api/quiz/sessions/resume", { token: second })).statusCode).toBe(200);
  });

  it("cannot flood an inbox: at most 3 resume e-mails a day to one address, while the answers are still saved", async () => {
    for (let i = 0; i < 5; i++) {
      const browser = client(t.app, `192.0.2.${80 + i}`);
      const { id } = await startQuiz(t, browser);
      expect((await answer(t, browser, id, "email", "victim@example.org")).statusCode).toBe(200);
      expect((await answerRows(t, id)).map((r) => r.value)).toEqual(["victim@example.org"]);
    }
    expect(await resumeMails("victim@example.org")).toHaveLength(3);
  });
});

describe("POST /api/quiz/sessions/:id/events", () => {
  it("records a step view with the visitor's variants, answering 202", async () => {
    const browser = client(t.app, "192.0.2.90");
    const { id } = await startQuiz(t, browser, { variants: { "result-page": "b" } });
    const res = await browser.post(`/api/quiz/sessions/${id}/events`, { type: "view", step_id: "intro" });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ data: { ok: true } });
    await answer(t, browser, id, "likes-building", 3);
    const events = await eventRows(t, id);
    expect(events.map((e) => [e.type, e.stepId, e.variant])).toEqual([
      ["view", "intro", { "result-page": "b" }],
      ["answer", "likes-building", { "result-page": "b" }],
    ]);
  });

  it("refuses an unknown step (400 body.step_id) and other event types (400 body.type), storing nothing", async () => {
    const browser = client(t.app, "192.0.2.91");
    const { id } = await startQuiz(t, browser);
    const before = await rowCounts(t);
    const unknown = await browser.post(`/api/quiz/sessions/${id}/events`, { type: "view", step_id: "nowhere" });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.issues[0].path).toBe("body.step_id");
    const type = await browser.post(`/api/quiz/sessions/${id}/events`, { type: "complete", step_id: "intro" });
    expect(type.statusCode).toBe(400);
    expect(type.json().error.issues[0].path).toBe("body.type");
    expect(await rowCounts(t)).toEqual(before);
  });

  it("answers 429 with Retry-After past 400 events for one session in 15 minutes; the visitor's next session still works", async () => {
    const browser = client(t.app, "192.0.2.92");
    const { id } = await startQuiz(t, browser);
    const results = await Promise.all(Array.from({ length: 401 }, () => browser.post(`/api/quiz/sessions/${id}/events`, { type: "view", step_id: "intro" })));
    expect(results.filter((r) => r.statusCode === 202)).toHaveLength(400);
    const blocked = results.find((r) => r.statusCode === 429)!;
    expect(blocked.json().error.code).toBe("rate_limited");
    expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
    expect((await eventRows(t, id)).filter((e) => e.type === "view")).toHaveLength(400);
    const neighbour = client(t.app, "192.0.2.92");
    const other = await startQuiz(t, neighbour);
    expect((await neighbour.post(`/api/quiz/sessions/${other.id}/events`, { type: "view", step_id: "intro" })).statusCode).toBe(202);
  });
});

describe("GET /api/active-prompts and /api/prepare-data", () => {
  it("lists the report each loaded quiz produces, with where it starts", async () => {
    const res = await client(t.app).get("/api/active-prompts");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      // The fixture flow has no card: it is live but not listed on the home page.
      data: [{ code: "server_quiz_report", flow_code: FLOW, topic: "career", title: "A server test quiz", start: "/quiz/server_quiz", card: null }],
    });
  });

  it("prepare-data: 404 for an unknown quiz code, 400 without one, 404 before the visitor started", async () => {
    const browser = client(t.app, "192.0.2.93");
    expect((await browser.get("/api/prepare-data?client_system_code=no_such_quiz")).json().error).toEqual({
      code: "not_found",
      message: "Quiz no_such_quiz not found",
    });
    const missing = await browser.get("/api/prepare-data");
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.issues[0].path).toBe("querystring.client_system_code");
    expect((await browser.get(`/api/prepare-data?client_system_code=${FLOW}`)).statusCode).toBe(404);
    const { id } = await startQuiz(t, browser);
    await answer(t, browser, id, "likes-building", 3);
    expect((await browser.get(`/api/prepare-data?client_system_code=${FLOW}`)).json().data).toEqual({
      session_id: id,
      flow_code: FLOW,
      report: "server_quiz_report",
      status: "in_progress",
      name: null,
      email: null,
      scores: null,
      answered: 1,
    });
  });
});

describe("flows at start", () => {
  it("reports every problem of a broken flow with file, line and column", async () => {
    const result = await readFlows(join(process.cwd(), "tests/fixtures/flows"), /^dead-end\.yaml$/);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems.length).toBeGreaterThan(0);
    expect(result.problems.map(formatProblem)[0]).toMatch(/^tests\/fixtures\/flows\/dead-end\.yaml:\d+:\d+ /);
  });

  it("the server refuses to start with a broken flow in FLOWS_DIR, listing where", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "pathwise-flows-"));
    try {
      const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
        env: { ...process.env, NODE_ENV: "test", PORT: "0", DATA_DIR: dataDir, FLOWS_DIR: "tests/fixtures/flows", LOG_LEVEL: "silent" },
      });
      let stderr = "";
      child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
      expect(code).toBe(1);
      expect(stderr).toContain("The server cannot start: fix these flow files.");
      expect(stderr).toMatch(/tests\/fixtures\/flows\/dead-end\.yaml:\d+:\d+/);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
