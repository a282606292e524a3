import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ANXIETY, liveAnxiety, publishTo } from "../helpers/published-flows.ts";
import { client, closeSharedDatabase, createTestApp, type TestApp } from "../helpers/test-app.ts";

/**
 * A browser that already runs a version another process published, reaching a process that has not
 * looked at the table yet (ADR 066): the process looks at once, and serves it.
 */
const OPERATOR = "an-operator-token-every-process-of-this-deployment-shares";
const { file: FILE, code: CODE, oldTitle: OLD_TITLE } = ANXIETY;
const NEW_TITLE = "How often did worry get in your way this fortnight?";

let a: TestApp;
let b: TestApp;
let text: string;

const publish = (app: TestApp, flows: { file: string; text: string }[]) => publishTo(app, OPERATOR, { flows });
const hashOf = (res: { json: () => unknown }) => (res.json() as { data: { flows: { hash: string }[] } }).data.flows[0]!.hash;

beforeAll(async () => {
  // Neither process polls: what one knows of the other's publishes comes only from looking when asked.
  a = await createTestApp({ operatorToken: OPERATOR, env: { FLOW_VERSIONS_POLL_SECONDS: "0" } });
  b = await createTestApp({ database: a.database, operatorToken: OPERATOR, env: { FLOW_VERSIONS_POLL_SECONDS: "0" } });
  text = await readFile(FILE, "utf8");
});
afterAll(async () => {
  await b.close();
  await a.close();
  await closeSharedDatabase();
});

describe("a version one process published, asked of another", () => {
  it("a browser on the new version starts, answers and fetches it on a process that had not looked yet", async () => {
    const res = await publish(a, [{ file: FILE, text: text.replace(OLD_TITLE, NEW_TITLE) }]);
    expect(res.statusCode, res.body).toBe(200);
    const hash = hashOf(res);

    const browser = client(b.app, "198.51.100.71");
    const version = await browser.get(`/api/quiz/flows/${CODE}/versions/${hash}`);
    expect(version.statusCode, version.body).toBe(200);
    expect(version.json().data.steps[0].title).toBe(NEW_TITLE);
    const started = await browser.post("/api/quiz/sessions", { flow_code: CODE, flow_hash: hash });
    expect(started.statusCode, started.body).toBe(201);
    const id: string = started.json().data.id;
    expect((await browser.post(`/api/quiz/sessions/${id}/answers`, { step_id: "gad1", value: 1, flow_hash: hash })).statusCode).toBe(200);
    // Having looked, b serves the new version to new visitors too.
    expect((await liveAnxiety(b)).hash).toBe(hash);
  });

  it("a hash no process published is still refused: 404 for the version, 409 for a session", async () => {
    const browser = client(b.app, "198.51.100.72");
    expect((await browser.get(`/api/quiz/flows/${CODE}/versions/notahash00000`)).statusCode).toBe(404);
    const started = await browser.post("/api/quiz/sessions", { flow_code: CODE, flow_hash: "notahash00000" });
    expect(started.statusCode).toBe(409);
    expect(started.json().error.code).toBe("flow_changed");
  });
});
