import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildApp } from "../../src/server/app.ts";
import { readContent } from "../../src/server/content/read-content.ts";
import { syncContent } from "../../src/server/content/sync-content.ts";
import type { Database } from "../../src/server/db/client.ts";
import { readEnv, type Env } from "../../src/server/env.ts";
import { createMailer, type Mailer } from "../../src/server/mail/mailer.ts";
import { listOutbox, readOutboxMessage, type OutboxMessage } from "../../src/server/mail/outbox.ts";
import { fakeClock } from "./fake-clock.ts";
import { freshDatabase } from "./test-database.ts";

export const ORIGIN = "http://localhost:3000";

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

let sharedDatabase: Promise<Database> | undefined;

/**
 * The real app on a fresh database (one per test file, shared by its tests), with the real
 * content synced, an outbox in a temp folder and a clock the test can move.
 */
export async function createTestApp(
  options: { env?: Record<string, string>; mailer?: Mailer; database?: Database; fetch?: typeof fetch; distDir?: string } = {},
) {
  sharedDatabase ??= freshDatabase().then(async (db) => {
    const content = await readContent(join(process.cwd(), "content"));
    if (!content.ok) throw new Error(`content is broken: ${JSON.stringify(content.problems)}`);
    await syncContent(db.db, content.content, new Date());
    return db;
  });
  const database = options.database ?? (await sharedDatabase);
  const dataDir = await mkdtemp(join(tmpdir(), "pathwise-test-"));
  const parsed = readEnv({ NODE_ENV: "test", DATA_DIR: dataDir, APP_ORIGIN: ORIGIN, LOG_LEVEL: "silent", ...options.env });
  if (!parsed.ok) throw new Error(parsed.problems.join("; "));
  const env: Env = parsed.env;
  const outboxDir = join(dataDir, "mail");
  const mailer = options.mailer ?? createMailer({ from: env.MAIL_FROM, smtpUrl: env.SMTP_URL, outboxDir });
  const clock = fakeClock();
  const app: FastifyInstance = await buildApp({ env, database, mailer, clock, logger: false, fetch: options.fetch, distDir: options.distDir });
  await app.ready();

  return {
    app,
    env,
    clock,
    database,
    db: database.db,
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

/** A browser-like client: keeps the session cookie and sends JSON with our Origin. */
export function client(app: FastifyInstance, ip = "203.0.113.10") {
  let cookie: string | undefined;
  const call = async (options: InjectOptions): Promise<LightMyRequestResponse> => {
    const headers: Record<string, string> = { origin: ORIGIN, ...(options.headers as Record<string, string>) };
    if (cookie) headers.cookie = cookie;
    const res = await app.inject({ remoteAddress: ip, ...options, headers });
    const set = res.cookies.find((c) => c.name === "sid" || c.name === "__Host-sid");
    if (set) {
      const cleared = set.value === "" || set.maxAge === 0 || (set.expires !== undefined && set.expires.getTime() < Date.now());
      cookie = cleared ? undefined : `${set.name}=${set.value}`;
    }
    return res;
  };
  return {
    get: (url: string, headers?: Record<string, string>) => call({ method: "GET", url, headers }),
    post: (url: string, payload?: unknown, headers?: Record<string, string>) =>
      call({ method: "POST", url, payload: payload === undefined ? undefined : (payload as object), headers }),
    get cookie() {
      return cookie;
    },
    set cookie(value: string | undefined) {
      cookie = value;
    },
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
