import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { flowVersions } from "#server/db/schema.ts";
import { ANXIETY, expectKeepsVersion, liveAnxiety, publishTo, startAnxiety, visitorMidQuiz, type ServedFlow } from "../helpers/published-flows.ts";
import { client, closeSharedDatabase, createTestApp, type TestApp } from "../helpers/test-app.ts";

/**
 * Several app processes on one database (ADR 066): a flow or report template published through one
 * is live in every other once it has looked at flow_versions (FLOW_VERSIONS_POLL_SECONDS), while a
 * visitor who started on another keeps the version they started.
 */
const OPERATOR = "an-operator-token-every-process-of-this-deployment-shares";
const { file: FILE, code: CODE, oldTitle: OLD_TITLE, newTitle: NEW_TITLE } = ANXIETY;
const NEWER_TITLE = "How often has worry held you back these two weeks?";
const TEMPLATE_FILE = "content/reports/anxiety_gad7/report.yaml";

let a: TestApp;
let b: TestApp;
let text: string;

const publish = (app: TestApp, body: object) => publishTo(app, OPERATOR, body);
/** One look at the table, as the process's poll takes it. */
const follow = (app: TestApp) => app.app.services.versions.follow(app.app.log);
const reportTitle = async (app: TestApp) =>
  (await app.app.inject({ method: "GET", url: `/api/admin/reports/${CODE}`, headers: { authorization: `Bearer ${OPERATOR}` } })).json<{
    data: { title: string };
  }>().data.title;

beforeAll(async () => {
  // The poll is taken by hand here (one look at a time), except where a test starts a process with it on.
  a = await createTestApp({ operatorToken: OPERATOR, env: { FLOW_VERSIONS_POLL_SECONDS: "0" } });
  b = await createTestApp({ database: a.database, operatorToken: OPERATOR, env: { FLOW_VERSIONS_POLL_SECONDS: "0" } });
  text = await readFile(FILE, "utf8");
});
afterAll(async () => {
  await b.close();
  await a.close();
  await closeSharedDatabase();
});

describe("two app processes on one database", () => {
  let before: ServedFlow;
  let published: string;
  let midQuiz: Awaited<ReturnType<typeof visitorMidQuiz>>;

  it("a flow published through one process is live in the other once it has looked, for a new visitor", async () => {
    before = await liveAnxiety(b);
    expect(before.steps[0]!.title).toBe(OLD_TITLE);
    midQuiz = await visitorMidQuiz(b, before.hash, "198.51.100.51");

    const res = await publish(a, { flows: [{ file: FILE, text: text.replace(OLD_TITLE, NEW_TITLE) }] });
    expect(res.statusCode, res.body).toBe(200);
    published = res.json<{ data: { flows: { hash: string }[] } }>().data.flows[0]!.hash;
    expect((await liveAnxiety(a)).steps[0]!.title).toBe(NEW_TITLE);

    expect(await follow(b)).toMatchObject({ flows: [CODE], refused: [] });
    const now = await liveAnxiety(b);
    expect(now.hash).toBe(published);
    expect(now.steps[0]!.title).toBe(NEW_TITLE);
    const newcomer = await startAnxiety(client(b.app, "198.51.100.52"), now.hash);
    expect(newcomer.statusCode).toBe(201);
    expect(newcomer.json().data.flow_hash).toBe(published);
  });

  it("the visitor who started on the other process keeps the version they started", async () => {
    const old = await client(b.app).get(`/api/quiz/flows/${CODE}/versions/${before.hash}`);
    expect(old.statusCode).toBe(200);
    expect(old.json<{ data: ServedFlow }>().data.steps[0]!.title).toBe(OLD_TITLE);
    await expectKeepsVersion(midQuiz, before.hash);
  });

  it("the process that published does not make its own versions live again when it looks", async () => {
    expect(await follow(a)).toEqual({ flows: [], reports: [], refused: [] });
    expect((await liveAnxiety(a)).hash).toBe(published);
  });

  it("a report template published through one process is used by the other once it has looked", async () => {
    const template = await readFile(TEMPLATE_FILE, "utf8");
    expect(await reportTitle(b)).toBe("Your anxiety report");
    const res = await publish(a, {
      reports: [{ code: CODE, file: TEMPLATE_FILE, text: template.replace("title: Your anxiety report", "title: Your worry report") }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await follow(b)).toMatchObject({ flows: [], reports: [CODE] });
    expect(await reportTitle(b)).toBe("Your worry report");
  });

  it("a process with the poll on learns a publish by itself", async () => {
    const polling = await createTestApp({ database: a.database, env: { FLOW_VERSIONS_POLL_SECONDS: "0.2" } });
    try {
      expect((await liveAnxiety(polling)).steps[0]!.title).toBe(NEW_TITLE);
      expect((await publish(a, { flows: [{ file: FILE, text: text.replace(OLD_TITLE, NEWER_TITLE) }] })).statusCode).toBe(200);
      await expect.poll(async () => (await liveAnxiety(polling)).steps[0]!.title, { timeout: 30_000 }).toBe(NEWER_TITLE);
    } finally {
      await polling.close();
    }
  });

  it("a recorded version that does not compile here is refused and logged, and the live one stays", async () => {
    await follow(b);
    const serving = await liveAnxiety(b);
    expect(serving.steps[0]!.title).toBe(NEWER_TITLE);
    const broken = text.replace("    next: gad1\n", "    next: gad_one\n");
    // As a process of a newer release might record a file this one's engine no longer takes.
    await a.db
      .insert(flowVersions)
      .values({ kind: "flow", code: CODE, hash: "not-compiled", file: FILE, source: broken, how: "publish", wentLiveAt: new Date() });
    expect(await follow(b)).toMatchObject({ flows: [], refused: [{ kind: "flow", code: CODE, reason: "it no longer compiles" }] });
    expect((await liveAnxiety(b)).hash).toBe(serving.hash);
  });
});
