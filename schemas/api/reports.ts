import { z } from "zod";
import { reportDocument } from "../report/document.ts";

export const reportStatus = z.enum(["queued", "generating", "ready", "failed"]);

/**
 * GET /quiz/sessions/:id/report: the full report for its logged-in owner once paid (built in the
 * background), else the teaser; `login_required`: the teaser of a report that is paid for, which
 * opens only after logging in with the account that holds it; `refunded`: the teaser (the free
 * summary) of the caller's own report whose payment, or whose plan's, was refunded (ADR 052).
 */
export const sessionReportView = z.object({
  access: z.enum(["full", "teaser", "login_required", "refunded"]),
  /** The full report's build status; null for a teaser. */
  status: reportStatus.nullable(),
  /** The report (full, or teaser with locked sections); null while the full one is being built. */
  document: reportDocument.nullable(),
});

/** One report in the customer's account (GET /customer/latest-reports). */
export const reportListItem = z.object({
  prompt_code: z.string(),
  session_id: z.uuid(),
  title: z.string().nullable(),
  status: reportStatus,
  created_at: z.iso.datetime(),
  ready_at: z.iso.datetime().nullable(),
  /** Its payment, or its plan's, was refunded: still listed, no longer readable (ADR 052). */
  refunded: z.boolean(),
});

export const promptCodeParams = z.strictObject({
  prompt_code: z.string().regex(/^[a-z][a-z0-9_-]{0,62}$/, "a report code uses lower-case letters, digits, - and _"),
});
