import { boolean, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import type { RiasecLetter } from "#schemas/content/profession.ts";

/** Content synced from content/: catalogue texts, articles, tools and professions. */

export const catalogEntries = pgTable("catalog_entries", {
  code: text("code").primaryKey(),
  text: text("text").notNull(),
  sourceFile: text("source_file").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const articles = pgTable("articles", {
  id: integer("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  status: text("status").notNull(),
  pic: text("pic").notNull(),
  picPreview: text("pic_preview").notNull(),
  summary: text("summary").notNull(),
  text: text("text").notNull(),
  catCode: text("cat_code").notNull(),
  catName: text("cat_name").notNull(),
  readingMinutes: integer("reading_minutes").notNull(),
  contentHash: text("content_hash").notNull(),
  sourceFile: text("source_file").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const tools = pgTable("tools", {
  id: integer("id").primaryKey(),
  name: text("name").notNull().unique(),
  title: text("title").notNull(),
  summary: text("summary").notNull(),
  category: text("category").notNull(),
  pic: text("pic").notNull(),
  minutes: integer("minutes").notNull(),
  /** Which interactive widget the account renders (a registry key), and that widget's content (cards, fields, rows) from the tool's front matter. */
  kind: text("kind").notNull(),
  config: jsonb("config").$type<Record<string, unknown>>().notNull(),
  text: text("text").notNull(),
  contentHash: text("content_hash").notNull(),
  sourceFile: text("source_file").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Where a fact about an occupation comes from: the source's name, its year and where to read it. */
export type ProfessionSource = { source: string; year: number; url: string };
export type ProfessionPay = { median_annual_usd: number; p10_annual_usd?: number; p90_annual_usd?: number; from: ProfessionSource };

/**
 * Occupations, synced from content/professions (one file each; slug = file name). Interest levels,
 * job zone, education and pay are sourced facts, each stored with its source. Retired rows stay
 * (`active = false`) so reports that name them still open.
 */
export const professions = pgTable("professions", {
  slug: text("slug").primaryKey(),
  title: text("title").notNull(),
  onetSoc: text("onet_soc").notNull(),
  /** O*NET interest high-point code, e.g. "CIE". */
  riasecCode: text("riasec_code").notNull(),
  /** O*NET Occupational Interest levels 1–7, keyed R I A S E C. */
  riasecLevels: jsonb("riasec_levels").$type<Record<RiasecLetter, number>>().notNull(),
  riasecFrom: jsonb("riasec_from").$type<ProfessionSource>().notNull(),
  summary: text("summary").notNull(),
  tasks: jsonb("tasks").$type<string[]>().notNull(),
  skills: jsonb("skills").$type<string[]>().notNull(),
  jobZone: integer("job_zone").notNull(),
  jobZoneFrom: jsonb("job_zone_from").$type<ProfessionSource>().notNull(),
  educationLevel: text("education_level").notNull(),
  educationFrom: jsonb("education_from").$type<ProfessionSource>().notNull(),
  /** Null when no source gives the pay. */
  pay: jsonb("pay").$type<ProfessionPay>(),
  active: boolean("active").notNull().default(true),
  contentHash: text("content_hash").notNull(),
  sourceFile: text("source_file").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
