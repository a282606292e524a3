import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FunnelGraphView } from "#schemas/api/admin-funnel-graph.ts";
import { sampleAnswers } from "#engine/flow/sample-answers.ts";
import { staffAndCustomer } from "../helpers/console-users.ts";
import { checkout, deliver, maxPay, nextIp, paymentFor } from "../helpers/payments.ts";
import type { Browser } from "../helpers/quiz.ts";
import { client, closeSharedDatabase, createTestApp, type TestApp } from "../helpers/test-app.ts";

/**
 * The funnel graph's API (ADR 063) against visitors driven down known paths of a funnel with a
 * branch on an answer, a branch on an experiment's variant and a payment that can be declined
 * (tests/fixtures/flows/graph-shop.yaml). Every node and edge it answers must be what the visitors
 * did, for everyone and for each variant.
 */
const FLOW = "graph_shop";
const OPERATOR = "an-operator-token-of-at-least-thirty-two-characters";
const DAY = { since: "2026-05-10T00:00:00.000Z", until: "2026-05-11T00:00:00.000Z" };
const GRAPH = `/api/admin/funnels/${FLOW}/graph`;

let t: TestApp;
let staff: Browser;
let customer: Browser;
let emails = 0;

/** What one driven visitor did: the variant it was given, the steps it was shown in order, whether it paid. */
type Walk = { variant: string; shown: string[]; paid: boolean };
const walks: Walk[] = [];

/** `show`: the step is shown (and answered when `answer` is there: undefined for a sample answer); `back`: the visitor went back to it. */
type Action = { show: string; answer?: unknown; back?: true } | { pay: "success" | "decline" };

/**
 * A visitor in a browser of its own, in `variant` of the flow's experiment, doing what the browser
 * app does: a view when a step is shown, the step's answer when it moves on (a sample answer, its
 * e-mail at the e-mail step), completing the quiz at the preparing step, a checkout at the payment
 * step. The app's clock moves a second before each call, so no two of a run's events share an instant.
 */
async function visitor(variant: string, actions: Action[]): Promise<void> {
  const flow = t.flows.find((f) => f.code === FLOW)!;
  const browser = client(t.app, nextIp(), t.origin);
  const tick = () => t.clock.advance(1);
  tick();
  const started = await browser.post("/api/quiz/sessions", { flow_code: FLOW, flow_hash: flow.hash, variants: { offer_copy: variant } });
  expect(started.statusCode, started.body).toBe(201);
  const session = started.json<{ data: { id: string; variants: Record<string, string> } }>().data;
  expect(session.variants).toEqual({ offer_copy: variant });
  const walk: Walk = { variant, shown: [], paid: false };
  walks.push(walk);
  const view = async (stepId: string) => {
    tick();
    expect((await browser.post(`/api/quiz/sessions/${session.id}/events`, { type: "view", step_id: stepId })).statusCode).toBe(202);
    walk.shown.push(stepId);
  };
  for (const action of actions) {
    if ("pay" in action) {
      tick();
      const { orderId } = await checkout({ browser, sessionId: session.id, customerId: "", email: "" }, "trial_7d");
      expect((await deliver(t, maxPay(await paymentFor(t, orderId, { outcome: action.pay })))).statusCode).toBe(200);
      walk.paid ||= action.pay === "success";
    } else {
      await view(action.show);
      if (!("answer" in action)) continue;
      const step = flow.steps.find((s) => s.id === action.show)!;
      const value = step.kind === "email" ? `graph${++emails}@example.com` : (action.answer ?? sampleAnswers(flow, step)[0] ?? null);
      tick();
      const saved = await browser.post(`/api/quiz/sessions/${session.id}/answers`, { step_id: step.id, value, flow_hash: flow.hash });
      expect(saved.statusCode, `${step.id}: ${saved.body}`).toBe(200);
      if (step.kind === "preparing") expect((await browser.post(`/api/quiz/sessions/${session.id}/complete`, {})).statusCode).toBe(200);
    }
  }
}

const answered = (...ids: string[]): Action[] => ids.map((show) => ({ show, answer: undefined }));
const student = { show: "situation", answer: "student" };
const working = { show: "situation", answer: "working_change" };

async function graph(query: Record<string, string> = {}): Promise<FunnelGraphView> {
  const res = await staff.get(`${GRAPH}?${new URLSearchParams({ ...DAY, ...query })}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: FunnelGraphView }>().data;
}

beforeAll(async () => {
  t = await createTestApp({ flows: { dir: join(process.cwd(), "tests/fixtures/flows"), only: /^graph-shop\.yaml$/ }, operatorToken: OPERATOR });
  ({ staff, customer } = await staffAndCustomer(t, OPERATOR));

  // The day before the window: a run the window must not count.
  t.clock.set(new Date("2026-05-09T12:00:00Z"));
  await visitor("plain", [{ show: "intro", answer: null }, { show: "r1" }]);
  walks.length = 0;

  t.clock.set(new Date("2026-05-10T09:00:00Z"));
  // Pays at once, straight through.
  await visitor("plain", [
    ...answered("intro", "r1", "i1", "a1"),
    working,
    ...answered("s1", "e1", "c1", "email", "preparing", "pre_checkout"),
    { show: "checkout" },
    { pay: "success" },
    { show: "result" },
  ]);
  // A student shown the story; the payment is declined, it goes back to the plans and pays.
  await visitor("story", [
    ...answered("intro", "r1", "i1", "a1"),
    student,
    ...answered("for_students", "s1", "e1", "c1", "story", "email", "preparing", "pre_checkout"),
    { show: "checkout" },
    { pay: "decline" },
    { show: "pre_checkout", back: true },
    { show: "checkout" },
    { pay: "success" },
    { show: "result" },
  ]);
  // Leaves on the story.
  await visitor("story", [...answered("intro", "r1", "i1", "a1"), working, ...answered("s1", "e1", "c1"), { show: "story" }]);
  // Answers "student", reads the students' page, goes back and changes to "working"; its payment is declined and it leaves.
  await visitor("plain", [
    ...answered("intro", "r1", "i1", "a1"),
    student,
    { show: "for_students" },
    { ...working, back: true },
    ...answered("s1", "e1", "c1", "email", "preparing", "pre_checkout"),
    { show: "checkout" },
    { pay: "decline" },
  ]);
  // Leaves before anything is recorded.
  await visitor("plain", []);
}, 240_000);
afterAll(async () => {
  await t.close();
  await closeSharedDatabase();
});

/** The steps and transitions of graph-shop.yaml, as its compiled machine must give them. */
const MACHINE = [
  { from: "intro", to: "r1", by: "answer", when: null },
  { from: "r1", to: "i1", by: "answer", when: null },
  { from: "i1", to: "a1", by: "answer", when: null },
  { from: "a1", to: "situation", by: "answer", when: null },
  { from: "situation", to: "for_students", by: "answer", when: "situation is student" },
  { from: "situation", to: "s1", by: "answer", when: "otherwise" },
  { from: "for_students", to: "s1", by: "answer", when: null },
  { from: "s1", to: "e1", by: "answer", when: null },
  { from: "e1", to: "c1", by: "answer", when: null },
  { from: "c1", to: "story", by: "answer", when: "variant offer_copy is story" },
  { from: "c1", to: "email", by: "answer", when: "otherwise" },
  { from: "story", to: "email", by: "answer", when: null },
  { from: "email", to: "preparing", by: "answer", when: null },
  { from: "preparing", to: "pre_checkout", by: "answer", when: null },
  { from: "pre_checkout", to: "checkout", by: "answer", when: null },
  { from: "checkout", to: "result", by: "answer", when: null },
  // The way back after a declined payment.
  { from: "checkout", to: "pre_checkout", by: "trail", when: null },
];
const STEPS = ["intro", "r1", "i1", "a1", "situation", "for_students", "s1", "e1", "c1", "story", "email", "preparing", "pre_checkout", "checkout", "result"];

/** What the driven visitors of `variant` (all without one) did, counted from their walks alone. */
function expected(variant?: string) {
  const mine = walks.filter((w) => !variant || w.variant === variant);
  const moves = new Map<string, Set<Walk>>();
  for (const w of mine) {
    w.shown.forEach((to, i) => {
      const from = w.shown[i - 1];
      if (from && from !== to) moves.set(`${from}>${to}`, (moves.get(`${from}>${to}`) ?? new Set()).add(w));
    });
  }
  const machine = new Set(MACHINE.map((e) => `${e.from}>${e.to}`));
  const taken = [...moves.keys()].filter((k) => !machine.has(k)).map((k) => ({ from: k.split(">")[0]!, to: k.split(">")[1]!, by: "trail", when: null }));
  const lastNew = (w: Walk) => w.shown.filter((s, i) => w.shown.indexOf(s) === i).at(-1) ?? "intro";
  return {
    visitors: mine.length,
    nodes: STEPS.map((id) => ({
      id,
      visitors: id === "intro" ? mine.length : mine.filter((w) => w.shown.includes(id)).length,
      left: id === "result" ? 0 : mine.filter((w) => !w.paid && lastNew(w) === id).length,
    })),
    edges: [...MACHINE, ...taken].map((e) => ({ ...e, visitors: moves.get(`${e.from}>${e.to}`)?.size ?? 0 })),
  };
}

const figures = (g: FunnelGraphView) => ({
  visitors: g.visitors,
  nodes: g.nodes.map(({ id, visitors, left }) => ({ id, visitors, left })),
  edges: g.edges.map(({ from, to, by, when, visitors }) => ({ from, to, by, when, visitors })),
});

describe("the funnel graph", () => {
  it("answers every step and transition of the compiled machine with exactly what the driven visitors did", async () => {
    const g = await graph();
    expect(figures(g)).toEqual(expected());
    // The paths as driven, read plainly: two took the student branch, one went back from it.
    const edge = (from: string, to: string) => g.edges.find((e) => e.from === from && e.to === to)?.visitors;
    expect(edge("situation", "for_students")).toBe(2);
    expect(edge("for_students", "situation")).toBe(1);
    expect(edge("checkout", "pre_checkout")).toBe(1);
    expect(edge("checkout", "result")).toBe(2);
    expect(g.nodes.find((n) => n.id === "checkout")).toMatchObject({ visitors: 3, left: 1 });
    expect(g.nodes.find((n) => n.id === "intro")).toMatchObject({ title: "Welcome", kind: "info", visitors: 5, left: 1 });
  });

  it.each(["plain", "story"])("with the variant filter, counts only the runs of variant %s", async (variant) => {
    const g = await graph({ variant: `offer_copy:${variant}` });
    expect(g.variant).toBe(`offer_copy:${variant}`);
    expect(figures(g)).toEqual(expected(variant));
  });

  it("keeps an edge nobody took in the variant, with 0", async () => {
    const plain = await graph({ variant: "offer_copy:plain" });
    expect(plain.edges.find((e) => e.from === "c1" && e.to === "story")).toMatchObject({ visitors: 0 });
    const story = await graph({ variant: "offer_copy:story" });
    expect(story.edges.find((e) => e.from === "c1" && e.to === "email")).toMatchObject({ visitors: 0 });
  });
});

describe("the funnel graph refuses what it cannot answer", () => {
  it("is for staff only", async () => {
    expect((await client(t.app).get(GRAPH)).statusCode).toBe(401);
    expect((await customer.get(GRAPH)).statusCode).toBe(403);
  });

  it.each([
    ["an unknown flow", "/api/admin/funnels/no_such_flow/graph", 404, "not_found"],
    ["a window that ends before it starts", `${GRAPH}?since=${DAY.until}&until=${DAY.since}`, 400, "invalid_window"],
    ["a window over 400 days", `${GRAPH}?since=2024-01-01T00:00:00Z&until=${DAY.until}`, 400, "invalid_window"],
    ["a date that is not one", `${GRAPH}?since=yesterday`, 400, "invalid_request"],
    ["an experiment the flow does not have", `${GRAPH}?variant=pricing:a`, 400, "unknown_variant"],
    ["a variant the experiment does not have", `${GRAPH}?variant=offer_copy:loud`, 400, "unknown_variant"],
    ["a variant without its experiment", `${GRAPH}?variant=story`, 400, "invalid_request"],
    ["a parameter it does not take", `${GRAPH}?by=utm_source`, 400, "invalid_request"],
  ])("%s (%s): %i %s", async (_what, url, status, code) => {
    const res = await staff.get(url);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().error.code).toBe(code);
  });
});
