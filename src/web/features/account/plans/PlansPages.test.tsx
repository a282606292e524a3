import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { fail, mockFetch, ok, type Reply } from "#web/test/fetch-mock.ts";
import { renderRoute, testCustomer } from "#web/test/render-route.tsx";
import { CALM, CAREER, catalogue, planFixture, TAKEN_AT, takenCareer } from "./plan-fixtures.ts";
import type { EduPlan } from "./plans-api.ts";

const as = { customer: { ...testCustomer, is_onboarded: true } };

const locked: Reply = {
  status: 403,
  body: {
    error: {
      code: "subscription_required",
      message: "Education plans, articles and tools come with a Pathwise plan, which you choose with your report.",
      unlock: { reason: "no_plan", href: "/pricing" },
    },
  },
};

/** The server's answer for a plan the customer has not taken: the plan, `taken_at` null (never a 404, ADR 020). */
const notTaken = (plan: typeof CAREER | typeof CALM) => ok(planFixture(plan));
const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));

/** A server that keeps one customer's career plan and answers the completion calls as the API does. */
function server(start: EduPlan | null, options: { failNext?: boolean } = {}) {
  let plan = start;
  let failNext = options.failNext ?? false;
  const mark = (done: (p: EduPlan) => EduPlan) => (): Reply => {
    if (failNext) {
      failNext = false;
      return fail(500, "internal", "The server had a problem.");
    }
    plan = done(plan!);
    return ok(plan);
  };
  const doneIds = (p: EduPlan) => p.days.flatMap((d) => d.tasks.filter((t) => t.is_completed).map((t) => t.id));
  const calls = mockFetch({
    "GET /edu-plan/list": ok(catalogue()),
    "GET /customer/edu-plan/list": () => ok(plan ? [plan] : []),
    "GET /customer/edu-plan/1": () => (plan ? ok(plan) : notTaken(CAREER)),
    "GET /customer/edu-plan/2": notTaken(CALM),
    "POST /customer/edu-plan/take": () => {
      plan ??= takenCareer();
      return ok(plan);
    },
    "POST /customer/edu-plan/task/complete": (call) => mark((p) => takenCareer([...doneIds(p), (call.body as { task_id: number }).task_id]))(),
    "POST /customer/edu-plan/day/complete": (call) => {
      const day = (call.body as { day_id: number }).day_id;
      return mark((p) => takenCareer([...doneIds(p), day * 100 + 1, day * 100 + 2]))();
    },
  });
  return { calls, failNext: () => (failNext = true) };
}

describe("/account/plans", () => {
  it("lists the customer's plans first with their progress, then the others, each linking to its page", async () => {
    server(takenCareer([101, 102, 201]));
    renderRoute("/account/plans", as);
    expect(await screen.findByRole("heading", { level: 1, name: "Education plans" })).toBeTruthy();
    const mine = await screen.findByRole("list", { name: "Your plans" });
    expect(document.title).toBe("Education plans · Pathwise");

    const card = within(mine).getByRole("listitem");
    expect(within(card).getByRole("link", { name: CAREER.name }).getAttribute("href")).toBe("/account/plans/career-clarity");
    expect(within(card).getByText("Day 2 of 3")).toBeTruthy();
    expect(within(card).getByText("1 of 3 days done")).toBeTruthy();
    const bar = within(card).getByRole("progressbar", { name: `Progress in ${CAREER.name}` });
    expect(bar.getAttribute("aria-valuenow")).toBe("1");
    expect(bar.getAttribute("aria-valuemax")).toBe("3");
    expect(within(card).getByText("Career")).toBeTruthy();

    const more = screen.getByRole("list", { name: "More plans" });
    const other = within(more).getByRole("listitem");
    expect(within(other).getByRole("link", { name: CALM.name }).getAttribute("href")).toBe("/account/plans/calm-reset");
    expect(within(other).getByText("2 days · 35 minutes a day")).toBeTruthy();
    expect(within(other).queryByRole("progressbar")).toBeNull();
    // The taken plan is not listed twice.
    expect(screen.getAllByRole("link", { name: CAREER.name })).toHaveLength(1);
  });

  it("a finished plan says so; with nothing taken every plan is offered", async () => {
    server(takenCareer([101, 102, 201, 202, 301, 302]));
    const { unmount } = renderRoute("/account/plans", as);
    const mine = await screen.findByRole("list", { name: "Your plans" });
    expect(within(mine).getByText("Completed")).toBeTruthy();
    expect(within(mine).getByText("3 of 3 days done")).toBeTruthy();
    unmount();

    server(null);
    renderRoute("/account/plans", as);
    expect(await screen.findByRole("heading", { level: 2, name: "Choose a plan to start" })).toBeTruthy();
    expect(within(screen.getByRole("list", { name: "Plans" })).getAllByRole("listitem")).toHaveLength(2);
    expect(screen.queryByRole("list", { name: "Your plans" })).toBeNull();
  });
});

describe("/account/plans/{code}", () => {
  it("an unknown code shows the not-found state in the page, with the way back", async () => {
    server(null);
    renderRoute("/account/plans/no-such-plan", as);
    const h1 = await screen.findByRole("heading", { level: 1, name: "We could not find this plan" });
    expect(document.title).toBe("Plan not found · Pathwise");
    expect(screen.getByRole("link", { name: "Back to all plans" }).getAttribute("href")).toBe("/account/plans");
    await frame();
    await waitFor(() => expect(document.activeElement).toBe(h1));
  });

  it("a plan not taken yet: what it is, its days, and Take this plan, which opens day 1", async () => {
    const { calls } = server(null);
    renderRoute("/account/plans/career-clarity", as);
    expect(await screen.findByRole("heading", { level: 1, name: CAREER.name })).toBeTruthy();
    expect(document.title).toBe(`${CAREER.name} · Pathwise`);
    expect(screen.getByText(CAREER.name, { selector: "strong" })).toBeTruthy();
    const days = screen.getByRole("heading", { level: 2, name: "Day by day" }).closest("section")!;
    expect(
      within(days)
        .getAllByRole("heading", { level: 3 })
        .map((h) => h.textContent),
    ).toEqual([1, 2, 3].map((d) => `Day ${d} title of career-clarity`));
    expect(within(days).getByText("Task 1 of day 2 in career-clarity")).toBeTruthy();
    expect(within(days).queryByRole("link")).toBeNull();

    await userEvent.click(screen.getByRole("button", { name: "Take this plan" }));
    const start = await screen.findByRole("link", { name: "Start with day 1" });
    expect(start.getAttribute("href")).toBe("/account/plans/career-clarity/1");
    await frame();
    await waitFor(() => expect(document.activeElement).toBe(start));
    expect(calls.filter((c) => c.method === "POST")).toEqual([{ method: "POST", path: "/customer/edu-plan/take", body: { plan_id: 1 } }]);
    expect(screen.getByText("Day 1 of 3")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Day 2 title of career-clarity" }).getAttribute("href")).toBe("/account/plans/career-clarity/2");
  });

  it("a failed Take is announced and nothing changes", async () => {
    mockFetch({
      "GET /edu-plan/list": ok(catalogue()),
      "GET /customer/edu-plan/list": ok([]),
      "GET /customer/edu-plan/1": notTaken(CAREER),
      "POST /customer/edu-plan/take": fail(500, "internal", "The server had a problem."),
    });
    renderRoute("/account/plans/career-clarity", as);
    await userEvent.click(await screen.findByRole("button", { name: "Take this plan" }));
    expect((await screen.findByRole("alert")).textContent).toContain("We could not add this plan just now: The server had a problem.");
    expect(screen.getByRole("button", { name: "Take this plan" })).toBeTruthy();
  });

  it("a taken plan: progress, which days are done and which is next, and Continue with day N", async () => {
    server(takenCareer([101, 102, 201]));
    renderRoute("/account/plans/career-clarity", as);
    const go = await screen.findByRole("link", { name: "Continue with day 2" });
    expect(go.getAttribute("href")).toBe("/account/plans/career-clarity/2");
    expect(screen.getByRole("progressbar").getAttribute("aria-valuetext")).toBe("1 of 3 days done");
    const days = screen.getByRole("heading", { level: 2, name: "Day by day" }).closest("section")!;
    const statuses = [...days.querySelectorAll(".plan-day")].map((li) => li.querySelector(".plan-day__status")?.textContent);
    expect(statuses).toEqual(["Done", "Next", "Not done yet"]);
  });

  it("a plan gone since the lists were read (404) says it cannot be found", async () => {
    mockFetch({
      "GET /edu-plan/list": ok(catalogue()),
      "GET /customer/edu-plan/list": ok([]),
      "GET /customer/edu-plan/1": fail(404, "not_found", "Plan not found"),
    });
    renderRoute("/account/plans/career-clarity", as);
    expect(await screen.findByRole("heading", { level: 1, name: "We could not find this plan" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Take this plan" })).toBeNull();
  });

  it("locked: the outline with its days and task titles, a lock, and the way to unlock — never a not-found", async () => {
    mockFetch({
      "GET /edu-plan/list": ok(catalogue()),
      "GET /customer/edu-plan/list": ok([]),
      "GET /customer/edu-plan/1": locked,
    });
    renderRoute("/account/plans/career-clarity", as);
    expect(await screen.findByRole("heading", { level: 1, name: CAREER.name })).toBeTruthy();
    expect(screen.getByText("Locked")).toBeTruthy();
    const lock = screen.getByRole("region", { name: "Unlock this plan" });
    expect(within(lock).getByText(/come with a Pathwise plan/)).toBeTruthy();
    expect(within(lock).getByRole("link", { name: "See the plans" }).getAttribute("href")).toBe("/pricing");
    expect(screen.getByText("Task 2 of day 3 in career-clarity")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Take this plan" })).toBeNull();
    expect(screen.queryByText(/could not find/)).toBeNull();
  });
});

describe("/account/plans/{code}/{day}", () => {
  it("shows the day's tasks with their texts as HTML, progress, and the days before and after", async () => {
    server(takenCareer([101, 102]));
    renderRoute("/account/plans/career-clarity/2", as);
    const h1 = await screen.findByRole("heading", { level: 1, name: "Day 2 title of career-clarity" });
    expect(document.title).toBe(`Day 2: Day 2 title of career-clarity · ${CAREER.name} · Pathwise`);
    await frame();
    await waitFor(() => expect(document.activeElement).toBe(h1));
    expect(screen.getByText("Day 2 of 3", { selector: ".eyebrow" })).toBeTruthy();
    expect(screen.getByRole("progressbar").getAttribute("aria-valuenow")).toBe("1");

    const tasks = within(screen.getByRole("list", { name: "Tasks of day 2" })).getAllByRole("listitem");
    expect(tasks).toHaveLength(2);
    expect(within(tasks[0]!).getByRole("heading", { level: 2, name: "Task 1 of day 2 in career-clarity" })).toBeTruthy();
    expect(within(tasks[0]!).getByRole("heading", { level: 3, name: "Why it helps 201" })).toBeTruthy();
    expect(within(tasks[0]!).getByRole("link", { name: "the energy map" }).getAttribute("href")).toBe("/account/tools/energy-map");
    expect(within(tasks[0]!).getByText("15 min")).toBeTruthy();

    const pager = screen.getByRole("navigation", { name: "Days" });
    expect(within(pager).getByRole("link", { name: /Day 1/ }).getAttribute("href")).toBe("/account/plans/career-clarity/1");
    expect(within(pager).getByRole("link", { name: /Day 3/ }).getAttribute("href")).toBe("/account/plans/career-clarity/3");
    expect(screen.getByRole("link", { name: CAREER.name }).getAttribute("href")).toBe("/account/plans/career-clarity");
  });

  it("a task shows done at once, is saved, and the last task finishes the day and offers the next", async () => {
    const { calls } = server(takenCareer());
    // The first save waits until the test lets it through: the page must not wait for it.
    const answer = globalThis.fetch;
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === "POST") await held;
      return answer(input, init);
    });
    const user = userEvent.setup();
    renderRoute("/account/plans/career-clarity/1", as);
    await user.click(await screen.findByRole("button", { name: "Mark as done: Task 1 of day 1 in career-clarity" }));
    expect(screen.getByRole("button", { name: "Done: Task 1 of day 1 in career-clarity" }).getAttribute("aria-disabled")).toBe("true");
    expect(screen.getByText(/1 of 2 tasks done\./)).toBeTruthy();
    expect(calls.filter((c) => c.method === "POST")).toEqual([]);
    release();
    await waitFor(() => expect(calls.filter((c) => c.method === "POST")).toHaveLength(1));

    await user.click(screen.getByRole("button", { name: "Mark as done: Task 2 of day 1 in career-clarity" }));
    const finished = await screen.findByRole("heading", { level: 2, name: "Day 1 is done" });
    await waitFor(() => expect(document.activeElement).toBe(finished));
    expect(screen.getByText(/Next up: day 2, Day 2 title of career-clarity\./)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go to day 2" }).getAttribute("href")).toBe("/account/plans/career-clarity/2");
    expect(screen.queryByRole("button", { name: /Complete day/ })).toBeNull();
    await waitFor(() => expect(screen.getByRole("progressbar").getAttribute("aria-valuenow")).toBe("1"));
    expect(calls.filter((c) => c.method === "POST").map((c) => c.body)).toEqual([
      { plan_id: 1, task_id: 101 },
      { plan_id: 1, task_id: 102 },
    ]);
  });

  it("Complete day marks the tasks left as done too", async () => {
    const { calls } = server(takenCareer([201]));
    renderRoute("/account/plans/career-clarity/2", as);
    expect(await screen.findByText(/Completing the day marks the tasks left as done too\./)).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Complete day 2" }));
    expect(await screen.findByRole("heading", { level: 2, name: "Day 2 is done" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Done: Task 2 of day 2 in career-clarity" })).toBeTruthy();
    expect(calls.filter((c) => c.method === "POST").map((c) => c.body)).toEqual([{ plan_id: 1, day_id: 2 }]);
  });

  it("a refused save puts the task back as it was and says why", async () => {
    const s = server(takenCareer());
    s.failNext();
    renderRoute("/account/plans/career-clarity/1", as);
    await userEvent.click(await screen.findByRole("button", { name: "Mark as done: Task 1 of day 1 in career-clarity" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("That was not saved, so it is shown as before. The server had a problem.");
    expect(await screen.findByRole("button", { name: "Mark as done: Task 1 of day 1 in career-clarity" })).toBeTruthy();
    expect(screen.getByText(/0 of 2 tasks done\./)).toBeTruthy();
  });

  it("locked: the day's outline and the way to unlock", async () => {
    mockFetch({
      "GET /edu-plan/list": ok(catalogue()),
      "GET /customer/edu-plan/list": ok([planFixture({ ...CAREER, taken_at: TAKEN_AT }, { withText: false, doneTasks: [101] })]),
      "GET /customer/edu-plan/1": locked,
    });
    renderRoute("/account/plans/career-clarity/1", as);
    expect(await screen.findByRole("heading", { level: 1, name: "Day 1 title of career-clarity" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "See the plans" }).getAttribute("href")).toBe("/pricing");
    expect(screen.getByText("Task 2 of day 1 in career-clarity")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Mark as done/ })).toBeNull();
  });

  it("an unknown day, or a plan not taken, says so with the way on", async () => {
    server(takenCareer());
    const { unmount } = renderRoute("/account/plans/career-clarity/9", as);
    expect(await screen.findByRole("heading", { level: 1, name: "We could not find this day" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to the plan" }).getAttribute("href")).toBe("/account/plans/career-clarity");
    unmount();

    server(null);
    renderRoute("/account/plans/calm-reset/1", as);
    expect(await screen.findByRole("heading", { level: 1, name: `Take “${CALM.name}” to start this day` })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go to the plan" }).getAttribute("href")).toBe("/account/plans/calm-reset");
  });
});
