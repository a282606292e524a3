import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { flowRoutes, isEntryPath } from "#engine/flow/routes.ts";
import { PAGE_SCRIPTS_LOADER_HASH } from "#server/plugins/page-scripts.ts";
import { client, closeSharedDatabase, createTestApp, type TestApp } from "../helpers/test-app.ts";

const INDEX_HTML =
  '<!doctype html><html><head><script type="module" src="/assets/app-abc123.js"></script></head><body><div id="root">SPA-SHELL</div></body></html>';
const APP_JS = 'console.log("pathwise app abc123");\n';
const IMMUTABLE = "public, max-age=31536000, immutable";
const BIG_JS = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word number ${i}`))};\n`;

let t: TestApp;
let distDir: string;
let catalogJson: string;

/** A build manifest: the entry, a chunk it shares with the funnel page, and the two landing pages' modules. */
const MANIFEST = {
  "index.html": { file: "assets/app-abc123.js", isEntry: true, imports: ["_shared.js"], css: ["assets/app-abc123.css"] },
  "_shared.js": { file: "assets/shared-aaa111.js" },
  "_runner.js": { file: "assets/runner-bbb222.js", css: ["assets/runner-bbb222.css"] },
  "src/web/funnel/FunnelPage.tsx": { file: "assets/FunnelPage-ccc333.js", imports: ["_shared.js", "_runner.js"], css: ["assets/FunnelPage-ccc333.css"] },
  "src/web/features/home/HomePage.tsx": { file: "assets/HomePage-ddd444.js", imports: ["_shared.js"], css: ["assets/HomePage-ddd444.css"] },
};
/** What the home page and a funnel page announce beyond the entry: their own chunks and CSS, not the shared one. */
const HOME_LINKS =
  '<link rel="stylesheet" crossorigin href="/assets/HomePage-ddd444.css"><link rel="modulepreload" crossorigin href="/assets/HomePage-ddd444.js">';
const FUNNEL_LINKS =
  '<link rel="stylesheet" crossorigin href="/assets/FunnelPage-ccc333.css"><link rel="stylesheet" crossorigin href="/assets/runner-bbb222.css">' +
  '<link rel="modulepreload" crossorigin href="/assets/FunnelPage-ccc333.js"><link rel="modulepreload" crossorigin href="/assets/runner-bbb222.js">';

/** The page the server sends: index.html with, before </head>, the page's links and the boot data (catalogue, login cookie or not, a funnel's flow). */
const shell = (session: boolean, links = "", flowJson?: string, finished30d?: number) =>
  INDEX_HTML.replace(
    "</head>",
    `${links}<script type="application/json" id="boot-data">{"session":${session},"catalog":${catalogJson.replace(/</g, "\\u003c")}${flowJson ? `,"flow":${flowJson.replace(/</g, "\\u003c")}` : ""}${finished30d === undefined ? "" : `,"finished30d":${finished30d}`}}</script></head>`,
  );

/** The page the server should send at a path: the home page and funnel pages carry their extras. */
function pageAt(url: string, session = false): string {
  if (url === "/") return shell(session, HOME_LINKS);
  const path = url.replace(/(.)\/+$/, "$1").toLowerCase();
  const route = flowRoutes(t.app.services.flows.all()).find((r) => r.path === path);
  if (!route) return shell(session);
  const flow = t.app.services.flows.byCode(route.flow)!;
  const first = flow.steps[0]!;
  // The first step's picture is preloaded where the flow starts, not on a step further in.
  const image = "image" in first && first.image && isEntryPath(flow, path) ? `<link rel="preload" as="image" href="${first.image.src}">` : "";
  // A funnel with a social-proof line carries its count (nobody has finished one in this test's database).
  const proof = flow.steps.some((s) => s.kind === "info" && s.socialProof);
  return shell(session, FUNNEL_LINKS + image, JSON.stringify(t.app.services.reports.browserFlow(flow)), proof ? 0 : undefined);
}
const browser = () => client(t.app, "203.0.113.170");

beforeAll(async () => {
  distDir = await mkdtemp(join(tmpdir(), "pathwise-dist-"));
  await mkdir(join(distDir, "assets"));
  await writeFile(join(distDir, "index.html"), INDEX_HTML);
  await writeFile(join(distDir, "index.html.br"), brotliCompressSync(INDEX_HTML));
  await writeFile(join(distDir, "assets", "app-abc123.js"), APP_JS);
  await writeFile(join(distDir, "assets", "big-def456.js"), BIG_JS);
  await writeFile(join(distDir, "assets", "big-def456.js.br"), brotliCompressSync(BIG_JS));
  await writeFile(join(distDir, "assets", "big-def456.js.gz"), gzipSync(BIG_JS));
  await mkdir(join(distDir, ".vite"));
  await writeFile(join(distDir, ".vite", "manifest.json"), JSON.stringify(MANIFEST));
  t = await createTestApp({ distDir });
  catalogJson = (await browser().get("/api/info-data-catalog/list")).body;
});
afterAll(async () => {
  await t.close();
  await closeSharedDatabase();
  await rm(distDir, { recursive: true, force: true });
});

describe("the built app", () => {
  it("serves a hashed asset with a one-year immutable cache", async () => {
    const res = await browser().get("/assets/app-abc123.js");
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe(IMMUTABLE);
    expect(res.headers["content-type"]).toMatch(/javascript/);
    expect(res.body).toBe(APP_JS);
  });

  it("puts the catalogue and whether a login cookie came into the page, so the first screen asks for neither", async () => {
    const page = (await browser().get("/")).body;
    const data = JSON.parse(/<script type="application\/json" id="boot-data">(.*?)<\/script>/.exec(page)![1]!) as { session: boolean; catalog: unknown };
    expect(data).toEqual({ session: false, catalog: JSON.parse(catalogJson) });
    expect((data.catalog as { data: unknown[] }).data.length).toBeGreaterThan(10);
    // An account page the server does not render (the overview is rendered for a proven customer, ADR 075).
    const withCookie = await t.app.inject({ method: "GET", url: "/account/reports", headers: { cookie: "theme=dark; sid=abc123" } });
    expect(withCookie.body).toBe(shell(true));
    // A cookie merely ending in "sid" is not a login cookie.
    expect((await t.app.inject({ method: "GET", url: "/", headers: { cookie: "xsid=1" } })).body).toBe(pageAt("/"));
  });

  it("on a funnel's page: its flow in the boot data, its chunks and CSS announced beside the entry's, its first picture preloaded", async () => {
    const page = (await browser().get("/quiz/career_test_green")).body;
    const data = JSON.parse(/<script type="application\/json" id="boot-data">(.*?)<\/script>/.exec(page)![1]!) as { flow: { code: string; hash: string } };
    // As the browser gets it (src/server/reports/browser-flow.ts): its report's claims rule, no follow-up e-mails.
    const flow = t.app.services.flows.byCode("career_test_green")!;
    expect(data.flow).toEqual(JSON.parse(JSON.stringify(t.app.services.reports.browserFlow(flow))));
    expect(data.flow).toMatchObject({ claims: { gap: 10, compares: true } });
    expect(data.flow).not.toHaveProperty("follow_ups");
    expect(page).toContain(FUNNEL_LINKS);
    // The entry's own chunk and the chunk it shares are not announced twice.
    expect(page).not.toContain('modulepreload" crossorigin href="/assets/shared-aaa111.js"');
    // The career test opens with a picture: the screen's largest element, fetched with the scripts.
    expect(page).toContain('<link rel="preload" as="image" href="/content-images/flow-career-intro.svg">');
    // A step further in shows the visitor's run, not the intro: its picture is not fetched there.
    expect((await browser().get("/pre-checkout")).body).not.toContain('<link rel="preload" as="image"');
    // Another funnel's page carries its own flow; a step's path carries its funnel's flow too.
    for (const [url, code] of [
      ["/anxiety", "anxiety_gad7"],
      ["/stress-level/summary", "stress_level"],
    ] as const) {
      const other = (await browser().get(url)).body;
      expect((JSON.parse(/id="boot-data">(.*?)<\/script>/.exec(other)![1]!) as { flow: { code: string } }).flow.code, url).toBe(code);
    }
    // A page that is not a funnel's carries no flow and announces nothing.
    expect((await browser().get("/account/reports")).body).toBe(shell(false));
  });

  it("names the configured ad pixels in every page's boot data and their hosts in the CSP, and neither when none is configured", async () => {
    const bootOf = (html: string) => JSON.parse(/<script type="application\/json" id="boot-data">(.*?)<\/script>/.exec(html)![1]!) as { pixels?: unknown };
    const plain = await browser().get("/burnout");
    expect(bootOf(plain.body).pixels).toBeUndefined();
    expect(String(plain.headers["content-security-policy"])).not.toMatch(/facebook|tiktok/);

    const configured = await createTestApp({ distDir, env: { META_PIXEL_ID: "1234567890123456", TIKTOK_PIXEL_ID: "C4ABCDEF1234567890AB" } });
    try {
      for (const url of ["/", "/burnout", "/account/reports"]) {
        const res = await client(configured.app, "203.0.113.171").get(url);
        expect(bootOf(res.body).pixels, url).toEqual({ meta: "1234567890123456", tiktok: "C4ABCDEF1234567890AB" });
        const csp = String(res.headers["content-security-policy"]);
        expect(/script-src ([^;]*)/.exec(csp)![1]!.split(" "), url).toEqual([
          "'self'",
          PAGE_SCRIPTS_LOADER_HASH,
          "https://connect.facebook.net",
          "https://analytics.tiktok.com",
        ]);
        expect(/connect-src ([^;]*)/.exec(csp)![1], url).toMatch(/https:\/\/www\.facebook\.com .*https:\/\/analytics\.tiktok\.com/);
      }
    } finally {
      await configured.close();
    }
    const { readEnv } = await import("#server/env.ts");
    expect(readEnv({ META_PIXEL_ID: "<script>" }).ok).toBe(false);
    expect(readEnv({ TIKTOK_PIXEL_ID: "c4-abc" }).ok).toBe(false);
    // A pixel id alone is the browser's pixel; a server token without the id it sends for is refused.
    expect(readEnv({ META_PIXEL_ID: "1234567890123456", TIKTOK_PIXEL_ID: "C4ABCDEF1234567890AB" }).ok).toBe(true);
    expect(readEnv({ META_CAPI_TOKEN: "EAAB-token" })).toMatchObject({ ok: false, problems: [expect.stringContaining("META_PIXEL_ID")] });
    expect(readEnv({ TIKTOK_ACCESS_TOKEN: "tt-token" })).toMatchObject({ ok: false, problems: [expect.stringContaining("TIKTOK_PIXEL_ID")] });
  });

  it("serves index.html for / and for client routes, never cached", async () => {
    for (const url of ["/", "/account/reports", "/login?email=a%40example.org", "/account/tools/energy-map"]) {
      const res = await browser().get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"], url).toMatch(/^text\/html/);
      expect(res.headers["cache-control"], url).toBe("no-cache");
      expect(res.body, url).toBe(pageAt(url));
    }
    // Its brotli copy (as a browser asks for it) is never cached either.
    for (const url of ["/", "/account/reports"]) {
      const res = await t.app.inject({ method: "GET", url, headers: { "accept-encoding": "br" } });
      expect(res.headers["content-encoding"], url).toBe("br");
      expect(res.headers["cache-control"], url).toBe("no-cache");
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(pageAt(url));
    }
  });

  it("answers a page the app has with 200, and any other page with 404 and the same shell (the app shows its not-found page)", async () => {
    const known = [
      "/",
      "/quiz/career_test_green",
      "/test-email",
      "/get-result-b",
      "/account/tools/energy-map",
      "/account/plans/x/1",
      "/account/plans/x/1/",
      "/income",
      "/stress-level/summary",
    ];
    const unknown = ["/nope", "/account/nope", "/quiz", "/account/plans/x/1/more", "/quiz/career_test_green/extra", "/income/nope", "/incomes"];
    for (const [urls, status] of [
      [known, 200],
      [unknown, 404],
    ] as const) {
      for (const url of urls) {
        const res = await browser().get(url);
        expect(res.statusCode, url).toBe(status);
        expect(res.headers["content-type"], url).toMatch(/^text\/html/);
        expect(res.headers["cache-control"], url).toBe("no-cache");
        expect(res.body, url).toBe(pageAt(url));
      }
    }
    const head = await t.app.inject({ method: "HEAD", url: "/account/nope" });
    expect(head.statusCode).toBe(404);
    const br = await t.app.inject({ method: "GET", url: "/nope", headers: { "accept-encoding": "br" } });
    expect(br.statusCode).toBe(404);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(shell(false));
  });

  it("answers 404 for a missing file instead of the app shell", async () => {
    for (const url of ["/missing.js", "/assets/app-zzz999.js", "/favicon-missing.png"]) {
      const res = await browser().get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain("SPA-SHELL");
    }
  });

  it("answers an unknown API path with a 404 JSON envelope, not the app shell", async () => {
    for (const [method, url] of [
      ["GET", "/api/nope"],
      ["GET", "/api/article/list/extra"],
      ["POST", "/api/nope"],
    ] as const) {
      const res = method === "GET" ? await browser().get(url) : await browser().post(url, { a: 1 });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers["content-type"]).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ error: { code: "not_found", message: `No route for ${method} ${url}` } });
    }
  });
});

describe("GET /api/health", () => {
  it("reports ok and the database driver", async () => {
    const res = await browser().get("/api/health");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { status: "ok", database: t.database.driver } });
  });
});

type Operation = {
  requestBody?: { content?: Record<string, { schema?: Record<string, unknown> }> };
  parameters?: { in: string; name: string; required?: boolean; schema?: unknown }[];
  responses: Record<string, { description?: string; content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> }>;
};

type Call = { method: string; path: string; op: Operation };

/**
 * The calls of the API, read from the document itself: @fastify/swagger builds it from every route
 * as it is registered (its onRoute hook), so a new call is checked here without a line in this file.
 * Only a route declared `hide: true` (the providers' webhooks) stays out.
 */
const callsOf = (doc: { paths: Record<string, Record<string, Operation>> }): Call[] =>
  Object.entries(doc.paths).flatMap(([path, operations]) => Object.entries(operations).map(([method, op]) => ({ method, path, op })));
const named = ({ method, path }: Call) => `${method.toUpperCase()} ${path}`;
/** Calls that change something take their input in a body. */
const WRITES = ["post", "put", "patch", "delete"];

type JsonSchema = Record<string, unknown>;
/**
 * Values for the fields whose rule the document cannot show (a pattern, a check in code), by field
 * name. A call whose field is missing here answers 400 to the probe, and the session test names it.
 */
const FIELD_SAMPLES: Record<string, string> = {
  email: "probe@example.org",
  new_email: "probe-new@example.org",
  time_zone: "Europe/Berlin",
  session: "probe-session",
  session_code: "probe-session",
  code: "career_test_green",
  flow_code: "career_test_green",
  client_system_code: "career_test_green",
  product_id: "probe_product",
  name: "energy-map",
};
/**
 * The smallest value a JSON schema accepts (what a caller without a login would send): required
 * fields only, each at its minimum, or its FIELD_SAMPLES value.
 */
function sampleOf(schema: JsonSchema, resolve: (ref: string) => JsonSchema, field?: string): unknown {
  if (field !== undefined && field in FIELD_SAMPLES) return FIELD_SAMPLES[field];
  if (typeof schema.$ref === "string") return sampleOf(resolve(schema.$ref), resolve);
  if ("const" in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const alternatives = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (alternatives) return sampleOf(alternatives.find((a) => a.type !== "null") ?? alternatives[0]!, resolve);
  if (Array.isArray(schema.allOf)) return Object.assign({}, ...(schema.allOf as JsonSchema[]).map((part) => sampleOf(part, resolve)));
  const type = Array.isArray(schema.type) ? (schema.type as string[]).find((t) => t !== "null") : schema.type;
  switch (type) {
    case "object": {
      const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
      const required = (schema.required ?? []) as string[];
      return Object.fromEntries(required.map((name) => [name, sampleOf(properties[name] ?? {}, resolve, name)]));
    }
    case "array":
      return Array.from({ length: Number(schema.minItems ?? 0) }, () => sampleOf((schema.items ?? {}) as JsonSchema, resolve));
    case "integer":
    case "number":
      return Math.max(1, Number(schema.minimum ?? 1), Number(schema.exclusiveMinimum ?? 0) + 1);
    case "boolean":
      return true;
    case "string":
      return sampleString(schema);
    default:
      return {};
  }
}
function sampleString(schema: JsonSchema): string {
  if (schema.format === "email") return "probe@example.org";
  if (schema.format === "uuid") return "00000000-0000-4000-8000-000000000000";
  if (schema.format === "date") return "2026-01-01";
  if (schema.format === "date-time") return "2026-01-01T00:00:00.000Z";
  return "a".repeat(Math.max(1, Number(schema.minLength ?? 1)));
}

describe("GET /api/openapi.json", () => {
  let doc: {
    openapi: string;
    info: { title: string; version: string };
    paths: Record<string, Record<string, Operation>>;
    components?: Record<string, Record<string, unknown>>;
  };

  beforeAll(async () => {
    const res = await browser().get("/api/openapi.json");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    doc = res.json();
  });

  it("is an OpenAPI 3 document", () => {
    expect(doc.openapi).toMatch(/^3\.\d+\.\d+$/);
    expect(doc.info.title).toBe("Pathwise API");
    expect(typeof doc.info.version).toBe("string");
    for (const [path, operations] of Object.entries(doc.paths)) {
      expect(path).toMatch(/^\/api\//);
      expect(path).not.toContain(":");
      const params = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      for (const [method, op] of Object.entries(operations)) {
        expect(["get", "post", "put", "patch", "delete", "head", "options"]).toContain(method);
        expect(Object.keys(op.responses).length, `${method} ${path}`).toBeGreaterThan(0);
        for (const [status, response] of Object.entries(op.responses)) {
          expect(status).toMatch(/^[1-5]\d\d$|^default$/);
          expect(typeof response.description, `${method} ${path} ${status}`).toBe("string");
        }
        for (const name of params) {
          expect(op.parameters, `${method} ${path}`).toContainEqual(expect.objectContaining({ in: "path", name, required: true }));
        }
      }
    }
    // Every $ref points at something that exists.
    const json = JSON.stringify(doc);
    for (const [, ref] of json.matchAll(/"\$ref":"#\/([^"]+)"/g)) {
      const target = ref!.split("/").reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], doc);
      expect(target, ref).toBeDefined();
    }
  });

  it("lists every call of the API, and only calls that exist", () => {
    const calls = callsOf(doc);
    // The calls the browser and the console make are there (the document is not empty or cut short).
    for (const area of ["/api/auth/", "/api/customer/", "/api/quiz/", "/api/orders/", "/api/admin/"]) {
      expect(
        calls.some(({ path }) => path.startsWith(area)),
        area,
      ).toBe(true);
    }
    for (const call of calls) {
      const route = { method: call.method.toUpperCase() as "GET" | "POST", url: call.path.replace(/\{(\w+)\}/g, ":$1") };
      expect(t.app.hasRoute(route), named(call)).toBe(true);
    }
    expect(doc.paths["/api/openapi.json"]).toBeUndefined();
  });

  it("declares the request body schema of every call that writes", () => {
    for (const call of callsOf(doc).filter(({ method }) => WRITES.includes(method))) {
      const schema = call.op.requestBody?.content?.["application/json"]?.schema;
      // An object, or nothing at all for a call that takes no fields (logout, set-onboarded).
      const object = (schema?.anyOf as JsonSchema[] | undefined)?.find((s) => s.type === "object") ?? schema;
      expect(object, named(call)).toMatchObject({ type: "object" });
    }
    expect(doc.paths["/api/auth/login"]!.post!.requestBody!.content!["application/json"]!.schema).toMatchObject({
      properties: { email: expect.any(Object), password: expect.any(Object), tmp_token: expect.any(Object) },
      required: ["email"],
    });
  });

  it("declares the 4xx answers with the error envelope: 400 for calls with input, 404 for calls that name a thing", () => {
    const errorSchema = (op: Operation, status: string) => op.responses[status]?.content?.["application/json"]?.schema;
    for (const call of callsOf(doc)) {
      const { method, path, op } = call;
      const clientErrors = Object.keys(op.responses).filter((s) => s.startsWith("4"));
      for (const status of clientErrors) {
        expect(errorSchema(op, status)?.properties, `${named(call)} ${status}`).toHaveProperty("error");
      }
      const namesAThing = path.includes("{");
      const input = WRITES.includes(method) || namesAThing || (op.parameters ?? []).length > 0;
      // Only a call that takes nothing may declare no client error (the health check).
      if (input) expect(op.responses["400"], `${named(call)} 400`).toBeDefined();
      if (namesAThing) expect(op.responses["404"], `${named(call)} 404`).toBeDefined();
    }
    expect(doc.paths["/api/auth/login"]!.post!.responses["401"]).toBeDefined();
    expect(doc.paths["/api/auth/login"]!.post!.responses["429"]).toBeDefined();
  });

  it("declares 401 on every call that answers 401 to a caller without a login", async () => {
    const resolve = (ref: string) =>
      ref
        .slice(2)
        .split("/")
        .reduce<unknown>((node, key) => (node as JsonSchema)[key], doc) as JsonSchema;
    const undeclared: string[] = [];
    const unprobed: string[] = [];
    const needLogin: string[] = [];
    let probes = 0;
    for (const call of callsOf(doc)) {
      const parameters = call.op.parameters ?? [];
      const fill = (name: string) => String(sampleOf((parameters.find((p) => p.name === name)?.schema ?? {}) as JsonSchema, resolve, name));
      const url = call.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(fill(name)));
      const query = new URLSearchParams(parameters.filter((p) => p.in === "query" && p.required).map((p) => [p.name, fill(p.name)]));
      const schema = call.op.requestBody?.content?.["application/json"]?.schema;
      const res = await t.app.inject({
        method: call.method.toUpperCase() as "GET",
        url: query.size > 0 ? `${url}?${query}` : url,
        headers: { origin: t.origin },
        // A caller of its own for every call, so no call's throttle counts another's.
        remoteAddress: `198.51.100.${(probes++ % 250) + 1}`,
        ...(schema ? { payload: sampleOf(schema, resolve) as object } : {}),
      });
      if (res.statusCode === 401) needLogin.push(named(call));
      if (res.statusCode === 401 && !call.op.responses["401"]) undeclared.push(named(call));
      // Refused before the handler ran (the handler's own 400s, such as an unknown token, come after the login check).
      if (res.statusCode === 400 && res.json<{ error: { code: string } }>().error.code === "invalid_request") unprobed.push(`${named(call)}: ${res.body}`);
    }
    expect(needLogin).toContain("GET /api/auth/customer");
    expect(needLogin).toContain("POST /api/customer/edu-plan/take");
    expect(undeclared, "answer 401 without a login but do not declare it").toEqual([]);
    // A call that refuses the probe's input cannot show whether it needs a login: add its field to FIELD_SAMPLES.
    expect(unprobed, "refused the probe's input (add the field to FIELD_SAMPLES)").toEqual([]);
  });
});

describe("one address in development", () => {
  it("sends a page opened on another address of the machine to APP_ORIGIN, so cookies and the payment return stay on one host", async () => {
    const dev = await createTestApp({ distDir, env: { NODE_ENV: "development" } });
    try {
      const other = await dev.app.inject({ method: "GET", url: "/order-redirect?order_id=1", headers: { host: "127.0.0.1:3000" } });
      expect(other.statusCode).toBe(302);
      expect(other.headers.location).toBe(`${dev.origin}/order-redirect?order_id=1`);
      const same = await dev.app.inject({ method: "GET", url: "/", headers: { host: new URL(dev.origin).host } });
      expect(same.statusCode).toBe(200);
      // The API answers on any address (health checks, server-to-server calls).
      expect((await dev.app.inject({ method: "GET", url: "/api/health", headers: { host: "127.0.0.1:3000" } })).statusCode).toBe(200);
    } finally {
      await dev.close();
    }
  });
});

describe("compression", () => {
  it("sends the build's precompressed brotli or gzip copy to a browser that accepts it, and the plain file otherwise", async () => {
    const br = await t.app.inject({ method: "GET", url: "/assets/big-def456.js", headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(br.statusCode).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["cache-control"]).toBe(IMMUTABLE);
    expect(br.headers["content-type"]).toMatch(/javascript/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BIG_JS);
    expect(br.rawPayload.length).toBeLessThan(BIG_JS.length / 3);
    const gz = await t.app.inject({ method: "GET", url: "/assets/big-def456.js", headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString()).toBe(BIG_JS);
    const plain = await t.app.inject({ method: "GET", url: "/assets/big-def456.js" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(BIG_JS);
  });

  it("compresses API answers above 1 KB for clients that accept it, and leaves small ones alone", async () => {
    const big = await t.app.inject({ method: "GET", url: "/api/openapi.json", headers: { "accept-encoding": "br, gzip" } });
    expect(big.statusCode).toBe(200);
    expect(big.headers["content-encoding"]).toBe("br");
    expect(JSON.parse(brotliDecompressSync(big.rawPayload).toString()).openapi).toMatch(/^3\./);
    const small = await t.app.inject({ method: "GET", url: "/api/health", headers: { "accept-encoding": "br, gzip" } });
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.json().data).toBeDefined();
  });
});
