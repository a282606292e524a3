import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BOOT_DATA_ID, type BootData } from "#schemas/pages/boot-data.ts";
import { rendererFile } from "#server/plugins/server-render.ts";
import { NEW_STEP_PATH as NEW_PATH, NEW_STEP_TITLE as NEW_TITLE, withNewStep } from "../helpers/anxiety-new-step.ts";
import { client, closeSharedDatabase, createTestApp, type TestApp } from "../helpers/test-app.ts";

/**
 * A published flow with a new step path (ADR 066): the page fallback answers from the live routes,
 * so the new path is a page whose boot data carries the published flow (a step further in than the
 * start is drawn by the browser, ADR 039), and gives the browser's router the routes its build lacks. The renderer stands in for the build's: it draws
 * the boot data's flow's step at the page's path (the real one: tests/e2e/flows-publish.spec.ts).
 */
const RENDERER = `
export async function renderPage(url, boot) {
  const path = new URL(url).pathname;
  const step = boot.flow && boot.flow.steps.find((s) => s.path === path);
  return { html: '<main><h1>' + (step ? step.title : 'no step at ' + path) + '</h1></main>', status: 200, loaderData: {}, modules: [], queries: {} };
}`;
const INDEX_HTML = `<!doctype html><html><head><title>Pathwise</title></head><body><div id="root"></div></body></html>`;
const OPERATOR = "an-operator-token-of-at-least-thirty-two-characters";
const FILE = "flows/anxiety.yaml";

let t: TestApp;
let distDir: string;
let text: string;

const publish = (flowText: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/admin/flows/publish",
    payload: { flows: [{ file: FILE, text: flowText }] },
    headers: { authorization: `Bearer ${OPERATOR}` },
  });
const bootOf = (html: string) => JSON.parse(new RegExp(`<script type="application/json" id="${BOOT_DATA_ID}">(.*?)</script>`, "s").exec(html)![1]!) as BootData;
const rootOf = (html: string) => /<div id="root">(.*?)<\/div>/s.exec(html)?.[1] ?? "";

beforeAll(async () => {
  distDir = join(await mkdtemp(join(tmpdir(), "pathwise-publish-paths-")), "dist");
  await mkdir(distDir, { recursive: true });
  await writeFile(join(distDir, "index.html"), INDEX_HTML);
  await mkdir(`${distDir}-ssr`);
  await writeFile(rendererFile(distDir), RENDERER);
  t = await createTestApp({ operatorToken: OPERATOR, distDir });
  text = await readFile(FILE, "utf8");
});
afterAll(async () => {
  await t.close();
  await closeSharedDatabase();
  await rm(join(distDir, ".."), { recursive: true, force: true });
});

describe("a published flow's new path, without a restart", () => {
  it("is not a page before the publish: 404, and no added routes in the boot data", async () => {
    const res = await client(t.app).get(NEW_PATH);
    expect(res.statusCode).toBe(404);
    expect(bootOf(res.body).routes).toBeUndefined();
    expect((await client(t.app).get("/anxiety")).statusCode).toBe(200);
  });

  it("is a page after it: 200, the new step in its boot data's flow, and the path in every page's boot data", async () => {
    const res = await publish(withNewStep(text));
    expect(res.statusCode, res.body).toBe(200);

    const page = await client(t.app, "203.0.113.61").get(NEW_PATH);
    expect(page.statusCode).toBe(200);
    // A step further in than the start: the browser draws it from the visitor's run (ADR 039, 2026-12-03).
    expect(rootOf(page.body)).toBe("");
    expect(page.body).toContain(`"title":"${NEW_TITLE}"`);
    expect(bootOf(page.body).routes).toEqual([{ path: NEW_PATH, flow: "anxiety_gad7" }]);
    // The start page and the home page carry it too, so the browser's router follows the runner there.
    expect(bootOf((await client(t.app, "203.0.113.62").get("/anxiety")).body).routes).toEqual([{ path: NEW_PATH, flow: "anxiety_gad7" }]);
    expect(bootOf((await client(t.app, "203.0.113.63").get("/")).body).routes).toEqual([{ path: NEW_PATH, flow: "anxiety_gad7" }]);
  });

  it("is not a page again once a publish retires it: 404, and gone from the boot data", async () => {
    const res = await publish(text);
    expect(res.statusCode, res.body).toBe(200);
    const page = await client(t.app, "203.0.113.64").get(NEW_PATH);
    expect(page.statusCode).toBe(404);
    expect(bootOf(page.body).routes).toBeUndefined();
    expect((await client(t.app, "203.0.113.65").get("/anxiety")).statusCode).toBe(200);
  });
});
