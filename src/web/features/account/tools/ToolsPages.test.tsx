import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { formatDate } from "#web/shared/dates/format-date.ts";
import { fail, mockFetch, ok, type Call, type Reply } from "#web/test/fetch-mock.ts";
import { renderRoute, testCustomer } from "#web/test/render-route.tsx";
import { entryFixture, toolFixture, toolItems } from "./tool-fixtures.ts";
import type { ToolEntry } from "./tools-api.ts";

const as = { customer: { ...testCustomer, is_onboarded: true } };
const EARLIER = "2026-11-20T09:00:00.000Z";

/** A server that keeps one customer's entries of one tool and answers as the API does; `reject` answers the next save with it. */
function server(name: string, start: ToolEntry[] = []) {
  let entries = [...start];
  let reject: Reply | null = null;
  let clock = Date.parse("2026-11-24T10:00:00.000Z");
  const now = () => new Date((clock += 60_000)).toISOString();
  const base = `/customer/tools/${name}/entries`;
  const save =
    (id: string | null) =>
    (call: Call): Reply => {
      if (reject) {
        const answer = reject;
        reject = null;
        return answer;
      }
      const data = (call.body as { data: Record<string, unknown> }).data;
      const old = entries.find((e) => e.id === id);
      const entry = old ? { ...old, data, updated_at: now() } : entryFixture(name, data, now());
      entries = [entry, ...entries.filter((e) => e.id !== entry.id)];
      return ok(entry, old ? 200 : 201);
    };
  const routes: Record<string, Reply | ((call: Call) => Reply)> = {
    "GET /tools": ok(toolItems),
    [`GET /tools/by-name/${name}`]: ok(toolFixture(name)),
    [`GET ${base}`]: () => ok(entries),
    [`POST ${base}`]: save(null),
  };
  const calls = mockFetch(
    new Proxy(routes, {
      get(target, key: string) {
        const match = new RegExp(`^POST ${base}/([0-9a-f-]{36})(/delete)?$`).exec(key);
        if (!match) return target[key];
        const id = match[1]!;
        if (!entries.some((e) => e.id === id)) return fail(404, "not_found", "Entry not found");
        if (!match[2]) return save(id);
        return () => {
          entries = entries.filter((e) => e.id !== id);
          return ok({ ok: true });
        };
      },
    }),
  );
  return {
    calls,
    saves: () => calls.filter((c) => c.method === "POST" && c.path.startsWith(base) && !c.path.endsWith("/delete")),
    rejectNext: (reply: Reply) => (reject = reply),
    entries: () => entries,
  };
}

const user = () => userEvent.setup();
const savedList = () => screen.findByRole("list", { name: "Your saved entries" });
const card = (title: string) => screen.getByRole("group", { name: title });
const expectSaved = async () => expect(await screen.findByText("Saved", { selector: "[role=status]" })).toBeTruthy();

describe("/account/tools", () => {
  it("lists every tool as a card: picture, category, title linking to the tool, summary and time", async () => {
    server("values-card-sort");
    renderRoute("/account/tools", as);
    expect(await screen.findByRole("heading", { level: 1, name: "Tools" })).toBeTruthy();
    const list = await screen.findByRole("list", { name: "Tools" });
    const cards = within(list).getAllByRole("listitem");
    expect(cards).toHaveLength(4);
    expect(document.title).toBe("Tools · Pathwise");
    const first = cards[0]!;
    expect(within(first).getByRole("link", { name: "Values card sort" }).getAttribute("href")).toBe("/account/tools/values-card-sort");
    expect(within(first).getByText("Career")).toBeTruthy();
    expect(within(first).getByText("What the values card sort helps you do.")).toBeTruthy();
    expect(within(first).getByText("About 15 minutes")).toBeTruthy();
    expect(first.querySelector("img")?.getAttribute("src")).toBe("/content-images/tool-values-card-sort.svg");
  });

  it("a list that does not load says so, and Try again loads it", async () => {
    let failing = true;
    mockFetch({ "GET /tools": () => (failing ? fail(500, "internal") : ok(toolItems)) });
    renderRoute("/account/tools", as);
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("We could not load the tools just now.");
    failing = false;
    await user().click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("link", { name: "Energy map" })).toBeTruthy();
  });
});

describe("/account/tools/{name}", () => {
  it("shows the tool's title, summary, time and instructions under How to use this tool", async () => {
    server("energy-map");
    renderRoute("/account/tools/energy-map", as);
    expect(await screen.findByRole("heading", { level: 1, name: "Energy map" })).toBeTruthy();
    expect(document.title).toBe("Energy map · Pathwise");
    expect(screen.getByText("What the energy map helps you do.")).toBeTruthy();
    expect(screen.getByText("About 30 minutes")).toBeTruthy();
    const how = screen.getByRole("heading", { level: 2, name: "How to use this tool" }).closest("section")!;
    expect(within(how).getByRole("heading", { level: 3, name: "What you need" })).toBeTruthy();
    expect(within(how).getByText("Instructions for the energy map.")).toBeTruthy();
    expect(await screen.findByText("Nothing saved yet. What you save appears here, newest first.")).toBeTruthy();
  });

  it("card sort: cards go on piles, the short list is chosen and ordered, Save sends it, and Open brings it back", async () => {
    const api = server("values-card-sort");
    const u = user();
    renderRoute("/account/tools/values-card-sort", as);
    await screen.findByText("0 of 10 sorted");
    await u.click(within(card("Autonomy")).getByRole("radio", { name: "Very important" }));
    await u.click(within(card("Learning")).getByRole("radio", { name: "Very important" }));
    await u.click(within(card("Income")).getByRole("radio", { name: "Not important" }));
    expect(screen.getByText("3 of 10 sorted")).toBeTruthy();

    const choices = screen.getByRole("group", { name: "Cards for your short list" });
    expect(
      within(choices)
        .getAllByRole("checkbox")
        .map((c) => c.parentElement?.textContent),
    ).toEqual(["Autonomy", "Learning"]);
    await u.click(within(choices).getByRole("checkbox", { name: "Autonomy" }));
    await u.click(within(choices).getByRole("checkbox", { name: "Learning" }));
    await u.click(screen.getByRole("button", { name: "Move Learning up" }));
    const order = () =>
      within(screen.getByRole("list", { name: "Your short list, in order" }))
        .getAllByRole("listitem")
        .map((li) => li.textContent);
    expect(order()[0]).toContain("Learning");
    await u.type(screen.getByRole("textbox", { name: "Note" }), "Learning first.");

    await u.click(screen.getByRole("button", { name: "Save" }));
    await expectSaved();
    expect(api.saves()[0]).toMatchObject({
      path: "/customer/tools/values-card-sort/entries",
      body: { data: { placements: { autonomy: "very", learning: "very", income: "not" }, top: ["learning", "autonomy"], note: "Learning first." } },
    });
    const saved = await savedList();
    expect(within(saved).getByText("3 of 10 cards sorted; top: Learning, Autonomy")).toBeTruthy();

    // A second Save updates the same entry instead of adding one.
    await u.click(within(card("Purpose")).getByRole("radio", { name: "Somewhat important" }));
    await u.click(screen.getByRole("button", { name: "Save" }));
    await expectSaved();
    const id = api.entries()[0]!.id;
    expect(api.saves()[1]!.path).toBe(`/customer/tools/values-card-sort/entries/${id}`);
    expect(api.entries()).toHaveLength(1);

    await u.click(screen.getByRole("button", { name: "Start a new one" }));
    expect(await screen.findByText("A new, empty entry is ready.")).toBeTruthy();
    expect(screen.getByText("0 of 10 sorted")).toBeTruthy();
    expect(within(card("Autonomy")).getByRole("radio", { name: "Very important" })).toHaveProperty("checked", false);

    expect(screen.getByRole("heading", { level: 2, name: "New entry" })).toBeTruthy();
    await u.click(within(saved).getByRole("button", { name: /^Open the entry of/ }));
    expect(screen.getByText("4 of 10 sorted")).toBeTruthy();
    const editing = screen.getByRole("heading", { level: 2, name: /^Your entry of / });
    expect(document.activeElement).toBe(editing);
    expect(within(card("Autonomy")).getByRole("radio", { name: "Very important" })).toHaveProperty("checked", true);
    expect(order()[0]).toContain("Learning");
    expect(screen.getByRole("textbox", { name: "Note" })).toHaveProperty("value", "Learning first.");
  });

  it("weekly audit: hours per category, totals and differences, a warning past 168 hours, and a chart with the numbers", async () => {
    const api = server("weekly-time-audit");
    const u = user();
    // The page opens on this week: on a fixed day (a Thursday), so the test means the same on any day it runs.
    vi.useFakeTimers({ toFake: ["Date"], now: new Date(2026, 11, 3, 10) });
    try {
      renderRoute("/account/tools/weekly-time-audit", as);
      expect((await screen.findByLabelText<HTMLInputElement>("The week you look at")).value).toBe("2026-11-30");
    } finally {
      vi.useRealTimers();
    }
    const week = screen.getByLabelText<HTMLInputElement>("The week you look at");
    fireEvent.change(week, { target: { value: "2026-11-26" } });
    expect(week.value).toBe("2026-11-23");

    const meetings = card("Meetings");
    await u.type(within(meetings).getByRole("spinbutton", { name: "Hours spent" }), "14");
    await u.type(within(meetings).getByRole("spinbutton", { name: "Hours wanted" }), "8.5");
    expect(within(meetings).getByText("5.5 h less wanted")).toBeTruthy();
    await u.type(within(card("Focused work")).getByRole("spinbutton", { name: "Hours wanted" }), "16");
    expect(screen.getByText(/^Total:/).textContent).toBe("Total: 14 h spent, 24.5 h wanted (10.5 h more wanted).");
    const chart = screen.getByRole("img", { name: /Spent and wanted, side by side/ });
    expect(chart.textContent).toContain("Meetings: 14 h spent, 8.5 h wanted");

    const admin = within(card("Admin")).getByRole("spinbutton", { name: "Hours spent" });
    await u.type(admin, "160");
    expect(screen.getByRole("alert").textContent).toContain("The spent hours add up to 174 h, more than the 168 hours a week has.");
    await u.clear(admin);
    expect(screen.queryByRole("alert")).toBeNull();

    await u.click(screen.getByRole("button", { name: "Save" }));
    await expectSaved();
    expect(api.saves()[0]!.body).toEqual({
      data: { week_of: "2026-11-23", hours: { meetings: { spent: 14, wanted: 8.5 }, "focused-work": { spent: 0, wanted: 16 } }, note: "" },
    });
    const saved = await savedList();
    expect(within(saved).getByText("Week of 23 November 2026: 14 h spent, 24.5 h wanted")).toBeTruthy();

    await u.click(screen.getByRole("button", { name: "Start a new one" }));
    expect(within(card("Meetings")).getByRole("spinbutton", { name: "Hours spent" })).toHaveProperty("value", "");
    await u.click(within(saved).getByRole("button", { name: /^Open the entry of/ }));
    expect(within(card("Meetings")).getByRole("spinbutton", { name: "Hours spent" })).toHaveProperty("value", "14");
    expect(screen.getByLabelText("The week you look at")).toHaveProperty("value", "2026-11-23");
  });

  it("energy map: items land in their quadrant, can be removed, and one drain and one restorer get a plan", async () => {
    const api = server("energy-map");
    const u = user();
    renderRoute("/account/tools/energy-map", as);
    const name = await screen.findByRole("textbox", { name: "Activity, person or situation" });
    await u.click(screen.getByRole("button", { name: "Add to the map" }));
    expect(screen.getByRole("alert").textContent).toBe("Give the item a name first.");

    await u.type(name, "Monday meetings");
    await u.click(screen.getByRole("button", { name: "Add to the map" }));
    await u.type(name, "Expense reports");
    await u.click(screen.getByRole("radio", { name: "A little" }));
    await u.click(screen.getByRole("button", { name: "Add to the map" }));
    await u.type(name, "Pairing");
    await u.click(screen.getByRole("radio", { name: "Restores me" }));
    await u.click(screen.getByRole("radio", { name: "A lot" }));
    await u.type(name, "{Enter}");
    await u.type(name, "Lunch walks");
    await u.click(screen.getByRole("button", { name: "Add to the map" }));

    const quadrant = (label: string) =>
      within(screen.getByRole("heading", { level: 4, name: label }).closest("section")!)
        .queryAllByRole("listitem")
        .map((li) => li.firstChild?.textContent);
    expect(quadrant("Big drains")).toEqual(["Monday meetings"]);
    expect(quadrant("Small drains")).toEqual(["Expense reports"]);
    expect(quadrant("Big restorers")).toEqual(["Pairing", "Lunch walks"]);
    expect(quadrant("Small restorers")).toEqual([]);
    await u.click(screen.getByRole("button", { name: "Remove Lunch walks" }));
    expect(quadrant("Big restorers")).toEqual(["Pairing"]);

    await u.selectOptions(screen.getByRole("combobox", { name: "The drain to shrink" }), "Monday meetings");
    await u.click(screen.getByRole("radio", { name: "Reshape it" }));
    expect(screen.getByText("Keep it, but change when or how it happens.")).toBeTruthy();
    await u.type(screen.getByRole("textbox", { name: "Your plan to shrink it" }), "Agenda by Friday.");
    await u.selectOptions(screen.getByRole("combobox", { name: "The restorer to grow" }), "Pairing");
    await u.type(screen.getByRole("textbox", { name: "Your plan to grow it" }), "Twice a week.");

    await u.click(screen.getByRole("button", { name: "Save" }));
    await expectSaved();
    expect(api.saves()[0]!.body).toEqual({
      data: {
        items: [
          { id: "item-1", label: "Monday meetings", direction: "drains", effect: "large" },
          { id: "item-2", label: "Expense reports", direction: "drains", effect: "small" },
          { id: "item-3", label: "Pairing", direction: "restores", effect: "large" },
        ],
        shrink: { item: "item-1", strategy: "reshape", plan: "Agenda by Friday." },
        grow: { item: "item-3", plan: "Twice a week." },
        note: "",
      },
    });
    const saved = await savedList();
    expect(within(saved).getByText("2 drains, 1 restorer; shrinking Monday meetings, growing Pairing")).toBeTruthy();

    await u.click(screen.getByRole("button", { name: "Start a new one" }));
    expect(quadrant("Big drains")).toEqual([]);
    await u.click(within(saved).getByRole("button", { name: /^Open the entry of/ }));
    expect(quadrant("Big drains")).toEqual(["Monday meetings"]);
    expect(screen.getByRole("textbox", { name: "Your plan to grow it" })).toHaveProperty("value", "Twice a week.");
  });

  it("negotiation script: the fields fill the script live, Copy the script copies it, Save sends the values", async () => {
    const api = server("salary-negotiation-script");
    const u = user();
    // user-event puts its own clipboard on navigator; the spy goes on that one.
    const writeText = vi.spyOn(navigator.clipboard, "writeText");
    renderRoute("/account/tools/salary-negotiation-script", as);
    const role = await screen.findByRole("textbox", { name: "Your role" });
    expect(screen.getByText("Based on [Your evidence], I am asking for [Your target salary].")).toBeTruthy();
    expect(screen.getByText("(optional)")).toBeTruthy();
    expect(role.getAttribute("aria-describedby")).toBeTruthy();
    expect(document.getElementById(role.getAttribute("aria-describedby")!)?.textContent).toBe("The job title you negotiate for.");

    await u.type(role, "Product designer");
    await u.type(screen.getByRole("textbox", { name: "Your target salary" }), "€62,000");
    expect(screen.getByText("Thank you for the offer for the Product designer role.")).toBeTruthy();
    expect(screen.getByText("Based on [Your evidence], I am asking for €62,000.")).toBeTruthy();

    await u.click(screen.getByRole("button", { name: "Copy the script" }));
    expect(writeText).toHaveBeenCalledWith(
      "Opening\nThank you for the offer for the Product designer role.\n\nThe ask\nBased on [Your evidence], I am asking for €62,000.",
    );
    expect(await screen.findByText("The script is copied. Paste it into your notes.")).toBeTruthy();
    writeText.mockRejectedValueOnce(new Error("denied"));
    await u.click(screen.getByRole("button", { name: "Copy the script" }));
    expect(await screen.findByText("Your browser did not allow copying. Select the script and copy it instead.")).toBeTruthy();

    await u.click(screen.getByRole("button", { name: "Save" }));
    await expectSaved();
    expect(api.saves()[0]!.body).toEqual({ data: { values: { role: "Product designer", target: "€62,000" } } });
    expect(within(await savedList()).getByText("2 of 4 fields filled in")).toBeTruthy();
  });

  it("Start a new one saves unsaved changes first, then clears the tool", async () => {
    const api = server("salary-negotiation-script");
    const u = user();
    renderRoute("/account/tools/salary-negotiation-script", as);
    await u.type(await screen.findByRole("textbox", { name: "Your role" }), "Analyst");
    await u.click(screen.getByRole("button", { name: "Start a new one" }));
    expect(await screen.findByText("A new, empty entry is ready.")).toBeTruthy();
    expect(api.saves()).toHaveLength(1);
    expect(api.saves()[0]!.body).toEqual({ data: { values: { role: "Analyst" } } });
    expect(screen.getByRole("textbox", { name: "Your role" })).toHaveProperty("value", "");
    expect(document.activeElement).toBe(screen.getByRole("heading", { level: 2, name: "New entry" }));
    expect(within(await savedList()).getByText("1 of 4 fields filled in")).toBeTruthy();

    // Nothing typed since: a second click saves nothing more.
    await u.click(screen.getByRole("button", { name: "Start a new one" }));
    expect(api.saves()).toHaveLength(1);
  });

  it("a save the server refuses shows its issues as an alert and keeps what was typed", async () => {
    const api = server("salary-negotiation-script");
    const u = user();
    renderRoute("/account/tools/salary-negotiation-script", as);
    const target = await screen.findByRole("textbox", { name: "Your target salary" });
    await u.type(target, "a lot");
    api.rejectNext({
      status: 400,
      body: {
        error: {
          code: "invalid_request",
          message: "Check the highlighted fields.",
          issues: [{ path: "body.data.values.target", message: "write an amount, e.g. 58,000 or €4,200" }],
        },
      },
    });
    await u.click(screen.getByRole("button", { name: "Save" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("We could not save this entry. Please check:");
    expect(within(alert).getByRole("listitem").textContent).toBe("Values, Your target salary: write an amount, e.g. 58,000 or €4,200");
    expect(screen.queryByText("Saved", { selector: "[role=status]" })).toBeNull();
    expect(target).toHaveProperty("value", "a lot");
    expect(api.entries()).toEqual([]);

    await u.clear(target);
    await u.type(target, "58,000");
    await u.click(screen.getByRole("button", { name: "Save" }));
    await expectSaved();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("Delete asks first; Keep it keeps the entry, Yes, delete removes it", async () => {
    const older = entryFixture("salary-negotiation-script", { values: { role: "Analyst" } }, EARLIER);
    const api = server("salary-negotiation-script", [older]);
    const u = user();
    renderRoute("/account/tools/salary-negotiation-script", as);
    const saved = await savedList();
    expect(within(saved).getByText("1 of 4 fields filled in")).toBeTruthy();
    expect(within(saved).getByText(formatDate(EARLIER), { exact: false, normalizer: (text) => text })).toBeTruthy();

    await u.click(within(saved).getByRole("button", { name: /^Delete the entry of/ }));
    const confirm = within(saved).getByRole("group", { name: "Delete this entry?" });
    expect(confirm.textContent).toContain("Delete this entry for good?");
    expect(document.activeElement).toBe(within(confirm).getByRole("button", { name: "Keep it" }));
    await u.keyboard("{Enter}");
    expect(api.entries()).toHaveLength(1);
    expect(document.activeElement).toBe(within(saved).getByRole("button", { name: /^Delete the entry of/ }));

    await u.click(within(saved).getByRole("button", { name: /^Delete the entry of/ }));
    await u.click(within(saved).getByRole("button", { name: "Yes, delete" }));
    expect(await screen.findByText("Nothing saved yet. What you save appears here, newest first.")).toBeTruthy();
    expect(screen.getByText("Entry deleted.")).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole("heading", { level: 2, name: "Your saved entries" }));
    expect(api.entries()).toEqual([]);
  });

  it("locked: says what unlocks the tool, and lists what was saved before without opening it", async () => {
    mockFetch({
      "GET /tools": ok(toolItems),
      "GET /tools/by-name/energy-map": {
        status: 403,
        body: {
          error: {
            code: "subscription_required",
            message: "Education plans, articles and tools come with a Pathwise plan, which you choose with your report.",
            unlock: { reason: "no_plan", href: "/pricing" },
          },
        },
      },
      "GET /customer/tools/energy-map/entries": ok([entryFixture("energy-map", { items: [] }, EARLIER)]),
    });
    renderRoute("/account/tools/energy-map", as);
    expect(await screen.findByRole("heading", { level: 2, name: "Unlock this tool" })).toBeTruthy();
    expect(await screen.findByRole("heading", { level: 1, name: "Energy map" })).toBeTruthy();
    expect(screen.getByText("Locked")).toBeTruthy();
    expect(screen.getByRole("link", { name: "See the plans" }).getAttribute("href")).toBe("/pricing");
    expect(screen.queryByRole("button", { name: "Save" })).toBeNull();
    const kept = await screen.findByRole("list", { name: "Your saved entries" });
    expect(within(kept).getByRole("listitem").textContent).toBe(`Saved on ${formatDate(EARLIER)}`);
    expect(within(kept).queryByRole("button")).toBeNull();
  });

  it("an unknown tool says so, with a link to all tools", async () => {
    mockFetch({ "GET /tools": ok(toolItems), "GET /tools/by-name/no-such-tool": fail(404, "not_found", "Tool not found") });
    renderRoute("/account/tools/no-such-tool", as);
    expect(await screen.findByRole("heading", { level: 1, name: "We could not find this tool" })).toBeTruthy();
    expect(document.title).toBe("Tool not found · Pathwise");
    expect(screen.getByRole("link", { name: "Back to all tools" }).getAttribute("href")).toBe("/account/tools");
    await waitFor(() => expect(document.activeElement?.textContent).toBe("We could not find this tool"));
  });
});
