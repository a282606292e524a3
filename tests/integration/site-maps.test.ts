import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeSharedDatabase, createTestApp, type TestApp } from "../helpers/test-app.ts";

/** robots.txt and sitemap.xml through the real app (ADR 054), on the real flows and on one flow alone. */
let t: TestApp;
let careerOnly: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { APP_ORIGIN: "https://www.pathwise.example" } });
  careerOnly = await createTestApp({ env: { APP_ORIGIN: "https://www.pathwise.example" }, flows: { only: /^career\.yaml$/ } });
});
afterAll(async () => {
  await t.close();
  await careerOnly.close();
  await closeSharedDatabase();
});

const locsOf = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!);

describe("sitemap.xml", () => {
  it("lists the public pages and every listed funnel's start, on APP_ORIGIN, each once", async () => {
    const res = await t.app.inject({ method: "GET", url: "/sitemap.xml" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/xml/);
    expect(res.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    const locs = locsOf(res.body);
    expect(new Set(locs).size).toBe(locs.length);
    for (const loc of locs) expect(loc.startsWith("https://www.pathwise.example/"), loc).toBe(true);
    const paths = locs.map((loc) => loc.slice("https://www.pathwise.example".length));
    for (const page of ["/", "/pricing", "/career-toolkit", "/terms-of-service", "/privacy-policy", "/refund-policy", "/contacts"])
      expect(paths).toContain(page);
    // Every funnel the home page lists, at its start; not its aliases or steps, nor pages behind the login.
    const listed = t.app.services.flows.all().filter((f) => f.card);
    expect(listed.length).toBeGreaterThan(5);
    for (const flow of listed) expect(paths, flow.code).toContain(flow.paths.start);
    for (const hidden of ["/login", "/forgot-password", "/account", "/anxiety-test", "/burnout/p1", "/admin"]) expect(paths).not.toContain(hidden);
  });

  it("follows the flows the server runs: with only the career test, the other funnels are gone", async () => {
    const paths = locsOf((await careerOnly.app.inject({ method: "GET", url: "/sitemap.xml" })).body);
    expect(paths).toContain("https://www.pathwise.example/quiz/career_test_green");
    expect(paths).not.toContain("https://www.pathwise.example/burnout");
    expect(paths).toContain("https://www.pathwise.example/pricing");
  });
});

describe("robots.txt", () => {
  it("keeps crawlers out of the API and the pages drawn for customers only, leaves the public pages open, and names the sitemap", async () => {
    const res = await t.app.inject({ method: "GET", url: "/robots.txt" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/plain/);
    const lines = res.body.split("\n");
    expect(lines[0]).toBe("User-agent: *");
    const disallowed = lines.filter((l) => l.startsWith("Disallow: ")).map((l) => l.slice("Disallow: ".length));
    for (const prefix of ["/api/", "/account", "/admin", "/order-success", "/reset-password"]) expect(disallowed).toContain(prefix);
    // Nothing the sitemap lists is kept out.
    const listed = locsOf((await t.app.inject({ method: "GET", url: "/sitemap.xml" })).body).map((loc) => new URL(loc).pathname);
    for (const path of listed)
      expect(
        disallowed.filter((prefix) => path.startsWith(prefix)),
        path,
      ).toEqual([]);
    expect(lines).toContain("Sitemap: https://www.pathwise.example/sitemap.xml");
  });
});
