import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { flowRoutes, isEntryPath } from "#engine/flow/routes.ts";
import { buyer, checkout, deliver, maxPay, nextIp, paymentFor, paymentsTestApp } from "../helpers/payments.ts";
import { FLOW } from "../helpers/quiz.ts";
import { client, closeSharedDatabase, type TestApp } from "../helpers/test-app.ts";

const INDEX_HTML = '<!doctype html><html><head><script type="module" src="/assets/app-abc123.js"></script></head><body><div id="root"></div></body></html>';

let t: TestApp;
let distDir: string;

beforeAll(async () => {
  distDir = await mkdtemp(join(tmpdir(), "pathwise-dist-"));
  await mkdir(join(distDir, "assets"));
  await writeFile(join(distDir, "index.html"), INDEX_HTML);
  t = await paymentsTestApp({ distDir });
});
afterAll(async () => {
  await t.close();
  await closeSharedDatabase();
  await rm(distDir, { recursive: true, force: true });
});

type Boot = { flow?: { code: string }; run?: { sessionId: string; answers: Record<string, unknown>; variants: Record<string, string> } };
const bootOf = (html: string): Boot => JSON.parse(/<script type="application\/json" id="boot-data">(.*?)<\/script>/.exec(html)![1]!) as Boot;

/** A path of the fixture flow further in than its entries (its result page), and its start. */
function paths() {
  const flow = t.app.services.flows.byCode(FLOW)!;
  const routes = flowRoutes(t.app.services.flows.all()).filter((r) => r.flow === FLOW);
  return { deeper: routes.find((r) => !isEntryPath(flow, r.path))!.path, start: flow.paths.start };
}

/**
 * A browser that lost its saved run and opens a page further into the funnel (its offer, from
 * history) or its start again (the ad): the page carries the run its visitor cookie can resume, so
 * the app draws that run's step at once instead of the first step while it asks (ADR 078). Nobody
 * else's page carries it.
 */
describe("a funnel's page carries the run this browser can resume", () => {
  it("for the browser that ran it, on a page kept by nobody; not for another browser, a restart link, or once paid", async () => {
    const b = await buyer(t, "page-run@example.org");
    const { deeper, start } = paths();

    const own = await b.browser.get(deeper);
    expect(own.statusCode).toBe(200);
    expect(own.headers["cache-control"]).toBe("private, no-store");
    const run = bootOf(own.body).run!;
    expect(run.sessionId).toBe(b.sessionId);
    expect(Object.keys(run.answers).length).toBeGreaterThan(2);
    expect(run.answers["likes-building"]).toBeDefined();

    // Another browser (its own visitor cookie, or none) gets the shared page, without anybody's run.
    for (const other of [client(t.app, nextIp(), t.origin), null]) {
      const res = other ? await other.get(deeper) : await t.app.inject({ method: "GET", url: deeper });
      expect(res.statusCode).toBe(200);
      expect(bootOf(res.body).run).toBeUndefined();
      expect(res.headers["cache-control"]).toBe("no-cache");
      expect(res.body).not.toContain(b.sessionId);
    }
    // At the funnel's start too: a run with answers is the visitor's own place, which the browser draws.
    const atStart = await b.browser.get(start);
    expect(bootOf(atStart.body).run?.sessionId).toBe(b.sessionId);
    expect(atStart.headers["cache-control"]).toBe("private, no-store");
    // Not for the restart link, which asks for a new run (ADR 077): the start drawn for everyone.
    const restart = await b.browser.get(`${start}?utm_source=mail&again=1`);
    expect(bootOf(restart.body).run).toBeUndefined();
    expect(restart.headers["cache-control"]).toBe("no-cache");
    expect(restart.body).not.toContain(b.sessionId);

    // Paid for: nothing left to resume (the report is in the account).
    const { orderId } = await checkout(b);
    expect((await deliver(t, maxPay(await paymentFor(t, orderId)))).statusCode).toBe(200);
    const paid = await b.browser.get(deeper);
    expect(bootOf(paid.body).run).toBeUndefined();
    expect(paid.body).not.toContain(b.sessionId);
  });

  it("not at the start for a run with no answers yet: the start is drawn for everyone, and is that run's place", async () => {
    const browser = client(t.app, nextIp(), t.origin);
    const { deeper, start } = paths();
    const session = await browser.post("/api/quiz/sessions", { flow_code: FLOW, flow_hash: t.app.services.flows.byCode(FLOW)!.hash });
    expect(session.statusCode).toBe(201);
    const atStart = await browser.get(start);
    expect(bootOf(atStart.body).run).toBeUndefined();
    expect(atStart.headers["cache-control"]).toBe("no-cache");
    // Further in, the run comes with the page (the app moves to its place).
    expect(bootOf((await browser.get(deeper)).body).run?.sessionId).toBe(session.json().data.id);
  });
});
