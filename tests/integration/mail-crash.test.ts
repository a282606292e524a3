import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readContent } from "#server/content/read-content.ts";
import { syncContent } from "#server/content/sync-content.ts";
import { openDatabase, type Database } from "#server/db/client.ts";
import { customers, mailOutbox, orders } from "#server/db/schema.ts";
import { MAIL_DEFAULTS } from "#server/mail/delivery-rules.ts";
import { listOutbox, readOutboxMessage } from "#server/mail/outbox.ts";
import { maxPayCallback, type SignedNotification } from "#server/payments/sandbox/sandbox-notifications.ts";
import { POSTGRES_TEMPLATE_DB, testPostgresUrl } from "../helpers/test-database.ts";
import { freePort } from "../helpers/free-port.ts";
import { postNotification } from "../helpers/post-notification.ts";
import { SERVER_START_MS, until } from "../helpers/waits.ts";

/**
 * Issue 7.5: `kill -9` while payment notifications are processed must not lose a receipt. The real
 * server runs as a child process on a file-backed PGlite (or the TEST_DATABASE_URL PostgreSQL);
 * it is killed twice mid-way, restarted, and the provider then retries every notification (each
 * retry is a duplicate, so it can never send a lost receipt again).
 */

const ORDERS = 30;
const KILL_AFTER = [9, 9]; // answered notifications before each kill -9
const PARALLEL = 4;

let dataDir: string;
let port: number;
let postgres: { name: string; url: string } | null = null;
let server: ChildProcess | null = null;
let output = "";

/** The database as the server sees it; for PGlite only while no server runs (one process per data dir). */
const openDb = (): Promise<Database> =>
  postgres ? openDatabase({ driver: "postgres", url: postgres.url }) : openDatabase({ driver: "pglite", dataDir: join(dataDir, "db") });

async function withDb<T>(use: (db: Database["db"]) => Promise<T>): Promise<T> {
  const database = await openDb();
  try {
    return await use(database.db);
  } finally {
    await database.close();
  }
}

async function startServer(): Promise<void> {
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    cwd: process.cwd(),
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      NODE_ENV: "development",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      RENEWALS_INTERVAL_SECONDS: "0",
      ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  server = child;
  // Until it answers (a bound sized for a busy machine stops one that hangs), or fails at once if it exits.
  const answers = () =>
    new Promise<boolean>((resolve) => {
      const req = request({ host: "127.0.0.1", port, path: "/api/health", agent: false }, (res) => {
        res.resume();
        resolve(res.statusCode === 200);
      });
      req.on("error", () => resolve(false));
      req.end();
    });
  await until(
    "the server to answer",
    () => {
      if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${output}`);
      return answers();
    },
    { timeout: SERVER_START_MS },
  );
}

async function stopServer(signal: NodeJS.Signals): Promise<void> {
  const child = server;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill(signal);
  await exited;
  server = null;
}

/** Receipt e-mails in the dev outbox, counted by the order id they name. */
async function receiptFiles(): Promise<Map<string, number>> {
  const dir = join(dataDir, "mail");
  const counts = new Map<string, number>();
  for (const file of await listOutbox(dir)) {
    const message = await readOutboxMessage(dir, file);
    if (!message?.subject.startsWith("Your Pathwise receipt")) continue;
    const orderId = /\(order ([0-9a-f-]{36})\)/.exec(message.text)?.[1];
    if (orderId) counts.set(orderId, (counts.get(orderId) ?? 0) + 1);
  }
  return counts;
}

let notifications: { orderId: string; n: SignedNotification }[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "pathwise-mail-crash-"));
  port = await freePort();
  const adminUrl = testPostgresUrl();
  if (adminUrl) {
    const name = `pathwise_crash_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name} template ${POSTGRES_TEMPLATE_DB}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    postgres = { name, url: url.toString() };
  }
  // The paying customers and their pending orders, as checkout leaves them.
  const content = await readContent(join(process.cwd(), "content"));
  if (!content.ok) throw new Error("content is broken");
  notifications = await withDb(async (db) => {
    await syncContent(db, content.content, new Date());
    const made: { orderId: string; n: SignedNotification }[] = [];
    for (let i = 0; i < ORDERS; i++) {
      const email = `crash-${i}@example.org`;
      const [customer] = await db.insert(customers).values({ email }).returning({ id: customers.id });
      const [order] = await db
        .insert(orders)
        .values({ customerId: customer!.id, productId: "month_1", provider: "max_pay", kind: "initial", currency: "USD", amount: 1999 })
        .returning({ id: orders.id });
      const payment = {
        orderId: order!.id,
        customerId: customer!.id,
        email,
        productId: "month_1",
        productName: "1 month",
        amount: 1999,
        currency: "USD",
        outcome: "success" as const,
      };
      made.push({ orderId: order!.id, n: maxPayCallback(payment) });
    }
    return made;
  });
});

afterAll(async () => {
  await stopServer("SIGKILL");
  await rm(dataDir, { recursive: true, force: true });
  if (postgres) {
    const admin = new pg.Client({ connectionString: testPostgresUrl() });
    await admin.connect();
    await admin.query(`drop database if exists ${postgres.name} with (force)`);
    await admin.end();
  }
});

describe("kill -9 while payment notifications are processed", () => {
  it(
    "every paid order ends with exactly one receipt, after restarts and the provider's retries",
    async () => {
      const answered = new Set<string>();
      let leftByKills = 0;
      /** Delivers the notifications not answered yet, PARALLEL at a time; kill -9 after `killAfter` answers. */
      async function deliverUntil(killAfter: number | null) {
        const queue = notifications.filter((x) => !answered.has(x.orderId));
        let count = 0;
        let killed = false;
        const worker = async () => {
          for (let next = queue.shift(); next && !killed; next = queue.shift()) {
            const status = await postNotification(port, next.n).catch(() => 0);
            if (status === 200) answered.add(next.orderId);
            else expect(killed, `notification answered ${status}\n${output}`).toBe(true);
            if (killAfter !== null && ++count >= killAfter && !killed) {
              killed = true;
              server!.kill("SIGKILL"); // at once, while other notifications are still in flight
            }
          }
        };
        await Promise.all(Array.from({ length: PARALLEL }, worker));
        if (killed) await stopServer("SIGKILL");
      }

      await startServer();
      for (const after of KILL_AFTER) {
        await deliverUntil(after);
        // Receipts committed with their payment but not sent yet: the old in-memory queue lost these.
        // The killed sender's claim would lapse after 5 minutes; the test lets that time pass at once.
        const left = await withDb((db) =>
          db
            .update(mailOutbox)
            .set({ claimedUntil: sql`now()` })
            .where(eq(mailOutbox.status, "queued"))
            .returning({ id: mailOutbox.id }),
        );
        leftByKills += left.length;
        await startServer();
      }
      await deliverUntil(null);
      expect(answered.size).toBe(ORDERS);

      // The provider retries every notification: each is a duplicate now, so none changes anything.
      for (const { n } of notifications) expect(await postNotification(port, n)).toBe(200);

      // The restarted sender delivers what the killed one left, at once (kicked at start) or on its next poll.
      let files = await receiptFiles();
      await until(`${ORDERS} receipts in the outbox`, async () => (files = await receiptFiles()).size >= ORDERS, { interval: 200 });
      await stopServer("SIGTERM");

      const { paid, receipts } = await withDb(async (db) => ({
        paid: await db.select({ id: orders.id, status: orders.status }).from(orders),
        receipts: await db.select().from(mailOutbox).where(eq(mailOutbox.kind, "receipt")),
      }));
      expect(paid.filter((o) => o.status === "paid")).toHaveLength(ORDERS);
      const missing = notifications.filter((x) => !files.has(x.orderId)).map((x) => x.orderId);
      expect(missing, "paid orders whose receipt never went out").toEqual([]);
      expect(leftByKills, "the kills left no receipt behind: the test did not exercise a crash").toBeGreaterThan(0);

      // One receipt per order in the outbox table, whatever the kills and retries did; all sent, bodies gone.
      expect(receipts).toHaveLength(ORDERS);
      expect(new Set(receipts.map((r) => r.dedupeKey))).toEqual(new Set(notifications.map((x) => `receipt:${x.orderId}`)));
      for (const r of receipts) expect(r).toMatchObject({ status: "sent", text: null, html: null, attachments: null });
      // A receipt is e-mailed twice only if a process died between handing it to the transport and
      // recording it (at least once); never more often than it was attempted.
      for (const r of receipts) {
        const orderId = r.dedupeKey!.slice("receipt:".length);
        expect(files.get(orderId), orderId).toBeLessThanOrEqual(r.attempts);
      }
      // What a kill can catch between the transport and the record is one claimed batch, sent in parallel.
      const twice = [...files.values()].filter((n) => n > 1).length;
      expect(twice).toBeLessThanOrEqual(KILL_AFTER.length * MAIL_DEFAULTS.batch);
    },
    3 * SERVER_START_MS + 300_000,
  ); // three server starts and thirty payments: a bound for a run that hangs, not a speed target
});
