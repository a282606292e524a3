import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { is } from "drizzle-orm";
import { PgTable, getTableConfig } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import * as schema from "./schema.ts";

const tableNames = (module: object) =>
  Object.values(module)
    .filter((value): value is PgTable => is(value, PgTable))
    .map((table) => getTableConfig(table).name)
    .sort();

describe("the database schema", () => {
  // drizzle-kit, the client and the tests read schema.ts only: a table in a domain file it does not
  // re-export would get no migration, and a route using it would fail at run time.
  it("re-exports every table of every domain file in schema/", async () => {
    const dir = join(import.meta.dirname, "schema");
    const files = (await readdir(dir)).filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"));
    const defined = (await Promise.all(files.map(async (f) => tableNames((await import(join(dir, f))) as object)))).flat().sort();
    expect(defined.length).toBeGreaterThan(20);
    expect(tableNames(schema)).toEqual(defined);
  });
});
