import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fail, mockFetch, ok, type Reply } from "#web/test/fetch-mock.ts";
import { renderRoute, testCustomer } from "#web/test/render-route.tsx";
import type { Article, ArticleListItem } from "./library-api.ts";

const as = { customer: testCustomer };

const item = (id: number, cat: "wellbeing" | "money", over: Partial<ArticleListItem> = {}): ArticleListItem => ({
  id,
  slug: `article-${id}`,
  name: `Article ${id}`,
  status: "active",
  pic: `/content-images/article-${id}.svg`,
  pic_preview: `/content-images/article-${id}-preview.svg`,
  summary: `What article ${id} is about.`,
  reading_minutes: id + 3,
  cat: cat === "wellbeing" ? { code: "wellbeing", name: "Wellbeing" } : { code: "money", name: "Money" },
  ...over,
});

const list = [
  item(1, "wellbeing", { name: "The early signs of burnout" }),
  item(2, "money", { name: "Building an emergency fund" }),
  item(3, "wellbeing"),
  item(4, "money", { status: "archived", name: "An archived article" }),
  item(5, "wellbeing"),
  item(6, "wellbeing"),
  item(7, "wellbeing"),
];

const burnout: Article = {
  ...list[0]!,
  text: '<blockquote><p><strong>Please note:</strong> this is not medical advice.</p></blockquote><p>Burnout begins small.</p><h2>What burnout is</h2><ol><li>Exhaustion</li></ol><h2>Early signs</h2><p>See <a href="https://www.who.int/">the WHO</a>.</p>',
};

const locked = (reason: "no_plan" | "plan_ended", href: string, message: string): Reply => ({
  status: 403,
  body: { error: { code: "subscription_required", message, unlock: { reason, href } } },
});

const cards = () => within(screen.getByRole("list", { name: "Articles" })).getAllByRole("listitem");
const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));

describe("/account/library", () => {
  it("lists every active article as a card linking to its page, with its category, summary and reading time", async () => {
    mockFetch({ "GET /article/list": ok(list) });
    renderRoute("/account/library", as);
    const h1 = await screen.findByRole("heading", { level: 1, name: "Library" });
    await screen.findByRole("list", { name: "Articles" });
    expect(document.title).toBe("Library · Pathwise");
    await frame();
    await waitFor(() => expect(document.activeElement).toBe(h1));

    expect(cards()).toHaveLength(6);
    expect(screen.queryByText("An archived article")).toBeNull();
    const first = cards()[0]!;
    expect(within(first).getByRole("link", { name: "The early signs of burnout" }).getAttribute("href")).toBe("/account/library/1");
    expect(within(first).getByText("Wellbeing")).toBeTruthy();
    expect(within(first).getByText("What article 1 is about.")).toBeTruthy();
    expect(within(first).getByText("4 min read")).toBeTruthy();
    const img = first.querySelector("img")!;
    expect(img.getAttribute("src")).toBe("/content-images/article-1-preview.svg");
    expect(img.getAttribute("alt")).toBe("");
    for (const a of list.filter((a) => a.status === "active")) {
      expect(screen.getByRole("link", { name: a.name }).getAttribute("href")).toBe(`/account/library/${a.id}`);
    }
  });

  it("narrows the list to a category with toggle buttons that count active articles, keeps it in ?cat=, and Back undoes it", async () => {
    mockFetch({ "GET /article/list": ok(list) });
    const { router } = renderRoute("/account/library", as);
    const filter = await screen.findByRole("group", { name: "Category" });
    const all = within(filter).getByRole("button", { name: "All 6" });
    const money = within(filter).getByRole("button", { name: "Money 1" });
    expect(within(filter).getByRole("button", { name: "Wellbeing 5" }).getAttribute("aria-pressed")).toBe("false");
    expect(all.getAttribute("aria-pressed")).toBe("true");

    // Keyboard: tab to the Money chip and press Enter.
    const user = userEvent.setup();
    money.focus();
    await user.keyboard("{Enter}");
    await waitFor(() => expect(router.state.location.search).toBe("?cat=money"));
    expect(money.getAttribute("aria-pressed")).toBe("true");
    expect(all.getAttribute("aria-pressed")).toBe("false");
    expect(cards()).toHaveLength(1);
    expect(screen.getByRole("link", { name: "Building an emergency fund" })).toBeTruthy();
    expect(screen.getByText("1 article in Money").getAttribute("role")).toBe("status");

    await user.click(within(filter).getByRole("button", { name: "Wellbeing 5" }));
    await waitFor(() => expect(router.state.location.search).toBe("?cat=wellbeing"));
    expect(cards()).toHaveLength(5);

    await router.navigate(-1);
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(router.state.location.search).toBe("?cat=money");
  });

  it("opens on the category in the address", async () => {
    mockFetch({ "GET /article/list": ok(list) });
    renderRoute("/account/library?cat=wellbeing", as);
    await screen.findByRole("list", { name: "Articles" });
    expect(cards()).toHaveLength(5);
    expect(screen.getByRole("button", { name: "Wellbeing 5" }).getAttribute("aria-pressed")).toBe("true");
  });

  it("a failed load: the problem notice with Try again", async () => {
    let up = false;
    mockFetch({ "GET /article/list": () => (up ? ok(list) : fail(500, "internal", "Boom")) });
    renderRoute("/account/library", as);
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("We could not load the library just now.");
    up = true;
    await userEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(cards()).toHaveLength(6));
  });

  it("is linked from the account's home page", async () => {
    renderRoute("/account", as);
    expect((await screen.findByRole("link", { name: "Open the library" })).getAttribute("href")).toBe("/account/library");
  });

  it("is an account page: a logged-out visitor is sent to log in first", async () => {
    const { router } = renderRoute("/account/library");
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
  });
});

describe("/account/library/{id}", () => {
  it("shows the article: hero, category, focused h1, reading time, the HTML body with its headings, and more of its category", async () => {
    mockFetch({ "GET /article/list": ok(list), "GET /article/1": ok(burnout) });
    renderRoute("/account/library/1", as);
    const h1 = await screen.findByRole("heading", { level: 1, name: "The early signs of burnout" });
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    expect(document.title).toBe("The early signs of burnout · Pathwise");
    await frame();
    await waitFor(() => expect(document.activeElement).toBe(h1));
    expect(screen.getByText("4 min read")).toBeTruthy();
    const back = screen.getAllByRole("link", { name: "Library" }).find((link) => !link.closest(".account-nav"));
    expect(back?.getAttribute("href")).toBe("/account/library");

    expect(screen.getByRole("heading", { level: 2, name: "What burnout is" })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 2, name: "Early signs" })).toBeTruthy();
    expect(screen.getByRole("blockquote").textContent).toContain("not medical advice");
    expect(screen.getByRole("link", { name: "the WHO" }).getAttribute("href")).toBe("https://www.who.int/");

    const more = screen.getByRole("list", { name: "More in Wellbeing" });
    expect(screen.getByRole("heading", { level: 2, name: "More in Wellbeing" })).toBeTruthy();
    const links = within(more)
      .getAllByRole("link")
      .map((a) => a.getAttribute("href"));
    expect(links).toEqual(["/account/library/3", "/account/library/5", "/account/library/6"]);
  });

  it.each([
    [
      "no_plan",
      "/pricing",
      "See the plans",
      "Education plans, articles, tools and coaching come with a Pathwise plan. See the plans and choose one to open them.",
    ],
    [
      "plan_ended",
      "/pricing",
      "Choose a plan again",
      "Your plan has ended, so education plans, articles, tools and coaching are locked. Choose a plan again to open them.",
    ],
  ] as const)("locked (403, %s): the article's face, a lock, the server's message and the way to unlock it, no body", async (reason, href, label, message) => {
    mockFetch({ "GET /article/list": ok(list), "GET /article/1": locked(reason, href, message) });
    renderRoute("/account/library/1", as);
    const h1 = await screen.findByRole("heading", { level: 1, name: "The early signs of burnout" });
    await frame();
    await waitFor(() => expect(document.activeElement).toBe(h1));
    expect(document.title).toBe("The early signs of burnout · Pathwise");
    expect(screen.getByText("Locked")).toBeTruthy();
    expect(screen.getByText("What article 1 is about.")).toBeTruthy();
    expect(screen.getByText(message)).toBeTruthy();
    expect(screen.getByRole("link", { name: label }).getAttribute("href")).toBe(href);
    expect(screen.queryByRole("heading", { name: "What burnout is" })).toBeNull();
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.queryByText(/could not find/)).toBeNull();
  });

  it("an unknown article: not found, with the way back to the library", async () => {
    mockFetch({ "GET /article/list": ok(list), "GET /article/99": fail(404, "not_found", "Article not found") });
    renderRoute("/account/library/99", as);
    const h1 = await screen.findByRole("heading", { level: 1, name: "We could not find this article" });
    expect(document.title).toBe("Article not found · Pathwise");
    await frame();
    await waitFor(() => expect(document.activeElement).toBe(h1));
    expect(screen.getByRole("link", { name: "Back to the library" }).getAttribute("href")).toBe("/account/library");
  });

  it("a non-numeric id is not found without asking for it", async () => {
    const calls = mockFetch({ "GET /article/list": ok(list) });
    renderRoute("/account/library/burnout", as);
    expect(await screen.findByRole("heading", { level: 1, name: "We could not find this article" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to the library" }).getAttribute("href")).toBe("/account/library");
    expect(calls.some((c) => c.path.startsWith("/article/") && c.path !== "/article/list")).toBe(false);
  });

  it("keeps the article's place while it loads", async () => {
    mockFetch({ "GET /article/list": ok(list), "GET /article/1": () => new Promise<never>(() => {}) as never });
    renderRoute("/account/library/1", as);
    expect((await screen.findByText("Loading the article…")).getAttribute("role")).toBe("status");
  });

  it("a network error: the problem notice, and Try again loads the article", async () => {
    let up = false;
    mockFetch({ "GET /article/list": ok(list), "GET /article/1": () => (up ? ok(burnout) : new TypeError("Failed to fetch")) });
    renderRoute("/account/library/1", as);
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("We could not load this article just now.");
    up = true;
    await userEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("heading", { level: 2, name: "What burnout is" })).toBeTruthy();
  });
});
