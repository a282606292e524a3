import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** What a version is of: a flow (flows/<file>.yaml) or a report template (content/reports/<code>/report.yaml). */
export type VersionKind = "flow" | "report_template";
/** How it went live: read from the files at a start (deploy), or sent by `npm run flows:publish` or the dev watcher (publish). */
export type VersionHow = "deploy" | "publish";

/**
 * Every version of a flow or report template that went live, with its source (ADR 066). The newest
 * per kind and code (highest id) is the live one; the older ones stay so a visitor mid-quiz keeps the flow version
 * (by hash) they started, also after a restart.
 */
export const flowVersions = pgTable(
  "flow_versions",
  {
    /** Rises with every version recorded: the highest of a code is its live one. */
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    kind: text("kind").$type<VersionKind>().notNull(),
    /** The flow's code, or the report template's (prompt) code. */
    code: text("code").notNull(),
    /** The compiled flow's content hash (sessions pin it); for a template, the hash of its text. */
    hash: text("hash").notNull(),
    /** The file as it was given, relative to the project (flows/career.yaml). */
    file: text("file").notNull(),
    source: text("source").notNull(),
    how: text("how").$type<VersionHow>().notNull(),
    wentLiveAt: timestamp("went_live_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("flow_versions_kind_code_idx").on(t.kind, t.code, t.id)],
);
