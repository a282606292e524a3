import { copyFile, mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { build } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadFlow } from "#engine/flow/load/load-flow.ts";
import { pathToFileURL } from "node:url";
import { PAGE_MODULES, pagePreloads, readManifest } from "#server/plugins/page-preloads.ts";
import { rendererFile } from "#server/plugins/server-render.ts";
import { ssrOutDir } from "../../scripts/vite/ssr-bundle-plugin.ts";

const fixtures = join(process.cwd(), "tests", "fixtures", "flows");
const temps: string[] = [];
const tempDir = async (prefix: string) => {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  temps.push(dir);
  return dir;
};

/** A folder of flows made of the named fixtures. */
async function flowsDir(...names: string[]) {
  const dir = await tempDir("pathwise-flows-");
  for (const name of names) await copyFile(join(fixtures, name), join(dir, name));
  return dir;
}

let outDir = "";

/** `vite build` of the app plus a small entry importing virtual:flows, into a temp folder. */
async function buildWith(flows: string) {
  outDir = await tempDir("pathwise-dist-");
  // The server's renderer is built beside it (scripts/vite/ssr-bundle-plugin.ts).
  temps.push(ssrOutDir(outDir));
  process.env.FLOWS_DIR = flows;
  try {
    await build({
      configFile: join(process.cwd(), "vite.config.ts"),
      logLevel: "silent",
      build: {
        outDir,
        emptyOutDir: true,
        rolldownOptions: { input: { index: join(process.cwd(), "index.html"), flows: join(process.cwd(), "tests/build/flows-entry.ts") } },
      },
    });
  } finally {
    delete process.env.FLOWS_DIR;
  }
  const assets = join(outDir, "assets");
  const files = await readdir(assets);
  const names = files.filter((n) => n.endsWith(".js"));
  return Promise.all(
    names.map(async (name) => ({
      name,
      code: await readFile(join(assets, name), "utf8"),
      br: files.includes(`${name}.br`) ? await readFile(join(assets, `${name}.br`)) : null,
      gz: files.includes(`${name}.gz`) ? await readFile(join(assets, `${name}.gz`)) : null,
    })),
  );
}

afterAll(async () => {
  await Promise.all(temps.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe("the browser bundle", () => {
  let chunks: Awaited<ReturnType<typeof buildWith>>;
  beforeAll(async () => {
    chunks = await buildWith(await flowsDir("valid-small.yaml"));
  }, 120_000);

  it.each(["YAMLParseError", "LineCounter"])("contains no %s anywhere (flows are compiled at build time; no yaml parser ships)", (marker) => {
    expect(chunks.filter((c) => c.code.includes(marker)).map((c) => c.name)).toEqual([]);
  });

  /** The chunks a page needs before it can show anything: its own and every chunk they import statically. */
  const firstScreen = (...starts: RegExp[]) => {
    const byName = new Map(chunks.map((c) => [c.name, c]));
    const seen = new Set(chunks.filter((c) => starts.some((s) => s.test(c.name))).map((c) => c.name));
    for (const name of seen) {
      for (const m of byName.get(name)!.code.matchAll(/(?:from|import)\s*["']\.\/([\w.-]+\.js)["']/g)) if (byName.has(m[1]!)) seen.add(m[1]!);
    }
    return [...seen].map((name) => byName.get(name)!);
  };

  it.each(["ZodError", "safeParse"])("loads no full zod (%s) on the first screen of the home page or a funnel", (marker) => {
    const first = firstScreen(/^index-/, /^FunnelPage-/, /^HomePage-/);
    expect(first.length).toBeGreaterThan(2);
    expect(first.filter((c) => c.code.includes(marker)).map((c) => c.name)).toEqual([]);
  });

  it("keeps the renderers of later steps (forms, teaser, plans, payment) out of the funnel's first screen", () => {
    const first = firstScreen(/^FunnelPage-/);
    for (const marker of ["checkout-terms", "plan-summary", "type:`email`"])
      expect(
        first.filter((c) => c.code.includes(marker)).map((c) => c.name),
        marker,
      ).toEqual([]);
    // They are in the build, in chunks of their own.
    for (const marker of ["checkout-terms", "plan-summary", "type:`email`"])
      expect(
        chunks.some((c) => c.code.includes(marker)),
        marker,
      ).toBe(true);
  });

  it("keeps TanStack Query out of a funnel's first screen: it comes after the load event, with the funnel's loads (ADR 043)", () => {
    const first = firstScreen(/^index-/, /^FunnelPage-/);
    expect(first.map((c) => c.name)).toEqual(expect.arrayContaining([expect.stringMatching(/^framework-/), expect.stringMatching(/^FunnelPage-/)]));
    // query-core's own words: its observer and its client's defaults.
    for (const marker of ["refetchOnReconnect", "notifyOnChangeProps", "Missing queryFn"])
      expect(
        first.filter((c) => c.code.includes(marker)).map((c) => c.name),
        marker,
      ).toEqual([]);
    // It is in the build, and the funnel's loads (plans, payment, report) with it, apart.
    expect(chunks.some((c) => c.code.includes("refetchOnReconnect"))).toBe(true);
    expect(first.filter((c) => /^(StepDataSource|query)-/.test(c.name)).map((c) => c.name)).toEqual([]);
  });

  it("keeps XState out of what a funnel's page adds to the entry: its machine comes after the load event (ADR 080)", () => {
    const entry = new Set(firstScreen(/^index-/).map((c) => c.name));
    const funnel = firstScreen(/^FunnelPage-/).filter((c) => !entry.has(c.name));
    expect(funnel.map((c) => c.name)).toEqual(expect.arrayContaining([expect.stringMatching(/^FunnelPage-/), expect.stringMatching(/^StepScreen-/)]));
    // XState's own event names.
    expect(funnel.filter((c) => c.code.includes("xstate.done")).map((c) => c.name)).toEqual([]);
    expect(chunks.filter((c) => /^framework-/.test(c.name) && c.code.includes("xstate.done")).map((c) => c.name)).toEqual([]);
    // It is in the build, in a file of its own, and the machine's module imports it.
    const machine = chunks.filter((c) => /^start-flow-actor-/.test(c.name));
    expect(machine).toHaveLength(1);
    expect(machine[0]!.code).toMatch(/from\s*["']\.\/xstate-[\w-]+\.js["']/);
  });

  it("keeps the auth machine and its actions out of the home page's and a funnel's first screen: they come after the load event (ADR 081)", () => {
    const first = firstScreen(/^index-/, /^FunnelPage-/, /^HomePage-/);
    // The machine's own words (a log line) and its actions' (their errors).
    for (const marker of ["Logout retry failed", "Login did not complete", "Only a logged-in customer can be marked onboarded"])
      expect(
        first.filter((c) => c.code.includes(marker)).map((c) => c.name),
        marker,
      ).toEqual([]);
    // They are in the build, in a chunk of their own that the boot imports dynamically.
    expect(chunks.filter((c) => /^auth-runtime-/.test(c.name) && c.code.includes("Logout retry failed"))).toHaveLength(1);
    expect(first.some((c) => /import\(`\.\/auth-runtime-[\w-]+\.js`\)/.test(c.code))).toBe(true);
  });

  it("keeps the site's routes (account, staff console, site layout) out of a funnel's first screen: fetched when the visitor leaves it (ADR 043)", () => {
    const first = firstScreen(/^index-/, /^FunnelPage-/);
    expect(first.filter((c) => /^routes-site-/.test(c.name) || c.code.includes("AccountLayout-")).map((c) => c.name)).toEqual([]);
    expect(chunks.filter((c) => /^routes-site-/.test(c.name) && c.code.includes("AccountLayout-"))).toHaveLength(1);
  });

  it("writes a manifest in which the server finds each landing page's module, to announce it in the page", () => {
    const manifest = readManifest(outDir);
    expect(manifest).not.toBeNull();
    for (const key of Object.values(PAGE_MODULES)) expect(manifest![key]?.file, key).toMatch(/^assets\/.+\.js$/);
    const links = pagePreloads(manifest);
    expect(links.funnel).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/FunnelPage-[\w-]+\.js">/);
    expect(links.home).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/HomePage-[\w-]+\.js">/);
  });

  it("writes a brotli and a gzip copy of every script over 1 KB, with the same content", () => {
    const big = chunks.filter((c) => Buffer.byteLength(c.code) >= 1024);
    expect(big.length).toBeGreaterThan(0);
    for (const chunk of big) {
      expect(brotliDecompressSync(chunk.br!).toString(), chunk.name).toBe(chunk.code);
      expect(gunzipSync(chunk.gz!).toString(), chunk.name).toBe(chunk.code);
      expect(chunk.br!.length, chunk.name).toBeLessThan(Buffer.byteLength(chunk.code));
    }
  });

  it("builds the server's renderer beside it: it draws a funnel's first step from the same flows and names the page's module", async () => {
    const flow = loadFlow("valid-small.yaml", await readFile(join(fixtures, "valid-small.yaml"), "utf8"));
    if (!flow.ok) throw new Error("valid-small.yaml should load");
    const first = flow.value.steps[0]!;
    const { renderPage } = (await import(pathToFileURL(rendererFile(outDir)).href)) as {
      renderPage: (url: string, boot: object, visitor: string, api: typeof fetch) => Promise<{ html: string; modules: string[] } | null>;
    };
    const noApi = () => Promise.reject(new Error("a funnel's first step calls no API"));
    const page = await renderPage(
      `http://pathwise.invalid${flow.value.paths.start}`,
      { session: false, catalog: { data: [] }, flow: flow.value },
      "visitor-0000000000000001",
      noApi,
    );
    expect(page).not.toBeNull();
    expect(page!.html).toContain(
      `<h1 id="step-title" class="step__title" tabindex="-1">${typeof first.title === "string" ? first.title : first.title.code}</h1>`,
    );
    expect(page!.modules).toEqual(["src/web/funnel/FunnelPage.tsx"]);
  });

  it("ships no flow's questions to the browser: the funnel and the preview fetch the live version (ADR 066)", async () => {
    const flow = loadFlow("valid-small.yaml", await readFile(join(fixtures, "valid-small.yaml"), "utf8"));
    if (!flow.ok) throw new Error("valid-small.yaml should load");
    expect(chunks.filter((c) => c.code.includes("I like building things with my hands")).map((c) => c.name)).toEqual([]);
    // virtual:flow-routes carries the route table, once.
    expect(chunks.filter((c) => c.code.includes("/getquiz/valid_small_report"))).toHaveLength(1);
  });

  it("keeps the flows' route table out of the home page's entry and a funnel's first screen: a funnel routes its own flow from its page's flow (ADR 043)", () => {
    const first = firstScreen(/^index-/, /^FunnelPage-/);
    expect(first.filter((c) => c.code.includes("/getquiz/valid_small_report")).map((c) => c.name)).toEqual([]);
    // It comes with the rest of the table, the site's routes.
    const rest = firstScreen(/^routes-site-/);
    expect(rest.filter((c) => c.code.includes("/getquiz/valid_small_report"))).toHaveLength(1);
  });
});

describe("a broken flow", () => {
  it("fails the build with every problem, located", async () => {
    const dir = await flowsDir("valid-small.yaml", "dead-end.yaml", "unknown-key.yaml");
    await expect(buildWith(dir)).rejects.toThrow(
      expect.objectContaining({
        message: expect.stringMatching(
          /2 problems in flows:\n.*dead-end\.yaml:21:9 steps\.1\.id \[stuck\]: .*\n.*unknown-key\.yaml:13:5 steps\.0\.tilte \[intro\]: unknown key "tilte"/,
        ),
      }),
    );
  }, 120_000);
});
