import { getTableName, is } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customerData } from "#server/db/customer-data.ts";
import type { Database } from "#server/db/client.ts";
import * as schema from "#server/db/schema.ts";
import { deleteAccount } from "#server/accounts/account-deletion.ts";
import { exportAccount } from "#server/accounts/account-export.ts";
import { insertSubscription } from "../helpers/subscriptions.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { freshDatabase } from "../helpers/test-database.ts";

/**
 * The record of customer data (src/server/db/customer-data.ts, ADR 071) against what the export and
 * the deletion really do: every statement they send to the database is logged, and the tables they
 * read, delete from and rewrite are compared with each table's declaration.
 */
const tables = (Object.entries(schema) as [string, unknown][]).filter((entry): entry is [string, PgTable] => is(entry[1], PgTable));
/** The schema's name of a table (customerData's key) by its SQL name. */
const nameOf = new Map(tables.map(([name, table]) => [getTableName(table), name]));

let t: TestApp;
let database: Database;
let statements: string[] = [];
let customerId: string;

/** The schema names of the tables that statements name after `pattern` (such as `delete from`). */
const tablesIn = (sql: string[], pattern: string) =>
  new Set(sql.flatMap((s) => [...s.matchAll(new RegExp(`${pattern} "(\\w+)"`, "gi"))].map((m) => nameOf.get(m[1]!)!)));

/** What a function sends to the database while it runs. */
async function statementsOf(run: () => Promise<unknown>): Promise<string[]> {
  statements = [];
  await run();
  return statements;
}

beforeAll(async () => {
  database = await freshDatabase({ logQuery: (query) => void statements.push(query) });
  t = await createTestApp({ database });
  // A customer with a quiz and a live plan, so the export and the deletion reach every table they would.
  const [me] = await t.db.insert(schema.customers).values({ email: "customer-data@example.org" }).returning();
  customerId = me!.id;
  await t.db.insert(schema.quizSessions).values({ visitorId: "v", customerId, flowCode: "career_test_green", flowVersion: 1, flowHash: "h" });
  await insertSubscription(t.db, customerId, t.clock.now());
});
afterAll(async () => {
  await t.close();
  await database.close();
});

describe("every table declares what it holds of a customer's data", () => {
  it("declares every table of the schema", () => {
    const undeclared = tables.map(([name]) => name).filter((name) => !(name in customerData));
    expect(undeclared, "tables missing from src/server/db/customer-data.ts").toEqual([]);
  });

  it("the export reads every table declared exported, and no other", async () => {
    const read = tablesIn(await statementsOf(() => exportAccount(t.db, customerId, t.clock.now())), "from");
    const exported = Object.entries(customerData).filter(([, d]) => d.holds === "customer data" && d.exported);
    expect(
      exported.filter(([name]) => !read.has(name)).map(([name]) => name),
      "declared exported, not in the export",
    ).toEqual([]);
    const notExported = [...read].filter((name) => !exported.some(([n]) => n === name));
    expect(notExported, "in the export, not declared exported").toEqual([]);
  });

  it("the deletion deletes, rewrites or keeps every table of customer data as declared", async () => {
    const { db, clock, mail } = t.app.services;
    const deps = {
      db,
      clock,
      mail,
      log: t.app.log,
      provider: t.app.subscriptionProvider,
      appOrigin: t.origin,
      discountPercents: t.env.RETENTION_DISCOUNT_PERCENTS,
    };
    const sent = await statementsOf(() => deleteAccount(deps, customerId, null));
    const deleted = tablesIn(sent, "delete from");
    // Rows that belong to a deleted row (on delete cascade) go with it.
    for (let grew = true; grew;) {
      grew = false;
      for (const [name, table] of tables) {
        const cascades = getTableConfig(table).foreignKeys.some(
          (fk) => fk.onDelete === "cascade" && deleted.has(nameOf.get(getTableName(fk.reference().foreignTable))!),
        );
        if (cascades && !deleted.has(name)) grew = deleted.add(name) !== undefined;
      }
    }
    const rewritten = tablesIn(sent, "update");
    const wrong = Object.entries(customerData).flatMap(([name, d]) => {
      if (d.holds !== "customer data") return [];
      const done = deleted.has(name) ? "deleted" : rewritten.has(name) ? "rewritten" : "kept";
      // A kept row may still change (a live plan is cancelled first), but it is not deleted.
      const matches = d.onDeletion === done || (d.onDeletion === "kept" && done === "rewritten");
      return matches ? [] : [`${name}: declared ${d.onDeletion}, ${done}`];
    });
    expect(wrong, "the deletion does not do what src/server/db/customer-data.ts says").toEqual([]);
  });
});
