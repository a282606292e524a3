import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { insertSubscription, signedInCustomer } from "../helpers/subscriptions.ts";
import { client, closeSharedDatabase, createTestApp, type TestApp } from "../helpers/test-app.ts";

const CONTENT = join(process.cwd(), "content");

/** Front matter and body of every .md file in a content folder, read straight from the files. */
function markdownFiles<T>(folder: string): { data: T; body: string; file: string }[] {
  const dir = join(CONTENT, folder);
  return readdirSync(dir)
    .filter((f) => f.endsWith(".md"))
    .map((file) => {
      const [, yaml, body] = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(readFileSync(join(dir, file), "utf8"))!;
      return { data: parse(yaml!) as T, body: body!, file };
    });
}

type ArticleFile = {
  id: number;
  slug: string;
  name: string;
  status?: string;
  cat: { code: string; name: string };
  pic: string;
  pic_preview: string;
  summary: string;
};
type ToolFile = {
  id: number;
  name: string;
  title: string;
  summary: string;
  category: string;
  pic: string;
  minutes: number;
  kind: string;
  config: Record<string, unknown>;
};

const articleFiles = markdownFiles<ArticleFile>("articles").sort((a, b) => a.data.id - b.data.id);
const activeArticles = articleFiles.filter((a) => (a.data.status ?? "active") === "active");
const toolFiles = markdownFiles<ToolFile>("tools").sort((a, b) => a.data.id - b.data.id);

let t: TestApp;
const visitor = () => client(t.app, "203.0.113.140");
/** A customer whose subscription unlocks the texts (tests/integration/account-access.test.ts covers the locks). */
let subscriber: Awaited<ReturnType<typeof signedInCustomer>>;

beforeAll(async () => {
  t = await createTestApp();
  subscriber = await signedInCustomer(t.app, "articles-subscriber@example.org", "203.0.113.141");
  await insertSubscription(t.db, subscriber.id, t.clock.now());
});
afterAll(async () => {
  await t.close();
  await closeSharedDatabase();
});

describe("articles", () => {
  it("GET /api/article/list gives every active article with its fields and without its text", async () => {
    expect(activeArticles.length).toBeGreaterThan(0);
    const res = await visitor().get("/api/article/list");
    expect(res.statusCode).toBe(200);
    const list = res.json().data as Record<string, unknown>[];
    expect(list.map((a) => a.id)).toEqual(activeArticles.map((a) => a.data.id));
    for (const [i, { data, body }] of activeArticles.entries()) {
      const item = list[i]!;
      expect(Object.keys(item).sort()).toEqual(["cat", "id", "name", "pic", "pic_preview", "reading_minutes", "slug", "status", "summary"].sort());
      expect(item).toEqual({
        id: data.id,
        slug: data.slug,
        name: data.name,
        status: "active",
        pic: data.pic,
        pic_preview: data.pic_preview,
        summary: data.summary,
        reading_minutes: expect.any(Number),
        cat: { code: data.cat.code, name: data.cat.name },
      });
      const words = body.trim().split(/\s+/).length;
      expect(item.reading_minutes as number).toBeGreaterThanOrEqual(1);
      expect(Math.abs((item.reading_minutes as number) - words / 220)).toBeLessThanOrEqual(1);
    }
  });

  it("GET /api/article/{id} adds the text as HTML", async () => {
    for (const { data, body } of activeArticles) {
      const res = await subscriber.get(`/api/article/${data.id}`);
      expect(res.statusCode).toBe(200);
      const article = res.json().data;
      expect(article).toMatchObject({ id: data.id, slug: data.slug, name: data.name, summary: data.summary });
      expect(article.text).toContain("<h2");
      expect(article.text).not.toMatch(/^##/m);
      const firstHeading = /^## (.+)$/m.exec(body)![1]!;
      expect(article.text).toContain(`>${firstHeading.replace(/&/g, "&amp;").replace(/'/g, "&#39;").replace(/"/g, "&quot;")}</h2>`);
    }
  });

  it("GET /api/article/{id} answers 404 for an unknown id", async () => {
    const res = await visitor().get("/api/article/99999");
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: "not_found", message: "Article not found" } });
  });
});

describe("tools", () => {
  it("GET /api/tools lists every tool with its fields and without its text", async () => {
    expect(toolFiles.length).toBeGreaterThan(0);
    const res = await visitor().get("/api/tools");
    expect(res.statusCode).toBe(200);
    const list = res.json().data as Record<string, unknown>[];
    expect(list).toEqual(
      toolFiles.map(({ data }) => ({
        id: data.id,
        name: data.name,
        title: data.title,
        summary: data.summary,
        category: data.category,
        pic: data.pic,
        minutes: data.minutes,
        kind: data.kind,
      })),
    );
    expect(list[0]).not.toHaveProperty("config");
  });

  it("GET /api/tools/{id} adds the instructions as HTML", async () => {
    for (const { data } of toolFiles) {
      const res = await subscriber.get(`/api/tools/${data.id}`);
      expect(res.statusCode).toBe(200);
      const tool = res.json().data;
      expect(tool).toMatchObject({ id: data.id, name: data.name, title: data.title, kind: data.kind, config: data.config });
      expect(tool.text).toContain("<h2");
      expect(tool.text).toMatch(/^<p>/);
    }
  });

  it("GET /api/tools/{id} answers 404 for an unknown id", async () => {
    const res = await visitor().get("/api/tools/99999");
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe("not_found");
  });
});

describe("catalogue", () => {
  it("GET /api/info-data-catalog/list contains pay_system and every code from content/catalog with its text", async () => {
    const res = await visitor().get("/api/info-data-catalog/list");
    expect(res.statusCode).toBe(200);
    const entries = res.json().data as { code: string; text: string }[];
    const byCode = new Map(entries.map((e) => [e.code, e.text]));
    expect(byCode.get("pay_system")).toBe("<p>max_pay</p>");
    const dir = join(CONTENT, "catalog");
    let count = 0;
    for (const file of readdirSync(dir).filter((f) => f.endsWith(".yaml"))) {
      const texts = parse(readFileSync(join(dir, file), "utf8")) as Record<string, string>;
      for (const [code, text] of Object.entries(texts)) {
        expect(byCode.get(code), code).toBe(text);
        count++;
      }
    }
    expect(entries).toHaveLength(count);
  });

  it("answers a matching If-None-Match with 304 and no body: the exact tag, a weak one, one of a list, or *", async () => {
    const first = await visitor().get("/api/info-data-catalog/list");
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{22}"$/);
    for (const ifNoneMatch of [etag, `W/${etag}`, `"old", ${etag}`, "*"]) {
      const again = await visitor().get("/api/info-data-catalog/list", { "if-none-match": ifNoneMatch });
      expect(again.statusCode, ifNoneMatch).toBe(304);
      expect(again.rawPayload.length, ifNoneMatch).toBe(0);
      expect(again.headers.etag, ifNoneMatch).toBe(etag);
    }
    const stale = await visitor().get("/api/info-data-catalog/list", { "if-none-match": '"old"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.body).toBe(first.body);
  });

  it("sends the catalogue compressed once per version: every brotli or gzip answer is the cache's own copy", async () => {
    const plain = await visitor().get("/api/info-data-catalog/list");
    const cached = await t.app.services.catalog.get();
    expect(plain.rawPayload.equals(cached.bytes)).toBe(true);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toBe("accept-encoding");
    for (const [accept, encoding, decode] of [
      ["gzip, deflate, br", "br", brotliDecompressSync],
      ["gzip", "gzip", gunzipSync],
      ["br;q=0, gzip", "gzip", gunzipSync],
    ] as const) {
      for (let i = 0; i < 2; i++) {
        const res = await visitor().get("/api/info-data-catalog/list", { "accept-encoding": accept });
        expect(res.statusCode, accept).toBe(200);
        expect(res.headers["content-encoding"], accept).toBe(encoding);
        expect(res.headers["content-type"], accept).toBe("application/json; charset=utf-8");
        expect(res.headers.etag, accept).toBe(plain.headers.etag);
        expect(res.rawPayload.equals(await cached.encoded(encoding)), accept).toBe(true);
        expect(decode(res.rawPayload).toString(), accept).toBe(plain.body);
      }
    }
  });
});

describe("content images", () => {
  const referenced = () => {
    const paths = new Set<string>();
    const scan = (text: string) => (text.match(/\/content-images\/[a-z0-9/_.-]+/g) ?? []).forEach((p) => paths.add(p));
    for (const folder of ["plans", "articles", "tools"]) {
      for (const f of readdirSync(join(CONTENT, folder))) scan(readFileSync(join(CONTENT, folder, f), "utf8"));
    }
    return [...paths];
  };

  it("serves every image the content refers to as image/svg+xml", async () => {
    const paths = referenced();
    expect(paths.length).toBeGreaterThanOrEqual(articleFiles.length * 2 + toolFiles.length);
    for (const path of paths) {
      const res = await visitor().get(path);
      expect(res.statusCode, path).toBe(200);
      expect(res.headers["content-type"]).toMatch(/^image\/svg\+xml/);
      expect(res.body).toBe(readFileSync(join(CONTENT, "images", path.replace("/content-images/", "")), "utf8"));
    }
  });

  it("answers 404 for a missing image and never serves a file outside content/images", async () => {
    expect((await visitor().get("/content-images/no-such-picture.svg")).statusCode).toBe(404);
    for (const url of ["/content-images/../../package.json", "/content-images/..%2F..%2Fpackage.json", "/content-images/%2e%2e/%2e%2e/package.json"]) {
      const res = await visitor().get(url);
      expect(res.body, url).not.toContain('"name": "pathwise"');
    }
  });
});
