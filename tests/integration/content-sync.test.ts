import { spawn } from "node:child_process";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { asc, eq } from "drizzle-orm";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { readContent, type ContentSet } from "#server/content/read-content.ts";
import { syncContent } from "#server/content/sync-content.ts";
import type { Database, Db } from "#server/db/client.ts";
import { articles, catalogEntries, customers, eduPlans, tools } from "#server/db/schema.ts";
import { hashPassword } from "#server/auth/passwords.ts";
import { insertSubscription } from "../helpers/subscriptions.ts";
import { client, closeSharedDatabase, createTestApp } from "../helpers/test-app.ts";
import { freshDatabase } from "../helpers/test-database.ts";

const REAL_CONTENT = join(process.cwd(), "content");
const T1 = new Date("2026-01-01T10:00:00.000Z");
const T2 = new Date("2026-01-02T10:00:00.000Z");
const T3 = new Date("2026-01-03T10:00:00.000Z");

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const undo of cleanup.splice(0).reverse()) await undo();
});
afterAll(async () => {
  await closeSharedDatabase();
});

async function database(): Promise<Database> {
  const db = await freshDatabase();
  cleanup.push(() => db.close());
  return db;
}

async function tempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  cleanup.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** A copy of the real content/ in a temp folder the test may edit. */
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

async function snapshot(db: Db) {
  return {
    catalog: await db.select().from(catalogEntries).orderBy(asc(catalogEntries.code)),
    plans: await db.select().from(eduPlans).orderBy(asc(eduPlans.id)),
    articles: await db.select().from(articles).orderBy(asc(articles.id)),
    tools: await db.select().from(tools).orderBy(asc(tools.id)),
  };
}

/** 1-based number of the first line of `text` matching `pattern`. */
function lineOf(text: string, pattern: RegExp): number {
  const index = text.split("\n").findIndex((l) => pattern.test(l));
  expect(index, `no line matches ${pattern}`).toBeGreaterThanOrEqual(0);
  return index + 1;
}

describe("syncContent", () => {
  it("syncing the real content twice changes nothing the second time", async () => {
    const { db } = await database();
    const first = await syncContent(db, await readOk(REAL_CONTENT), T1);
    const content = await readOk(REAL_CONTENT);
    expect(first).toEqual({
      catalog: content.catalog.length,
      plans: content.plans.length,
      articles: content.articles.length,
      tools: content.tools.length,
    });
    expect(content.catalog.length).toBeGreaterThan(10);
    expect(content.articles.length).toBeGreaterThan(0);
    const before = await snapshot(db);
    expect(before.articles.every((a) => a.updatedAt.getTime() === T1.getTime())).toBe(true);

    const second = await syncContent(db, await readOk(REAL_CONTENT), T2);
    expect(second).toEqual({ catalog: 0, plans: 0, articles: 0, tools: 0 });
    expect(await snapshot(db)).toEqual(before);
  });

  it("editing one article file updates exactly that row and its updated_at", async () => {
    const { db } = await database();
    const dir = await contentCopy();
    await syncContent(db, await readOk(dir), T1);
    const before = await snapshot(db);

    await edit(join(dir, "articles", "early-signs-of-burnout.md"), (text) =>
      text.replace("## What burnout is", "## What burnout is\n\nA freshly edited paragraph about recovery time."),
    );
    const report = await syncContent(db, await readOk(dir), T2);
    expect(report).toEqual({ catalog: 0, plans: 0, articles: 1, tools: 0 });

    const after = await snapshot(db);
    const edited = after.articles.find((a) => a.id === 2)!;
    expect(edited.slug).toBe("early-signs-of-burnout");
    expect(edited.text).toContain("A freshly edited paragraph about recovery time.");
    expect(edited.updatedAt).toEqual(T2);
    expect(after.articles.filter((a) => a.id !== 2)).toEqual(before.articles.filter((a) => a.id !== 2));
    expect({ ...after, articles: [] }).toEqual({ ...before, articles: [] });
  });

  it("removing a catalogue code deletes its row and leaves the others untouched", async () => {
    const { db } = await database();
    const dir = await contentCopy();
    await syncContent(db, await readOk(dir), T1);
    const before = await snapshot(db);
    expect(before.catalog.some((c) => c.code === "support.email")).toBe(true);

    await edit(join(dir, "catalog", "app.yaml"), (text) => text.replace(/^support\.email:.*\n/m, ""));
    const report = await syncContent(db, await readOk(dir), T2);
    expect(report.catalog).toBe(0);

    const after = await snapshot(db);
    expect(after.catalog.map((c) => c.code)).toEqual(before.catalog.map((c) => c.code).filter((c) => c !== "support.email"));
    expect(after.catalog).toEqual(before.catalog.filter((c) => c.code !== "support.email"));
  });

  it("removing a plan file retires the plan: gone from the catalogue, still there for the customer who took it", async () => {
    const database_ = await database();
    const { db } = database_;
    const dir = await contentCopy();
    await syncContent(db, await readOk(dir), T1);
    const t = await createTestApp({ database: database_ });
    cleanup.push(() => t.close());

    await db.insert(customers).values({ email: "retired-plan@example.org", passwordHash: await hashPassword("a long enough passphrase") });
    const browser = client(t.app, "203.0.113.201");
    const login = await browser.post("/api/auth/login", { email: "retired-plan@example.org", password: "a long enough passphrase" });
    expect(login.statusCode).toBe(200);
    await insertSubscription(db, login.json<{ data: { id: string } }>().data.id, t.clock.now());
    expect((await browser.post("/api/customer/edu-plan/take", { plan_id: 2 })).statusCode).toBe(200);
    expect((await browser.post("/api/customer/edu-plan/task/complete", { plan_id: 2, task_id: 101 })).statusCode).toBe(200);

    await rm(join(dir, "plans", "burnout-recovery-14-days.yaml"));
    const report = await syncContent(db, await readOk(dir), T2);
    expect(report.plans).toBe(0);

    const [row] = await db.select().from(eduPlans).where(eq(eduPlans.id, 2));
    expect(row).toMatchObject({ status: "retired", code: "burnout-recovery-14-days", updatedAt: T2 });
    const [other] = await db.select().from(eduPlans).where(eq(eduPlans.id, 1));
    expect(other).toMatchObject({ status: "active", updatedAt: T1 });

    const list = await client(t.app).get("/api/edu-plan/list");
    expect(list.statusCode).toBe(200);
    const listed = list.json<{ data: { id: number }[] }>().data.map((p) => p.id);
    expect(listed).toContain(1);
    expect(listed).not.toContain(2);
    expect((await client(t.app).get("/api/edu-plan/2")).statusCode).toBe(404);
    expect((await browser.post("/api/customer/edu-plan/take", { plan_id: 2 })).statusCode).toBe(404);

    const mine = await browser.get("/api/customer/edu-plan/list");
    expect(mine.statusCode).toBe(200);
    type Mine = { data: { id: number; taken_at: string | null; days: { tasks: { id: number; is_completed: boolean }[] }[] }[] };
    const [plan] = mine.json<Mine>().data;
    expect(plan).toMatchObject({ id: 2, code: "burnout-recovery-14-days" });
    expect(plan!.taken_at).not.toBeNull();
    expect(plan!.days[0]!.tasks[0]).toMatchObject({ id: 101, is_completed: true });
    expect((await browser.get("/api/customer/edu-plan/2")).statusCode).toBe(200);

    // A third sync with the plan still gone does not touch the retired row again.
    await syncContent(db, await readOk(dir), T3);
    const [again] = await db.select().from(eduPlans).where(eq(eduPlans.id, 2));
    expect(again!.updatedAt).toEqual(T2);
  });
});

/** Writes five broken files into a content copy; returns what each problem must say. */
async function breakContent(dir: string) {
  await writeFile(join(dir, "plans", "zz-bad-syntax.yaml"), "id: 9\ncode: broken\n- a stray list item\nstatus: active\n");

  const planPath = join(dir, "plans", "career-clarity-7-days.yaml");
  await edit(planPath, (text) => text.replace(/minutes: 20\n/, 'minutes: "twenty"\n'));
  const planText = await readFile(planPath, "utf8");

  const articlePath = join(dir, "articles", "how-to-negotiate-a-raise.md");
  await edit(articlePath, (text) => text.replace(/^id: 4$/m, 'id: "x"'));

  const toolPath = join(dir, "tools", "energy-map.md");
  await edit(toolPath, (text) => text.replace(/^minutes: 25$/m, "minutes: 25\ncolour: blue"));
  const toolText = await readFile(toolPath, "utf8");

  // time-blocking (id 5) takes the id of career-switch (id 3).
  await edit(join(dir, "articles", "time-blocking-and-the-weekly-review.md"), (text) => text.replace(/^id: 5$/m, "id: 3"));

  const rel = (...parts: string[]) => relative(process.cwd(), join(dir, ...parts));
  return {
    syntax: { file: rel("plans", "zz-bad-syntax.yaml"), line: 3 },
    wrongType: { file: rel("plans", "career-clarity-7-days.yaml"), line: lineOf(planText, /minutes: "twenty"/), path: "days.0.tasks.0.minutes" },
    wrongId: { file: rel("articles", "how-to-negotiate-a-raise.md"), line: 2, path: "id" },
    unknownKey: { file: rel("tools", "energy-map.md"), line: lineOf(toolText, /^colour: blue$/) },
    duplicate: { file: rel("articles", "time-blocking-and-the-weekly-review.md"), line: 2, other: rel("articles", "career-switch-without-a-pay-cliff.md") },
  };
}

describe("readContent with broken files", () => {
  it("reports every problem at once with the file, the right line and a message", async () => {
    const dir = await contentCopy();
    const expected = await breakContent(dir);
    const result = await readContent(dir);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const { problems } = result;
    const about = (file: string) => problems.filter((p) => p.file === file);

    const syntax = about(expected.syntax.file);
    expect(syntax.length).toBeGreaterThan(0);
    expect(syntax[0]).toMatchObject({ line: expected.syntax.line });
    expect(syntax[0]!.message.length).toBeGreaterThan(5);

    expect(about(expected.wrongType.file)).toEqual([
      expect.objectContaining({ line: expected.wrongType.line, path: expected.wrongType.path, message: expect.stringMatching(/expected number/) }),
    ]);
    expect(expected.wrongType.line).toBeGreaterThan(20);

    expect(about(expected.wrongId.file)).toEqual([
      expect.objectContaining({ line: expected.wrongId.line, path: "id", message: expect.stringMatching(/expected number/) }),
    ]);

    expect(about(expected.unknownKey.file)).toEqual([
      expect.objectContaining({ line: expected.unknownKey.line, message: expect.stringContaining('"colour"') }),
    ]);
    expect(expected.unknownKey.line).toBe(10);

    expect(about(expected.duplicate.file)).toEqual([
      expect.objectContaining({ line: expected.duplicate.line, message: expect.stringContaining(`article id 3 is also used by ${expected.duplicate.other}`) }),
    ]);

    // Nothing about the files that are fine.
    const broken = new Set(Object.values(expected).map((e) => e.file));
    expect(problems.filter((p) => !broken.has(p.file))).toEqual([]);
  });

  it("reports a tool config that does not fit its kind at the line of the bad value", async () => {
    const dir = await contentCopy();
    const sortPath = join(dir, "tools", "values-card-sort.md");
    await edit(sortPath, (text) => text.replace(/^ {4}- id: variety$/m, "    - id: autonomy # was variety"));
    const auditPath = join(dir, "tools", "weekly-time-audit.md");
    await edit(auditPath, (text) => text.replace(/^ {6}label: Admin$/m, "      label: A"));
    const sortText = await readFile(sortPath, "utf8");
    const auditText = await readFile(auditPath, "utf8");

    const result = await readContent(dir);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems).toEqual([
      expect.objectContaining({
        file: relative(process.cwd(), sortPath),
        line: lineOf(sortText, /# was variety$/),
        path: "config.cards.15.id",
        message: expect.stringContaining('"autonomy" is used twice'),
      }),
      expect.objectContaining({ file: relative(process.cwd(), auditPath), line: lineOf(auditText, /^ {6}label: A$/), path: "config.categories.3.label" }),
    ]);
  });

  it("reports a duplicate plan id and a duplicate catalogue code at their own lines", async () => {
    const dir = await contentCopy();
    const copy = join(dir, "plans", "zz-copy.yaml");
    const original = await readFile(join(dir, "plans", "career-clarity-7-days.yaml"), "utf8");
    await writeFile(copy, `# a copy that forgot to change its id\n${original.replace(/^code: .*$/m, "code: career-clarity-copy")}`);
    await writeFile(join(dir, "catalog", "more.yaml"), "# extra texts\nextra.one: One\nbrand.name: Another brand\n");

    const result = await readContent(dir);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems).toEqual([
      expect.objectContaining({ file: relative(process.cwd(), join(dir, "catalog", "more.yaml")), line: 3, message: expect.stringContaining("brand.name") }),
      expect.objectContaining({ file: relative(process.cwd(), copy), line: 2, message: expect.stringContaining("plan id 1 is also used by") }),
    ]);
  });
});

type Run = { code: number | null; stdout: string; stderr: string };

/** Runs the real server; kills it if it is still running after `ms` (it should have exited). */
function runServer(env: Record<string, string>, ms = 25_000): Promise<Run> {
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

const STACK_LINE = /^\s+at .+[:(]/m;

describe("the server at start", () => {
  it("refuses to start with broken content: exit 1, file:line:column and the message on stderr, no stack trace", async () => {
    const dir = await contentCopy();
    const expected = await breakContent(dir);
    const dataDir = await tempDir("pathwise-data-");
    const run = await runServer({ CONTENT_DIR: dir, DATA_DIR: dataDir });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("fix these content files");
    expect(run.stderr).toContain(`${expected.syntax.file}:${expected.syntax.line}:1: `);
    expect(run.stderr).toMatch(
      new RegExp(`${escapeRe(expected.wrongType.file)}:${expected.wrongType.line}:\\d+ ${escapeRe(expected.wrongType.path)}: .*expected number`),
    );
    expect(run.stderr).toMatch(new RegExp(`${escapeRe(expected.wrongId.file)}:2:\\d+ id: .*expected number`));
    expect(run.stderr).toMatch(new RegExp(`${escapeRe(expected.unknownKey.file)}:${expected.unknownKey.line}:\\d+.*colour`));
    expect(run.stderr).toMatch(new RegExp(`${escapeRe(expected.duplicate.file)}:2:1 id: article id 3 is also used by`));
    expect(run.stderr).not.toMatch(STACK_LINE);
    expect(run.stderr).not.toMatch(/Error:/);
  });

  it("refuses to start when CONTENT_DIR does not exist, instead of syncing an empty catalogue", async () => {
    const dataDir = await tempDir("pathwise-data-");
    const run = await runServer({ CONTENT_DIR: join(dataDir, "no-such-folder"), DATA_DIR: dataDir });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/CONTENT_DIR: .*no-such-folder does not exist/);
    expect(run.stderr).not.toMatch(STACK_LINE);
  });

  it("refuses to start with a bad environment: exit 1 and a readable list naming each variable", async () => {
    const dataDir = await tempDir("pathwise-data-");
    const run = await runServer({ PORT: "abc", DATABASE_URL: "mysql://x", DATA_DIR: dataDir });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("fix these environment variables");
    expect(run.stderr).toMatch(/^\s+- PORT: .+$/m);
    expect(run.stderr).toMatch(/^\s+- DATABASE_URL: must start with postgres:\/\/ or postgresql:\/\/$/m);
    expect(run.stderr).not.toMatch(STACK_LINE);
    expect(run.stdout).toBe("");
  });
});

function escapeRe(s: string) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
