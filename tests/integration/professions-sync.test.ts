import { spawn } from "node:child_process";
import { cp, mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { asc, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { readContent, type ContentSet } from "#server/content/read-content.ts";
import { syncContent } from "#server/content/sync-content.ts";
import type { Db } from "#server/db/client.ts";
import { professions } from "#server/db/schema.ts";
import { freshDatabase } from "../helpers/test-database.ts";

const REAL_CONTENT = join(process.cwd(), "content");
const T1 = new Date("2026-01-01T10:00:00.000Z");
const T2 = new Date("2026-01-02T10:00:00.000Z");
const T3 = new Date("2026-01-03T10:00:00.000Z");

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const undo of cleanup.splice(0).reverse()) await undo();
});

async function database(): Promise<Db> {
  const db = await freshDatabase();
  cleanup.push(() => db.close());
  return db.db;
}

async function tempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  cleanup.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

async function contentCopy(): Promise<string> {
  const dir = await tempDir("pathwise-content-");
  await cp(REAL_CONTENT, dir, { recursive: true });
  return dir;
}

async function edit(path: string, change: (text: string) => string) {
  const before = await readFile(path, "utf8");
  const after = change(before);
  expect(after, `edit of ${path} changed nothing`).not.toBe(before);
  await writeFile(path, after);
}

async function readOk(dir: string): Promise<ContentSet> {
  const result = await readContent(dir);
  if (!result.ok) throw new Error(`content in ${dir} is broken: ${JSON.stringify(result.problems)}`);
  return result.content;
}

const rows = (db: Db) => db.select().from(professions).orderBy(asc(professions.slug));

function lineOf(text: string, pattern: RegExp): number {
  const index = text.split("\n").findIndex((l) => pattern.test(l));
  expect(index, `no line matches ${pattern}`).toBeGreaterThanOrEqual(0);
  return index + 1;
}

describe("syncContent: professions", () => {
  it("syncs every file of content/professions with its facts and sources; a second sync changes nothing", async () => {
    const db = await database();
    const files = (await readdir(join(REAL_CONTENT, "professions"))).filter((f) => f.endsWith(".yaml"));
    await syncContent(db, await readOk(REAL_CONTENT), T1);
    const first = await rows(db);
    expect(first.map((r) => `${r.slug}.yaml`)).toEqual([...files].sort());
    expect(first.length).toBeGreaterThanOrEqual(120);
    expect(first.every((r) => r.active && r.updatedAt.getTime() === T1.getTime())).toBe(true);

    const actuary = first.find((r) => r.slug === "actuary")!;
    expect(actuary).toMatchObject({
      title: "Actuary",
      onetSoc: "15-2011.00",
      riasecCode: "CIE",
      riasecLevels: { R: 1.78, I: 4.45, A: 1.13, S: 2.49, E: 3.33, C: 6.29 },
      riasecFrom: { source: "O*NET 30.3 Database (USDOL/ETA), Interests", year: 2026 },
      jobZone: 4,
      educationLevel: "Bachelor's degree",
      pay: { median_annual_usd: 125770, p10_annual_usd: 75240, p90_annual_usd: 206430, from: { year: 2024 } },
      sourceFile: relative(process.cwd(), join(REAL_CONTENT, "professions", "actuary.yaml")),
    });
    expect(actuary.tasks).toContain("Help set insurance prices and pension contributions");
    expect(first.find((r) => r.slug === "actor")!.pay).toBeNull();

    await syncContent(db, await readOk(REAL_CONTENT), T2);
    expect(await rows(db)).toEqual(first);
  });

  it("editing one file updates exactly that row and its updated_at", async () => {
    const db = await database();
    const dir = await contentCopy();
    await syncContent(db, await readOk(dir), T1);
    const before = await rows(db);

    await edit(join(dir, "professions", "actuary.yaml"), (text) => text.replace("median_annual_usd: 125770", "median_annual_usd: 125800"));
    await syncContent(db, await readOk(dir), T2);
    const after = await rows(db);
    const edited = after.find((r) => r.slug === "actuary")!;
    expect(edited.pay!.median_annual_usd).toBe(125800);
    expect(edited.updatedAt).toEqual(T2);
    expect(edited.contentHash).not.toBe(before.find((r) => r.slug === "actuary")!.contentHash);
    expect(after.filter((r) => r.slug !== "actuary")).toEqual(before.filter((r) => r.slug !== "actuary"));
  });

  it("removing a file retires the row (kept, inactive); a later sync leaves it; putting the file back brings it back", async () => {
    const db = await database();
    const dir = await contentCopy();
    await syncContent(db, await readOk(dir), T1);
    const before = await rows(db);
    const file = join(dir, "professions", "carpenter.yaml");
    const text = await readFile(file, "utf8");

    await rm(file);
    await syncContent(db, await readOk(dir), T2);
    const after = await rows(db);
    expect(after).toHaveLength(before.length);
    expect(after.find((r) => r.slug === "carpenter")).toMatchObject({ active: false, updatedAt: T2, title: "Carpenter" });
    expect(after.filter((r) => r.slug !== "carpenter")).toEqual(before.filter((r) => r.slug !== "carpenter"));

    await syncContent(db, await readOk(dir), T3);
    const [still] = await db.select().from(professions).where(eq(professions.slug, "carpenter"));
    expect(still).toMatchObject({ active: false, updatedAt: T2 });

    await writeFile(file, text);
    await syncContent(db, await readOk(dir), T3);
    const [back] = await db.select().from(professions).where(eq(professions.slug, "carpenter"));
    expect(back).toMatchObject({ active: true, updatedAt: T3 });
  });
});

/** Breaks five profession files in a content copy; returns where each problem must point. */
async function breakProfessions(dir: string) {
  const path = (name: string) => join(dir, "professions", name);
  const rel = (name: string) => relative(process.cwd(), path(name));

  await edit(path("actuary.yaml"), (text) => text.replace("job_zone: { zone: 4,", "job_zone: { zone: 9,"));
  const actuary = await readFile(path("actuary.yaml"), "utf8");

  await edit(path("carpenter.yaml"), (text) => text.replace(/^summary:/m, "salary: lots\nsummary:"));
  const carpenter = await readFile(path("carpenter.yaml"), "utf8");

  await edit(path("chemist.yaml"), (text) => text.replace(/code: [A-Z]+/, "code: XYZ"));
  const chemist = await readFile(path("chemist.yaml"), "utf8");

  // A copy under a new name that kept the slug (and the O*NET-SOC code) of the original.
  await writeFile(path("zz-welder-copy.yaml"), await readFile(path("welder.yaml"), "utf8"));
  const welder = await readFile(path("welder.yaml"), "utf8");

  return {
    zone: { file: rel("actuary.yaml"), line: lineOf(actuary, /^job_zone:/), path: "job_zone.zone" },
    unknownKey: { file: rel("carpenter.yaml"), line: lineOf(carpenter, /^salary:/) },
    code: { file: rel("chemist.yaml"), line: lineOf(chemist, /^ {2}code: XYZ/), path: "riasec.code" },
    copy: { file: rel("zz-welder-copy.yaml"), slugLine: lineOf(welder, /^slug:/), socLine: lineOf(welder, /^onet_soc:/) },
  };
}

describe("readContent with broken profession files", () => {
  it("reports every problem at once, each with its file, line and path", async () => {
    const dir = await contentCopy();
    const expected = await breakProfessions(dir);
    const result = await readContent(dir);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const about = (file: string) => result.problems.filter((p) => p.file === file);

    expect(about(expected.zone.file)).toEqual([
      expect.objectContaining({ line: expected.zone.line, path: expected.zone.path, message: expect.stringContaining("expected number to be <=5") }),
    ]);
    expect(about(expected.unknownKey.file)).toEqual([
      expect.objectContaining({ line: expected.unknownKey.line, message: expect.stringContaining('"salary"') }),
    ]);
    expect(about(expected.code.file)).toEqual([
      expect.objectContaining({ line: expected.code.line, path: expected.code.path, message: expect.stringContaining("letters of RIASEC") }),
    ]);
    const copy = about(expected.copy.file);
    expect(copy).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ line: expected.copy.slugLine, path: "slug", message: expect.stringContaining("profession slug welder is also used by") }),
        expect.objectContaining({ line: expected.copy.socLine, path: "onet_soc", message: expect.stringContaining("O*NET-SOC code") }),
        expect.objectContaining({ line: expected.copy.slugLine, path: "slug", message: "the file must be named welder.yaml, after its slug" }),
      ]),
    );
    expect(copy).toHaveLength(3);

    const broken = new Set(Object.values(expected).map((e) => e.file));
    expect(result.problems.filter((p) => !broken.has(p.file))).toEqual([]);
  });
});

/** Runs the server until it exits; killed after `ms` (a safety net under the test's own 120 s: a busy machine may take a minute to start it). */
function runServer(env: Record<string, string>, ms = 110_000): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
      cwd: process.cwd(),
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", NODE_ENV: "development", HOST: "127.0.0.1", PORT: "0", LOG_LEVEL: "warn", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill("SIGKILL"), ms);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

describe("the server at start", () => {
  it("refuses to start with a broken profession file: exit 1 and file:line:column path: message on stderr", async () => {
    const dir = await contentCopy();
    const expected = await breakProfessions(dir);
    const run = await runServer({ CONTENT_DIR: dir, DATA_DIR: await tempDir("pathwise-data-") });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("fix these content files");
    expect(run.stderr).toContain(`${expected.zone.file}:${expected.zone.line}:`);
    expect(run.stderr).toMatch(new RegExp(`${escapeRe(expected.zone.file)}:${expected.zone.line}:\\d+ job_zone\\.zone: `));
    expect(run.stderr).toMatch(new RegExp(`${escapeRe(expected.copy.file)}:${expected.copy.slugLine}:1 slug: the file must be named welder\\.yaml`));
    expect(run.stderr).not.toMatch(/^\s+at .+[:(]/m);
  });
});

function escapeRe(s: string) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
