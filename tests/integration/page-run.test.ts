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
 * history): the page carries the run its visitor cookie can resume, so the app draws that run's
 * step at once instead of the first step while it asks (ADR 078). Nobody else's page carries it.
 */
describe("a funnel page further in carries the run this browser can resume", () => {
  it("for the browser that ran it, on a page kept by nobody; not for another browser, not at the start, not once paid", async () => {
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
    // The funnel's start is drawn for every visitor alike.
    const atStart = await b.browser.get(start);
    expect(bootOf(atStart.body).run).toBeUndefined();
    expect(atStart.body).not.toContain(b.sessionId);

    // Paid for: nothing left to resume (the report is in the account).
    const { orderId } = await checkout(b);
    expect((await deliver(t, maxPay(await paymentFor(t, orderId)))).statusCode).toBe(200);
    const paid = await b.browser.get(deeper);
    expect(bootOf(paid.body).run).toBeUndefined();
    expect(paid.body).not.toContain(b.sessionId);
  });
});
