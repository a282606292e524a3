import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { drawOrder, orderProblem } from "#engine/flow/order.ts";
import type { CompiledFlow } from "#engine/flow/types.ts";
import { rowCounts, sessionRow } from "../helpers/quiz.ts";
import { client, closeSharedDatabase, createTestApp, linkIn, type TestApp } from "../helpers/test-app.ts";

/**
 * The order a session shows shuffled options in (ADR 067), on the real anxiety funnel (its triggers
 * question shuffles, keeping "not sure" last): stored with the session as drawn once, the same on
 * another device, and never a browser's made-up order.
 */
const OPERATOR = "an-operator-token-of-at-least-thirty-two-characters";
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ flows: { only: /^anxiety\.yaml$/ }, operatorToken: OPERATOR });
});
afterAll(async () => {
  await t.close();
  await closeSharedDatabase();
});

const flow = () => t.flows.find((f) => f.code === "anxiety_gad7")!;
const start = (ip: string, extra: Record<string, unknown> = {}) => {
  const browser = client(t.app, ip);
  return { browser, started: browser.post("/api/quiz/sessions", { flow_code: flow().code, flow_hash: flow().hash, ...extra }) };
};

describe("the order of a shuffled question", () => {
  it("is stored as each browser drew it: two sessions, two orders, each kept", async () => {
    // Two seeds whose draws differ, as two browsers' random seeds would.
    const [first, second] = [drawOrder(flow(), "first-browser"), drawOrder(flow(), "second-browser")];
    expect(first.options.triggers).not.toEqual(second.options.triggers);
    const a = await start("198.51.100.60", { order: first }).started;
    const b = await start("198.51.100.61", { order: second }).started;
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().data.order).toEqual(first);
    expect(b.json().data.order).toEqual(second);
    expect((await sessionRow(t, a.json().data.id)).shownOrder).toEqual(first);
    expect((await sessionRow(t, b.json().data.id)).shownOrder).toEqual(second);
  });

  it("is drawn by the server from the session id when the browser sends none, with 'not sure' last", async () => {
    const { started } = start("198.51.100.62");
    const session = (await started).json().data;
    expect(session.order).toEqual(drawOrder(flow(), session.id));
    expect(session.order.options.triggers.at(-1)).toBe("unsure");
  });

  it("stays the session's order: the same browser re-opening it, and a second device with the e-mailed link", async () => {
    const order = drawOrder(flow(), "laptop");
    const { browser: laptop, started } = start("198.51.100.63", { order });
    const session = (await started).json().data;
    // The same browser starting again re-opens the session; another order sent then changes nothing.
    const again = await laptop.post("/api/quiz/sessions", { flow_code: flow().code, flow_hash: flow().hash, order: drawOrder(flow(), "other") });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ id: session.id, order });

    for (const [step_id, value] of [
      ["triggers", ["money"]],
      ["email", "order-resume@example.org"],
    ] as const)
      expect((await laptop.post(`/api/quiz/sessions/${session.id}/answers`, { step_id, value, flow_hash: flow().hash })).statusCode).toBe(200);
    const token = linkIn(await t.outbox(), "order-resume@example.org", "/continue?token=").searchParams.get("token")!;
    const phone = client(t.app, "198.51.100.64");
    const resumed = await phone.post("/api/quiz/sessions/resume", { token });
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json().data).toMatchObject({ session_id: session.id, order, answers: { triggers: ["money"] } });
  });

  it("refuses an order the flow could not draw with a clear 400, and starts nothing", async () => {
    const good = drawOrder(flow(), "x");
    const before = await rowCounts(t);
    const triggers = good.options.triggers!;
    for (const [order, path] of [
      [{ ...good, options: { triggers: [triggers.at(-1)!, ...triggers.slice(0, -1)] } }, "body.order.options.triggers"],
      [{ ...good, options: { ...good.options, duration: ["weeks", "months", "long", "always"] } }, "body.order.options.duration"],
      [{ ...good, options: { triggers: triggers.slice(1) } }, "body.order.options.triggers"],
      [{ options: { triggers: "work" } }, "body.order.options.triggers"],
    ] as const) {
      const res = await start("198.51.100.65", { order }).started;
      expect(res.statusCode, JSON.stringify(order)).toBe(400);
      expect(res.json().error.issues.map((i: { path: string }) => i.path)).toContain(path);
    }
    expect(await rowCounts(t)).toEqual(before);
  });
});

describe("a session re-opened by a browser that lost its progress and runs a newer version", () => {
  // Last in the file: it publishes a version of the funnel, live for the tests after it.
  it("keeps one order for the browser and the row: the browser's, when the stored one cannot be shown in the new version", async () => {
    const stored = drawOrder(flow(), "before-the-publish");
    const { browser, started } = start("198.51.100.66", { order: stored });
    const session = (await started).json().data;
    expect((await browser.post(`/api/quiz/sessions/${session.id}/answers`, { step_id: "gad1", value: 2, flow_hash: flow().hash })).statusCode).toBe(200);

    // A new trigger: the stored order of the triggers question lacks it.
    const text = await readFile("flows/anxiety.yaml", "utf8");
    const unsure = '      - { id: unsure, label: "Nothing in particular, or I am not sure" }';
    expect(text).toContain(unsure);
    const published = await t.app.inject({
      method: "POST",
      url: "/api/admin/flows/publish",
      payload: { flows: [{ file: "flows/anxiety.yaml", text: text.replace(unsure, `      - { id: sleep, label: Poor sleep }\n${unsure}`) }] },
      headers: { authorization: `Bearer ${OPERATOR}` },
    });
    expect(published.statusCode, published.body).toBe(200);
    const live = (await client(t.app).get("/api/quiz/flows/anxiety_gad7")).json<{ data: CompiledFlow }>().data;
    expect(orderProblem(live, stored)).not.toBeNull();

    // Local storage cleared: the browser runs the live version, draws an order for it and starts again.
    const drawn = drawOrder(live, "after-the-publish");
    const again = await browser.post("/api/quiz/sessions", { flow_code: live.code, flow_hash: live.hash, order: drawn });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ id: session.id, flow_hash: live.hash, order: drawn, answers: { gad1: 2 } });
    expect((await sessionRow(t, session.id)).shownOrder).toEqual(drawn);

    // Re-opened again in that version, the order stays.
    const third = await browser.post("/api/quiz/sessions", { flow_code: live.code, flow_hash: live.hash, order: drawOrder(live, "another") });
    expect(third.json().data.order).toEqual(drawn);
  });
});
