import { z } from "zod";
import { funnelReportQuery } from "#schemas/api/admin-funnels.ts";
import type { ReportRequest } from "./admin-funnels-query.ts";

/**
 * The analytics page's choice, as its URL keeps it so a link can be shared:
 * `?from=YYYY-MM-DD&to=YYYY-MM-DD&by=<grouping>&then_by=<grouping>&segment=<field>:<value>`, days in
 * UTC as the figures count them. Missing or malformed parts fall back to the default: the last 30
 * days, everyone together, every run. A second split counts only beside a first (ADR 065).
 */
export type ReportChoice = { from: string; to: string; by: string | null; thenBy?: string; segment?: string };

const DEFAULT_DAYS = 30;

const ymd = z.iso.date();
const by = funnelReportQuery.shape.by.unwrap();
const segment = funnelReportQuery.shape.segment.unwrap();

const dayOf = (date: Date) => date.toISOString().slice(0, 10);
const addDays = (day: string, n: number) => dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000));

/** The default window: the `DEFAULT_DAYS` days up to and including `today`. */
function defaultChoice(today: Date): ReportChoice {
  const to = dayOf(today);
  return { from: addDays(to, -(DEFAULT_DAYS - 1)), to, by: null };
}

/** Reads the choice from the page's query; a start after the end is read the other way round. */
export function readChoice(search: URLSearchParams, today: Date): ReportChoice {
  const fallback = defaultChoice(today);
  const from = ymd.safeParse(search.get("from")).data ?? fallback.from;
  const to = ymd.safeParse(search.get("to")).data ?? fallback.to;
  const grouping = by.safeParse(search.get("by")).data ?? null;
  const second = by.safeParse(search.get("then_by")).data;
  const thenBy = grouping && second && second !== grouping ? second : undefined;
  const only = segment.safeParse(search.get("segment")).data;
  const rest = { by: grouping, ...(thenBy ? { thenBy } : {}), ...(only ? { segment: only } : {}) };
  return from <= to ? { from, to, ...rest } : { from: to, to: from, ...rest };
}

/** The query that keeps `choice` in the URL (the default window is written out too, so the link means the same days tomorrow). */
export function choiceSearch(choice: ReportChoice): URLSearchParams {
  return new URLSearchParams({
    from: choice.from,
    to: choice.to,
    ...(choice.by ? { by: choice.by } : {}),
    ...(choice.by && choice.thenBy ? { then_by: choice.thenBy } : {}),
    ...(choice.segment ? { segment: choice.segment } : {}),
  });
}

/** The API's window for a choice: from the start of the first day to the end of the last (UTC). */
export function toRequest(choice: ReportChoice): ReportRequest {
  return {
    since: `${choice.from}T00:00:00.000Z`,
    until: `${addDays(choice.to, 1)}T00:00:00.000Z`,
    by: choice.by,
    ...(choice.by && choice.thenBy ? { thenBy: choice.thenBy } : {}),
    ...(choice.segment ? { segment: choice.segment } : {}),
  };
}
