import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ANXIETY, expectKeepsVersion, liveAnxiety, publishTo, startAnxiety, visitorMidQuiz, type ServedFlow } from "../helpers/published-flows.ts";
import { client, closeSharedDatabase, createTestApp, type TestApp } from "../helpers/test-app.ts";
import { rowCounts } from "../helpers/quiz.ts";

/** `npm run flows:publish` through the operator API (ADR 066): live for new visitors, pinned for those mid-quiz, kept over a restart. */
const OPERATOR = "an-operator-token-of-at-least-thirty-two-characters";
const { file: FILE, code: CODE, oldTitle: OLD_TITLE, newTitle: NEW_TITLE } = ANXIETY;

let t: TestApp;
let text: string;

const publish = (app: TestApp, body: object, token = OPERATOR) => publishTo(app, token, body);
const version = (app: TestApp, hash: string) => client(app.app).get(`/api/quiz/flows/${CODE}/versions/${hash}`);

beforeAll(async () => {
  t = await createTestApp({ operatorToken: OPERATOR });
  text = await readFile(FILE, "utf8");
});
afterAll(async () => {
  await t.close();
  await closeSharedDatabase();
});

describe("publishing a flow to the running app", () => {
  let before: ServedFlow;
  let midQuiz: Awaited<ReturnType<typeof visitorMidQuiz>>;

  it("serves the deployed version to the browser until something is published", async () => {
    before = await liveAnxiety(t);
    expect(before.steps[0]!.title).toBe(OLD_TITLE);
    midQuiz = await visitorMidQuiz(t, before.hash, "198.51.100.41");
  });

  it("refuses a wrong operator token with 401 and changes nothing", async () => {
    const counts = await rowCounts(t);
    const res = await publish(t, { flows: [{ file: FILE, text: text.replace(OLD_TITLE, NEW_TITLE) }] }, "not-the-running-apps-token-at-all-no");
    expect(res.statusCode).toBe(401);
    expect((await liveAnxiety(t)).hash).toBe(before.hash);
    expect(await rowCounts(t)).toEqual(counts);
  });

  it("refuses a file that fails the check with its located problems, and changes nothing", async () => {
    const counts = await rowCounts(t);
    const broken = text.replace("    next: gad1\n", "    next: gad_one\n");
    const res = await publish(t, { flows: [{ file: FILE, text: broken.replace(OLD_TITLE, NEW_TITLE) }] });
    expect(res.statusCode).toBe(422);
    const { problems } = res.json<{ error: { problems: { file: string; line: number; stepId?: string; message: string }[] } }>().error;
    const line = broken.split("\n").indexOf("    next: gad_one") + 1;
    expect(problems).toContainEqual(expect.objectContaining({ file: FILE, line, stepId: "intro" }));
    expect(problems.every((p) => p.file === FILE)).toBe(true);
    expect((await liveAnxiety(t)).steps[0]!.title).toBe(OLD_TITLE);
    expect(await rowCounts(t)).toEqual(counts);
  });

  it.each([
    ["an app page", "/pricing"],
    ["another flow", "/quiz/career_test_green"],
  ])("refuses a path %s has, located, and changes nothing", async (_, path) => {
    const counts = await rowCounts(t);
    const res = await publish(t, { flows: [{ file: FILE, text: text.replace("aliases: [/anxiety-test]", `aliases: [/anxiety-test, ${path}]`) }] });
    expect(res.statusCode).toBe(422);
    const { problems } = res.json<{ error: { problems: { file: string; line: number; message: string }[] } }>().error;
    expect(problems).toEqual([
      expect.objectContaining({ file: FILE, line: text.split("\n").findIndex((l) => l.includes("aliases:")) + 1, message: expect.stringContaining(path) }),
    ]);
    expect((await liveAnxiety(t)).hash).toBe(before.hash);
    expect(await rowCounts(t)).toEqual(counts);
  });

  it("makes a changed flow live for a new visitor at once, while the visitor mid-quiz keeps the version they started", async () => {
    const res = await publish(t, { flows: [{ file: FILE, text: text.replace(OLD_TITLE, NEW_TITLE) }] });
    expect(res.statusCode, res.body).toBe(200);
    const [published] = res.json<{ data: { flows: { code: string; hash: string; changed: boolean }[] } }>().data.flows;
    expect(published).toMatchObject({ code: CODE, changed: true });

    const now = await liveAnxiety(t);
    expect(now.hash).toBe(published!.hash);
    expect(now.hash).not.toBe(before.hash);
    expect(now.steps[0]!.title).toBe(NEW_TITLE);
    const newcomer = await startAnxiety(client(t.app, "198.51.100.42"), now.hash);
    expect(newcomer.statusCode).toBe(201);
    expect(newcomer.json().data.flow_hash).toBe(now.hash);

    // The first visitor's browser still runs the old version: its answers are taken, its steps are the old ones.
    const old = await version(t, before.hash);
    expect(old.statusCode).toBe(200);
    expect(old.json<{ data: ServedFlow }>().data.steps[0]!.title).toBe(OLD_TITLE);
    await expectKeepsVersion(midQuiz, before.hash);
  });

  it("publishing the same text again changes nothing", async () => {
    const res = await publish(t, { flows: [{ file: FILE, text: text.replace(OLD_TITLE, NEW_TITLE) }] });
    expect(res.json().data.flows[0].changed).toBe(false);
  });

  it("keeps the published version live over a restart, and the earlier one for the visitor mid-quiz", async () => {
    const published = await liveAnxiety(t);
    const restarted = await createTestApp({ database: t.database, operatorToken: OPERATOR });
    try {
      expect((await liveAnxiety(restarted)).hash).toBe(published.hash);
      expect((await liveAnxiety(restarted)).steps[0]!.title).toBe(NEW_TITLE);
      expect((await version(restarted, before.hash)).statusCode).toBe(200);
    } finally {
      await restarted.close();
    }
  });

  it("lists each version with when and how it went live on the flows page", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/admin/funnels", headers: { authorization: `Bearer ${OPERATOR}` } });
    const flow = res.json<{ data: { code: string; wentLive: { hash: string; how: string; at: string }[] }[] }>().data.find((f) => f.code === CODE)!;
    expect(flow.wentLive.map((v) => [v.hash, v.how])).toEqual([
      [(await liveAnxiety(t)).hash, "publish"],
      [before.hash, "deploy"],
    ]);
  });

  it("publishes a changed report template for the reports made after it, and refuses a broken one located", async () => {
    const file = "content/reports/anxiety_gad7/report.yaml";
    const template = await readFile(file, "utf8");
    const titleOf = async () =>
      (await t.app.inject({ method: "GET", url: `/api/admin/reports/${CODE}`, headers: { authorization: `Bearer ${OPERATOR}` } })).json<{
        data: { title: string };
      }>().data.title;
    expect(await titleOf()).toBe("Your anxiety report");

    const broken = await publish(t, { reports: [{ code: CODE, file, text: template.replace("    higher_is: worse", "    higher_is: sideways") }] });
    expect(broken.statusCode).toBe(422);
    expect(broken.json().error.problems[0]).toMatchObject({ file, line: template.split("\n").indexOf("    higher_is: worse") + 1 });
    expect(await titleOf()).toBe("Your anxiety report");

    const res = await publish(t, { reports: [{ code: CODE, file, text: template.replace("title: Your anxiety report", "title: Your worry report") }] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.reports).toEqual([{ code: CODE, file, changed: true }]);
    expect(await titleOf()).toBe("Your worry report");
  });

  it("serves the flow with the claims rule of its report's live template: a published gap reaches the next load (ADR 036)", async () => {
    const file = "content/reports/anxiety_gad7/report.yaml";
    const template = await readFile(file, "utf8");
    const live = async () => (await client(t.app).get(`/api/quiz/flows/${CODE}`)).json<{ data: { claims?: unknown } }>().data.claims;
    expect(await live()).toEqual({ gap: 10, compares: expect.any(Boolean) as boolean });
    const res = await publish(t, { reports: [{ code: CODE, file, text: `${template.trimEnd()}\nclaims:\n  min_gap: 15\n` }] });
    expect(res.statusCode, res.body).toBe(200);
    expect(await live()).toEqual({ gap: 15, compares: expect.any(Boolean) as boolean });
  });
});
