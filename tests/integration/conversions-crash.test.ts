import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { conversionEventId } from "#schemas/conversions/events.ts";
import { readContent } from "#server/content/read-content.ts";
import { syncContent } from "#server/content/sync-content.ts";
import { openDatabase, type Database } from "#server/db/client.ts";
import { checkoutCaptures, conversionOutbox, customers, orders } from "#server/db/schema.ts";
import { maxPayCallback, type SignedNotification } from "#server/payments/sandbox/sandbox-notifications.ts";
import { eventOf, startConversionReceiver, type ConversionReceiver } from "../helpers/conversion-receiver.ts";
import { POSTGRES_TEMPLATE_DB, testPostgresUrl } from "../helpers/test-database.ts";
import { freePort } from "../helpers/free-port.ts";
import { postNotification } from "../helpers/post-notification.ts";
import { SERVER_START_MS, until } from "../helpers/waits.ts";

/**
 * Issue 28: `kill -9` while conversion events are being delivered neither loses an event nor sends it
 * with another id. The real server runs as a child process (file-backed PGlite, or the
 * TEST_DATABASE_URL PostgreSQL) against a local receiver that holds every request unanswered, so the
 * kill lands while the sends are under way; after a restart every event arrives, each copy the same.
 */

const ORDERS = 8;
const DESTINATIONS = ["meta", "ga4", "tiktok"] as const;

let dataDir: string;
let port: number;
let receiver: ConversionReceiver;
let postgres: { name: string; url: string } | null = null;
let server: ChildProcess | null = null;
let output = "";
let paid: { orderId: string; n: SignedNotification }[] = [];

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
      CONVERSIONS_SEND_INTERVAL_SECONDS: "1",
      ...receiver.env,
      ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  server = child;
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

beforeAll(async () => {
  receiver = await startConversionReceiver();
  dataDir = await mkdtemp(join(tmpdir(), "pathwise-conversions-crash-"));
  port = await freePort();
  const adminUrl = testPostgresUrl();
  if (adminUrl) {
    const name = `pathwise_conv_crash_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name} template ${POSTGRES_TEMPLATE_DB}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    postgres = { name, url: url.toString() };
  }
  const content = await readContent(join(process.cwd(), "content"));
  if (!content.ok) throw new Error("content is broken");
  // Customers who allowed marketing on their account, and their orders as checkout leaves them.
  paid = await withDb(async (db) => {
    await syncContent(db, content.content, new Date());
    const made: { orderId: string; n: SignedNotification }[] = [];
    for (let i = 0; i < ORDERS; i++) {
      const email = `conversion-crash-${i}@example.org`;
      const consent = { analytics: true, marketing: true, decided_at: "2026-11-30T10:00:00.000Z" };
      const [customer] = await db.insert(customers).values({ email, consent }).returning({ id: customers.id });
      const [order] = await db
        .insert(orders)
        .values({ customerId: customer!.id, productId: "month_1", provider: "max_pay", kind: "initial", currency: "USD", amount: 1999 })
        .returning({ id: orders.id });
      await db.insert(checkoutCaptures).values({
        orderId: order!.id,
        clientIp: "198.51.100.7",
        userAgent: "Mozilla/5.0 (crash test)",
        gaClientId: `${1000 + i}.1764500000`,
        fbp: null,
        fbc: null,
      });
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
  receiver.release();
  await receiver.close();
  await rm(dataDir, { recursive: true, force: true });
  if (postgres) {
    const admin = new pg.Client({ connectionString: testPostgresUrl() });
    await admin.connect();
    await admin.query(`drop database if exists ${postgres.name} with (force)`);
    await admin.end();
  }
});

describe("kill -9 while conversion events are delivered", () => {
  it(
    "every event reaches every platform after a restart, each copy with the same id and body",
    async () => {
      const expected = new Set(paid.flatMap(({ orderId }) => DESTINATIONS.map((d) => `${d} ${conversionEventId("purchase", orderId)}`)));
      const arrived = () => new Set(receiver.received.map((r) => `${r.platform} ${eventOf(r).id}`));

      // The platforms hold every request: the sender is mid-delivery when the server dies.
      receiver.hold();
      await startServer();
      for (const { n } of paid) expect(await postNotification(port, n), output).toBe(200);
      await until("the first event to reach a platform", () => receiver.received.length > 0);
      await stopServer("SIGKILL");
      receiver.release();
      const sentBeforeKill = receiver.received.length;

      // The dead sender's claims would lapse after two minutes; the test lets that time pass at once.
      const left = await withDb((db) =>
        db
          .update(conversionOutbox)
          .set({ claimedUntil: sql`now()` })
          .where(eq(conversionOutbox.status, "queued"))
          .returning({ id: conversionOutbox.id }),
      );
      expect(left.length, "the kill left no event behind: the test did not exercise a crash").toBeGreaterThan(0);

      await startServer();
      await until("every event at every platform", () => [...expected].every((e) => arrived().has(e)), { interval: 100 });
      await stopServer("SIGTERM");

      expect(receiver.problems).toEqual([]);
      expect(sentBeforeKill).toBeGreaterThan(0);
      // Nothing arrived that was not one of these events, and every copy of one event is the same request.
      expect(arrived()).toEqual(expected);
      const bodies = new Map<string, Set<string>>();
      for (const r of receiver.received) {
        const key = `${r.platform} ${eventOf(r).id}`;
        bodies.set(key, (bodies.get(key) ?? new Set()).add(JSON.stringify(r.body)));
      }
      for (const [key, copies] of bodies) expect(copies.size, key).toBe(1);

      const rows = await withDb((db) => db.select().from(conversionOutbox));
      expect(rows).toHaveLength(expected.size);
      for (const row of rows) expect(row.status, `${row.destination} ${row.eventId}`).toBe("sent");
      // A platform gets an event twice only when a sender died between sending and recording it.
      for (const row of rows) {
        const copies = receiver.received.filter((r) => r.platform === row.destination && eventOf(r).id === row.eventId).length;
        expect(copies).toBeLessThanOrEqual(row.attempts);
      }
    },
    2 * SERVER_START_MS + 300_000,
  ); // two server starts: a bound for a run that hangs, not a speed target
});
