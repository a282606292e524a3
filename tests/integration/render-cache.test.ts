import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RENDER_ALLOWANCE, rendererFile } from "#server/plugins/server-render.ts";
import { client, closeSharedDatabase, createTestApp, type TestApp } from "../helpers/test-app.ts";

/**
 * The server's rendered first screens through the real app (ADR 039, ADR 054), with a renderer that
 * counts its renders and writes, as React's does, the page's title, description and a picture's
 * preload before the page itself. The real renderer is the build's (tests/e2e/server-render.spec.ts).
 */
const RENDERER = `
let renders = 0;
export async function renderPage(url, boot, visitor, api) {
  renders += 1;
  const at = new URL(url).pathname + new URL(url).search;
  return {
    html: '<link rel="preload" as="image" href="/content-images/flow-career-intro.svg"/><title>Page at ' + at + '</title>' +
      '<meta name="description" content="What ' + at + ' holds"/><main><p>' + at + ' render #' + renders + '</p></main>',
    status: 200, loaderData: {}, modules: [], queries: {},
  };
}`;

const GENERIC_TITLE = "<title>Pathwise — the site</title>";
const GENERIC_DESCRIPTION = '<meta\n      name="description"\n      content="The site in one sentence."\n    />';
const INDEX_HTML = `<!doctype html><html><head>${GENERIC_TITLE}${GENERIC_DESCRIPTION}</head><body><div id="root"></div><noscript id="after-root"></noscript></body></html>`;

let t: TestApp;
let distDir: string;
let nextClient = 1;
/** A client of its own address: its render allowance is untouched. */
const newClient = () => client(t.app, `203.0.113.${nextClient++}`);
/** What came of the page's first screen (the Server-Timing header), and the page. */
const visit = async (c: ReturnType<typeof newClient>, url: string, headers?: Record<string, string>) => {
  const res = await c.get(url, headers);
  expect(res.statusCode, url).toBe(200);
  return { how: /render;desc="(\w+)"/.exec(String(res.headers["server-timing"]))?.[1], body: res.body, res };
};
const rootOf = (html: string) => /<div id="root">(.*?)<\/div><noscript/s.exec(html)?.[1] ?? "";

beforeAll(async () => {
  distDir = join(await mkdtemp(join(tmpdir(), "pathwise-render-cache-")), "dist");
  await mkdir(distDir, { recursive: true });
  await writeFile(join(distDir, "index.html"), INDEX_HTML);
  await mkdir(`${distDir}-ssr`);
  await writeFile(rendererFile(distDir), RENDERER);
  t = await createTestApp({ distDir });
});
afterAll(async () => {
  await t.close();
  await closeSharedDatabase();
  await rm(join(distDir, ".."), { recursive: true, force: true });
});

describe("a rendered page is kept under the query parameters it reads, and no others", () => {
  it("a new ?x= each time does not render the page again", async () => {
    const c = newClient();
    const first = await visit(c, "/quiz/career_test_green?x=1");
    expect(rootOf(first.body)).toContain("/quiz/career_test_green render #");
    for (const x of ["2", "3", "9&utm_source=ad&fbclid=1"]) {
      const again = await visit(c, `/quiz/career_test_green?x=${x}`);
      expect(again.how, `?x=${x}`).toBe("kept");
      expect(rootOf(again.body), `?x=${x}`).toBe(rootOf(first.body));
    }
  });

  it("keeps the compressed page too: the same bytes for every ?x=", async () => {
    const c = newClient();
    const br = { "accept-encoding": "br" };
    const one = await visit(c, "/burnout?x=1", br);
    const two = await visit(c, "/burnout?x=2", br);
    expect(two.res.headers["content-encoding"]).toBe("br");
    expect(two.how).toBe("kept");
    expect(Buffer.compare(one.res.rawPayload, two.res.rawPayload)).toBe(0);
    expect(rootOf(brotliDecompressSync(two.res.rawPayload).toString())).toContain("/burnout render #");
  });

  it("a page that reads a parameter is rendered for each value of it, with that value, and kept under it", async () => {
    const c = newClient();
    const a = await visit(c, "/login?email=a%40example.org&x=1");
    const b = await visit(c, "/login?email=b%40example.org");
    expect([a.how, b.how]).toEqual(["rendered", "rendered"]);
    expect(rootOf(a.body)).toContain("/login?email=a%40example.org render #");
    expect(rootOf(b.body)).toContain("/login?email=b%40example.org render #");
    const aAgain = await visit(c, "/login?utm_medium=cpc&email=a%40example.org");
    expect(aAgain.how).toBe("kept");
    expect(rootOf(aAgain.body)).toBe(rootOf(a.body));
    // A funnel reads `style` (its focused view) and nothing else.
    const focused = await visit(c, "/anxiety?style=2&x=1");
    expect(rootOf(focused.body)).toContain("/anxiety?style=2 render #");
    expect((await visit(c, "/anxiety?x=2")).body).not.toBe(focused.body);
  });
});

describe("a funnel's page is drawn by the server at its entries only", () => {
  it("its start, an alias and /quiz/<code> come drawn; a step further in, the offer included, is left to the visitor's run in the browser", async () => {
    for (const entry of ["/anxiety", "/anxiety-test", "/quiz/anxiety_gad7?utm_source=ad", "/quiz/career_test_green"]) {
      const page = await visit(newClient(), entry);
      expect(rootOf(page.body), entry).toContain(" render #");
    }
    for (const deeper of ["/anxiety/gad3", "/anxiety/pre-checkout?utm_source=ad", "/pre-checkout", "/quiz/career_test_green/r2", "/get-result-c"]) {
      const page = await visit(newClient(), deeper);
      expect(page.how, deeper).toBeUndefined();
      expect(rootOf(page.body), deeper).toBe("");
      // Still the funnel's page: its flow travels in the boot data, so the browser draws it at once.
      expect(page.body, deeper).toContain('"flow":{');
    }
  });
});

describe("rendering is limited per client", () => {
  it("a client that makes the server render page after page gets the page drawn in the browser; others and kept pages are unaffected", async () => {
    const c = newClient();
    const answers: (string | undefined)[] = [];
    for (let i = 0; i <= RENDER_ALLOWANCE.burst; i++) answers.push((await visit(c, `/login?email=${i}%40example.org`)).how);
    expect(answers.filter((how) => how === "rendered")).toHaveLength(RENDER_ALLOWANCE.burst);
    const limited = await visit(c, "/login?email=one-more%40example.org");
    expect(limited.how).toBe("limited");
    // The app's shell: the browser draws the page; the site's title and description stay in the head.
    expect(rootOf(limited.body)).toBe("");
    expect(limited.body).toContain(GENERIC_TITLE);
    // A page already kept still comes rendered to that client, and another client still gets a render.
    expect((await visit(c, "/login?email=0%40example.org")).how).toBe("kept");
    expect((await visit(newClient(), "/login?email=someone-else%40example.org")).how).toBe("rendered");
    // A minute later the client may have the server render again.
    t.clock.advance(60);
    expect((await visit(c, "/login?email=a-minute-later%40example.org")).how).toBe("rendered");
  });
});

describe("a rendered page's head", () => {
  it("holds the page's own title and description in place of the site's, none in the body, and the picture's preload once", async () => {
    const { body } = await visit(newClient(), "/quiz/career_test_green?x=head");
    const [head, rest] = body.split("</head>") as [string, string];
    expect(head).toContain("<title>Page at /quiz/career_test_green</title>");
    expect(head).toContain('<meta name="description" content="What /quiz/career_test_green holds"/>');
    expect(head).not.toContain(GENERIC_TITLE);
    expect(head).not.toContain("The site in one sentence.");
    expect(head.match(/<title>/g)).toHaveLength(1);
    expect(head.match(/name="description"/g)).toHaveLength(1);
    expect(head.match(/href="\/content-images\/flow-career-intro.svg"/g)).toHaveLength(1);
    expect(rest).not.toMatch(/<title>|name="description"|rel="preload"/);
  });
});
