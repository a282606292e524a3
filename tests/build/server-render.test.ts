import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { splitFlow, visitorIn } from "../helpers/split-flow.ts";
import { loadServerRender, renderedUrl, rendererFile, type ServerRender } from "#server/plugins/server-render.ts";

describe("the URL a page is rendered at", () => {
  it("keeps only the query parameters the page reads, sorted: no ad click's or cache-buster's parameter", () => {
    expect(renderedUrl("/burnout?utm_source=fb&fbclid=AbC&gclid=1&utm_campaign=x&x=1")).toBe("/burnout");
    expect(renderedUrl("/login?next=%2Faccount&utm_medium=cpc&email=a%40b.org&x=2", ["email", "next"])).toBe("/login?email=a%40b.org&next=%2Faccount");
  });
});

/** A renderer that counts its renders and draws what it was given (the real one is the build's, tests/build/bundle.test.ts). */
const RENDERER = `
let renders = 0;
export async function renderPage(url, boot, visitor, api) {
  renders += 1;
  if (url.includes("/broken")) throw new Error("render failed");
  return { html: "<p>" + url + " #" + renders + "</p>", status: 200, loaderData: {}, modules: [], queries: {} };
}`;

const flow = splitFlow;
const idIn = (variant: "a" | "b", nth = 0) => visitorIn(variant, nth);
const api = { fetch: () => Promise.reject(new Error("no API")), locale: "USD" };
const boot = { session: false, catalog: { data: [] } };

let dist: string;
let renderer: ServerRender;
/** The screen rendered or kept for a visitor (every call from one client address, well within its allowance). */
const render = async (url: string, catalogEtag: string, f: typeof flow | undefined, visitor: string, visitorApi: typeof api) =>
  (await renderer.render({ url, reads: [], boot, catalogEtag, flow: f, visitor, api: visitorApi, client: "203.0.113.9" })).screen;
const logged: string[] = [];
beforeAll(async () => {
  dist = join(await mkdtemp(join(tmpdir(), "pathwise-render-")), "dist");
  await mkdir(join(`${dist}-ssr`), { recursive: true });
  await writeFile(rendererFile(dist), RENDERER);
  renderer = (await loadServerRender(dist, { error: (_obj, msg) => void logged.push(msg) }))!;
});
afterAll(() => rm(join(dist, ".."), { recursive: true, force: true }));

describe("rendered first screens", () => {
  it("are kept per page and variant: two visitors in one variant share a render, one in another gets its own", async () => {
    const first = await render("/split", "e1", flow, idIn("a"), api);
    const sameVariant = await render("/split?utm_source=ad", "e1", flow, idIn("a", 1), api);
    const otherVariant = await render("/split", "e1", flow, idIn("b"), api);
    expect(sameVariant?.page.html).toBe(first?.page.html);
    expect(otherVariant?.page.html).not.toBe(first?.page.html);
    expect(otherVariant?.key).not.toBe(first?.key);
  });

  it("are made again when the catalogue or the visitor's currency changes", async () => {
    const usd = await render("/pricing", "e1", undefined, idIn("a"), api);
    const eur = await render("/pricing", "e1", undefined, idIn("a"), { ...api, locale: "EUR" });
    const newCatalogue = await render("/pricing", "e2", undefined, idIn("a"), api);
    expect(new Set([usd?.page.html, eur?.page.html, newCatalogue?.page.html]).size).toBe(3);
  });

  it("fall back to the browser's render when rendering fails, and say so in the log", async () => {
    expect(await render("/broken", "e1", undefined, idIn("a"), api)).toBeNull();
    expect(logged).toEqual(["the server could not render this page; the browser renders it"]);
  });

  it("are not made at all without the build's renderer (the dev server)", async () => {
    expect(await loadServerRender(join(dist, "..", "no-build"), { error: () => undefined })).toBeNull();
  });
});
