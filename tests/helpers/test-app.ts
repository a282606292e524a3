import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildApp } from "#server/app.ts";
import { syncContent } from "#server/content/sync-content.ts";
import type { Database } from "#server/db/client.ts";
import { readEnv, type Env } from "#server/env.ts";
import { createMailer, type Mailer } from "#server/mail/mailer.ts";
import { listOutbox, readOutboxMessage, type OutboxMessage } from "#server/mail/outbox.ts";
import { fakeClock } from "./fake-clock.ts";
import { formatStartProblems, loadAppInputs } from "#server/start/load-app-inputs.ts";
import { freshDatabase } from "./test-database.ts";
import { freePort } from "./free-port.ts";

export const ORIGIN = "http://localhost:3000";

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** A port nobody listens on right now (the OS picks it). */
let sharedDatabase: Promise<Database> | undefined;

/** Where the test app's flows come from: the real flows/ folder unless a test says otherwise. */
export type TestFlows = { dir?: string; only?: RegExp };

/** The flows and content as the server loads them at start (src/server/start/load-app-inputs.ts); a problem fails the test with the titled list. */
async function loadTestInputs(contentDir: string, flows: TestFlows = {}) {
  const loaded = await loadAppInputs({ contentDir, flowsDir: flows.dir ?? join(process.cwd(), "flows"), flowsOnly: flows.only });
  if (!loaded.ok) throw new Error(formatStartProblems(loaded.problems));
  return loaded.inputs;
}

/**
 * The real app on a fresh database (one per test file, shared by its tests), with the real
 * content synced and the flows loaded, an outbox in a temp folder and a clock the test can move.
 */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    mailer?: Mailer;
    database?: Database;
    fetch?: typeof fetch;
    distDir?: string;
    flows?: TestFlows;
    /** The content folder (CONTENT_DIR): content/ unless a test says otherwise. */
    contentDir?: string;
    /** Listen on a random local port with APP_ORIGIN pointing at it (for code that calls the server over HTTP, like the payment sandbox). */
    listen?: boolean;
    /** The operator token the app's /api/admin accepts from local tools (src/server/main.ts makes one per start). */
    operatorToken?: string;
  } = {},
) {
  const inputs = await loadTestInputs(options.contentDir ?? join(process.cwd(), "content"), options.flows);
  sharedDatabase ??= freshDatabase().then(async (db) => {
    await syncContent(db.db, inputs.content, new Date());
    return db;
  });
  const database = options.database ?? (await sharedDatabase);
  const dataDir = await mkdtemp(join(tmpdir(), "pathwise-test-"));
  const port = options.listen ? await freePort() : undefined;
  const appOrigin = port ? `http://127.0.0.1:${port}` : ORIGIN;
  const parsed = readEnv({ NODE_ENV: "test", DATA_DIR: dataDir, APP_ORIGIN: appOrigin, LOG_LEVEL: "silent", ...options.env });
  if (!parsed.ok) throw new Error(parsed.problems.join("; "));
  const env: Env = parsed.env;
  const outboxDir = join(dataDir, "mail");
  const mailer = options.mailer ?? createMailer({ from: env.MAIL_FROM, smtpUrl: env.SMTP_URL, outboxDir });
  const clock = fakeClock();
  const app: FastifyInstance = await buildApp({
    env,
    database,
    mailer,
    clock,
    logger: false,
    fetch: options.fetch,
    distDir: options.distDir,
    ...inputs.options,
    operatorToken: options.operatorToken,
  });
  await app.ready();
  if (port) await app.listen({ host: "127.0.0.1", port });

  return {
    app,
    /** The origin the app believes it has (APP_ORIGIN); with `listen`, where it really listens. */
    origin: env.APP_ORIGIN,
    env,
    clock,
    database,
    db: database.db,
    flows: inputs.options.flows,
    /** Every message in the outbox, oldest first, after waiting for sends under way. */
    async outbox(): Promise<OutboxMessage[]> {
      await app.services.mail.drain();
      const files = (await listOutbox(outboxDir)).reverse();
      return (await Promise.all(files.map((f) => readOutboxMessage(outboxDir, f)))).filter((m) => m !== null);
    },
    async close() {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Closes the file's shared database; call in afterAll. */
export async function closeSharedDatabase(): Promise<void> {
  if (sharedDatabase) await (await sharedDatabase).close();
  sharedDatabase = undefined;
}

const SESSION_COOKIES = ["sid", "__Host-sid"];

/** A browser-like client: keeps its cookies (session and quiz visitor) and sends JSON with our Origin. */
export function client(app: FastifyInstance, ip = "203.0.113.10", origin = ORIGIN) {
  const jar = new Map<string, string>();
  const call = async (options: InjectOptions): Promise<LightMyRequestResponse> => {
    const headers: Record<string, string> = { origin, ...(options.headers as Record<string, string>) };
    if (jar.size > 0) headers.cookie = [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
    const res = await app.inject({ remoteAddress: ip, ...options, headers });
    for (const set of res.cookies) {
      const cleared = set.value === "" || set.maxAge === 0 || (set.expires !== undefined && set.expires.getTime() < Date.now());
      if (cleared) jar.delete(set.name);
      else jar.set(set.name, set.value);
    }
    return res;
  };
  const sessionName = () => SESSION_COOKIES.find((n) => jar.has(n));
  return {
    get: (url: string, headers?: Record<string, string>) => call({ method: "GET", url, headers }),
    post: (url: string, payload?: unknown, headers?: Record<string, string>) =>
      call({ method: "POST", url, payload: payload === undefined ? undefined : (payload as object), headers }),
    /** The session cookie as a Cookie header value ("sid=…"), or undefined. */
    get cookie(): string | undefined {
      const name = sessionName();
      return name ? `${name}=${jar.get(name)}` : undefined;
    },
    set cookie(value: string | undefined) {
      for (const n of SESSION_COOKIES) jar.delete(n);
      if (value) {
        const at = value.indexOf("=");
        jar.set(value.slice(0, at), value.slice(at + 1));
      }
    },
    /** Every cookie this client holds, by name. */
    cookies: jar as ReadonlyMap<string, string>,
  };
}

/** The link in the newest e-mail to `to` whose URL contains `marker`. */
export function linkIn(messages: OutboxMessage[], to: string, marker: string): URL {
  for (const message of [...messages].reverse()) {
    if (!message.to.includes(to)) continue;
    const url = message.text.match(/https?:\/\/\S+/g)?.find((u) => u.includes(marker));
    if (url) return new URL(url);
  }
  throw new Error(`no e-mail to ${to} with a link containing ${marker}`);
}
