import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { asc } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readContent, type ContentSet } from "#server/content/read-content.ts";
import { syncContent } from "#server/content/sync-content.ts";
import type { Database } from "#server/db/client.ts";
import { products } from "#server/db/schema.ts";
import { freshDatabase } from "../helpers/test-database.ts";

const T1 = new Date("2026-01-01T10:00:00.000Z");
const T2 = new Date("2026-01-02T10:00:00.000Z");
let dir: string;
let database: Database;
const file = () => join(dir, "products", "report-plans.yaml");

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "pathwise-products-"));
  await cp(join(process.cwd(), "content"), dir, { recursive: true });
  database = await freshDatabase();
});
afterAll(async () => {
  await database.close();
  await rm(dir, { recursive: true, force: true });
});

async function readOk(): Promise<ContentSet> {
  const result = await readContent(dir);
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result.content;
}

const rows = () => database.db.select().from(products).orderBy(asc(products.sortOrder));

describe("plans as content", () => {
  it("every plan of content/products is read, priced in all five currencies, and synced once", async () => {
    const content = await readOk();
    expect(content.products.map((p) => p.id)).toEqual(["trial_7d", "month_1", "quarter_3"]);
    for (const p of content.products) expect(Object.keys(p.prices).sort()).toEqual(["AUD", "CAD", "EUR", "GBP", "USD"]);
    await syncContent(database.db, content, T1);
    const first = await rows();
    expect(first.map((r) => [r.id, r.active, r.sourceFile.endsWith("report-plans.yaml")])).toEqual([
      ["trial_7d", true, true],
      ["month_1", true, true],
      ["quarter_3", true, true],
    ]);
    // Unchanged content: nothing is rewritten.
    await syncContent(database.db, content, T2);
    expect(await rows()).toEqual(first);
  });

  it("a removed plan is retired (active = false), not deleted; bringing it back re-activates it", async () => {
    const original = await readFile(file(), "utf8");
    const withoutQuarter = original.slice(0, original.indexOf("  - id: quarter_3"));
    await writeFile(file(), withoutQuarter);
    await syncContent(database.db, await readOk(), T2);
    const retired = (await rows()).find((r) => r.id === "quarter_3")!;
    expect(retired).toMatchObject({ active: false, updatedAt: T2 });
    await writeFile(file(), original);
    await syncContent(database.db, await readOk(), T2);
    expect((await rows()).find((r) => r.id === "quarter_3")!.active).toBe(true);
  });

  it("a malformed plan is a located problem (file, line, path), as for other content", async () => {
    const original = await readFile(file(), "utf8");
    try {
      await writeFile(file(), original.replace("      CAD: { first: 249, renewal: 3999 }\n", "").replace("trial_days: 7", "trial_days: seven"));
      const result = await readContent(dir);
      expect(result.ok).toBe(false);
      if (result.ok) return;
      const problems = result.problems.filter((p) => p.file.endsWith("report-plans.yaml"));
      expect(problems.map((p) => p.path).sort()).toEqual(["products.0.prices.CAD", "products.0.trial_days"]);
      expect(problems.every((p) => p.line > 1)).toBe(true);
    } finally {
      await writeFile(file(), original);
    }
  });

  it("two plans with one id are refused", async () => {
    const original = await readFile(file(), "utf8");
    try {
      await writeFile(file(), original.replace("id: month_1", "id: trial_7d"));
      const result = await readContent(dir);
      expect(result.ok).toBe(false);
      expect(JSON.stringify(result)).toContain("product id trial_7d is also used by");
    } finally {
      await writeFile(file(), original);
    }
  });
});
