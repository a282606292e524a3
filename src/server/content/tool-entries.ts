import { and, count, desc, eq } from "drizzle-orm";
import { z } from "zod";
import type { ErrorBody } from "#schemas/api/envelope.ts";
import { MAX_TOOL_ENTRIES, type Tool, type ToolEntry } from "#schemas/api/tools.ts";
import { entrySchema, toolKindNames, type ToolKind } from "#schemas/tools/kinds.ts";
import type { Db } from "../db/client.ts";
import { customers, toolEntries, tools } from "../db/schema.ts";
import { HttpError, notFound } from "../errors.ts";

type ToolRow = typeof tools.$inferSelect;
type EntryRow = typeof toolEntries.$inferSelect;

const toolKind = z.enum(toolKindNames);

/** A synced tool row's kind, checked: the content schema only lets known kinds in, so a miss is a server bug. */
export const kindOf = (row: Pick<ToolRow, "kind">): ToolKind => toolKind.parse(row.kind);

/** A tool as the API shows it, with its config and instructions. */
export const toolBody = (row: ToolRow): Tool => ({
  id: row.id,
  name: row.name,
  title: row.title,
  summary: row.summary,
  category: row.category,
  pic: row.pic,
  minutes: row.minutes,
  kind: kindOf(row),
  config: row.config,
  text: row.text,
});

/** The tool with this URL name, or 404. */
export async function toolByName(db: Db, name: string): Promise<ToolRow> {
  const [row] = await db.select().from(tools).where(eq(tools.name, name));
  if (!row) throw notFound("Tool");
  return row;
}

const entryBody = (row: EntryRow): ToolEntry => ({
  id: row.id,
  tool_name: row.toolName,
  data: row.data,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/** Why `data` does not fit the tool: a 400 body whose issue paths start at body.data, shaped like schema errors. */
export type InvalidEntry = { ok: false; body: ErrorBody };

/** `data` checked and normalised (defaults filled in) against the tool's kind and config. */
export function validateEntry(tool: ToolRow, data: unknown): { ok: true; data: Record<string, unknown> } | InvalidEntry {
  const parsed = entrySchema(kindOf(tool), tool.config).safeParse(data);
  if (parsed.success) return { ok: true, data: parsed.data as Record<string, unknown> };
  const issues = parsed.error.issues.map((issue) => ({ path: ["body", "data", ...issue.path].join("."), message: issue.message }));
  const first = issues[0]!;
  return { ok: false, body: { error: { code: "invalid_request", message: `${first.path}: ${first.message}`, issues } } };
}

const mine = (customerId: string, toolName: string) => and(eq(toolEntries.customerId, customerId), eq(toolEntries.toolName, toolName));

/** The customer's entries for one tool, most recently saved first. */
export async function listEntries(db: Db, customerId: string, toolName: string): Promise<ToolEntry[]> {
  const rows = await db
    .select()
    .from(toolEntries)
    .where(mine(customerId, toolName))
    .orderBy(desc(toolEntries.updatedAt), desc(toolEntries.createdAt), desc(toolEntries.id));
  return rows.map(entryBody);
}

const tooManyEntries = () =>
  new HttpError(409, "too_many_entries", `You can keep up to ${MAX_TOOL_ENTRIES} saved entries in one tool. Delete an old one to save a new one.`);

/** Saves a new entry; 409 when the customer already keeps MAX_TOOL_ENTRIES for this tool. */
export async function createEntry(db: Db, customerId: string, toolName: string, data: Record<string, unknown>, now: Date): Promise<ToolEntry> {
  return db.transaction(async (tx) => {
    // One writer per customer at a time, so two saves at once cannot both pass the count.
    await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId)).for("update");
    const [kept] = await tx.select({ n: count() }).from(toolEntries).where(mine(customerId, toolName));
    if ((kept?.n ?? 0) >= MAX_TOOL_ENTRIES) throw tooManyEntries();
    const [row] = await tx.insert(toolEntries).values({ customerId, toolName, data, createdAt: now, updatedAt: now }).returning();
    return entryBody(row!);
  });
}

const entryNotFound = () => notFound("Entry");

/** Replaces an entry's data; 404 unless it is this customer's entry in this tool. */
export async function updateEntry(db: Db, customerId: string, toolName: string, entryId: string, data: Record<string, unknown>, now: Date): Promise<ToolEntry> {
  const [row] = await db
    .update(toolEntries)
    .set({ data, updatedAt: now })
    .where(and(mine(customerId, toolName), eq(toolEntries.id, entryId)))
    .returning();
  if (!row) throw entryNotFound();
  return entryBody(row);
}

/** Deletes an entry; 404 unless it is this customer's entry in this tool. */
export async function deleteEntry(db: Db, customerId: string, toolName: string, entryId: string): Promise<void> {
  const rows = await db
    .delete(toolEntries)
    .where(and(mine(customerId, toolName), eq(toolEntries.id, entryId)))
    .returning({ id: toolEntries.id });
  if (rows.length === 0) throw entryNotFound();
}
