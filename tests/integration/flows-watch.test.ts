import type { FastifyBaseLogger } from "fastify";
import { copyFile, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#server/db/client.ts";
import { watchAndPublish } from "#server/flows/watch-files.ts";
import { client, createTestApp, type TestApp } from "../helpers/test-app.ts";
import { freshDatabase } from "../helpers/test-database.ts";

/** In development the running app publishes a saved flow file itself (ADR 066), the way flows:publish does. */
const CODE = "anxiety_gad7";
const OLD_TITLE = "How much has anxiety been bothering you lately?";
const NEW_TITLE = "How often has worry got in your way these two weeks?";

let dir: string;
let database: Database;
let t: TestApp;
let stop: () => void;
const logged: { level: string; text: string }[] = [];
const logger = (level: string) => (a: unknown, b?: unknown) => void logged.push({ level, text: typeof a === "string" ? a : typeof b === "string" ? b : "" });
const log = { info: logger("info"), warn: logger("warn"), error: logger("error") } as unknown as FastifyBaseLogger;

const liveTitle = async () => (await client(t.app).get(`/api/quiz/flows/${CODE}`)).json<{ data: { steps: { title: string }[] } }>().data.steps[0]!.title;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "pathwise-watch-"));
  await copyFile("flows/anxiety.yaml", join(dir, "anxiety.yaml"));
  database = await freshDatabase();
  t = await createTestApp({ database, flows: { dir } });
  stop = watchAndPublish(t.app.services, { flowsDir: dir, contentDir: join(process.cwd(), "content"), log });
});
afterAll(async () => {
  stop();
  await t.close();
  await database.close();
  await rm(dir, { recursive: true, force: true });
});

describe("the development watcher", () => {
  it("logs the located problems of a saved file that fails the check, and changes nothing", async () => {
    const text = await readFile(join(dir, "anxiety.yaml"), "utf8");
    await writeFile(join(dir, "anxiety.yaml"), text.replace(OLD_TITLE, NEW_TITLE).replace("    next: gad1\n", "    next: gad_one\n"));
    await expect
      .poll(() => logged.filter((l) => l.level === "error").map((l) => l.text), { timeout: 30_000 })
      .toContainEqual(expect.stringMatching(/anxiety\.yaml:\d+:\d+ .*gad_one/));
    expect(await liveTitle()).toBe(OLD_TITLE);
  });

  it("publishes a saved flow file: live for the next visitor without a restart", async () => {
    const text = await readFile("flows/anxiety.yaml", "utf8");
    await writeFile(join(dir, "anxiety.yaml"), text.replace(OLD_TITLE, NEW_TITLE));
    await expect.poll(liveTitle, { timeout: 30_000 }).toBe(NEW_TITLE);
  });
});
