import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { cp, mkdtemp, readdir, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Services } from "#server/app-services.ts";
import { contentTypes, type ContentTypeName } from "#server/start/content-types.ts";
import { loadAppInputs, type AppInputs } from "#server/start/load-app-inputs.ts";
import { client, closeSharedDatabase, createTestApp, type TestApp } from "../helpers/test-app.ts";

/**
 * Issue 22: the server and the tests build the app from one loader (src/server/start/load-app-inputs.ts)
 * and one registry of content types (src/server/start/content-types.ts). Every content type must reach
 * the app built by the tests and by the real `src/server/main.ts`, and a broken file of any type must
 * stop the real server with its titled message.
 */

/** What a probe sees of an app: a GET, and its services when the app runs in this process. */
type Seen = { get: (url: string) => Promise<{ status: number; body: { data?: Record<string, unknown> } }>; services?: Services };

/** Lead times other than today's defaults, so a renewal job on the defaults is told apart. */
const REMINDERS = "trial_ends:\n  days_before: 5\nlong_period_renews:\n  days_before: 10\n";

/** How a user of the app sees each content type; a new type without a probe fails the typecheck. */
const probes: Record<ContentTypeName, (seen: Seen, inputs: AppInputs) => Promise<void>> = {
  async reports({ get }, { options }) {
    expect(options.reports.templates.size).toBeGreaterThan(0);
    for (const [code, template] of options.reports.templates) {
      const res = await get(`/api/prompts/${code}/example`);
      expect(res.status, code).toBe(200);
      expect(res.body.data?.title).toBe(template.title);
    }
  },
  async careerToolkit({ get }, { options }) {
    const res = await get("/api/career-toolkit");
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ title: options.careerToolkit.title });
  },
  async coaching({ get }, { options }) {
    const res = await get("/api/coaching");
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ title: options.coaching.title, timezone: options.coaching.timezone });
  },
  async renewalReminders({ services }) {
    // No API shows the lead times: the renewal job reads them from the services (src/server/payments/renewals/renewals.ts).
    if (services) expect(services.renewalReminders).toEqual({ trial_ends: { days_before: 5 }, long_period_renews: { days_before: 10 } });
  },
};

let dir: string;
let contentDir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "pathwise-start-"));
  contentDir = join(dir, "content");
  await cp(join(process.cwd(), "content"), contentDir, { recursive: true });
  await writeFile(join(contentDir, contentTypes.renewalReminders.path), REMINDERS);
});
afterAll(async () => {
  await closeSharedDatabase();
  await rm(dir, { recursive: true, force: true });
});

async function load(): Promise<AppInputs> {
  const loaded = await loadAppInputs({ contentDir, flowsDir: join(process.cwd(), "flows") });
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.problems));
  return loaded.inputs;
}

/** The real server (`node --import tsx src/server/main.ts`) on a temp data folder; resolves its exit code and output. */
function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: { ...process.env, NODE_ENV: "test", PORT: "0", LOG_LEVEL: "info", FLOWS_DIR: "flows", ...env },
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
  /** Where it listens, once its log says so (or null when it exits first). */
  const listening = new Promise<string | null>((resolve) => {
    child.stdout.on("data", () => {
      const address = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout)?.[1];
      if (address) resolve(address);
    });
    void exited.then(() => resolve(null));
  });
  return { child, exited, listening, output: () => ({ stdout, stderr }) };
}

describe("one start-up loader for the server and the tests", () => {
  // A new embedded database (migrations, the content synced) and every example report built: past the default on a busy machine.
  it("every content type of the registry reaches the app the tests build", { timeout: 120_000 }, async () => {
    const inputs = await load();
    const t: TestApp = await createTestApp({ contentDir });
    try {
      const browser = client(t.app);
      const seen: Seen = {
        get: async (url) => {
          const res = await browser.get(url);
          return { status: res.statusCode, body: res.json() };
        },
        services: t.app.services,
      };
      for (const name of Object.keys(contentTypes) as ContentTypeName[]) await probes[name](seen, inputs);
    } finally {
      await t.close();
    }
  });

  // Waits for a real child process to start (tsx, migrations of a new embedded database): well past the default.
  it("every content type reaches the app the real src/server/main.ts builds", { timeout: 180_000 }, async () => {
    const dataDir = join(dir, "data-served");
    const server = startServer({ CONTENT_DIR: contentDir, DATA_DIR: dataDir });
    try {
      const address = await server.listening;
      expect(address, server.output().stderr).not.toBeNull();
      const seen: Seen = {
        get: async (url) => {
          const res = await fetch(`${address}${url}`);
          return { status: res.status, body: (await res.json()) as { data?: Record<string, unknown> } };
        },
      };
      const inputs = await load();
      for (const name of Object.keys(contentTypes) as ContentTypeName[]) await probes[name](seen, inputs);
    } finally {
      server.child.kill("SIGTERM");
      await server.exited;
    }
  });

  it("a broken file of any content type stops the real server with its title and location, before the database is opened", { timeout: 120_000 }, async () => {
    const broken = join(dir, "broken");
    await cp(contentDir, broken, { recursive: true });
    const files: [ContentTypeName, string][] = [];
    for (const [name, type] of Object.entries(contentTypes) as [ContentTypeName, (typeof contentTypes)[ContentTypeName]][]) {
      const file = await firstYaml(join(broken, type.path));
      await writeFile(file, "title: [not closed\n");
      files.push([name, relative(process.cwd(), file)]);
    }
    const dataDir = join(dir, "data-broken");
    const server = startServer({ CONTENT_DIR: broken, DATA_DIR: dataDir });
    expect(await server.exited).toBe(1);
    const { stderr } = server.output();
    for (const [name, file] of files) {
      expect(stderr, name).toContain(contentTypes[name].title);
      expect(stderr, name).toContain(`${file}:`);
    }
    expect(existsSync(join(dataDir, "db"))).toBe(false);
  });
});

/** The path itself for a file, or the first YAML file under a folder (by name). */
async function firstYaml(path: string): Promise<string> {
  if (!(await stat(path)).isDirectory()) return path;
  for (const entry of (await readdir(path, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name))) {
    if (entry.isDirectory()) return firstYaml(join(path, entry.name));
    if (/\.ya?ml$/.test(entry.name)) return join(path, entry.name);
  }
  throw new Error(`no YAML file under ${path}`);
}
