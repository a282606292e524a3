import { describe, expect, it } from "vitest";
import { readBootData } from "./boot-data.ts";

const page = (inner: string | null) => {
  const doc = document.implementation.createHTMLDocument("t");
  if (inner !== null) {
    const el = doc.createElement("script");
    el.type = "application/json";
    el.id = "boot-data";
    el.textContent = inner;
    doc.head.append(el);
  }
  return doc;
};

describe("the boot data the server puts into the page", () => {
  it("gives the catalogue and whether a login cookie came with the page", () => {
    const data = { session: false, catalog: { data: [{ code: "home.title", text: "Find work that fits <you>" }] } };
    expect(readBootData(page(JSON.stringify(data).replace(/</g, "\\u003c")))).toEqual(data);
  });

  it("gives a funnel page's flow when it names its code and hash, and leaves out anything else in its place", () => {
    const catalog = { data: [] };
    const flow = { code: "career_test_green", hash: "abc123", steps: [] };
    expect(readBootData(page(JSON.stringify({ session: false, catalog, flow })))).toEqual({ session: false, catalog, flow });
    for (const bad of [null, "career_test_green", { code: "x" }, { code: 1, hash: "h" }]) {
      expect(readBootData(page(JSON.stringify({ session: false, catalog, flow: bad }))), JSON.stringify(bad)).toEqual({ session: false, catalog });
    }
  });

  it("gives the live flow routes the build lacks when each is a path and a flow code, and none otherwise", () => {
    const catalog = { data: [] };
    const routes = [{ path: "/anxiety/before-your-result", flow: "anxiety_gad7" }];
    expect(readBootData(page(JSON.stringify({ session: false, catalog, routes })))).toEqual({ session: false, catalog, routes });
    for (const bad of [[], "/x", [{ path: "x", flow: "f" }], [{ path: "/x" }], [...routes, null]]) {
      expect(readBootData(page(JSON.stringify({ session: false, catalog, routes: bad }))), JSON.stringify(bad)).toEqual({ session: false, catalog });
    }
  });

  it("gives the count a funnel's social-proof line shows, when it is a whole number", () => {
    const catalog = { data: [] };
    expect(readBootData(page(JSON.stringify({ session: false, catalog, finished30d: 1240 })))).toEqual({ session: false, catalog, finished30d: 1240 });
    for (const bad of [-1, 1.5, "1240", null]) {
      expect(readBootData(page(JSON.stringify({ session: false, catalog, finished30d: bad }))), JSON.stringify(bad)).toEqual({ session: false, catalog });
    }
  });

  it("gives the configured ad pixels' ids, leaving out one that is not an id", () => {
    const catalog = { data: [] };
    const pixels = { meta: "1234567890123456", tiktok: "C4ABCDEF1234567890AB" };
    expect(readBootData(page(JSON.stringify({ session: false, catalog, pixels })))).toEqual({ session: false, catalog, pixels });
    expect(readBootData(page(JSON.stringify({ session: false, catalog, pixels: { meta: "1234</script>", tiktok: "C4AB" } })))).toEqual({
      session: false,
      catalog,
      pixels: { tiktok: "C4AB" },
    });
    expect(readBootData(page(JSON.stringify({ session: false, catalog, pixels: "1234" })))).toEqual({ session: false, catalog });
  });

  it("gives the customer the server found the login cookie proves, or null for nobody, leaving out anything else (ADR 075)", () => {
    const catalog = { data: [] };
    const customer = { id: "0b6f8a8e-2c51-4a43-9d0a-6f4d3f0e1a11", email: "ada@example.org", is_onboarded: true, is_staff: false, first_name: "Ada" };
    expect(readBootData(page(JSON.stringify({ session: true, catalog, customer })))).toEqual({ session: true, catalog, customer });
    expect(readBootData(page(JSON.stringify({ session: true, catalog, customer: null })))).toEqual({ session: true, catalog, customer: null });
    for (const bad of ["ada", { id: "x", email: "ada@example.org" }, 1]) {
      expect(readBootData(page(JSON.stringify({ session: true, catalog, customer: bad }))), JSON.stringify(bad)).toEqual({ session: true, catalog });
    }
  });

  it("gives the run a funnel page further in carries for this browser (ADR 078), leaving out one of another shape", () => {
    const catalog = { data: [] };
    const run = { sessionId: "5d1c2d5e-0f7b-4a59-9a1e-3c1f0b7a2e44", answers: { r1: 4, situation: ["student"] }, variants: { offer: "b" } };
    const order = { options: { situation: ["student", "changer"] }, groups: {} };
    expect(readBootData(page(JSON.stringify({ session: false, catalog, run })))).toEqual({ session: false, catalog, run });
    expect(readBootData(page(JSON.stringify({ session: false, catalog, run: { ...run, order } })))).toEqual({
      session: false,
      catalog,
      run: { ...run, order },
    });
    // An order of another shape is left out: the runner draws its own.
    expect(readBootData(page(JSON.stringify({ session: false, catalog, run: { ...run, order: { options: { situation: [1] } } } })))).toEqual({
      session: false,
      catalog,
      run,
    });
    for (const bad of [null, "run", { ...run, sessionId: 7 }, { ...run, answers: [] }, { ...run, variants: { offer: 2 } }]) {
      expect(readBootData(page(JSON.stringify({ session: false, catalog, run: bad }))), JSON.stringify(bad)).toEqual({ session: false, catalog });
    }
  });

  it("is null when missing or not what it should be, so the app loads everything as before", () => {
    expect(readBootData(page(null))).toBeNull();
    expect(readBootData(page("{not json"))).toBeNull();
    expect(readBootData(page(JSON.stringify({ session: "yes", catalog: { data: [] } })))).toBeNull();
    expect(readBootData(page(JSON.stringify({ session: true, catalog: { data: [{ code: 1, text: "x" }] } })))).toBeNull();
    expect(readBootData(page(JSON.stringify({ session: true })))).toBeNull();
  });
});
