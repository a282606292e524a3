import { useQuery } from "@tanstack/react-query";
import { ApiError } from "#web/shared/api/client.ts";
import { myPlansQueryOptions, planCatalogueQueryOptions, planQueryOptions, type EduPlan, type UnlockHint } from "./plans-api.ts";

/**
 * What the page at `/account/plans/{code}` can show:
 * - `taken`: the customer's plan in full, with progress;
 * - `untaken`: a plan they have not taken yet (the outline; taking it is one click);
 * - `locked`: no subscription gives access; the outline and what unlocks it (403 `unlock`);
 * - `missing`: no plan has this code; `loading`; `error` (with a retry).
 */
export type PlanState =
  | { kind: "loading"; outline: EduPlan | null }
  | { kind: "missing" }
  | { kind: "error"; error: unknown; outline: EduPlan | null; retry: () => void }
  | { kind: "locked"; outline: EduPlan; message: string; unlock: UnlockHint }
  | { kind: "untaken"; outline: EduPlan }
  | { kind: "taken"; plan: EduPlan };

/**
 * The API addresses plans by id, the URL by code: the code is looked up in the customer's plans
 * (a retired plan stays with those who took it) and in the catalogue; then the plan as the customer
 * sees it is asked for, whose answer says taken (`taken_at` set), not taken (`taken_at` null) or
 * locked (403). A 404 there means the plan went away since the lists were read.
 */
export function usePlan(code: string): PlanState {
  const mine = useQuery(myPlansQueryOptions());
  const catalogue = useQuery(planCatalogueQueryOptions());
  const outline = mine.data?.find((p) => p.code === code) ?? catalogue.data?.find((p) => p.code === code) ?? null;
  const detail = useQuery({ ...planQueryOptions(outline?.id ?? 0), enabled: outline !== null });

  if (!outline) {
    const settled = !mine.isPending && !catalogue.isPending;
    if (!settled) return { kind: "loading", outline: null };
    if (catalogue.data) return { kind: "missing" };
    return { kind: "error", error: catalogue.error, outline: null, retry: () => void catalogue.refetch() };
  }
  if (detail.data) return detail.data.taken_at ? { kind: "taken", plan: detail.data } : { kind: "untaken", outline };
  const error = detail.error;
  if (error instanceof ApiError && error.unlock) return { kind: "locked", outline, message: error.message, unlock: error.unlock };
  if (error instanceof ApiError && error.status === 404) return { kind: "missing" };
  if (error) return { kind: "error", error, outline, retry: () => void detail.refetch() };
  return { kind: "loading", outline };
}
